/** The identification light's QA entry: sample events, doubles and sample results (see qa-support.ts). */
import { identifyLightMachine, type IdentifyLightContext, type IdentifyLightEvent } from './identify-light.machine';
import { NETWORK_FAILURE, errorAnswer, pendingPromise, samplesOf, type MachineEntry } from './qa-support';

export const identifyLightQa: MachineEntry = {
  id: identifyLightMachine.id,
  textNamespace: 'system',
  machine: identifyLightMachine,
  events: samplesOf<IdentifyLightEvent>([
    { type: 'light.start', seconds: 30 },
    // Small countdowns, so that the last second is within a step or two; 0 is refused (nothing blinks).
    { type: 'light.resume', secondsLeft: 1 },
    { type: 'light.resume', secondsLeft: 2 },
    { type: 'light.resume', secondsLeft: 0 },
    { type: 'light.stop' },
  ]),
  doubles: {
    actors: {
      startLight: pendingPromise<{ seconds_left: number }, { seconds: number }>(),
      stopLight: pendingPromise<void>(),
    },
  },
  outcomes: {
    // The light blinking, in its last second, and not blinking at all.
    startLight: { output: { seconds_left: 30 }, otherOutputs: [{ seconds_left: 1 }, { seconds_left: 0 }], error: { status: 403, data: errorAnswer('forbidden') } },
    stopLight: { output: undefined, error: NETWORK_FAILURE },
  },
  // The countdown would make the snapshots endless: keep whether it is in its last second (the
  // `lastSecond` guard) and whether an error shows, not the seconds themselves.
  serializeState: (snapshot) => {
    const { secondsLeft, error } = snapshot.context as IdentifyLightContext;
    return JSON.stringify({ value: snapshot.value, status: snapshot.status, lastSecond: secondsLeft <= 1, error: error !== null });
  },
};

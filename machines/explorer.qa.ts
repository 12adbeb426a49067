/**
 * The explorer's own QA entry: its flow explored on a registry of one small machine (the forced
 * re-login, loaded as the registry loads it), with sample events (see qa-support.ts).
 */
import { explorerMachine, type ExplorerContext, type ExplorerEvent } from './explorer.machine';
import { forcedReloginMachine } from './forced-relogin.machine';
import { forcedReloginQa } from './forced-relogin.qa';
import { pendingPromise, samplesOf, type MachineEntry, type MachineRef } from './qa-support';

/** The one machine the sample explorer lists, as a registry line. */
const forcedReloginRef: MachineRef = { id: forcedReloginQa.id, textNamespace: forcedReloginQa.textNamespace, load: () => Promise.resolve(forcedReloginQa) };

export const explorerQa: MachineEntry = {
  id: explorerMachine.id,
  textNamespace: 'machines',
  machine: explorerMachine,
  input: { entries: [forcedReloginRef] },
  events: samplesOf<ExplorerEvent>([
    { type: 'explorer.choose', id: forcedReloginMachine.id },
    { type: 'explorer.send', event: { type: 'session.invalidToken' } },
    { type: 'explorer.back' },
    { type: 'explorer.reset' },
    { type: 'explorer.selectState', stateId: `${forcedReloginMachine.id}.confirming` },
    { type: 'explorer.goHere', stateId: `${forcedReloginMachine.id}.confirming` },
    { type: 'explorer.watch', name: 'timeChannel' },
  ]),
  doubles: { actors: { loadEntry: pendingPromise<MachineEntry, { ref: MachineRef }>() } },
  // The chosen entry arrives, or its chunk does not (a dropped connection while the page is open).
  outcomes: { loadEntry: { output: forcedReloginQa, error: new Error('Loading chunk qa-forced-relogin failed.') } },
  // The history grows with every step: keep what the guards and the views depend on.
  serializeState: (snapshot) => {
    const c = snapshot.context as ExplorerContext;
    return JSON.stringify({
      value: snapshot.value,
      chosen: c.chosenId,
      entry: c.entry?.id ?? null,
      steps: Math.min(c.steps.length, 2),
      selected: c.selectedStateId,
      problem: c.problem?.kind ?? null,
      live: c.liveName,
    });
  },
};

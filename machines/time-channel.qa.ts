/** The time channel's QA entry: sample events, doubles and sample results (see qa-support.ts). */
import { errorAnswer, noop, pendingPromise, samplesOf, silentCallback, type MachineEntry } from './qa-support';
import {
  MAX_RETRIES,
  RETRY_DELAY_MS,
  timeChannelMachine,
  type TimeChannelContext,
  type TimeChannelEvent,
} from './time-channel.machine';

const SAMPLE_TIME = '2024/05/06 07:08:09';

export const timeChannelQa: MachineEntry = {
  id: timeChannelMachine.id,
  textNamespace: 'shell',
  machine: timeChannelMachine,
  textValues: { retryDelaySeconds: RETRY_DELAY_MS / 1000, maxRetries: MAX_RETRIES },
  events: samplesOf<TimeChannelEvent>([
    { type: 'channel.start' },
    { type: 'channel.stop' },
    { type: 'socket.message', time: SAMPLE_TIME },
    { type: 'socket.closed', code: 1006 },
    { type: 'socket.error' },
  ]),
  doubles: {
    actors: { socket: silentCallback(), fetchTime: pendingPromise<string>() },
    actions: { publishTime: noop },
  },
  outcomes: {
    // The socket actor itself failing (e.g. the WebSocket constructor throwing).
    socket: { error: { message: 'WebSocket could not be opened' } },
    fetchTime: { output: SAMPLE_TIME, error: errorAnswer('internal_error'), otherOutputs: ['not a time'] },
  },
  // The ticking clock would make the snapshots endless: keep the retry count (the guard's input)
  // and whether a time is known, not the time itself.
  serializeState: (snapshot) => {
    const { retries, time } = snapshot.context as TimeChannelContext;
    return JSON.stringify({ value: snapshot.value, status: snapshot.status, retries, time: time !== null });
  },
};

/** The trend window's QA entry: sample events, doubles and a sample input (see qa-support.ts). */
import { trendWindowMachine, type TrendWindowEvent } from './trend-window.machine';
import { samplesOf, silentCallback, type MachineEntry } from './qa-support';

const NOW = Date.parse('2026-11-25T08:00:00Z');

export const trendWindowQa: MachineEntry = {
  id: trendWindowMachine.id,
  textNamespace: 'data',
  machine: trendWindowMachine,
  input: { now: NOW },
  events: samplesOf<TrendWindowEvent>([
    { type: 'window.set', range: { from: NOW - 15 * 60_000, to: NOW }, quick: '15m' },
    { type: 'window.set', range: { from: null, to: null }, quick: 'all' },
    { type: 'live.on', periodMs: 5000 },
    // What the clock reports while live.
    { type: 'live.tick', now: NOW + 5000 },
    { type: 'live.off' },
  ]),
  doubles: { actors: { clock: silentCallback() } },
  // The clock reports by events (above); it ends only when live does, or fails.
  outcomes: { clock: { error: new Error('the clock stopped') } },
};

/** The safe apply's QA entry: sample events, doubles and sample results (see qa-support.ts). */
import type { PendingNetworkChange } from '../contract/rules/network';
import { SAFE_APPLY_SECONDS } from '../contract/rules/network';
import { NETWORK_FAILURE, errorAnswer, noop, pendingPromise, samplesOf, type MachineEntry } from './qa-support';
import {
  READ_INTERVAL_MS,
  SETTLE_LIMIT_MS,
  safeApplyMachine,
  type ApplyInput,
  type ApplyOutput,
  type ApplyResult,
  type SafeApplyContext,
  type SafeApplyEvent,
} from './safe-apply.machine';

const SAMPLE_PENDING: PendingNetworkChange = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  section: 'ethernet',
  seconds_left: 90,
  moved: [{ name: 'LAN1', before: '192.168.1.57', after: '192.168.1.20' }],
};
/** The same change in its last second: the next tick ends the countdown (the `lastSecond` guard). */
const LAST_SECOND_PENDING: PendingNetworkChange = { ...SAMPLE_PENDING, seconds_left: 1 };
/** A section's write request: the machine passes it to `applyChange` without looking inside. */
const SAMPLE_APPLY_REQUEST = { name: 'LAN1', dhcp: false, address: '192.168.1.20', netmask: '255.255.255.0', gateway: '192.168.1.1' };
/** A Wi-Fi connect the device took without the safety net: the radio is still connecting. */
const CONNECTING: ApplyResult = { result: 'connecting', settled: false };

export const safeApplyQa: MachineEntry = {
  id: safeApplyMachine.id,
  textNamespace: 'network',
  machine: safeApplyMachine,
  // The machine counts down whatever the device answers; how long the device waits is its rule.
  textValues: { seconds: SAFE_APPLY_SECONDS, interval: READ_INTERVAL_MS / 1000, limit: SETTLE_LIMIT_MS / 1000 },
  events: samplesOf<SafeApplyEvent>([
    { type: 'change.apply', request: SAMPLE_APPLY_REQUEST, safe: true },
    { type: 'change.apply', request: SAMPLE_APPLY_REQUEST, safe: false },
    // Small countdowns, so that the last second (and its expiry) is within a step or two.
    { type: 'change.resume', pending: LAST_SECOND_PENDING },
    { type: 'change.resume', pending: { ...SAMPLE_PENDING, seconds_left: 2 } },
    { type: 'change.keep' },
    { type: 'change.revert' },
    { type: 'change.dismiss' },
  ]),
  doubles: {
    actors: {
      applyChange: pendingPromise<ApplyOutput, ApplyInput>(),
      confirmChange: pendingPromise<void, { id: string }>(),
      revertChange: pendingPromise<void, { id: string }>(),
      readResult: pendingPromise<ApplyResult>(),
    },
    actions: { refresh: noop },
  },
  outcomes: {
    applyChange: {
      output: { pending: SAMPLE_PENDING } satisfies ApplyOutput,
      // A change already in its last second, and one applied without the safety net.
      // and a Wi-Fi connect taken without it, whose outcome comes later (→ settling).
      otherOutputs: [{ pending: LAST_SECOND_PENDING }, { pending: null }, { pending: null, outcome: CONNECTING }] satisfies ApplyOutput[],
      error: { status: 409, data: errorAnswer('change_pending') },
    },
    // The device had already restored the settings (→ expired); any other failure returns to the countdown.
    confirmChange: { output: undefined, error: { status: 409, data: errorAnswer('no_pending_change') }, otherErrors: [NETWORK_FAILURE] },
    revertChange: { output: undefined, error: { status: 409, data: errorAnswer('no_pending_change') }, otherErrors: [NETWORK_FAILURE] },
    // The radio's outcome (→ applied), or still connecting (→ read again); a failed read is retried.
    readResult: { output: { result: 'password_error', settled: true } satisfies ApplyResult, otherOutputs: [CONNECTING], error: NETWORK_FAILURE },
  },
  // The countdown would make the snapshots endless: keep what the guards and the views depend on,
  // not the seconds themselves.
  serializeState: (snapshot) => {
    const { pending, secondsLeft, error, result } = snapshot.context as SafeApplyContext;
    return JSON.stringify({
      value: snapshot.value,
      status: snapshot.status,
      lastSecond: secondsLeft <= 1,
      error: error !== null,
      pending: pending !== null,
      result,
    });
  },
};

/**
 * Safe apply of a network change: the device applies the change and restores the
 * previous settings unless the console confirms within 90 s.
 *
 * 'change.apply' sends the page's request (with `safe` on or off). When the device answers with a
 * pending change the machine counts down its seconds (`waiting`) and offers Keep ('change.keep')
 * and Revert ('change.revert'). At zero the device has restored the old settings by itself
 * (`expired`). A confirmation the device no longer expects (it has already restored them) also
 * ends in `expired`. Without the safety net the change is simply `applied`. A page that opens
 * while a change waits resumes the countdown with 'change.resume'.
 *
 * A section whose change has an outcome the device reports only after a while (Wi-Fi: the radio
 * says connected, password error, … some seconds after the connect) answers the apply with the
 * `result` so far and whether it is `settled`. An unsettled result is followed (`settling`): the
 * machine reads it again (`readResult`) at once, then every READ_INTERVAL_MS until it settles or
 * SETTLE_LIMIT_MS have passed, then ends `applied` with the last result in `context.result`, so
 * the page says what the change led to, not merely that the device took it.
 *
 * Provided by the page (`safeApplyMachine.provide({ actors, actions })`):
 * - actor `applyChange` (input `{ request, safe }`, output `{ pending }`): the section's write call;
 * - actors `confirmChange` and `revertChange` (input `{ id }`);
 * - actor `readResult` (output `{ result, settled }`): reads the outcome again (only sections
 *   whose apply answers an unsettled `result` need it);
 * - action `refresh`: reloads what the device holds, after keep, revert and expiry.
 *
 * Tags for the page: `busy` (a change is being applied or awaits Keep / Revert: the form stays as
 * it is), `waiting` (the countdown with Keep / Revert shows), `calling` (a call of the flow is
 * running), `settling` (the device took the change; its outcome is awaited) and `outcome` (how the
 * last change ended, until dismissed).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorCodeOf, notProvided } from './actor-errors';
import type { PendingNetworkChange } from '../contract/rules/network';

export const SAFE_APPLY_ID = 'safeApply';

export interface ApplyInput {
  request: unknown;
  safe: boolean;
}

/** What a change has led to so far, as the device reports it (Wi-Fi: its connection state). */
export interface ApplyResult {
  result: string;
  /** The device has reported the final outcome (false while it is still working on it). */
  settled: boolean;
}

export interface ApplyOutput {
  pending: PendingNetworkChange | null;
  /** Only from a section whose outcome comes later (Wi-Fi); absent elsewhere. */
  outcome?: ApplyResult;
}

/** How often an unsettled outcome is read again. */
export const READ_INTERVAL_MS = 1000;
/** How long the machine follows an unsettled outcome before it ends with the last one read. */
export const SETTLE_LIMIT_MS = 30_000;

export interface SafeApplyContext {
  pending: PendingNetworkChange | null;
  secondsLeft: number;
  /** The error code of the last failed call (apply, keep or revert). */
  error: string | null;
  /** What the last change applied without the safety net led to (see ApplyResult), or null. */
  result: string | null;
}

export type SafeApplyTag = 'busy' | 'waiting' | 'calling' | 'settling' | 'outcome';

export type SafeApplyEvent =
  | { type: 'change.apply'; request: unknown; safe: boolean }
  | { type: 'change.resume'; pending: PendingNetworkChange }
  | { type: 'change.keep' }
  | { type: 'change.revert' }
  | { type: 'change.dismiss' };


export const safeApplyMachine = setup({
  types: {
    context: {} as SafeApplyContext,
    events: {} as SafeApplyEvent,
    tags: {} as SafeApplyTag,
  },
  actors: {
    applyChange: fromPromise<ApplyOutput, ApplyInput>(async () => {
      throw notProvided(SAFE_APPLY_ID, 'applyChange');
    }),
    confirmChange: fromPromise<void, { id: string }>(async () => {
      throw notProvided(SAFE_APPLY_ID, 'confirmChange');
    }),
    revertChange: fromPromise<void, { id: string }>(async () => {
      throw notProvided(SAFE_APPLY_ID, 'revertChange');
    }),
    readResult: fromPromise<ApplyResult>(async () => {
      throw notProvided(SAFE_APPLY_ID, 'readResult');
    }),
  },
  actions: {
    refresh: () => {},
  },
  guards: {
    hasPending: (_, output: ApplyOutput) => output.pending !== null,
    unsettled: (_, output: ApplyOutput) => output.outcome !== undefined && !output.outcome.settled,
    settled: (_, output: ApplyResult) => output.settled,
    lastSecond: ({ context }) => context.secondsLeft <= 1,
    alreadyRestored: (_, error: unknown) => errorCodeOf(error) === 'no_pending_change',
  },
}).createMachine({
  id: SAFE_APPLY_ID,
  initial: 'idle',
  context: { pending: null, secondsLeft: 0, error: null, result: null },
  on: {
    'change.resume': {
      target: '.waiting',
      actions: assign(({ event }) => ({ pending: event.pending, secondsLeft: event.pending.seconds_left, error: null })),
    },
  },
  states: {
    idle: {
      on: { 'change.apply': 'applying' },
    },
    applying: {
      tags: ['busy', 'calling'],
      entry: assign({ error: null, result: null }),
      invoke: {
        id: 'applyChange',
        src: 'applyChange',
        input: ({ event }) => {
          assertEvent(event, 'change.apply');
          return { request: event.request, safe: event.safe };
        },
        onDone: [
          {
            guard: { type: 'hasPending', params: ({ event }) => event.output },
            target: 'waiting',
            actions: assign(({ event }) => ({ pending: event.output.pending, secondsLeft: event.output.pending!.seconds_left })),
          },
          {
            guard: { type: 'unsettled', params: ({ event }) => event.output },
            target: 'settling',
            actions: assign(({ event }) => ({ result: event.output.outcome!.result })),
          },
          { target: 'applied', actions: ['refresh', assign(({ event }) => ({ result: event.output.outcome?.result ?? null }))] },
        ],
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },
      },
    },
    settling: {
      tags: ['busy', 'settling'],
      // Read at once: the cache then holds the device's word from after the apply.
      initial: 'reading',
      // Past the limit the last result read stands (a radio still connecting says so).
      after: { [SETTLE_LIMIT_MS]: { target: 'applied', actions: 'refresh' } },
      states: {
        pausing: {
          after: { [READ_INTERVAL_MS]: 'reading' },
        },
        reading: {
          invoke: {
            id: 'readResult',
            src: 'readResult',
            onDone: [
              {
                guard: { type: 'settled', params: ({ event }) => event.output },
                target: '#safeApply.applied',
                actions: ['refresh', assign(({ event }) => ({ result: event.output.result }))],
              },
              { target: 'pausing', actions: assign(({ event }) => ({ result: event.output.result })) },
            ],
            // A read that fails (the connection may be what changed) is tried again.
            onError: 'pausing',
          },
        },
      },
    },
    waiting: {
      tags: ['busy', 'waiting'],
      after: {
        1000: [
          { guard: 'lastSecond', target: 'expired' },
          { target: 'waiting', reenter: true, actions: assign(({ context }) => ({ secondsLeft: context.secondsLeft - 1 })) },
        ],
      },
      on: { 'change.keep': 'confirming', 'change.revert': 'reverting' },
    },
    confirming: {
      tags: ['busy', 'waiting', 'calling'],
      entry: assign({ error: null }),
      invoke: {
        id: 'confirmChange',
        src: 'confirmChange',
        input: ({ context }) => ({ id: context.pending!.id }),
        onDone: { target: 'kept', actions: 'refresh' },
        onError: [
          { guard: { type: 'alreadyRestored', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'expired' },
          { target: 'waiting', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },
        ],
      },
    },
    reverting: {
      tags: ['busy', 'waiting', 'calling'],
      entry: assign({ error: null }),
      invoke: {
        id: 'revertChange',
        src: 'revertChange',
        input: ({ context }) => ({ id: context.pending!.id }),
        onDone: { target: 'reverted', actions: 'refresh' },
        onError: [
          { guard: { type: 'alreadyRestored', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'expired' },
          { target: 'waiting', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },
        ],
      },
    },
    expired: {
      tags: ['outcome'],
      entry: ['refresh', assign({ secondsLeft: 0 })],
      on: { 'change.apply': 'applying', 'change.dismiss': 'idle' },
    },
    kept: { tags: ['outcome'], on: { 'change.apply': 'applying', 'change.dismiss': 'idle' } },
    reverted: { tags: ['outcome'], on: { 'change.apply': 'applying', 'change.dismiss': 'idle' } },
    applied: { tags: ['outcome'], on: { 'change.apply': 'applying', 'change.dismiss': 'idle' } },
    failed: { tags: ['outcome'], on: { 'change.apply': 'applying', 'change.dismiss': 'idle' } },
  },
});

export type SafeApplyMachine = typeof safeApplyMachine;

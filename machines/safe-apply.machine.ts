/**
 * Safe apply of a network change (issue 5): the device applies the change and restores the
 * previous settings unless the console confirms within 90 s.
 *
 * 'change.apply' sends the page's request (with `safe` on or off). When the device answers with a
 * pending change the machine counts down its seconds (`waiting`) and offers Keep ('change.keep')
 * and Revert ('change.revert'). At zero the device has restored the old settings by itself
 * (`expired`). A confirmation the device no longer expects (it has already restored them) also
 * ends in `expired`. Without the safety net the change is simply `applied`. A page that opens
 * while a change waits resumes the countdown with 'change.resume'.
 *
 * Provided by the page (`safeApplyMachine.provide({ actors, actions })`):
 * - actor `applyChange` (input `{ request, safe }`, output `{ pending }`): the section's write call;
 * - actors `confirmChange` and `revertChange` (input `{ id }`);
 * - action `refresh`: reloads what the device holds, after keep, revert and expiry.
 *
 * Tags for the page: `busy` (a change is being applied or awaits Keep / Revert: the form stays as
 * it is), `waiting` (the countdown with Keep / Revert shows), `calling` (a call of the flow is
 * running) and `outcome` (how the last change ended, until dismissed).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorCodeOf, notProvided } from './actor-errors';
import type { PendingNetworkChange } from '../contract/rules/network';

export const SAFE_APPLY_ID = 'safeApply';

export interface ApplyInput {
  request: unknown;
  safe: boolean;
}

export interface ApplyOutput {
  pending: PendingNetworkChange | null;
}

export interface SafeApplyContext {
  pending: PendingNetworkChange | null;
  secondsLeft: number;
  /** The error code of the last failed call (apply, keep or revert). */
  error: string | null;
}

export type SafeApplyTag = 'busy' | 'waiting' | 'calling' | 'outcome';

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
  },
  actions: {
    refresh: () => {},
  },
  guards: {
    hasPending: (_, output: ApplyOutput) => output.pending !== null,
    lastSecond: ({ context }) => context.secondsLeft <= 1,
    alreadyRestored: (_, error: unknown) => errorCodeOf(error) === 'no_pending_change',
  },
}).createMachine({
  id: SAFE_APPLY_ID,
  initial: 'idle',
  context: { pending: null, secondsLeft: 0, error: null },
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
      entry: assign({ error: null }),
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
          { target: 'applied', actions: 'refresh' },
        ],
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },
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

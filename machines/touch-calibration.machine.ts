/**
 * A touch calibration as the console runs it (Features / Touch Calibration, docs/decisions.md#touch-calibration).
 *
 * `loading` asks the device for the status: a calibration already running (started from another
 * console) is followed, anything else is `idle`. 'touch.start' asks first (`confirm`: the panel's
 * screen cannot be used meanwhile); 'touch.confirm' runs `start` (`starting`), then `calibrating`
 * asks for the status every POLL_MS and follows it: the progress (targets touched) while it runs,
 * then `done`, `failed` (points inconsistent or outside the screen), `timedOut` or `cancelled`.
 * 'touch.cancel' while calibrating asks to confirm (`confirmCancel`; 'touch.keep' goes back), and
 * 'touch.confirm' there runs `cancel`, whose answer decides where it ends (the calibration may have
 * ended meanwhile). From `failed` and `timedOut`, 'touch.retry' starts again at once; from any
 * outcome 'touch.start' asks again. A request that fails goes to its error state with its code:
 * 'touch.retry' repeats it (a failed status ask is also repeated after RETRY_MS), 'touch.dismiss'
 * gives up on a failed start (back to idle) or a failed cancel (back to calibrating).
 *
 * Provided by the page: actors `fetchStatus`, `start`, `cancel` (each output TouchCalibrationStatus).
 *
 * Tags for the page: the phase shown (`loading`, `idle`, `confirm`, `starting`, `calibrating`,
 * `confirm_cancel`, `cancelling`, `done`, `failed`, `timed_out`, `cancelled`, exactly one), `error`
 * while a failed request waits for a retry, `busy` while a request the user made runs.
 */
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { TouchCalibrationStatus } from '../contract/api/touch-calibration';
import type { FailureCode } from '../contract/failure';
import { errorCodeOf, notProvided } from './actor-errors';

export const TOUCH_CALIBRATION_ID = 'touchCalibration';
/** How often the status is asked for while calibrating. */
export const POLL_MS = 1000;
/** How long after a failed status ask it is asked again. */
export const RETRY_MS = 3000;

export type TouchCalibrationTag =
  | 'loading'
  | 'idle'
  | 'confirm'
  | 'starting'
  | 'calibrating'
  | 'confirm_cancel'
  | 'cancelling'
  | 'done'
  | 'failed'
  | 'timed_out'
  | 'cancelled'
  | 'error'
  | 'busy';

export interface TouchCalibrationContext {
  status: TouchCalibrationStatus | null;
  error: FailureCode | null;
}

export type TouchCalibrationEvent =
  | { type: 'touch.start' }
  | { type: 'touch.confirm' }
  | { type: 'touch.dismiss' }
  | { type: 'touch.cancel' }
  | { type: 'touch.keep' }
  | { type: 'touch.retry' };

const ID = `#${TOUCH_CALIBRATION_ID}`;
type Done = DoneActorEvent<TouchCalibrationStatus>;
const output = ({ event }: { event: Done }) => event.output;

function keep() {
  return assign<TouchCalibrationContext, Done, undefined, TouchCalibrationEvent, never>(({ event }) => ({ status: event.output, error: null }));
}

function failed(target: string) {
  return {
    target,
    actions: assign<TouchCalibrationContext, ErrorActorEvent, undefined, TouchCalibrationEvent, never>(({ event }) => ({ error: errorCodeOf(event.error) })),
  };
}

/** Where a status puts the flow: its outcome, or `running` while it calibrates, or `otherwise`. */
function settle(running: string, otherwise: string) {
  return [
    { guard: { type: 'isCalibrating' as const, params: output }, target: running, actions: keep() },
    { guard: { type: 'isDone' as const, params: output }, target: `${ID}.done`, actions: keep() },
    { guard: { type: 'isFailed' as const, params: output }, target: `${ID}.failed`, actions: keep() },
    { guard: { type: 'isTimedOut' as const, params: output }, target: `${ID}.timedOut`, actions: keep() },
    { guard: { type: 'isCancelled' as const, params: output }, target: `${ID}.cancelled`, actions: keep() },
    { target: otherwise, actions: keep() },
  ];
}

const AGAIN = { 'touch.start': `${ID}.confirm` } as const;

export const touchCalibrationMachine = setup({
  types: {
    context: {} as TouchCalibrationContext,
    events: {} as TouchCalibrationEvent,
    tags: {} as TouchCalibrationTag,
  },
  actors: {
    fetchStatus: fromPromise<TouchCalibrationStatus>(async () => {
      throw notProvided(TOUCH_CALIBRATION_ID, 'fetchStatus');
    }),
    start: fromPromise<TouchCalibrationStatus>(async () => {
      throw notProvided(TOUCH_CALIBRATION_ID, 'start');
    }),
    cancel: fromPromise<TouchCalibrationStatus>(async () => {
      throw notProvided(TOUCH_CALIBRATION_ID, 'cancel');
    }),
  },
  guards: {
    isCalibrating: (_, s: TouchCalibrationStatus) => s.state === 'calibrating',
    isDone: (_, s: TouchCalibrationStatus) => s.state === 'done',
    isFailed: (_, s: TouchCalibrationStatus) => s.state === 'failed',
    isTimedOut: (_, s: TouchCalibrationStatus) => s.state === 'timed_out',
    isCancelled: (_, s: TouchCalibrationStatus) => s.state === 'cancelled',
  },
}).createMachine({
  id: TOUCH_CALIBRATION_ID,
  initial: 'loading',
  context: { status: null, error: null },
  states: {
    loading: {
      tags: ['loading'],
      initial: 'asking',
      states: {
        asking: {
          invoke: {
            id: 'fetchStatus',
            src: 'fetchStatus',
            // Only a running calibration is followed; a past outcome is history, the screen starts idle.
            onDone: [
              { guard: { type: 'isCalibrating', params: output }, target: `${ID}.calibrating`, actions: keep() },
              { target: `${ID}.idle`, actions: keep() },
            ],
            onError: failed('failed'),
          },
        },
        failed: { tags: ['error'], on: { 'touch.retry': 'asking' } },
      },
    },
    idle: { tags: ['idle'], on: AGAIN },
    confirm: {
      tags: ['confirm'],
      on: { 'touch.confirm': 'starting', 'touch.dismiss': 'idle' },
    },
    starting: {
      tags: ['starting'],
      initial: 'asking',
      states: {
        asking: {
          tags: ['busy'],
          invoke: { id: 'start', src: 'start', onDone: settle(`${ID}.calibrating`, `${ID}.idle`), onError: failed('failed') },
        },
        failed: { tags: ['error'], on: { 'touch.retry': 'asking', 'touch.dismiss': `${ID}.idle` } },
      },
    },
    calibrating: {
      tags: ['calibrating'],
      initial: 'waiting',
      on: { 'touch.cancel': 'confirmCancel' },
      states: {
        waiting: { after: { [POLL_MS]: 'asking' } },
        asking: { invoke: { id: 'fetchStatus', src: 'fetchStatus', onDone: settle('waiting', `${ID}.idle`), onError: failed('failed') } },
        failed: { tags: ['error'], after: { [RETRY_MS]: 'asking' }, on: { 'touch.retry': 'asking' } },
      },
    },
    confirmCancel: {
      tags: ['confirm_cancel'],
      on: { 'touch.confirm': 'cancelling', 'touch.keep': 'calibrating' },
    },
    cancelling: {
      tags: ['cancelling'],
      initial: 'asking',
      states: {
        asking: {
          tags: ['busy'],
          invoke: { id: 'cancel', src: 'cancel', onDone: settle(`${ID}.calibrating`, `${ID}.idle`), onError: failed('failed') },
        },
        failed: { tags: ['error'], on: { 'touch.retry': 'asking', 'touch.dismiss': `${ID}.calibrating` } },
      },
    },
    done: { tags: ['done'], on: AGAIN },
    failed: { tags: ['failed'], on: { ...AGAIN, 'touch.retry': 'starting' } },
    timedOut: { tags: ['timed_out'], on: { ...AGAIN, 'touch.retry': 'starting' } },
    cancelled: { tags: ['cancelled'], on: AGAIN },
  },
});

export type TouchCalibrationMachine = typeof touchCalibrationMachine;

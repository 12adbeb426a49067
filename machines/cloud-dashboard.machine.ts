/**
 * The cloud dashboard screen's flow: reading this panel's state from the cloud (through the
 * device), reading it again every CLOUD_POLL_MS, retrying with back-off while the cloud or the
 * device cannot be reached, and activation / deactivation.
 *
 * `reading` asks the device for the cloud status (`readStatus`, output `{ error }`: the reason the
 * device could not reach the cloud, or null). A readable status goes to `watching`, which reads it
 * again after CLOUD_POLL_MS. A status with an error, or a failed request to the device, goes to
 * `retrying`: the next read comes after CLOUD_RETRY_BASE_MS, twice as long each time up to
 * CLOUD_RETRY_MAX_MS; after CLOUD_MAX_RETRIES retries in a row the machine stops in `stalled` until
 * the user asks again ('cloud.refresh'). 'cloud.refresh' reads at once from `watching`,
 * `retrying` or `stalled` and starts the retries anew. 'cloud.activate' and 'cloud.deactivate' ask
 * the device (`activating`, `deactivating`) and then read the status again; a refusal is kept in
 * `actionError` (its error code) until the next action.
 *
 * Provided by the page: actors `readStatus`, `activate`, `deactivate`.
 *
 * Tags for the page: `busy` (a request runs), `acting` (activation or deactivation runs),
 * `retrying` (a retry is scheduled), `stalled` (no more automatic retries).
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf, notProvided } from './actor-errors';

export const CLOUD_DASHBOARD_ID = 'cloudDashboard';

/** A readable status is read again after this long. */
export const CLOUD_POLL_MS = 30_000;
/** The first retry after a failure, doubled each time up to CLOUD_RETRY_MAX_MS. */
export const CLOUD_RETRY_BASE_MS = 2_000;
export const CLOUD_RETRY_MAX_MS = 16_000;
/** Automatic retries in a row before the machine waits for the user. */
export const CLOUD_MAX_RETRIES = 5;

/** The wait before retry number `attempt` (1 for the first). */
export function cloudRetryDelay(attempt: number): number {
  return Math.min(CLOUD_RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1), CLOUD_RETRY_MAX_MS);
}

export interface CloudDashboardContext {
  /** Failed reads in a row. */
  failures: number;
  /** The error code of the last failed request to the device (not a cloud error: the status says those). */
  readError: string | null;
  /** The error code of the last refused activation or deactivation. */
  actionError: string | null;
}

export type CloudDashboardTag = 'busy' | 'acting' | 'retrying' | 'stalled';

export type CloudDashboardEvent = { type: 'cloud.refresh' } | { type: 'cloud.activate' } | { type: 'cloud.deactivate' };

export interface CloudStatusRead {
  error: string | null;
}

/** One more failed read in a row; a read that answers (or a successful action) starts anew. */
const countFailure = assign<CloudDashboardContext, CloudDashboardEvent, undefined, CloudDashboardEvent, never>(({ context }) => ({ failures: context.failures + 1 }));
const startAnew = assign<CloudDashboardContext, CloudDashboardEvent, undefined, CloudDashboardEvent, never>({ failures: 0 });

const ACTIONS = {
  'cloud.activate': 'activating',
  'cloud.deactivate': 'deactivating',
} as const;

export const cloudDashboardMachine = setup({
  types: {
    context: {} as CloudDashboardContext,
    events: {} as CloudDashboardEvent,
    tags: {} as CloudDashboardTag,
  },
  actors: {
    readStatus: fromPromise<CloudStatusRead>(async () => {
      throw notProvided(CLOUD_DASHBOARD_ID, 'readStatus');
    }),
    activate: fromPromise<void>(async () => {
      throw notProvided(CLOUD_DASHBOARD_ID, 'activate');
    }),
    deactivate: fromPromise<void>(async () => {
      throw notProvided(CLOUD_DASHBOARD_ID, 'deactivate');
    }),
  },
  guards: {
    cloudUnreachable: (_, output: CloudStatusRead) => output.error !== null,
    outOfRetries: ({ context }) => context.failures > CLOUD_MAX_RETRIES,
  },
  delays: {
    retryDelay: ({ context }) => cloudRetryDelay(context.failures),
    pollDelay: CLOUD_POLL_MS,
  },
}).createMachine({
  id: CLOUD_DASHBOARD_ID,
  initial: 'reading',
  context: { failures: 0, readError: null, actionError: null },
  states: {
    reading: {
      tags: ['busy'],
      invoke: {
        id: 'readStatus',
        src: 'readStatus',
        onDone: [
          {
            guard: { type: 'cloudUnreachable', params: ({ event }) => event.output },
            target: 'retrying',
            actions: [countFailure, assign({ readError: null })],
          },
          { target: 'watching', actions: [startAnew, assign({ readError: null })] },
        ],
        onError: { target: 'retrying', actions: [countFailure, assign(({ event }) => ({ readError: errorCodeOf(event.error) }))] },
      },
    },
    watching: {
      after: { pollDelay: 'reading' },
      on: {
        'cloud.refresh': 'reading',
        'cloud.activate': ACTIONS['cloud.activate'],
        'cloud.deactivate': ACTIONS['cloud.deactivate'],
      },
    },
    retrying: {
      tags: ['retrying'],
      always: { guard: 'outOfRetries', target: 'stalled' },
      after: { retryDelay: 'reading' },
      on: {
        'cloud.refresh': { target: 'reading', actions: startAnew },
        'cloud.activate': ACTIONS['cloud.activate'],
        'cloud.deactivate': ACTIONS['cloud.deactivate'],
      },
    },
    stalled: {
      tags: ['stalled'],
      on: {
        'cloud.refresh': { target: 'reading', actions: startAnew },
        'cloud.activate': ACTIONS['cloud.activate'],
        'cloud.deactivate': ACTIONS['cloud.deactivate'],
      },
    },
    activating: {
      tags: ['busy', 'acting'],
      entry: assign({ actionError: null }),
      invoke: {
        id: 'activate',
        src: 'activate',
        onDone: { target: 'reading', actions: startAnew },
        onError: { target: 'reading', actions: assign(({ event }) => ({ actionError: errorCodeOf(event.error) })) },
      },
    },
    deactivating: {
      tags: ['busy', 'acting'],
      entry: assign({ actionError: null }),
      invoke: {
        id: 'deactivate',
        src: 'deactivate',
        onDone: { target: 'reading', actions: startAnew },
        onError: { target: 'reading', actions: assign(({ event }) => ({ actionError: errorCodeOf(event.error) })) },
      },
    },
  },
});

export type CloudDashboardMachine = typeof cloudDashboardMachine;

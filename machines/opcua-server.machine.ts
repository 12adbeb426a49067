/**
 * The OPC UA server's state as the console follows it (Features / OPC UA, specification §4: running,
 * stopping, stopped; "changing settings or tags while running restarts the server briefly";
 * "shutdown may be delayed if a registered discovery server is unavailable").
 *
 * `loading` asks the device for the status; its answer puts the machine in the state it says:
 * `restarting` (the device says it restarts), `running`, `stopping` (stopping, or running while
 * disabled: a stop under way, perhaps held up by an unavailable discovery server), else `stopped`.
 * Each of these asks again, every STATUS_POLL_MS while running or stopped, every FAST_POLL_MS
 * while stopping or restarting, and moves to whatever the answer says. A request that gets no
 * answer (or a refusal) goes to `unreachable`, which asks again after RETRY_MS or at
 * 'server.retry'; the last status known stays in the context meanwhile.
 *
 * 'server.changed' says the console changed what the server publishes (its settings, its tags,
 * its certificate), with `enabled` the server's setting afterwards. While the server runs and stays
 * enabled, the device restarts it: `restarting` asks every FAST_POLL_MS until the status says it
 * runs again, started after the change (its `since` differs from the one before), and goes to
 * `running`. A status that says it stopped, not restarting, ends in `restartFailed` (the status
 * carries the start error); so do RESTART_WAITS pauses (RESTART_TIMEOUT_MS) without it running
 * again. `restartFailed`
 * keeps asking every STATUS_POLL_MS and goes to `running` once the server runs (not restarting);
 * 'server.retry' asks at once and starts over. Any other change asks for the status at once
 * (`loading`).
 *
 * Provided by the page: actor `fetchStatus` (output OpcuaStatus).
 *
 * Tags for the page: `loading`, `running`, `stopping`, `stopped`, `restarting`, `restart_failed`,
 * `unreachable` (exactly one at a time).
 */
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { OpcuaStatus } from '../contract/api/opcua';
import type { FailureCode } from '../contract/failure';
import { errorCodeOf, notProvided } from './actor-errors';

export const OPCUA_SERVER_ID = 'opcuaServer';
/** How often the status is asked for while the server runs or is stopped. */
export const STATUS_POLL_MS = 5000;
/** How often while it stops or restarts: the page follows a short change closely. */
export const FAST_POLL_MS = 1000;
/** How long a restart after a change may take before the page says it failed: counted in the
 * pauses between asks (RESTART_WAITS of FAST_POLL_MS), so that it is a step of the machine. */
export const RESTART_TIMEOUT_MS = 30_000;
export const RESTART_WAITS = RESTART_TIMEOUT_MS / FAST_POLL_MS;
/** How long after a failed request the status is asked for again. */
export const RETRY_MS = 5000;

export interface OpcuaServerContext {
  /** The status the device last answered (kept while it cannot be reached). */
  status: OpcuaStatus | null;
  /** Why the last request failed (`unreachable`), else null. */
  error: FailureCode | null;
  /** When the server had started before the change that restarts it (`since`): a status with
   * another start time is the restarted server. */
  sinceBefore: string | null;
  /** The pauses between asks of this restart so far (0 outside a restart). */
  restartWaits: number;
}

export type OpcuaServerTag = 'loading' | 'running' | 'stopping' | 'stopped' | 'restarting' | 'restart_failed' | 'unreachable';

export type OpcuaServerEvent = { type: 'server.changed'; enabled: boolean } | { type: 'server.retry' };

type Kind = 'restarting' | 'running' | 'stopping' | 'stopped';

const ID = `#${OPCUA_SERVER_ID}`;

type Done = DoneActorEvent<OpcuaStatus>;
const output = ({ event }: { event: Done }) => event.output;

/** Keeps a status the device answered (and that it could be reached). */
function keep() {
  return assign<OpcuaServerContext, Done, undefined, OpcuaServerEvent, never>(({ event }) => ({ status: event.output, error: null }));
}

/** A failed request: the machine says the device cannot be reached, keeping the last status. */
function unreachable() {
  return {
    target: `${ID}.unreachable`,
    actions: assign<OpcuaServerContext, ErrorActorEvent, undefined, OpcuaServerEvent, never>(({ event }) => ({ error: errorCodeOf(event.error) })),
  };
}

/** The answer's state: the same as `self` asks again after its pause ('waiting'), any other goes
 * there. A restart the device reports (not one the console caused) ends once it runs, whenever it
 * started. */
function settle(self: Exclude<Kind, 'restarting'> | null) {
  // A restart found, not caused here, waits before its next ask like the others.
  const to = (kind: Kind) => (kind === self ? 'waiting' : kind === 'restarting' ? `${ID}.restarting.waiting` : `${ID}.${kind}`);
  return [
    {
      guard: { type: 'isRestarting' as const, params: output },
      target: to('restarting'),
      actions: assign<OpcuaServerContext, Done, undefined, OpcuaServerEvent, never>(({ event }) => ({ status: event.output, error: null, sinceBefore: null })),
    },
    { guard: { type: 'isRunning' as const, params: output }, target: to('running'), actions: keep() },
    { guard: { type: 'isStopping' as const, params: output }, target: to('stopping'), actions: keep() },
    { target: to('stopped'), actions: keep() },
  ];
}

/** A state the status says (running, stopping, stopped): it waits `every` ms, asks again, and
 * goes where the answer says. */
function polling(kind: 'running' | 'stopping' | 'stopped', every: number) {
  return {
    tags: [kind],
    initial: 'waiting' as const,
    states: {
      waiting: { after: { [every]: 'asking' } },
      asking: { invoke: { id: 'fetchStatus', src: 'fetchStatus' as const, onDone: settle(kind), onError: unreachable() } },
    },
  };
}

export const opcuaServerMachine = setup({
  types: {
    context: {} as OpcuaServerContext,
    events: {} as OpcuaServerEvent,
    tags: {} as OpcuaServerTag,
  },
  actors: {
    fetchStatus: fromPromise<OpcuaStatus>(async () => {
      throw notProvided(OPCUA_SERVER_ID, 'fetchStatus');
    }),
  },
  guards: {
    isRestarting: (_, status: OpcuaStatus) => status.restarting,
    isRunning: (_, status: OpcuaStatus) => status.state === 'running' && status.enabled,
    isStopping: (_, status: OpcuaStatus) => status.state === 'stopping' || (status.state === 'running' && !status.enabled),
    /** Running again, started after the change. */
    restarted: ({ context }, status: OpcuaStatus) => status.state === 'running' && !status.restarting && status.since !== context.sinceBefore,
    /** The last pause of a restart that did not end. */
    restartTimedOut: ({ context }) => context.restartWaits + 1 >= RESTART_WAITS,
    /** Stopped and not starting again: the restart's start failed. */
    startFailed: (_, status: OpcuaStatus) => status.state === 'stopped' && !status.restarting,
    /** Running, not in a restart: the server came back after a failed restart. */
    runsAgain: (_, status: OpcuaStatus) => status.state === 'running' && !status.restarting,
    /** The change restarts the server: it runs and stays enabled. */
    restarts: ({ context }, enabled: boolean) => enabled && context.status !== null && context.status.state === 'running' && context.status.enabled,
  },
}).createMachine({
  id: OPCUA_SERVER_ID,
  initial: 'loading',
  context: { status: null, error: null, sinceBefore: null, restartWaits: 0 },
  // A transition of the root leaves whatever state is active and enters its target afresh (a
  // restart already under way counts again, a read under way is asked again).
  on: {
    'server.changed': [
      {
        guard: { type: 'restarts', params: ({ event }) => event.enabled },
        target: '.restarting',
        actions: assign(({ context }) => ({ sinceBefore: context.status?.since ?? null })),
      },
      { target: '.loading' },
    ],
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: { id: 'fetchStatus', src: 'fetchStatus', onDone: settle(null), onError: unreachable() },
    },
    running: polling('running', STATUS_POLL_MS),
    stopping: polling('stopping', FAST_POLL_MS),
    stopped: polling('stopped', STATUS_POLL_MS),
    restarting: {
      tags: ['restarting'],
      initial: 'asking',
      exit: assign({ restartWaits: 0 }),
      states: {
        asking: {
          invoke: {
            id: 'fetchStatus',
            src: 'fetchStatus',
            onDone: [
              { guard: { type: 'restarted', params: ({ event }) => event.output }, target: `${ID}.running`, actions: keep() },
              { guard: { type: 'startFailed', params: ({ event }) => event.output }, target: `${ID}.restartFailed`, actions: keep() },
              { target: 'waiting', actions: keep() },
            ],
            onError: unreachable(),
          },
        },
        waiting: {
          after: {
            [FAST_POLL_MS]: [
              { guard: 'restartTimedOut', target: `${ID}.restartFailed` },
              { target: 'asking', actions: assign(({ context }) => ({ restartWaits: context.restartWaits + 1 })) },
            ],
          },
        },
      },
    },
    restartFailed: {
      tags: ['restart_failed'],
      initial: 'waiting',
      on: { 'server.retry': '#opcuaServer.loading' },
      states: {
        waiting: { after: { [STATUS_POLL_MS]: 'asking' } },
        asking: {
          invoke: {
            id: 'fetchStatus',
            src: 'fetchStatus',
            onDone: [
              { guard: { type: 'runsAgain', params: ({ event }) => event.output }, target: `${ID}.running`, actions: keep() },
              { target: 'waiting', actions: keep() },
            ],
            onError: unreachable(),
          },
        },
      },
    },
    unreachable: {
      tags: ['unreachable'],
      after: { [RETRY_MS]: 'loading' },
      on: { 'server.retry': 'loading' },
    },
  },
});

export type OpcuaServerMachine = typeof opcuaServerMachine;

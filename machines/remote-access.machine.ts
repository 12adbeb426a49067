/**
 * The remote-access connection as the console follows it (Features / Remote Access, specification
 * §4: not activated, connecting, connected, occupied, disconnected).
 *
 * `loading` asks the device for the status and goes to the state it says. Each state asks again,
 * every FAST_POLL_MS while connecting (the answer comes within seconds) and every POLL_MS
 * otherwise, and moves where the answer says. 'remote.connect' (offered while not activated or
 * disconnected) runs `connect` and 'remote.disconnect' (while connecting, connected, occupied or
 * disconnected) runs `disconnect`; each answers the new status, which decides the next state. A
 * request that fails goes to `unreachable` (the last status kept), which asks again after
 * RETRY_MS or at 'remote.retry'. 'remote.changed' (the settings were saved: a wanted connection
 * starts over) asks at once.
 *
 * Provided by the page: actors `fetchStatus`, `connect`, `disconnect` (each output RemoteAccessStatus).
 *
 * Tags for the page: the state shown (`loading`, `not_activated`, `connecting`, `connected`,
 * `occupied`, `disconnected`, `unreachable`, exactly one) and `busy` while Connect or Disconnect runs.
 */
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { RemoteAccessStatus } from '../contract/api/remote-access';
import type { FailureCode } from '../contract/failure';
import { errorCodeOf, notProvided } from './actor-errors';

export const REMOTE_ACCESS_ID = 'remoteAccess';
/** How often the status is asked for while connecting, and otherwise. */
export const FAST_POLL_MS = 1000;
export const POLL_MS = 5000;
/** How long after a failed request the status is asked for again. */
export const RETRY_MS = 5000;

export type RemoteAccessTag = 'loading' | 'not_activated' | 'connecting' | 'connected' | 'occupied' | 'disconnected' | 'unreachable' | 'busy';

export interface RemoteAccessContext {
  status: RemoteAccessStatus | null;
  error: FailureCode | null;
}

export type RemoteAccessEvent = { type: 'remote.connect' } | { type: 'remote.disconnect' } | { type: 'remote.changed' } | { type: 'remote.retry' };

type Kind = 'notActivated' | 'connecting' | 'connected' | 'occupied' | 'disconnected';
const ID = `#${REMOTE_ACCESS_ID}`;
type Done = DoneActorEvent<RemoteAccessStatus>;
const output = ({ event }: { event: Done }) => event.output;

function keep() {
  return assign<RemoteAccessContext, Done, undefined, RemoteAccessEvent, never>(({ event }) => ({ status: event.output, error: null }));
}

function unreachable() {
  return {
    target: `${ID}.unreachable`,
    actions: assign<RemoteAccessContext, ErrorActorEvent, undefined, RemoteAccessEvent, never>(({ event }) => ({ error: errorCodeOf(event.error) })),
  };
}

/** The answer's state: the same as `self` waits for its next ask, any other is entered. */
function settle(self: Kind | null) {
  const to = (kind: Kind) => (kind === self ? 'waiting' : `${ID}.${kind}`);
  return [
    { guard: { type: 'isConnected' as const, params: output }, target: to('connected'), actions: keep() },
    { guard: { type: 'isConnecting' as const, params: output }, target: to('connecting'), actions: keep() },
    { guard: { type: 'isOccupied' as const, params: output }, target: to('occupied'), actions: keep() },
    { guard: { type: 'isDisconnected' as const, params: output }, target: to('disconnected'), actions: keep() },
    { target: to('notActivated'), actions: keep() },
  ];
}

const CONNECT = { 'remote.connect': `${ID}.connectRequest` } as const;
const DISCONNECT = { 'remote.disconnect': `${ID}.disconnectRequest` } as const;

function polling(kind: Kind, tag: RemoteAccessTag, every: number, on: Record<string, string>) {
  return {
    tags: [tag],
    initial: 'waiting' as const,
    on,
    states: {
      waiting: { after: { [every]: 'asking' } },
      asking: { invoke: { id: 'fetchStatus', src: 'fetchStatus' as const, onDone: settle(kind), onError: unreachable() } },
    },
  };
}

export const remoteAccessMachine = setup({
  types: {
    context: {} as RemoteAccessContext,
    events: {} as RemoteAccessEvent,
    tags: {} as RemoteAccessTag,
  },
  actors: {
    fetchStatus: fromPromise<RemoteAccessStatus>(async () => {
      throw notProvided(REMOTE_ACCESS_ID, 'fetchStatus');
    }),
    connect: fromPromise<RemoteAccessStatus>(async () => {
      throw notProvided(REMOTE_ACCESS_ID, 'connect');
    }),
    disconnect: fromPromise<RemoteAccessStatus>(async () => {
      throw notProvided(REMOTE_ACCESS_ID, 'disconnect');
    }),
  },
  guards: {
    isConnected: (_, s: RemoteAccessStatus) => s.state === 'connected',
    isConnecting: (_, s: RemoteAccessStatus) => s.state === 'connecting',
    isOccupied: (_, s: RemoteAccessStatus) => s.state === 'occupied',
    isDisconnected: (_, s: RemoteAccessStatus) => s.state === 'disconnected',
  },
}).createMachine({
  id: REMOTE_ACCESS_ID,
  initial: 'loading',
  context: { status: null, error: null },
  on: { 'remote.changed': '.loading' },
  states: {
    loading: {
      tags: ['loading'],
      invoke: { id: 'fetchStatus', src: 'fetchStatus', onDone: settle(null), onError: unreachable() },
    },
    notActivated: polling('notActivated', 'not_activated', POLL_MS, CONNECT),
    connecting: polling('connecting', 'connecting', FAST_POLL_MS, DISCONNECT),
    connected: polling('connected', 'connected', POLL_MS, DISCONNECT),
    occupied: polling('occupied', 'occupied', POLL_MS, DISCONNECT),
    disconnected: polling('disconnected', 'disconnected', POLL_MS, { ...CONNECT, ...DISCONNECT }),
    connectRequest: {
      tags: ['busy', 'connecting'],
      invoke: { id: 'connect', src: 'connect', onDone: settle(null), onError: unreachable() },
    },
    disconnectRequest: {
      tags: ['busy', 'connected'],
      invoke: { id: 'disconnect', src: 'disconnect', onDone: settle(null), onError: unreachable() },
    },
    unreachable: {
      tags: ['unreachable'],
      after: { [RETRY_MS]: 'loading' },
      on: { 'remote.retry': 'loading' },
    },
  },
});

export type RemoteAccessMachine = typeof remoteAccessMachine;

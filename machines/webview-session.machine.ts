/**
 * The live WebView session (issue 23; specification §3 WebView, §8 WebView errors;
 * contract/api/webview-socket.ts, contract/api/webview.routes.ts).
 *
 * One WebSocket, `/ws/webview`, opened like the time channel's (the access token is its first
 * message). `connected` holds the socket (one invoke: leaving it closes the socket, so there is
 * never more than one):
 * - `connecting`: the socket is opening; once open ('socket.open') the followed screen is sent;
 *   the first message of the server makes it `live`. Nothing for CONNECT_TIMEOUT_MS: reconnect.
 * - `live`: every server message starts the wait again; nothing for STALE_AFTER_MS (twice the
 *   heartbeat) and the values are `stale`: still shown, never as current.
 * - `stale`: a message makes it live again; nothing for RECONNECT_AFTER_STALE_MS more: reconnect.
 * A close the server did not explain goes to `reconnecting`, which waits a back-off
 * (RECONNECT_BASE_MS doubled each attempt, at most RECONNECT_CAP_MS) and opens a new socket. The
 * server's close codes end the session where the user must act: 4408 `idleSignedOut` (Reconnect),
 * 4429 `full` (Retry), 4403 `disabled` (Retry, once WebView is on again), 4401 `unauthorized` (the
 * app's forced re-login: action `reportUnauthorized`). Without WebSocket in the browser the
 * session is `unsupported` from the start.
 *
 * Writes ('tag.write') are sent only while live, each with an id, and kept as pending until the
 * `write_result` with that id; an answer that does not come within WRITE_TIMEOUT_MS (the
 * `writeTimer` child, one per write) or a socket closed under it fails the write visibly
 * (`lastWriteError`). The user's touches and keys ('user.activity') send `activity`, at most once
 * between two heartbeats of the server (no timer of its own), so the idle timeout starts again.
 *
 * Provided by the console (`useMachineActor(webviewSessionMachine, { actors, actions, input })`):
 * - actor `socket` (fromCallback): opens the socket, sends the token first, sends back
 *   WebviewSocketEvent objects, and sends what it receives (`{ type: 'send', message }`) once open;
 *   closes the socket in its cleanup.
 * - actor `writeTimer` (fromCallback, input `{ id }`): sends back `{ type: 'write.timeout', id }`
 *   after WRITE_TIMEOUT_MS (the default does exactly this; the QA entry's double never fires).
 * - action `reportUnauthorized`: the app's forced re-login (invalidTokenDetected).
 */
import { assign, enqueueActions, fromCallback, not, sendTo, setup, type EventObject } from 'xstate';

import { WEBVIEW_CLOSE, WEBVIEW_HEARTBEAT_MS, type WebviewWriteError } from '../contract/api/webview.routes';
import type { WebviewClientMessage } from '../contract/api/webview-socket';
import { notProvided } from './actor-errors';

export const WEBVIEW_SESSION_ID = 'webviewSession';
/** No message for twice the heartbeat: the values are stale. */
export const STALE_AFTER_MS = 2 * WEBVIEW_HEARTBEAT_MS;
/** Stale this long more: the socket is given up and opened again. */
export const RECONNECT_AFTER_STALE_MS = 2 * WEBVIEW_HEARTBEAT_MS;
/** A socket that has not said anything this long after opening is opened again. */
export const CONNECT_TIMEOUT_MS = 2 * WEBVIEW_HEARTBEAT_MS;
/** The first reconnect waits this long; each next one twice as long, up to RECONNECT_CAP_MS. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_CAP_MS = 30_000;
/** A write the server has not answered this long after it was sent fails. */
export const WRITE_TIMEOUT_MS = 5000;
/** `activity` is sent at most once per heartbeat of the server (every WEBVIEW_HEARTBEAT_MS). */
export const ACTIVITY_THROTTLE_MS = WEBVIEW_HEARTBEAT_MS;

export type TagValue = number | string;

/** Why a write failed: the server's reason, no answer in time, or the socket lost under it. */
export type WriteFailure = WebviewWriteError | 'timeout' | 'connection_lost';

/** The wait before reconnect attempt `attempt` (1, 2, …). */
export function backoffMs(attempt: number): number {
  return Math.min(RECONNECT_BASE_MS * 2 ** Math.max(0, attempt - 1), RECONNECT_CAP_MS);
}

/** What the `socket` actor sends back to the machine. */
export type WebviewSocketEvent =
  | { type: 'socket.open' }
  | { type: 'server.values'; screen: number; values: Record<string, TagValue> }
  | { type: 'server.writeResult'; id: string; ok: boolean; error_code?: WebviewWriteError }
  | { type: 'server.heartbeat' }
  | { type: 'socket.closed'; code: number };

export type WebviewSessionEvent =
  | WebviewSocketEvent
  | { type: 'screen.follow'; id: number }
  | { type: 'tag.write'; tag: string; value: TagValue }
  | { type: 'write.timeout'; id: string }
  | { type: 'write.dismiss' }
  | { type: 'user.activity' }
  | { type: 'session.retry' };

export interface PendingWrite {
  tag: string;
  value: TagValue;
}

export interface WebviewSessionContext {
  /** The screen followed (sent on every connect and on change); null before one is chosen. */
  screen: number | null;
  /** The latest value of each tag of the followed screen. */
  values: Record<string, TagValue>;
  /** Writes sent and not answered yet, by id. */
  pending: Record<string, PendingWrite>;
  /** The last write that failed, until dismissed or the next write. */
  lastWriteError: { tag: string; error: WriteFailure } | null;
  /** Writes sent so far (names the next write's id). */
  writes: number;
  /** Reconnect attempts since the server last spoke. */
  attempt: number;
  /** Whether `activity` went out since the last heartbeat (at most one per heartbeat). */
  activitySent: boolean;
  /** Whether the browser has WebSocket. */
  supported: boolean;
}

export interface WebviewSessionInput {
  screen: number | null;
  supported: boolean;
}

/** What the socket actor receives from the machine. */
export interface SocketSend {
  type: 'send';
  message: WebviewClientMessage;
}

const sending = (message: WebviewClientMessage): SocketSend => ({ type: 'send', message });



/** Every pending write fails with the connection it was sent on (and its timer stops). */
function failPending(context: WebviewSessionContext, enqueue: { stopChild: (id: string) => void; assign: (v: Partial<WebviewSessionContext>) => void }): void {
  const ids = Object.keys(context.pending);
  if (ids.length === 0) return;
  for (const id of ids) enqueue.stopChild(`write:${id}`);
  enqueue.assign({ pending: {}, lastWriteError: { tag: context.pending[ids[ids.length - 1]!]!.tag, error: 'connection_lost' } });
}


export const webviewSessionMachine = setup({
  types: {
    context: {} as WebviewSessionContext,
    events: {} as WebviewSessionEvent,
    input: {} as WebviewSessionInput,
  },
  actors: {
    socket: fromCallback<EventObject>(() => {
      throw notProvided(WEBVIEW_SESSION_ID, 'socket');
    }),
    writeTimer: fromCallback<EventObject, { id: string }>(({ sendBack, input }) => {
      const timer = setTimeout(() => sendBack({ type: 'write.timeout', id: input.id }), WRITE_TIMEOUT_MS);
      return () => clearTimeout(timer);
    }),
  },
  actions: {
    reportUnauthorized: () => {},
  },
  guards: {
    supported: ({ context }) => context.supported,
    activitySent: ({ context }) => context.activitySent,
    hasScreen: ({ context }) => context.screen !== null,
    ofFollowedScreen: ({ context, event }) => event.type === 'server.values' && event.screen === context.screen,
    isPending: ({ context, event }) => 'id' in event && typeof event.id === 'string' && event.id in context.pending,
    closedAs: ({ event }, code: number) => event.type === 'socket.closed' && event.code === code,
  },
  delays: {
    backoff: ({ context }) => backoffMs(context.attempt),
  },
}).createMachine({
  id: WEBVIEW_SESSION_ID,
  context: ({ input }) => ({
    screen: input.screen,
    values: {},
    pending: {},
    lastWriteError: null,
    writes: 0,
    attempt: 0,
    activitySent: false,
    supported: input.supported,
  }),
  initial: 'start',
  on: {
    // Out of `connected` the choice is kept for the next connect; in it, it is also sent.
    'screen.follow': { actions: assign({ screen: ({ event }) => event.id, values: {} }) },
    'write.dismiss': { actions: assign({ lastWriteError: null }) },
  },
  states: {
    start: {
      always: [{ guard: not('supported'), target: 'unsupported' }, { target: 'connected' }],
    },
    connected: {
      initial: 'connecting',
      invoke: {
        id: 'socket',
        src: 'socket',
        // The socket actor itself failing (the WebSocket constructor throwing) is a lost connection.
        onError: {
        target: 'reconnecting',
        actions: enqueueActions(({ context, enqueue }) => {
          failPending(context, enqueue);
          enqueue.assign({ attempt: context.attempt + 1 });
        }),
      },
      },
      on: {
        'screen.follow': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            if (event.id === context.screen) return;
            enqueue.assign({ screen: event.id, values: {} });
            enqueue.sendTo('socket', sending({ type: 'screen', id: event.id }));
          }),
        },
        'server.writeResult': {
          guard: 'isPending',
          actions: enqueueActions(({ context, event, enqueue }) => {
            const write = context.pending[event.id]!;
            const { [event.id]: _answered, ...rest } = context.pending;
            enqueue.stopChild(`write:${event.id}`);
            enqueue.assign({
              pending: rest,
              lastWriteError: event.ok ? context.lastWriteError : { tag: write.tag, error: event.error_code ?? 'invalid_value' },
            });
          }),
        },
        'user.activity': {
          guard: not('activitySent'),
          actions: [sendTo('socket', sending({ type: 'activity' })), assign({ activitySent: true })],
        },
        'write.timeout': {
          guard: 'isPending',
          actions: assign(({ context, event }) => {
            const { [event.id]: late, ...rest } = context.pending;
            return { pending: rest, lastWriteError: { tag: late!.tag, error: 'timeout' as const } };
          }),
        },
        'socket.closed': [
          { guard: { type: 'closedAs', params: WEBVIEW_CLOSE.unauthorized }, target: 'unauthorized', actions: enqueueActions(({ context, enqueue }) => failPending(context, enqueue)) },
          { guard: { type: 'closedAs', params: WEBVIEW_CLOSE.forbidden }, target: 'disabled', actions: enqueueActions(({ context, enqueue }) => failPending(context, enqueue)) },
          { guard: { type: 'closedAs', params: WEBVIEW_CLOSE.idle }, target: 'idleSignedOut', actions: enqueueActions(({ context, enqueue }) => failPending(context, enqueue)) },
          { guard: { type: 'closedAs', params: WEBVIEW_CLOSE.full }, target: 'full', actions: enqueueActions(({ context, enqueue }) => failPending(context, enqueue)) },
          {
            target: 'reconnecting',
            actions: enqueueActions(({ context, enqueue }) => {
          failPending(context, enqueue);
          enqueue.assign({ attempt: context.attempt + 1 });
        }),
          },
        ],
      },
      states: {
            connecting: {
              tags: ['connecting'],
              on: {
                'socket.open': { guard: 'hasScreen', actions: sendTo('socket', ({ context }) => sending({ type: 'screen', id: context.screen ?? 0 })) },
                'server.values': { guard: 'ofFollowedScreen', target: 'live', actions: assign({ values: ({ context, event }) => ({ ...context.values, ...event.values }) }) },
                'server.heartbeat': { target: 'live', actions: assign({ activitySent: false }) },
              },
              after: { [CONNECT_TIMEOUT_MS]: { target: '#webviewSession.reconnecting', actions: assign({ attempt: ({ context }) => context.attempt + 1 }) } },
            },
            live: {
              tags: ['live'],
              entry: assign({ attempt: 0 }),
              on: {
                'server.values': { guard: 'ofFollowedScreen', target: 'live', reenter: true, actions: assign({ values: ({ context, event }) => ({ ...context.values, ...event.values }) }) },
                'server.heartbeat': { target: 'live', reenter: true, actions: assign({ activitySent: false }) },
                'tag.write': {
                  actions: enqueueActions(({ context, event, enqueue }) => {
                    const id = `w${context.writes + 1}`;
                    enqueue.assign({
                      writes: context.writes + 1,
                      pending: { ...context.pending, [id]: { tag: event.tag, value: event.value } },
                      lastWriteError: null,
                    });
                    enqueue.sendTo('socket', sending({ type: 'write', id, tag: event.tag, value: event.value }));
                    enqueue.spawnChild('writeTimer', { id: `write:${id}`, input: { id } });
                  }),
                },
              },
              after: { [STALE_AFTER_MS]: 'stale' },
            },
            stale: {
              tags: ['stale'],
              on: {
                'server.values': { guard: 'ofFollowedScreen', target: 'live', actions: assign({ values: ({ context, event }) => ({ ...context.values, ...event.values }) }) },
                'server.heartbeat': { target: 'live', actions: assign({ activitySent: false }) },
              },
              after: { [RECONNECT_AFTER_STALE_MS]: { target: '#webviewSession.reconnecting', actions: enqueueActions(({ context, enqueue }) => {
                    failPending(context, enqueue);
                    enqueue.assign({ attempt: 1 });
                  }) } },
            },
      },
    },
    reconnecting: {
      tags: ['reconnecting'],
      on: {
        'session.retry': { target: 'connected', actions: assign({ attempt: 0 }) },
      },
      after: { backoff: 'connected' },
    },
    idleSignedOut: {
      tags: ['signed_out'],
      on: { 'session.retry': { target: 'connected', actions: assign({ attempt: 0 }) } },
    },
    full: {
      tags: ['full'],
      on: { 'session.retry': { target: 'connected', actions: assign({ attempt: 0 }) } },
    },
    disabled: {
      tags: ['disabled'],
      on: { 'session.retry': { target: 'connected', actions: assign({ attempt: 0 }) } },
    },
    unauthorized: {
      tags: ['unauthorized'],
      type: 'final',
      entry: 'reportUnauthorized',
    },
    unsupported: {
      tags: ['unsupported'],
      type: 'final',
    },
  },
});

export type WebviewSessionMachine = typeof webviewSessionMachine;

import { createActor, fromCallback } from 'xstate';

import { WEBVIEW_CLOSE, WEBVIEW_HEARTBEAT_MS } from '../../../contract/api/webview.routes';
import type { WebviewClientMessage } from '../../../contract/api/webview-socket';
import {
  ACTIVITY_THROTTLE_MS,
  CONNECT_TIMEOUT_MS,
  RECONNECT_AFTER_STALE_MS,
  RECONNECT_BASE_MS,
  RECONNECT_CAP_MS,
  STALE_AFTER_MS,
  WRITE_TIMEOUT_MS,
  backoffMs,
  webviewSessionMachine,
  type SocketSend,
  type WebviewSessionInput,
  type WebviewSocketEvent,
} from '../../../machines/webview-session.machine';

interface FakeSocket {
  sendBack: (e: WebviewSocketEvent) => void;
  sent: WebviewClientMessage[];
  closed: boolean;
}

/** A socket whose sendBack the test drives and whose sent messages it reads; a spy for the
 * forced re-login. The write timer is the machine's own (fake timers). */
function harness(input: WebviewSessionInput = { screen: 10, supported: true }, options: { socketThrows?: boolean } = {}) {
  const sockets: FakeSocket[] = [];
  const reportUnauthorized = jest.fn();
  const machine = webviewSessionMachine.provide({
    actors: {
      socket: fromCallback(({ sendBack, receive }) => {
        if (options.socketThrows) throw new Error('WebSocket constructor failed');
        const socket: FakeSocket = { sendBack: (e) => sendBack(e), sent: [], closed: false };
        sockets.push(socket);
        receive((e) => socket.sent.push((e as SocketSend).message));
        return () => {
          socket.closed = true;
        };
      }),
    },
    actions: { reportUnauthorized },
  });
  const actor = createActor(machine, { input }).start();
  const socket = () => {
    const s = sockets[sockets.length - 1];
    if (!s) throw new Error('no socket was opened');
    return s;
  };
  const value = () => actor.getSnapshot().value;
  const context = () => actor.getSnapshot().context;
  const open = () => sockets.filter((s) => !s.closed).length;
  return { actor, sockets, socket, value, context, open, reportUnauthorized };
}

const link = (state: string) => ({ connected: state });
const VALUES = { type: 'server.values', screen: 10, values: { Tank1_Level: 42.5, Pump1_Running: 0 } } as const;

/** Connected, the screen sent and the first values in: live. */
function live(input?: WebviewSessionInput) {
  const h = harness(input);
  h.socket().sendBack({ type: 'socket.open' });
  h.socket().sendBack(VALUES);
  return h;
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('webviewSession: start', () => {
  it('connects at once, with one socket, when the browser has WebSocket', () => {
    const h = harness();
    expect(h.value()).toEqual(link('connecting'));
    expect(h.sockets).toHaveLength(1);
    expect(h.actor.getSnapshot().hasTag('connecting')).toBe(true);
    expect(h.context()).toMatchObject({ screen: 10, values: {}, pending: {}, attempt: 0, lastWriteError: null });
  });

  it('is "browser not supported" without WebSocket, and opens nothing', () => {
    const h = harness({ screen: 10, supported: false });
    expect(h.value()).toBe('unsupported');
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.actor.getSnapshot().hasTag('unsupported')).toBe(true);
    expect(h.sockets).toHaveLength(0);
  });
});

describe('webviewSession: connecting', () => {
  it('sends the followed screen once the socket is open, and stays connecting until the server speaks', () => {
    const h = harness();
    h.socket().sendBack({ type: 'socket.open' });
    expect(h.socket().sent).toEqual([{ type: 'screen', id: 10 }]);
    expect(h.value()).toEqual(link('connecting'));
  });

  it('sends no screen when none is chosen yet', () => {
    const h = harness({ screen: null, supported: true });
    h.socket().sendBack({ type: 'socket.open' });
    expect(h.socket().sent).toEqual([]);
    expect(h.value()).toEqual(link('connecting'));
  });

  it('goes live with the first values of its screen, and keeps them', () => {
    const h = harness();
    h.socket().sendBack({ type: 'socket.open' });
    h.socket().sendBack(VALUES);
    expect(h.value()).toEqual(link('live'));
    expect(h.actor.getSnapshot().hasTag('live')).toBe(true);
    expect(h.context().values).toEqual({ Tank1_Level: 42.5, Pump1_Running: 0 });
  });

  it('ignores values of another screen', () => {
    const h = harness();
    h.socket().sendBack({ type: 'server.values', screen: 11, values: { Mixer: 1 } });
    expect(h.value()).toEqual(link('connecting'));
    expect(h.context().values).toEqual({});
  });

  it('goes live on a heartbeat too', () => {
    const h = harness();
    h.socket().sendBack({ type: 'server.heartbeat' });
    expect(h.value()).toEqual(link('live'));
    expect(h.context().values).toEqual({});
  });

  it(`opens the socket again when it says nothing for ${CONNECT_TIMEOUT_MS} ms`, async () => {
    const h = harness();
    await jest.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1);
    expect(h.value()).toEqual(link('connecting'));
    await jest.advanceTimersByTimeAsync(1);
    expect(h.value()).toBe('reconnecting');
    expect(h.context().attempt).toBe(1);
    expect(h.socket().closed).toBe(true);
    expect(h.open()).toBe(0);
  });

  it('reconnects when the socket actor itself fails, counting the attempt', () => {
    const h = harness({ screen: 10, supported: true }, { socketThrows: true });
    expect(h.value()).toBe('reconnecting');
    expect(h.context().attempt).toBe(1);
  });
});

describe('webviewSession: live and stale', () => {
  it('merges each values message into the values, staying live', () => {
    const h = live();
    h.socket().sendBack({ type: 'server.values', screen: 10, values: { Pump1_Running: 1 } });
    expect(h.value()).toEqual(link('live'));
    expect(h.context().values).toEqual({ Tank1_Level: 42.5, Pump1_Running: 1 });
    h.socket().sendBack({ type: 'server.values', screen: 11, values: { Pump1_Running: 0 } });
    expect(h.context().values).toEqual({ Tank1_Level: 42.5, Pump1_Running: 1 });
  });

  it(`goes stale after ${STALE_AFTER_MS} ms (twice the heartbeat) without a message; any message restarts the wait`, async () => {
    expect(STALE_AFTER_MS).toBe(2 * WEBVIEW_HEARTBEAT_MS);
    const h = live();
    await jest.advanceTimersByTimeAsync(STALE_AFTER_MS - 1);
    h.socket().sendBack({ type: 'server.heartbeat' });
    await jest.advanceTimersByTimeAsync(STALE_AFTER_MS - 1);
    expect(h.value()).toEqual(link('live'));
    h.socket().sendBack({ type: 'server.values', screen: 10, values: { Tank1_Level: 43 } });
    await jest.advanceTimersByTimeAsync(STALE_AFTER_MS - 1);
    expect(h.value()).toEqual(link('live'));
    await jest.advanceTimersByTimeAsync(1);
    expect(h.value()).toEqual(link('stale'));
    expect(h.actor.getSnapshot().hasTag('stale')).toBe(true);
    expect(h.actor.getSnapshot().hasTag('live')).toBe(false);
    // The values are kept, to be shown as stale.
    expect(h.context().values).toEqual({ Tank1_Level: 43, Pump1_Running: 0 });
  });

  it('is live again on a heartbeat or values of its screen while stale, not on values of another', async () => {
    const h = live();
    await jest.advanceTimersByTimeAsync(STALE_AFTER_MS);
    h.socket().sendBack({ type: 'server.values', screen: 11, values: { X: 1 } });
    expect(h.value()).toEqual(link('stale'));
    h.socket().sendBack({ type: 'server.heartbeat' });
    expect(h.value()).toEqual(link('live'));
    await jest.advanceTimersByTimeAsync(STALE_AFTER_MS);
    h.socket().sendBack({ type: 'server.values', screen: 10, values: { Tank1_Level: 50 } });
    expect(h.value()).toEqual(link('live'));
    expect(h.context().values.Tank1_Level).toBe(50);
  });

  it(`gives the socket up after ${RECONNECT_AFTER_STALE_MS} ms stale, and opens one again after the back-off`, async () => {
    const h = live();
    await jest.advanceTimersByTimeAsync(STALE_AFTER_MS + RECONNECT_AFTER_STALE_MS - 1);
    expect(h.value()).toEqual(link('stale'));
    await jest.advanceTimersByTimeAsync(1);
    expect(h.value()).toBe('reconnecting');
    expect(h.actor.getSnapshot().hasTag('reconnecting')).toBe(true);
    expect(h.context().attempt).toBe(1);
    expect(h.open()).toBe(0);
    await jest.advanceTimersByTimeAsync(RECONNECT_BASE_MS - 1);
    expect(h.sockets).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(h.value()).toEqual(link('connecting'));
    expect(h.sockets).toHaveLength(2);
    expect(h.open()).toBe(1);
  });
});

describe('webviewSession: reconnecting', () => {
  it('backs off doubling each attempt up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(backoffMs(1)).toBe(RECONNECT_BASE_MS);
    expect(backoffMs(50)).toBe(RECONNECT_CAP_MS);
  });

  it('reconnects on an unexplained close, one socket at a time, and resends the screen on the new one', async () => {
    const h = live();
    h.socket().sendBack({ type: 'socket.closed', code: 1006 });
    expect(h.value()).toBe('reconnecting');
    expect(h.context().attempt).toBe(1);
    expect(h.open()).toBe(0);
    await jest.advanceTimersByTimeAsync(backoffMs(1));
    expect(h.sockets).toHaveLength(2);
    h.socket().sendBack({ type: 'socket.closed', code: 1006 });
    expect(h.context().attempt).toBe(2);
    await jest.advanceTimersByTimeAsync(backoffMs(2) - 1);
    expect(h.value()).toBe('reconnecting');
    expect(h.sockets).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(h.sockets).toHaveLength(3);
    expect(h.open()).toBe(1);
    h.socket().sendBack({ type: 'socket.open' });
    expect(h.socket().sent).toEqual([{ type: 'screen', id: 10 }]);
    h.socket().sendBack(VALUES);
    expect(h.value()).toEqual(link('live'));
    expect(h.context().attempt).toBe(0);
  });

  it('keeps the screen chosen while reconnecting and sends it on the next connect', async () => {
    const h = live();
    h.socket().sendBack({ type: 'socket.closed', code: 1006 });
    h.actor.send({ type: 'screen.follow', id: 11 });
    expect(h.value()).toBe('reconnecting');
    expect(h.context().screen).toBe(11);
    expect(h.context().values).toEqual({});
    await jest.advanceTimersByTimeAsync(backoffMs(1));
    h.socket().sendBack({ type: 'socket.open' });
    expect(h.socket().sent).toEqual([{ type: 'screen', id: 11 }]);
  });

  it('Retry while reconnecting connects at once, from the first attempt', () => {
    const h = live();
    h.socket().sendBack({ type: 'socket.closed', code: 1006 });
    h.actor.send({ type: 'session.retry' });
    expect(h.value()).toEqual(link('connecting'));
    expect(h.context().attempt).toBe(0);
    expect(h.sockets).toHaveLength(2);
  });
});

describe('webviewSession: the server ends the session', () => {
  it.each([
    [WEBVIEW_CLOSE.idle, 'idleSignedOut', 'signed_out'],
    [WEBVIEW_CLOSE.full, 'full', 'full'],
    [WEBVIEW_CLOSE.forbidden, 'disabled', 'disabled'],
  ])('close %i → %s, where Retry connects again', async (code, state, tag) => {
    const h = live();
    h.socket().sendBack({ type: 'socket.closed', code });
    expect(h.value()).toBe(state);
    expect(h.actor.getSnapshot().hasTag(tag)).toBe(true);
    expect(h.open()).toBe(0);
    // It does not reconnect by itself.
    await jest.advanceTimersByTimeAsync(RECONNECT_CAP_MS * 2);
    expect(h.value()).toBe(state);
    expect(h.sockets).toHaveLength(1);
    expect(h.reportUnauthorized).not.toHaveBeenCalled();
    h.actor.send({ type: 'session.retry' });
    expect(h.value()).toEqual(link('connecting'));
    expect(h.sockets).toHaveLength(2);
    expect(h.context().attempt).toBe(0);
  });

  it.each([
    [WEBVIEW_CLOSE.idle, 'idleSignedOut'],
    [WEBVIEW_CLOSE.full, 'full'],
    [WEBVIEW_CLOSE.forbidden, 'disabled'],
  ])('a close the server explains (%i → %s) resets the attempts on Retry', async (code, state) => {
    const h = harness();
    h.socket().sendBack({ type: 'socket.closed', code: 1006 });
    await jest.advanceTimersByTimeAsync(backoffMs(1));
    expect(h.context().attempt).toBe(1);
    h.socket().sendBack({ type: 'socket.closed', code });
    expect(h.value()).toBe(state);
    h.actor.send({ type: 'session.retry' });
    expect(h.context().attempt).toBe(0);
  });

  it.each([WEBVIEW_CLOSE.idle, WEBVIEW_CLOSE.full, WEBVIEW_CLOSE.forbidden])('close %i from connecting ends the session too', (code) => {
    const h = harness();
    h.socket().sendBack({ type: 'socket.open' });
    h.socket().sendBack({ type: 'socket.closed', code });
    expect(h.value()).toBe(code === WEBVIEW_CLOSE.idle ? 'idleSignedOut' : code === WEBVIEW_CLOSE.full ? 'full' : 'disabled');
  });

  it('close 4401 → unauthorized: the forced re-login, and nothing more', async () => {
    const h = live();
    h.socket().sendBack({ type: 'socket.closed', code: WEBVIEW_CLOSE.unauthorized });
    expect(h.value()).toBe('unauthorized');
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.reportUnauthorized).toHaveBeenCalledTimes(1);
    expect(h.open()).toBe(0);
    await jest.advanceTimersByTimeAsync(RECONNECT_CAP_MS * 2);
    expect(h.sockets).toHaveLength(1);
  });

  it('other codes reconnect', () => {
    for (const code of [1000, 1001, 1011, 4400, 4409]) {
      const h = live();
      h.socket().sendBack({ type: 'socket.closed', code });
      expect(h.value()).toBe('reconnecting');
      h.actor.stop();
    }
  });
});

describe('webviewSession: the followed screen', () => {
  it('sends a new screen while live, clears the old values, and waits for the new ones', () => {
    const h = live();
    h.actor.send({ type: 'screen.follow', id: 11 });
    expect(h.value()).toEqual(link('live'));
    expect(h.context().screen).toBe(11);
    expect(h.context().values).toEqual({});
    expect(h.socket().sent).toEqual([{ type: 'screen', id: 10 }, { type: 'screen', id: 11 }]);
    h.socket().sendBack(VALUES); // late values of the old screen
    expect(h.context().values).toEqual({});
    h.socket().sendBack({ type: 'server.values', screen: 11, values: { Mixer_Speed: 1200 } });
    expect(h.context().values).toEqual({ Mixer_Speed: 1200 });
  });

  it('does not resend the screen already followed', () => {
    const h = live();
    h.actor.send({ type: 'screen.follow', id: 10 });
    expect(h.socket().sent).toEqual([{ type: 'screen', id: 10 }]);
    expect(h.context().values).toEqual({ Tank1_Level: 42.5, Pump1_Running: 0 });
  });

  it('changing the screen while stale stays stale', async () => {
    const h = live();
    await jest.advanceTimersByTimeAsync(STALE_AFTER_MS);
    h.actor.send({ type: 'screen.follow', id: 11 });
    expect(h.value()).toEqual(link('stale'));
    expect(h.context().screen).toBe(11);
  });

  it('a screen chosen in a final-ish state is the one sent after Retry', () => {
    const h = live();
    h.socket().sendBack({ type: 'socket.closed', code: WEBVIEW_CLOSE.full });
    h.actor.send({ type: 'screen.follow', id: 12 });
    expect(h.value()).toBe('full');
    expect(h.context().screen).toBe(12);
    h.actor.send({ type: 'session.retry' });
    h.socket().sendBack({ type: 'socket.open' });
    expect(h.socket().sent).toEqual([{ type: 'screen', id: 12 }]);
  });
});

describe('webviewSession: writes', () => {
  it('sends a write with an id, keeps it pending until its result, and stays live', () => {
    const h = live();
    h.actor.send({ type: 'tag.write', tag: 'Pump1_Running', value: 1 });
    expect(h.value()).toEqual(link('live'));
    expect(h.socket().sent.at(-1)).toEqual({ type: 'write', id: 'w1', tag: 'Pump1_Running', value: 1 });
    expect(h.context().pending).toEqual({ w1: { tag: 'Pump1_Running', value: 1 } });
    h.actor.send({ type: 'tag.write', tag: 'Tank1_Setpoint', value: 55.5 });
    expect(h.socket().sent.at(-1)).toEqual({ type: 'write', id: 'w2', tag: 'Tank1_Setpoint', value: 55.5 });
    h.socket().sendBack({ type: 'server.writeResult', id: 'w1', ok: true });
    expect(h.value()).toEqual(link('live'));
    expect(h.context().pending).toEqual({ w2: { tag: 'Tank1_Setpoint', value: 55.5 } });
    expect(h.context().lastWriteError).toBeNull();
  });

  it('a refused write fails visibly with the server\u2019s reason', () => {
    const h = live();
    h.actor.send({ type: 'tag.write', tag: 'Pump1_Running', value: 1 });
    h.socket().sendBack({ type: 'server.writeResult', id: 'w1', ok: false, error_code: 'not_writable' });
    expect(h.context().pending).toEqual({});
    expect(h.context().lastWriteError).toEqual({ tag: 'Pump1_Running', error: 'not_writable' });
    expect(h.value()).toEqual(link('live'));
    h.actor.send({ type: 'write.dismiss' });
    expect(h.context().lastWriteError).toBeNull();
  });

  it('ignores a result for a write it did not send', () => {
    const h = live();
    h.actor.send({ type: 'tag.write', tag: 'Pump1_Running', value: 1 });
    h.socket().sendBack({ type: 'server.writeResult', id: 'w9', ok: false, error_code: 'view_only' });
    expect(h.context().pending).toEqual({ w1: { tag: 'Pump1_Running', value: 1 } });
    expect(h.context().lastWriteError).toBeNull();
  });

  it(`fails a write with no answer within ${WRITE_TIMEOUT_MS} ms; a late answer changes nothing`, async () => {
    const h = live();
    h.actor.send({ type: 'tag.write', tag: 'Pump1_Running', value: 1 });
    await jest.advanceTimersByTimeAsync(WRITE_TIMEOUT_MS - 1);
    expect(h.context().pending).toHaveProperty('w1');
    // The server keeps the socket alive meanwhile.
    h.socket().sendBack({ type: 'server.heartbeat' });
    await jest.advanceTimersByTimeAsync(1);
    expect(h.context().pending).toEqual({});
    expect(h.context().lastWriteError).toEqual({ tag: 'Pump1_Running', error: 'timeout' });
    expect(h.value()).toEqual(link('live'));
    h.socket().sendBack({ type: 'server.writeResult', id: 'w1', ok: true });
    expect(h.context().lastWriteError).toEqual({ tag: 'Pump1_Running', error: 'timeout' });
  });

  it('an answered write does not time out', async () => {
    const h = live();
    h.actor.send({ type: 'tag.write', tag: 'Pump1_Running', value: 1 });
    h.socket().sendBack({ type: 'server.writeResult', id: 'w1', ok: true });
    h.actor.send({ type: 'tag.write', tag: 'Pump1_Running', value: 0 });
    await jest.advanceTimersByTimeAsync(WRITE_TIMEOUT_MS - 1);
    h.socket().sendBack({ type: 'server.writeResult', id: 'w2', ok: true });
    await jest.advanceTimersByTimeAsync(WRITE_TIMEOUT_MS);
    expect(h.context().lastWriteError).toBeNull();
  });

  it('a timeout event for an id not pending changes nothing', () => {
    const h = live();
    h.actor.send({ type: 'write.timeout', id: 'w5' });
    expect(h.context().lastWriteError).toBeNull();
    expect(h.value()).toEqual(link('live'));
  });

  it('a new write clears the last failure', () => {
    const h = live();
    h.actor.send({ type: 'tag.write', tag: 'Pump1_Running', value: 1 });
    h.socket().sendBack({ type: 'server.writeResult', id: 'w1', ok: false, error_code: 'invalid_value' });
    expect(h.context().lastWriteError).not.toBeNull();
    h.actor.send({ type: 'tag.write', tag: 'Pump1_Running', value: 1 });
    expect(h.context().lastWriteError).toBeNull();
  });

  it('sends no write unless live', async () => {
    const h = harness();
    h.socket().sendBack({ type: 'socket.open' });
    h.actor.send({ type: 'tag.write', tag: 'Pump1_Running', value: 1 });
    expect(h.socket().sent).toEqual([{ type: 'screen', id: 10 }]);
    expect(h.context().pending).toEqual({});
    h.socket().sendBack(VALUES);
    await jest.advanceTimersByTimeAsync(STALE_AFTER_MS);
    h.actor.send({ type: 'tag.write', tag: 'Pump1_Running', value: 1 });
    expect(h.socket().sent).toEqual([{ type: 'screen', id: 10 }]);
    expect(h.context().pending).toEqual({});
  });

  it.each([
    ['an unexplained close', { type: 'socket.closed', code: 1006 } as const, 'reconnecting'],
    ['4401', { type: 'socket.closed', code: WEBVIEW_CLOSE.unauthorized } as const, 'unauthorized'],
    ['4403', { type: 'socket.closed', code: WEBVIEW_CLOSE.forbidden } as const, 'disabled'],
    ['4408', { type: 'socket.closed', code: WEBVIEW_CLOSE.idle } as const, 'idleSignedOut'],
    ['4429', { type: 'socket.closed', code: WEBVIEW_CLOSE.full } as const, 'full'],
  ])('a pending write fails with the connection on %s', (_, event, state) => {
    const h = live();
    h.actor.send({ type: 'tag.write', tag: 'Pump1_Running', value: 1 });
    h.socket().sendBack(event);
    expect(h.value()).toBe(state);
    expect(h.context().pending).toEqual({});
    expect(h.context().lastWriteError).toEqual({ tag: 'Pump1_Running', error: 'connection_lost' });
  });

  it('a pending write fails when a stale socket is given up', async () => {
    const h = live();
    h.actor.send({ type: 'tag.write', tag: 'Pump1_Running', value: 1 });
    h.socket().sendBack({ type: 'server.writeResult', id: 'w1', ok: true });
    h.actor.send({ type: 'tag.write', tag: 'Tank1_Setpoint', value: 3 });
    // Keep the write from timing out first: the timeout is shorter than the stale wait.
    expect(WRITE_TIMEOUT_MS).toBeLessThan(STALE_AFTER_MS);
    await jest.advanceTimersByTimeAsync(STALE_AFTER_MS + RECONNECT_AFTER_STALE_MS);
    expect(h.value()).toBe('reconnecting');
    expect(h.context().lastWriteError).toEqual({ tag: 'Tank1_Setpoint', error: 'timeout' });
  });

  it('no failure is invented when nothing was pending at a close', () => {
    const h = live();
    h.socket().sendBack({ type: 'socket.closed', code: 1006 });
    expect(h.context().lastWriteError).toBeNull();
  });
});

describe('webviewSession: activity', () => {
  it(`sends activity on the first touch, then at most once until the next heartbeat (every ${ACTIVITY_THROTTLE_MS} ms)`, () => {
    expect(ACTIVITY_THROTTLE_MS).toBe(WEBVIEW_HEARTBEAT_MS);
    const h = live();
    const activities = () => h.socket().sent.filter((m) => m.type === 'activity').length;
    h.actor.send({ type: 'user.activity' });
    expect(h.value()).toEqual(link('live'));
    expect(h.context().activitySent).toBe(true);
    h.actor.send({ type: 'user.activity' });
    expect(activities()).toBe(1);
    h.socket().sendBack({ type: 'server.values', screen: 10, values: { Tank1_Level: 1 } });
    h.actor.send({ type: 'user.activity' });
    expect(activities()).toBe(1);
    h.socket().sendBack({ type: 'server.heartbeat' });
    expect(h.context().activitySent).toBe(false);
    h.actor.send({ type: 'user.activity' });
    expect(activities()).toBe(2);
  });

  it('a heartbeat while connecting or stale frees the next activity too', async () => {
    const h = harness();
    h.actor.send({ type: 'user.activity' });
    expect(h.value()).toEqual(link('connecting'));
    expect(h.context().activitySent).toBe(true);
    h.socket().sendBack({ type: 'server.heartbeat' });
    expect(h.context().activitySent).toBe(false);
    await jest.advanceTimersByTimeAsync(STALE_AFTER_MS);
    h.actor.send({ type: 'user.activity' });
    expect(h.context().activitySent).toBe(true);
    h.socket().sendBack({ type: 'server.heartbeat' });
    expect(h.value()).toEqual(link('live'));
    expect(h.context().activitySent).toBe(false);
  });
});

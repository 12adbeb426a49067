/**
 * Behaviour of the remote-access connection on a real actor: where each status puts it, the pace of
 * the asks in each state, Connect and Disconnect (where they are offered, what their answers do, a
 * failed one), the device that cannot be reached, and a saved change of the settings.
 */
import { createActor } from 'xstate';
import type { RemoteAccessStatus } from '../../../contract/api/remote-access';
import { FAST_POLL_MS, POLL_MS, RETRY_MS, remoteAccessMachine, type RemoteAccessEvent, type RemoteAccessTag } from '../../../machines/remote-access.machine';
import { SAMPLE_REMOTE_STATUSES as S } from '../../../machines/remote-access.qa';
import { controllable } from '../../support/controllable-actor';

const FETCH_ERROR = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
const TAGS: RemoteAccessTag[] = ['loading', 'not_activated', 'connecting', 'connected', 'occupied', 'disconnected', 'unreachable', 'busy'];

function harness() {
  const fetchStatus = controllable<RemoteAccessStatus, unknown>();
  const connect = controllable<RemoteAccessStatus, unknown>();
  const disconnect = controllable<RemoteAccessStatus, unknown>();
  const actor = createActor(remoteAccessMachine.provide({ actors: { fetchStatus: fetchStatus.logic, connect: connect.logic, disconnect: disconnect.logic } })).start();
  const snapshot = () => actor.getSnapshot();
  return {
    fetchStatus,
    connect,
    disconnect,
    context: () => snapshot().context,
    send: (event: RemoteAccessEvent) => actor.send(event),
    at: () => {
      const value = snapshot().value;
      if (typeof value === 'string') return value;
      const [[parent, child]] = Object.entries(value) as [[string, string]];
      return `${parent}.${child}`;
    },
    tags: () => TAGS.filter((t) => snapshot().hasTag(t)),
    asks: () => fetchStatus.calls.length,
    answer: async (status: RemoteAccessStatus | 'fail', with_ = fetchStatus) => {
      if (status === 'fail') with_.last().reject(FETCH_ERROR);
      else with_.last().resolve(status);
      await flush();
    },
  };
}
type Harness = ReturnType<typeof harness>;
const flush = () => jest.advanceTimersByTimeAsync(0);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

async function started(status: RemoteAccessStatus) {
  const h = harness();
  await h.answer(status);
  return h;
}

async function nextAskAfter(h: Harness, ms: number) {
  const before = h.asks();
  await jest.advanceTimersByTimeAsync(ms - 1);
  expect(h.asks()).toBe(before);
  await jest.advanceTimersByTimeAsync(1);
  expect(h.asks()).toBe(before + 1);
}

describe('remoteAccess: the first read', () => {
  it('asks at once behind the loading tag', () => {
    const h = harness();
    expect(h.at()).toBe('loading');
    expect(h.tags()).toEqual(['loading']);
    expect(h.asks()).toBe(1);
  });

  it.each([
    ['notActivated.waiting', S.notActivated, 'not_activated'],
    ['connecting.waiting', S.connecting, 'connecting'],
    ['connected.waiting', S.connected, 'connected'],
    ['occupied.waiting', S.occupied, 'occupied'],
    ['disconnected.waiting', S.wrongPassword, 'disconnected'],
  ] as const)('goes to %s for its status, keeping it', async (at, status, tag) => {
    const h = await started(status);
    expect(h.at()).toBe(at);
    expect(h.tags()).toEqual([tag]);
    expect(h.context().status).toEqual(status);
    expect(h.context().error).toBeNull();
  });

  it('a failed read is unreachable, with its error', async () => {
    const h = harness();
    await h.answer('fail');
    expect(h.at()).toBe('unreachable');
    expect(h.tags()).toEqual(['unreachable']);
    expect(h.context().error).not.toBeNull();
  });
});

describe('remoteAccess: the pace of the asks', () => {
  it('asks every FAST_POLL_MS while connecting, then follows the answer', async () => {
    const h = await started(S.connecting);
    await nextAskAfter(h, FAST_POLL_MS);
    expect(h.at()).toBe('connecting.asking');
    await h.answer(S.connecting);
    expect(h.at()).toBe('connecting.waiting');
    await nextAskAfter(h, FAST_POLL_MS);
    await h.answer(S.connected);
    expect(h.at()).toBe('connected.waiting');
  });

  it.each([
    ['connected', S.connected, S.wrongPassword, 'disconnected.waiting'],
    ['not activated', S.notActivated, S.connecting, 'connecting.waiting'],
    ['occupied', S.occupied, S.connected, 'connected.waiting'],
    ['disconnected', S.dns, S.occupied, 'occupied.waiting'],
  ] as const)('asks every POLL_MS while %s and moves where the answer says', async (_name, first, next, at) => {
    const h = await started(first);
    await nextAskAfter(h, POLL_MS);
    await h.answer(first);
    expect(h.context().status).toEqual(first);
    await nextAskAfter(h, POLL_MS);
    await h.answer(next);
    expect(h.at()).toBe(at);
    expect(h.context().status).toEqual(next);
  });

  it('each state goes to not activated when the answer says so', async () => {
    for (const s of [S.connected, S.connecting, S.occupied, S.dns]) {
      const h = await started(s);
      await jest.advanceTimersByTimeAsync(POLL_MS);
      await h.answer(S.notActivated);
      expect(h.at()).toBe('notActivated.waiting');
    }
  });

  it('a failed ask in any state is unreachable, the last status kept', async () => {
    for (const s of [S.connected, S.connecting, S.occupied, S.dns, S.notActivated]) {
      const h = await started(s);
      await jest.advanceTimersByTimeAsync(POLL_MS);
      await h.answer('fail');
      expect(h.at()).toBe('unreachable');
      expect(h.context().status).toEqual(s);
    }
  });
});

describe('remoteAccess: Connect and Disconnect', () => {
  it('Connect is offered while not activated: busy, then the state its answer says', async () => {
    const h = await started(S.notActivated);
    h.send({ type: 'remote.connect' });
    expect(h.at()).toBe('connectRequest');
    expect(h.tags()).toEqual(['connecting', 'busy']);
    expect(h.connect.calls).toHaveLength(1);
    await h.answer(S.connecting, h.connect);
    expect(h.at()).toBe('connecting.waiting');
    expect(h.context().status).toEqual(S.connecting);
  });

  it('Connect is offered while disconnected; an answer saying the code goes back there', async () => {
    const h = await started(S.wrongPassword);
    h.send({ type: 'remote.connect' });
    await h.answer(S.wrongPassword, h.connect);
    expect(h.at()).toBe('disconnected.waiting');
  });

  it('a Connect answered connected goes straight to connected', async () => {
    const h = await started(S.notActivated);
    h.send({ type: 'remote.connect' });
    await h.answer(S.connected, h.connect);
    expect(h.at()).toBe('connected.waiting');
  });

  it.each([
    ['connected', S.connected],
    ['connecting', S.connecting],
    ['occupied', S.occupied],
  ] as const)('Connect is not offered while %s', async (_n, s) => {
    const h = await started(s);
    const at = h.at();
    h.send({ type: 'remote.connect' });
    expect(h.at()).toBe(at);
    expect(h.connect.calls).toHaveLength(0);
  });

  it.each([
    ['connected', S.connected],
    ['connecting', S.connecting],
    ['occupied', S.occupied],
    ['disconnected', S.dns],
  ] as const)('Disconnect is offered while %s: busy, then not activated', async (_n, s) => {
    const h = await started(s);
    h.send({ type: 'remote.disconnect' });
    expect(h.at()).toBe('disconnectRequest');
    expect(h.tags()).toEqual(['connected', 'busy']);
    await h.answer(S.notActivated, h.disconnect);
    expect(h.at()).toBe('notActivated.waiting');
    expect(h.context().status).toEqual(S.notActivated);
  });

  it('Disconnect is not offered while not activated', async () => {
    const h = await started(S.notActivated);
    h.send({ type: 'remote.disconnect' });
    expect(h.at()).toBe('notActivated.waiting');
    expect(h.disconnect.calls).toHaveLength(0);
  });

  it('a failed Connect or Disconnect is unreachable, with its error', async () => {
    const a = await started(S.notActivated);
    a.send({ type: 'remote.connect' });
    await a.answer('fail', a.connect);
    expect(a.at()).toBe('unreachable');
    expect(a.context().error).not.toBeNull();
    const b = await started(S.connected);
    b.send({ type: 'remote.disconnect' });
    await b.answer('fail', b.disconnect);
    expect(b.at()).toBe('unreachable');
    expect(b.context().status).toEqual(S.connected);
  });

  it('a Disconnect answered by a status that still connects follows it', async () => {
    const h = await started(S.connected);
    h.send({ type: 'remote.disconnect' });
    await h.answer(S.occupied, h.disconnect);
    expect(h.at()).toBe('occupied.waiting');
  });
});

describe('remoteAccess: unreachable and changes', () => {
  it('asks again after RETRY_MS, not before', async () => {
    const h = harness();
    await h.answer('fail');
    await nextAskAfter(h, RETRY_MS);
    expect(h.at()).toBe('loading');
    await h.answer(S.connected);
    expect(h.at()).toBe('connected.waiting');
    expect(h.context().error).toBeNull();
  });

  it('asks again at once on Retry', async () => {
    const h = harness();
    await h.answer('fail');
    h.send({ type: 'remote.retry' });
    expect(h.at()).toBe('loading');
    expect(h.asks()).toBe(2);
  });

  it('Retry does nothing outside unreachable', async () => {
    const h = await started(S.connected);
    h.send({ type: 'remote.retry' });
    expect(h.at()).toBe('connected.waiting');
    expect(h.asks()).toBe(1);
  });

  it('a saved change asks at once, from any state', async () => {
    for (const s of [S.connected, S.notActivated, S.dns]) {
      const h = await started(s);
      h.send({ type: 'remote.changed' });
      expect(h.at()).toBe('loading');
      expect(h.asks()).toBe(2);
    }
  });
});

/** Each state's status, and another of the same state (so that a kept answer can be told apart). */
const BY_KIND = {
  notActivated: [S.notActivated, { state: 'not_activated', detail: 'switched off' }],
  connecting: [S.connecting, { state: 'connecting', detail: 'second try' }],
  connected: [S.connected, { ...S.connected, session_id: '111 222 333' }],
  occupied: [S.occupied, { ...S.occupied, retry_at: '2026-11-28T10:01:00.000Z' }],
  disconnected: [S.dns, S.wrongPassword],
} as const satisfies Record<string, readonly [RemoteAccessStatus, RemoteAccessStatus]>;
type Kind = keyof typeof BY_KIND;
const KINDS = Object.keys(BY_KIND) as Kind[];

describe('remoteAccess: every answer in every state', () => {
  const cases = KINDS.flatMap((from) => KINDS.map((to) => [from, to] as const));

  it.each(cases)('while %s, an ask answered %s goes there and keeps the answer', async (from, to) => {
    const h = await started(BY_KIND[from][0]);
    await jest.advanceTimersByTimeAsync(from === 'connecting' ? FAST_POLL_MS : POLL_MS);
    expect(h.at()).toBe(`${from}.asking`);
    const answer = BY_KIND[to][1];
    await h.answer(answer);
    expect(h.at()).toBe(`${to}.waiting`);
    expect(h.context().status).toEqual(answer);
    expect(h.context().error).toBeNull();
  });

  it.each(KINDS)('while %s, a failed ask is unreachable with its error', async (from) => {
    const h = await started(BY_KIND[from][0]);
    await jest.advanceTimersByTimeAsync(from === 'connecting' ? FAST_POLL_MS : POLL_MS);
    await h.answer('fail');
    expect(h.at()).toBe('unreachable');
    expect(h.context().error).not.toBeNull();
  });

  it.each(KINDS)('the first read answered %s, after a failure, clears the error', async (to) => {
    const h = harness();
    await h.answer('fail');
    h.send({ type: 'remote.retry' });
    await h.answer(BY_KIND[to][1]);
    expect(h.at()).toBe(`${to}.waiting`);
    expect(h.context()).toEqual({ status: BY_KIND[to][1], error: null });
  });

  it.each(KINDS)('Connect answered %s goes there and keeps the answer', async (to) => {
    const h = await started(S.notActivated);
    h.send({ type: 'remote.connect' });
    await h.answer(BY_KIND[to][1], h.connect);
    expect(h.at()).toBe(`${to}.waiting`);
    expect(h.context().status).toEqual(BY_KIND[to][1]);
  });

  it.each(KINDS)('Disconnect answered %s goes there and keeps the answer', async (to) => {
    const h = await started(S.connected);
    h.send({ type: 'remote.disconnect' });
    await h.answer(BY_KIND[to][1], h.disconnect);
    expect(h.at()).toBe(`${to}.waiting`);
    expect(h.context().status).toEqual(BY_KIND[to][1]);
  });

  it('a failed Disconnect keeps its error', async () => {
    const h = await started(S.connected);
    h.send({ type: 'remote.disconnect' });
    await h.answer('fail', h.disconnect);
    expect(h.context().error).not.toBeNull();
  });

  it.each(KINDS)('a saved change while %s asks at once', async (from) => {
    const h = await started(BY_KIND[from][0]);
    h.send({ type: 'remote.changed' });
    expect(h.at()).toBe('loading');
    expect(h.asks()).toBe(2);
  });

  it('a saved change during Connect or while unreachable asks at once', async () => {
    const h = await started(S.notActivated);
    h.send({ type: 'remote.connect' });
    h.send({ type: 'remote.changed' });
    expect(h.at()).toBe('loading');
    const u = harness();
    await u.answer('fail');
    u.send({ type: 'remote.changed' });
    expect(u.at()).toBe('loading');
  });

  it('Connect and Disconnect are not taken while a request runs or the device is unreachable', async () => {
    const h = await started(S.notActivated);
    h.send({ type: 'remote.connect' });
    h.send({ type: 'remote.disconnect' });
    h.send({ type: 'remote.connect' });
    expect(h.at()).toBe('connectRequest');
    expect(h.connect.calls).toHaveLength(1);
    const u = harness();
    await u.answer('fail');
    u.send({ type: 'remote.connect' });
    u.send({ type: 'remote.disconnect' });
    expect(u.at()).toBe('unreachable');
  });
});

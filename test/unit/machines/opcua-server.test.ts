/**
 * Behaviour of the OPC UA server state on a real actor: the first read and where each status puts
 * it, the pace of the asks in each state, a stop held up by a discovery server, a restart after a
 * change (its end, its failed start, its time running out, a server that comes back), a change
 * that stops or starts the server, and a device that cannot be reached.
 */
import { createActor } from 'xstate';

import type { OpcuaStatus } from '../../../contract/api/opcua';
import {
  FAST_POLL_MS,
  RESTART_TIMEOUT_MS,
  RESTART_WAITS,
  RETRY_MS,
  STATUS_POLL_MS,
  opcuaServerMachine,
  type OpcuaServerEvent,
  type OpcuaServerTag,
} from '../../../machines/opcua-server.machine';
import { SAMPLE_OPCUA_STATUSES as S, sampleOpcuaStatus } from '../../../machines/opcua-server.qa';
import { controllable } from '../../support/controllable-actor';

const FETCH_ERROR = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
const TAGS: OpcuaServerTag[] = ['loading', 'running', 'stopping', 'stopped', 'restarting', 'restart_failed', 'unreachable'];

function harness() {
  const fetchStatus = controllable<OpcuaStatus, unknown>();
  const actor = createActor(opcuaServerMachine.provide({ actors: { fetchStatus: fetchStatus.logic } })).start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    fetchStatus,
    snapshot,
    context: () => snapshot().context,
    send: (event: OpcuaServerEvent) => actor.send(event),
    /** The state value as a path ('running.waiting'). */
    at: () => {
      const value = snapshot().value;
      if (typeof value === 'string') return value;
      const [[parent, child]] = Object.entries(value) as [[string, string]];
      return `${parent}.${child}`;
    },
    tags: () => TAGS.filter((t) => snapshot().hasTag(t)),
    asks: () => fetchStatus.calls.length,
    /** Answers the ask under way with `status` (or fails it). */
    answer: async (status: OpcuaStatus | 'fail') => {
      if (status === 'fail') fetchStatus.last().reject(FETCH_ERROR);
      else fetchStatus.last().resolve(status);
      await flush();
    },
  };
}
type Harness = ReturnType<typeof harness>;

const flush = () => jest.advanceTimersByTimeAsync(0);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** A harness whose first read answered `status`. */
async function started(status: OpcuaStatus) {
  const h = harness();
  await h.answer(status);
  return h;
}

/** Waits `ms` and checks that the next ask comes exactly then, not a millisecond before. */
async function nextAskAfter(h: Harness, ms: number) {
  const before = h.asks();
  await jest.advanceTimersByTimeAsync(ms - 1);
  expect(h.asks()).toBe(before);
  await jest.advanceTimersByTimeAsync(1);
  expect(h.asks()).toBe(before + 1);
}

describe('opcuaServer: the first read', () => {
  it('asks for the status at once, behind the loading tag', () => {
    const h = harness();
    expect(h.at()).toBe('loading');
    expect(h.tags()).toEqual(['loading']);
    expect(h.asks()).toBe(1);
    expect(h.context()).toEqual({ status: null, error: null, sinceBefore: null, restartWaits: 0 });
  });

  it.each([
    ['running', S.running, 'running.waiting', 'running'],
    ['running while disabled (a stop under way)', S.stopping, 'stopping.waiting', 'stopping'],
    ['stopping', sampleOpcuaStatus({ state: 'stopping' }), 'stopping.waiting', 'stopping'],
    ['stopped', S.stopped, 'stopped.waiting', 'stopped'],
    ['stopped while disabled', sampleOpcuaStatus({ state: 'stopped', enabled: false, since: null, endpoint_url: null }), 'stopped.waiting', 'stopped'],
    ['restarting', S.restarting, 'restarting.waiting', 'restarting'],
  ] as const)('a status that says %s', async (_, status, where, tag) => {
    const h = await started(status);
    expect(h.at()).toBe(where);
    expect(h.tags()).toEqual([tag]);
    expect(h.context().status).toEqual(status);
    expect(h.context().error).toBeNull();
  });

  it('a failed read goes to unreachable with the reason, and Retry asks again at once', async () => {
    const h = harness();
    await h.answer('fail');
    expect(h.at()).toBe('unreachable');
    expect(h.tags()).toEqual(['unreachable']);
    expect(h.context()).toMatchObject({ status: null, error: 'connection_lost' });
    h.send({ type: 'server.retry' });
    expect(h.at()).toBe('loading');
    expect(h.asks()).toBe(2);
    await h.answer(S.running);
    expect(h.at()).toBe('running.waiting');
    expect(h.context().error).toBeNull();
  });

  it('ignores Retry while it reads', () => {
    const h = harness();
    h.send({ type: 'server.retry' });
    expect(h.at()).toBe('loading');
    expect(h.asks()).toBe(1);
  });
});

describe('opcuaServer: following the status', () => {
  it('asks every STATUS_POLL_MS while running, keeping the new answer', async () => {
    const h = await started(S.running);
    await nextAskAfter(h, STATUS_POLL_MS);
    expect(h.at()).toBe('running.asking');
    expect(h.tags()).toEqual(['running']);
    const more = sampleOpcuaStatus({ sessions: 5, rejected: 1 });
    await h.answer(more);
    expect(h.at()).toBe('running.waiting');
    expect(h.context().status).toEqual(more);
    await nextAskAfter(h, STATUS_POLL_MS);
  });

  it('asks every STATUS_POLL_MS while stopped', async () => {
    const h = await started(S.stopped);
    await nextAskAfter(h, STATUS_POLL_MS);
    expect(h.at()).toBe('stopped.asking');
    await h.answer(S.stopped);
    expect(h.at()).toBe('stopped.waiting');
    await nextAskAfter(h, STATUS_POLL_MS);
  });

  it('asks every FAST_POLL_MS while stopping: a stop held up by the discovery server, then stopped', async () => {
    const h = await started(S.running);
    await nextAskAfter(h, STATUS_POLL_MS);
    await h.answer(S.stopping);
    expect(h.at()).toBe('stopping.waiting');
    expect(h.context().status?.waiting_for).toBe('discovery_server');
    await nextAskAfter(h, FAST_POLL_MS);
    expect(h.at()).toBe('stopping.asking');
    await h.answer(S.stopping);
    expect(h.at()).toBe('stopping.waiting');
    await nextAskAfter(h, FAST_POLL_MS);
    await h.answer(S.stopped);
    expect(h.at()).toBe('stopped.waiting');
    expect(h.tags()).toEqual(['stopped']);
  });

  it('moves to whatever each answer says', async () => {
    const h = await started(S.stopped);
    await nextAskAfter(h, STATUS_POLL_MS);
    await h.answer(S.running);
    expect(h.at()).toBe('running.waiting');
    await nextAskAfter(h, STATUS_POLL_MS);
    await h.answer(S.restarting);
    expect(h.at()).toBe('restarting.waiting');
    expect(h.context().sinceBefore).toBeNull();
    await nextAskAfter(h, FAST_POLL_MS);
    await h.answer(S.restarted);
    expect(h.at()).toBe('running.waiting');
    await nextAskAfter(h, STATUS_POLL_MS);
    await h.answer(S.stopped);
    expect(h.at()).toBe('stopped.waiting');
    await nextAskAfter(h, STATUS_POLL_MS);
    await h.answer(S.restarting);
    expect(h.at()).toBe('restarting.waiting');
  });

  it.each([
    ['running', S.running, STATUS_POLL_MS],
    ['stopping', S.stopping, FAST_POLL_MS],
    ['stopped', S.stopped, STATUS_POLL_MS],
  ] as const)('a failed ask while %s goes to unreachable, keeping the last status; it asks again after RETRY_MS', async (_, status, every) => {
    const h = await started(status);
    await nextAskAfter(h, every);
    await h.answer('fail');
    expect(h.at()).toBe('unreachable');
    expect(h.tags()).toEqual(['unreachable']);
    expect(h.context()).toMatchObject({ status, error: 'connection_lost' });
    await nextAskAfter(h, RETRY_MS);
    expect(h.at()).toBe('loading');
    await h.answer(S.running);
    expect(h.at()).toBe('running.waiting');
    expect(h.context().error).toBeNull();
  });
});

describe('opcuaServer: a change while it runs restarts it', () => {
  /** Running (since STARTED), then a change that keeps it enabled. */
  async function changed() {
    const h = await started(S.running);
    h.send({ type: 'server.changed', enabled: true });
    return h;
  }

  it('asks at once, behind the restarting tag, remembering when it had started', async () => {
    const h = await changed();
    expect(h.at()).toBe('restarting.asking');
    expect(h.tags()).toEqual(['restarting']);
    expect(h.asks()).toBe(2);
    expect(h.context()).toMatchObject({ sinceBefore: S.running.since, restartWaits: 0 });
  });

  it('ends when the server runs again, started after the change', async () => {
    const h = await changed();
    // The old server, not yet stopped: still restarting.
    await h.answer(S.running);
    expect(h.at()).toBe('restarting.waiting');
    await nextAskAfter(h, FAST_POLL_MS);
    expect(h.context().restartWaits).toBe(1);
    await h.answer(S.restarting);
    expect(h.at()).toBe('restarting.waiting');
    expect(h.context().status).toEqual(S.restarting);
    await nextAskAfter(h, FAST_POLL_MS);
    // Stopped, on its way back up: not a failed start.
    await h.answer(sampleOpcuaStatus({ state: 'stopped', restarting: true, since: null, endpoint_url: null }));
    expect(h.at()).toBe('restarting.waiting');
    await nextAskAfter(h, FAST_POLL_MS);
    // Running again but the device still says it restarts: not yet.
    await h.answer(sampleOpcuaStatus({ since: S.restarted.since, restarting: true }));
    expect(h.at()).toBe('restarting.waiting');
    await nextAskAfter(h, FAST_POLL_MS);
    await h.answer(S.restarted);
    expect(h.at()).toBe('running.waiting');
    expect(h.tags()).toEqual(['running']);
    expect(h.context()).toMatchObject({ status: S.restarted, restartWaits: 0 });
    await nextAskAfter(h, STATUS_POLL_MS);
  });

  it('ends at once when the first answer is the restarted server', async () => {
    const h = await changed();
    await h.answer(S.restarted);
    expect(h.at()).toBe('running.waiting');
  });

  it('fails when the server stopped instead of starting again, keeping the start error', async () => {
    const h = await changed();
    await h.answer(S.stopped);
    expect(h.at()).toBe('restartFailed.waiting');
    expect(h.tags()).toEqual(['restart_failed']);
    expect(h.context().status?.error).toEqual({ code: 'port_in_use', message: expect.any(String) });
  });

  it('fails after RESTART_WAITS pauses (RESTART_TIMEOUT_MS) without it running again', async () => {
    expect(RESTART_WAITS * FAST_POLL_MS).toBe(RESTART_TIMEOUT_MS);
    const h = await changed();
    for (let wait = 1; wait < RESTART_WAITS; wait++) {
      await h.answer(S.restarting);
      expect(h.at()).toBe('restarting.waiting');
      await nextAskAfter(h, FAST_POLL_MS);
      expect(h.context().restartWaits).toBe(wait);
    }
    await h.answer(S.restarting);
    const asked = h.asks();
    await jest.advanceTimersByTimeAsync(FAST_POLL_MS - 1);
    expect(h.at()).toBe('restarting.waiting');
    await jest.advanceTimersByTimeAsync(1);
    expect(h.at()).toBe('restartFailed.waiting');
    expect(h.tags()).toEqual(['restart_failed']);
    expect(h.asks()).toBe(asked);
    expect(h.context()).toMatchObject({ status: S.restarting, restartWaits: 0 });
  });

  it('a failed ask during the restart goes to unreachable and forgets the pauses counted', async () => {
    const h = await changed();
    await h.answer(S.restarting);
    await nextAskAfter(h, FAST_POLL_MS);
    await h.answer('fail');
    expect(h.at()).toBe('unreachable');
    expect(h.context()).toMatchObject({ error: 'connection_lost', status: S.restarting, restartWaits: 0 });
    // Asked again: the device's own restart flag puts it back to restarting.
    h.send({ type: 'server.retry' });
    await h.answer(S.restarting);
    expect(h.at()).toBe('restarting.waiting');
    expect(h.context().sinceBefore).toBeNull();
  });

  it('a failed first ask of the restart goes to unreachable too', async () => {
    const h = await changed();
    await h.answer('fail');
    expect(h.at()).toBe('unreachable');
  });

  it('another change during the restart counts again from the server it last saw', async () => {
    const h = await changed();
    await h.answer(S.running);
    await nextAskAfter(h, FAST_POLL_MS);
    await h.answer(S.running);
    expect(h.context().restartWaits).toBe(1);
    h.send({ type: 'server.changed', enabled: true });
    expect(h.at()).toBe('restarting.asking');
    expect(h.context()).toMatchObject({ restartWaits: 0, sinceBefore: S.running.since });
  });
});

describe('opcuaServer: after a failed restart', () => {
  async function failed() {
    const h = await started(S.running);
    h.send({ type: 'server.changed', enabled: true });
    await h.answer(S.stopped);
    expect(h.at()).toBe('restartFailed.waiting');
    return h;
  }

  it('keeps asking every STATUS_POLL_MS while the server does not run', async () => {
    const h = await failed();
    await nextAskAfter(h, STATUS_POLL_MS);
    expect(h.at()).toBe('restartFailed.asking');
    expect(h.tags()).toEqual(['restart_failed']);
    await h.answer(S.stopped);
    expect(h.at()).toBe('restartFailed.waiting');
    await nextAskAfter(h, STATUS_POLL_MS);
    // Running but still in a restart: not back yet.
    await h.answer(sampleOpcuaStatus({ restarting: true }));
    expect(h.at()).toBe('restartFailed.waiting');
  });

  it('goes to running once the server runs again', async () => {
    const h = await failed();
    await nextAskAfter(h, STATUS_POLL_MS);
    await h.answer(S.running);
    expect(h.at()).toBe('running.waiting');
    expect(h.context().status).toEqual(S.running);
  });

  it('Retry asks at once and starts over from what the status says', async () => {
    const h = await failed();
    h.send({ type: 'server.retry' });
    expect(h.at()).toBe('loading');
    expect(h.asks()).toBe(3);
    await h.answer(S.stopped);
    expect(h.at()).toBe('stopped.waiting');
  });

  it('a failed ask goes to unreachable', async () => {
    const h = await failed();
    await nextAskAfter(h, STATUS_POLL_MS);
    await h.answer('fail');
    expect(h.at()).toBe('unreachable');
  });
});

describe('opcuaServer: changes that do not restart it', () => {
  it('a change that disables the running server asks at once: it stops', async () => {
    const h = await started(S.running);
    h.send({ type: 'server.changed', enabled: false });
    expect(h.at()).toBe('loading');
    expect(h.asks()).toBe(2);
    expect(h.context().sinceBefore).toBeNull();
    await h.answer(S.stopping);
    expect(h.at()).toBe('stopping.waiting');
  });

  it.each([
    ['stopped', S.stopped],
    ['stopping', S.stopping],
  ] as const)('a change while %s asks at once (enabling starts it)', async (_, status) => {
    const h = await started(status);
    h.send({ type: 'server.changed', enabled: true });
    expect(h.at()).toBe('loading');
    expect(h.asks()).toBe(2);
    await h.answer(S.running);
    expect(h.at()).toBe('running.waiting');
  });

  it('a change while reading asks again; while unreachable too', async () => {
    const h = harness();
    h.send({ type: 'server.changed', enabled: true });
    expect(h.at()).toBe('loading');
    expect(h.asks()).toBe(2);
    await h.answer('fail');
    expect(h.at()).toBe('unreachable');
    h.send({ type: 'server.changed', enabled: true });
    expect(h.at()).toBe('loading');
    expect(h.asks()).toBe(3);
  });

  it('a change while unreachable with a running server last seen restarts it', async () => {
    const h = await started(S.running);
    await nextAskAfter(h, STATUS_POLL_MS);
    await h.answer('fail');
    h.send({ type: 'server.changed', enabled: true });
    expect(h.at()).toBe('restarting.asking');
  });

  it('Retry does nothing while the status is known', async () => {
    for (const status of [S.running, S.stopped, S.stopping, S.restarting]) {
      const h = await started(status);
      const where = h.at();
      h.send({ type: 'server.retry' });
      expect(h.at()).toBe(where);
      expect(h.asks()).toBe(1);
    }
  });
});

/**
 * Each state that polls (running, stopping, stopped, and restartFailed after a failed restart),
 * answered with each kind of status the device can give, or failing: where it goes, behind which
 * tag, what it keeps, and when it asks next. Each answer is a status other than the one the state
 * was reached with, so that a kept status shows it was kept.
 */
describe('opcuaServer: each polling state, each answer', () => {
  const ANSWERS = {
    restarting: S.restarting,
    running: sampleOpcuaStatus({ sessions: 4, rejected: 2 }),
    'running, still restarting': sampleOpcuaStatus({ since: S.restarted.since, restarting: true }),
    stopping: sampleOpcuaStatus({ state: 'stopping', sessions: 1 }),
    'running while disabled': sampleOpcuaStatus({ enabled: false, sessions: 1 }),
    stopped: sampleOpcuaStatus({
      state: 'stopped',
      enabled: false,
      since: null,
      endpoint_url: null,
      error: { code: 'start_failed', message: 'the server certificate has expired' },
    }),
  } satisfies Record<string, OpcuaStatus>;
  type Answer = keyof typeof ANSWERS;

  /** How each polling state is reached, and the status it was reached with. */
  const REACH = {
    running: { status: S.running, every: STATUS_POLL_MS, tag: 'running' },
    stopping: { status: S.stopping, every: FAST_POLL_MS, tag: 'stopping' },
    stopped: { status: S.stopped, every: STATUS_POLL_MS, tag: 'stopped' },
    restartFailed: { status: S.stopped, every: STATUS_POLL_MS, tag: 'restart_failed' },
  } as const satisfies Record<string, { status: OpcuaStatus; every: number; tag: OpcuaServerTag }>;
  type Polling = keyof typeof REACH;

  /** In `state`, asking (its pause over). */
  async function asking(state: Polling) {
    const { status, every, tag } = REACH[state];
    let h: Harness;
    if (state === 'restartFailed') {
      h = await started(S.running);
      h.send({ type: 'server.changed', enabled: true });
      await h.answer(status);
    } else {
      h = await started(status);
    }
    expect(h.at()).toBe(`${state}.waiting`);
    await nextAskAfter(h, every);
    expect(h.at()).toBe(`${state}.asking`);
    expect(h.tags()).toEqual([tag]);
    expect(h.context().status).toEqual(status);
    return h;
  }

  /** Where each answer leads: the state and the pause before the next ask. */
  const settles: Record<Answer, { to: string; every: number; tag: OpcuaServerTag }> = {
    restarting: { to: 'restarting.waiting', every: FAST_POLL_MS, tag: 'restarting' },
    running: { to: 'running.waiting', every: STATUS_POLL_MS, tag: 'running' },
    'running, still restarting': { to: 'restarting.waiting', every: FAST_POLL_MS, tag: 'restarting' },
    stopping: { to: 'stopping.waiting', every: FAST_POLL_MS, tag: 'stopping' },
    'running while disabled': { to: 'stopping.waiting', every: FAST_POLL_MS, tag: 'stopping' },
    stopped: { to: 'stopped.waiting', every: STATUS_POLL_MS, tag: 'stopped' },
  };
  /** After a failed restart only a server that runs, not in a restart, leaves it. */
  const afterFailedRestart: Record<Answer, { to: string; every: number; tag: OpcuaServerTag }> = {
    restarting: { to: 'restartFailed.waiting', every: STATUS_POLL_MS, tag: 'restart_failed' },
    running: { to: 'running.waiting', every: STATUS_POLL_MS, tag: 'running' },
    'running, still restarting': { to: 'restartFailed.waiting', every: STATUS_POLL_MS, tag: 'restart_failed' },
    stopping: { to: 'restartFailed.waiting', every: STATUS_POLL_MS, tag: 'restart_failed' },
    // The guard `runsAgain` asks only that it runs, not in a restart: a server running while
    // disabled goes to running here, and to stopping at the next ask (while polling, above).
    'running while disabled': { to: 'running.waiting', every: STATUS_POLL_MS, tag: 'running' },
    stopped: { to: 'restartFailed.waiting', every: STATUS_POLL_MS, tag: 'restart_failed' },
  };

  const cases = (Object.keys(REACH) as Polling[]).flatMap((state) =>
    (Object.keys(ANSWERS) as Answer[]).map((answer) => {
      const where = (state === 'restartFailed' ? afterFailedRestart : settles)[answer];
      return [state, answer, where.to, where.tag, where.every] as const;
    }),
  );

  it.each(cases)('%s, answered "%s": goes to %s (tag %s), keeps the answer, asks again after %i ms', async (state, answer, to, tag, every) => {
    const h = await asking(state);
    const asked = h.asks();
    await h.answer(ANSWERS[answer]);
    expect(h.at()).toBe(to);
    expect(h.tags()).toEqual([tag]);
    expect(h.context()).toMatchObject({ status: ANSWERS[answer], error: null, restartWaits: 0 });
    // A restart the device reports, not one caused here, ends once it runs, whenever it started.
    if (tag === 'restarting') expect(h.context().sinceBefore).toBeNull();
    expect(h.asks()).toBe(asked);
    await nextAskAfter(h, every);
  });

  it.each(Object.keys(REACH) as Polling[])('%s, failing: goes to unreachable with the reason, keeping the last status', async (state) => {
    const h = await asking(state);
    await h.answer('fail');
    expect(h.at()).toBe('unreachable');
    expect(h.tags()).toEqual(['unreachable']);
    expect(h.context()).toMatchObject({ status: REACH[state].status, error: 'connection_lost', restartWaits: 0 });
    await nextAskAfter(h, RETRY_MS);
    expect(h.at()).toBe('loading');
  });

  it('a restart the device reports after one caused here forgets the start time it was waiting for', async () => {
    const h = await started(S.running);
    h.send({ type: 'server.changed', enabled: true });
    await h.answer(S.restarted);
    expect(h.at()).toBe('running.waiting');
    expect(h.context().sinceBefore).toBe(S.running.since);
    await nextAskAfter(h, STATUS_POLL_MS);
    await h.answer(S.restarting);
    expect(h.at()).toBe('restarting.waiting');
    expect(h.context()).toMatchObject({ status: S.restarting, sinceBefore: null });
    // Whatever its start time, the running server ends this restart.
    await nextAskAfter(h, FAST_POLL_MS);
    await h.answer(S.running);
    expect(h.at()).toBe('running.waiting');
  });
});

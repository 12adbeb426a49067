import { createActor, fromCallback, fromPromise, type AnyEventObject, type AnyStateNode } from 'xstate';
import { getShortestPaths } from 'xstate/graph';

import {
  MAX_RETRIES,
  RETRY_DELAY_MS,
  TICK_MS,
  addSeconds,
  isDisplayTime,
  nextSecond,
  timeChannelMachine,
  type TimeChannelEvent,
  type TimeSocketEvent,
} from '../../../machines/time-channel.machine';

const T0 = '2024/05/06 07:08:09';

interface Deferred<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** Test doubles: a socket whose sendBack the test drives, a fetchTime the test settles, a spy publishTime. */
function harness(options: { socketThrows?: boolean } = {}) {
  const sockets: Array<{ sendBack: (e: TimeSocketEvent) => void; closed: boolean }> = [];
  const fetches: Array<Deferred<string>> = [];
  const publishTime = jest.fn<void, [{ time: string }]>();
  const machine = timeChannelMachine.provide({
    actors: {
      socket: fromCallback(({ sendBack }) => {
        if (options.socketThrows) throw new Error('socket constructor failed');
        const socket = { sendBack: (e: TimeSocketEvent) => sendBack(e), closed: false };
        sockets.push(socket);
        return () => {
          socket.closed = true;
        };
      }),
      fetchTime: fromPromise(() => new Promise<string>((resolve, reject) => fetches.push({ resolve, reject }))),
    },
    actions: { publishTime: (_, params) => publishTime(params) },
  });
  const actor = createActor(machine).start();
  const lastSocket = () => {
    const socket = sockets[sockets.length - 1];
    if (!socket) throw new Error('no socket was opened');
    return socket;
  };
  const lastFetch = () => {
    const fetch = fetches[fetches.length - 1];
    if (!fetch) throw new Error('fetchTime was not invoked');
    return fetch;
  };
  return { actor, sockets, fetches, publishTime, lastSocket, lastFetch };
}

const flush = () => jest.advanceTimersByTimeAsync(0);

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('timeChannel: pure time arithmetic', () => {
  it.each([
    ['2024/05/06 07:08:09', '2024/05/06 07:08:10'],
    ['2024/05/06 07:08:59', '2024/05/06 07:09:00'], // minute
    ['2024/05/06 07:59:59', '2024/05/06 08:00:00'], // hour
    ['2024/05/06 23:59:59', '2024/05/07 00:00:00'], // day
    ['2024/04/30 23:59:59', '2024/05/01 00:00:00'], // 30-day month
    ['2024/02/28 23:59:59', '2024/02/29 00:00:00'], // leap year
    ['2023/02/28 23:59:59', '2023/03/01 00:00:00'], // common year
    ['2023/12/31 23:59:59', '2024/01/01 00:00:00'], // year
  ])('%s + 1 s = %s', (from, to) => {
    expect(nextSecond(from)).toBe(to);
  });

  it('ignores the time zone and its DST changes (UTC arithmetic on the parts)', () => {
    const saved = process.env.TZ;
    try {
      process.env.TZ = 'Europe/Berlin';
      expect(nextSecond('2024/03/31 01:59:59')).toBe('2024/03/31 02:00:00'); // a local time that does not exist there
      expect(nextSecond('2024/10/27 02:59:59')).toBe('2024/10/27 03:00:00'); // a local hour that happens twice there
      process.env.TZ = 'America/New_York';
      expect(nextSecond('2024/03/10 01:59:59')).toBe('2024/03/10 02:00:00');
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it('adds any number of seconds and refuses what is not a device time', () => {
    expect(addSeconds('2024/01/01 00:00:00', -1)).toBe('2023/12/31 23:59:59');
    expect(addSeconds('2024/01/01 00:00:00', 86_400)).toBe('2024/01/02 00:00:00');
    expect(addSeconds('2024-01-01 00:00:00', 1)).toBeNull();
    expect(addSeconds('2023/02/29 00:00:00', 1)).toBeNull();
    expect(addSeconds('2024/13/01 00:00:00', 1)).toBeNull();
    expect(addSeconds('2024/01/01 24:00:00', 1)).toBeNull();
    expect(isDisplayTime(T0)).toBe(true);
    expect(isDisplayTime('nonsense')).toBe(false);
    expect(isDisplayTime(42)).toBe(false);
    expect(nextSecond('nonsense')).toBe('nonsense');
  });
});

describe('timeChannel machine', () => {
  it('starts idle and goes live on channel.start, opening the socket once', () => {
    const h = harness();
    expect(h.actor.getSnapshot().value).toBe('idle');
    expect(h.actor.getSnapshot().context).toEqual({ time: null, retries: 0 });
    expect(h.sockets).toHaveLength(0);
    h.actor.send({ type: 'channel.start' });
    expect(h.actor.getSnapshot().value).toEqual({ live: 'connecting' });
    expect(h.sockets).toHaveLength(1);
    h.actor.send({ type: 'channel.start' }); // already live: ignored
    expect(h.sockets).toHaveLength(1);
  });

  it('goes open on the first message, and every message assigns and publishes the time', () => {
    const h = harness();
    h.actor.send({ type: 'channel.start' });
    h.lastSocket().sendBack({ type: 'socket.message', time: T0 });
    expect(h.actor.getSnapshot().value).toEqual({ live: 'open' });
    expect(h.actor.getSnapshot().context.time).toBe(T0);
    expect(h.publishTime).toHaveBeenLastCalledWith({ time: T0 });
    h.lastSocket().sendBack({ type: 'socket.message', time: '2024/05/06 07:08:10' });
    expect(h.actor.getSnapshot().value).toEqual({ live: 'open' });
    expect(h.actor.getSnapshot().context.time).toBe('2024/05/06 07:08:10');
    expect(h.publishTime).toHaveBeenCalledTimes(2);
    expect(h.publishTime).toHaveBeenLastCalledWith({ time: '2024/05/06 07:08:10' });
  });

  it('retries a closed socket after RETRY_DELAY_MS, counting the retries', async () => {
    const h = harness();
    h.actor.send({ type: 'channel.start' });
    h.lastSocket().sendBack({ type: 'socket.closed', code: 1006 });
    expect(h.actor.getSnapshot().value).toBe('retrying');
    expect(h.actor.getSnapshot().context.retries).toBe(1);
    expect(h.lastSocket().closed).toBe(true);
    await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(h.actor.getSnapshot().value).toBe('retrying');
    expect(h.sockets).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(h.actor.getSnapshot().value).toEqual({ live: 'connecting' });
    expect(h.sockets).toHaveLength(2);
    expect(h.lastSocket().closed).toBe(false);
  });

  it(`reconnects at most ${MAX_RETRIES} times in a row, then falls back to fetching the time`, async () => {
    expect(MAX_RETRIES).toBe(5);
    expect(RETRY_DELAY_MS).toBe(3000);
    const h = harness();
    h.actor.send({ type: 'channel.start' });
    for (let retry = 1; retry <= MAX_RETRIES; retry++) {
      h.lastSocket().sendBack({ type: 'socket.closed', code: 1006 });
      expect(h.actor.getSnapshot().value).toBe('retrying');
      expect(h.actor.getSnapshot().context.retries).toBe(retry);
      await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS);
      expect(h.actor.getSnapshot().value).toEqual({ live: 'connecting' });
    }
    expect(h.sockets).toHaveLength(MAX_RETRIES + 1);
    expect(h.fetches).toHaveLength(0);
    h.lastSocket().sendBack({ type: 'socket.closed', code: 1006 });
    expect(h.actor.getSnapshot().value).toBe('fallback');
    expect(h.actor.getSnapshot().context.retries).toBe(MAX_RETRIES);
    expect(h.fetches).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS * 3);
    expect(h.sockets).toHaveLength(MAX_RETRIES + 1); // no more reconnects
  });

  it('resets the retry count when a message arrives', async () => {
    const h = harness();
    h.actor.send({ type: 'channel.start' });
    h.lastSocket().sendBack({ type: 'socket.closed', code: 1006 });
    await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    h.lastSocket().sendBack({ type: 'socket.closed', code: 1006 });
    expect(h.actor.getSnapshot().context.retries).toBe(2);
    await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    h.lastSocket().sendBack({ type: 'socket.message', time: T0 });
    expect(h.actor.getSnapshot().value).toEqual({ live: 'open' });
    expect(h.actor.getSnapshot().context.retries).toBe(0);
    h.lastSocket().sendBack({ type: 'socket.closed', code: 1000 });
    expect(h.actor.getSnapshot().context.retries).toBe(1);
  });

  it('falls back on a socket error from connecting or open, then ticks once a second from the fetched time', async () => {
    for (const opened of [false, true]) {
      const h = harness();
      h.actor.send({ type: 'channel.start' });
      if (opened) h.lastSocket().sendBack({ type: 'socket.message', time: T0 });
      h.lastSocket().sendBack({ type: 'socket.error' });
      expect(h.actor.getSnapshot().value).toBe('fallback');
      expect(h.lastSocket().closed).toBe(true);
      expect(h.fetches).toHaveLength(1);
      h.publishTime.mockClear();

      h.lastFetch().resolve('2023/12/31 23:59:58');
      await flush();
      expect(h.actor.getSnapshot().value).toBe('ticking');
      expect(h.actor.getSnapshot().context.time).toBe('2023/12/31 23:59:58');
      expect(h.publishTime).toHaveBeenLastCalledWith({ time: '2023/12/31 23:59:58' });

      await jest.advanceTimersByTimeAsync(TICK_MS - 1);
      expect(h.actor.getSnapshot().context.time).toBe('2023/12/31 23:59:58');
      await jest.advanceTimersByTimeAsync(1);
      expect(h.actor.getSnapshot().value).toBe('ticking');
      expect(h.actor.getSnapshot().context.time).toBe('2023/12/31 23:59:59');
      expect(h.publishTime).toHaveBeenLastCalledWith({ time: '2023/12/31 23:59:59' });
      await jest.advanceTimersByTimeAsync(TICK_MS); // minute, hour, day, month and year roll over
      expect(h.actor.getSnapshot().context.time).toBe('2024/01/01 00:00:00');
      expect(h.publishTime).toHaveBeenLastCalledWith({ time: '2024/01/01 00:00:00' });
      await jest.advanceTimersByTimeAsync(TICK_MS * 61);
      expect(h.actor.getSnapshot().context.time).toBe('2024/01/01 00:01:01');
      expect(h.publishTime).toHaveBeenCalledTimes(1 + 63);
      h.actor.stop();
    }
  });

  it('treats the socket actor failing like a socket error', () => {
    const h = harness({ socketThrows: true });
    h.actor.send({ type: 'channel.start' });
    expect(h.actor.getSnapshot().value).toBe('fallback');
    expect(h.fetches).toHaveLength(1);
  });

  it('waits RETRY_DELAY_MS and fetches again when fetching fails or answers no device time', async () => {
    const h = harness();
    h.actor.send({ type: 'channel.start' });
    h.lastSocket().sendBack({ type: 'socket.error' });
    h.lastFetch().reject({ error_code: 'internal_error' });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('fallbackWaiting');
    await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(h.fetches).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(h.actor.getSnapshot().value).toBe('fallback');
    expect(h.fetches).toHaveLength(2);

    h.lastFetch().resolve('not a time');
    await flush();
    expect(h.actor.getSnapshot().value).toBe('fallbackWaiting');
    expect(h.actor.getSnapshot().context.time).toBeNull();
    expect(h.publishTime).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    h.lastFetch().resolve(T0);
    await flush();
    expect(h.actor.getSnapshot().value).toBe('ticking');
    expect(h.publishTime).toHaveBeenCalledWith({ time: T0 });
  });

  describe('channel.stop returns to idle from every state', () => {
    async function reach(state: string) {
      const h = harness();
      if (state !== 'idle') h.actor.send({ type: 'channel.start' });
      if (state === 'live.open') h.lastSocket().sendBack({ type: 'socket.message', time: T0 });
      if (state === 'retrying') h.lastSocket().sendBack({ type: 'socket.closed', code: 1006 });
      if (['fallback', 'fallbackWaiting', 'ticking'].includes(state)) h.lastSocket().sendBack({ type: 'socket.error' });
      if (state === 'fallbackWaiting') h.lastFetch().reject(new Error('offline'));
      if (state === 'ticking') h.lastFetch().resolve(T0);
      await flush();
      const [parent, child] = state.split('.');
      expect(h.actor.getSnapshot().value).toEqual(child ? { [parent as string]: child } : parent);
      return h;
    }

    it.each(['idle', 'live.connecting', 'live.open', 'retrying', 'fallback', 'fallbackWaiting', 'ticking'])('from %s', async (state) => {
      const h = await reach(state);
      const socketsBefore = h.sockets.length;
      const fetchesBefore = h.fetches.length;
      h.publishTime.mockClear();
      h.actor.send({ type: 'channel.stop' });
      expect(h.actor.getSnapshot().value).toBe('idle');
      expect(h.actor.getSnapshot().context.retries).toBe(0);
      expect(h.sockets.every((s) => s.closed)).toBe(true);
      await jest.advanceTimersByTimeAsync(RETRY_DELAY_MS * 4); // no timer of the left state fires
      expect(h.actor.getSnapshot().value).toBe('idle');
      expect(h.sockets).toHaveLength(socketsBefore);
      expect(h.fetches).toHaveLength(fetchesBefore);
      expect(h.publishTime).not.toHaveBeenCalled();
      h.actor.send({ type: 'channel.start' }); // and it can start again
      expect(h.actor.getSnapshot().value).toEqual({ live: 'connecting' });
      expect(h.sockets).toHaveLength(socketsBefore + 1);
    });

    it('keeps the last known time', async () => {
      const h = await reach('live.open');
      h.actor.send({ type: 'channel.stop' });
      expect(h.actor.getSnapshot().context.time).toBe(T0);
    });
  });

  it('does nothing useful without provided actors: the placeholders fail into the fallback loop', async () => {
    const actor = createActor(timeChannelMachine).start();
    actor.send({ type: 'channel.start' });
    expect(actor.getSnapshot().value).toBe('fallback');
    await flush();
    expect(actor.getSnapshot().value).toBe('fallbackWaiting');
    actor.stop();
  });
});

describe('timeChannel graph', () => {
  function allStateNodeIds(node: AnyStateNode): string[] {
    return [node.id, ...Object.values(node.states).flatMap((child) => allStateNodeIds(child))];
  }
  /** Events outside the machine's public union (delays, actor results) typed for the graph. */
  const internal = (e: AnyEventObject) => e as unknown as TimeChannelEvent;

  const events: TimeChannelEvent[] = [
    { type: 'channel.start' },
    { type: 'channel.stop' },
    { type: 'socket.message', time: T0 },
    { type: 'socket.closed', code: 1006 },
    { type: 'socket.error' },
    internal({ type: `xstate.after.${RETRY_DELAY_MS}.timeChannel.retrying` }),
    internal({ type: `xstate.after.${RETRY_DELAY_MS}.timeChannel.fallbackWaiting` }),
    internal({ type: `xstate.after.${TICK_MS}.timeChannel.ticking` }),
    internal({ type: 'xstate.done.actor.fetchTime', output: T0 }),
    internal({ type: 'xstate.error.actor.fetchTime', error: { error_code: 'internal_error' } }),
    internal({ type: 'xstate.error.actor.socket', error: new Error('socket failed') }),
  ];

  // The ticking time would make the state space infinite: a state is its value and retry count.
  const paths = getShortestPaths(timeChannelMachine, {
    events,
    serializeState: (s) => JSON.stringify({ value: s.value, retries: s.context.retries }),
  });

  it('reaches every state node of the machine, including the fallback after the last retry', () => {
    const reached = new Set(paths.flatMap((p) => p.state._nodes.map((n) => n.id)));
    expect([...reached].sort()).toEqual(allStateNodeIds(timeChannelMachine.root).sort());
    expect(paths.some((p) => p.state.matches('fallback') && p.state.context.retries === MAX_RETRIES)).toBe(true);
  });

  it('every shortest path replays on a real actor to the same state and context', async () => {
    for (const path of paths) {
      const h = harness();
      for (const { event } of path.steps.filter((s) => (s.event.type as string) !== 'xstate.init')) {
        const type = event.type as string;
        const after = /^xstate\.after\.(\d+)\./.exec(type);
        if (after) await jest.advanceTimersByTimeAsync(Number(after[1]));
        else if (type === 'xstate.done.actor.fetchTime') h.lastFetch().resolve((event as unknown as { output: string }).output);
        else if (type === 'xstate.error.actor.fetchTime') h.lastFetch().reject((event as unknown as { error: unknown }).error);
        else if (type.startsWith('socket.')) h.lastSocket().sendBack(event as TimeSocketEvent);
        else h.actor.send(event);
        await flush();
      }
      expect(h.actor.getSnapshot().value).toEqual(path.state.value);
      expect(h.actor.getSnapshot().context).toEqual(path.state.context);
      h.actor.stop();
    }
  });
});

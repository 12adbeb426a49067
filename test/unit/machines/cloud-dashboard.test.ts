/**
 * Behaviour of the cloud dashboard's flow on a real actor: reading the status, polling, the
 * retries with back-off while the cloud or the device cannot be reached, the stop after
 * CLOUD_MAX_RETRIES, Refresh, and activation / deactivation.
 */
import { createActor } from 'xstate';
import {
  CLOUD_MAX_RETRIES,
  CLOUD_POLL_MS,
  CLOUD_RETRY_BASE_MS,
  CLOUD_RETRY_MAX_MS,
  cloudDashboardMachine,
  cloudRetryDelay,
  type CloudDashboardEvent,
  type CloudStatusRead,
} from '../../../machines/cloud-dashboard.machine';
import { controllable } from '../../support/controllable-actor';

function harness() {
  const readStatus = controllable<CloudStatusRead, unknown>();
  const activate = controllable<void, unknown>();
  const deactivate = controllable<void, unknown>();
  const machine = cloudDashboardMachine.provide({ actors: { readStatus: readStatus.logic, activate: activate.logic, deactivate: deactivate.logic } });
  const actor = createActor(machine).start();
  return {
    actor,
    readStatus,
    activate,
    deactivate,
    state: () => actor.getSnapshot().value as string,
    context: () => actor.getSnapshot().context,
    send: (e: CloudDashboardEvent) => actor.send(e),
  };
}
type Harness = ReturnType<typeof harness>;

const flush = () => jest.advanceTimersByTimeAsync(0);
const wait = (ms: number) => jest.advanceTimersByTimeAsync(ms);
const DEVICE_DOWN = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };

async function read(h: Harness, error: string | null) {
  expect(h.state()).toBe('reading');
  h.readStatus.last().resolve({ error });
  await flush();
}
async function fail(h: Harness, err: unknown = DEVICE_DOWN) {
  expect(h.state()).toBe('reading');
  h.readStatus.last().reject(err);
  await flush();
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('cloudDashboard: reading and polling', () => {
  it('reads at once; a readable status is watched and read again after the poll time', async () => {
    const h = harness();
    expect(h.state()).toBe('reading');
    expect(h.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(h.readStatus.calls).toHaveLength(1);
    await read(h, null);
    expect(h.state()).toBe('watching');
    expect(h.context()).toEqual({ failures: 0, readError: null, actionError: null });
    await wait(CLOUD_POLL_MS - 1);
    expect(h.state()).toBe('watching');
    await wait(1);
    expect(h.state()).toBe('reading');
    expect(h.readStatus.calls).toHaveLength(2);
  });

  it('Refresh reads at once while watching', async () => {
    const h = harness();
    await read(h, null);
    h.send({ type: 'cloud.refresh' });
    expect(h.state()).toBe('reading');
    expect(h.readStatus.calls).toHaveLength(2);
  });
});

describe('cloudDashboard: retries', () => {
  it('a cloud that cannot be reached is read again after 2 s, then twice as long each time', async () => {
    const h = harness();
    await read(h, 'cloud_dns_failed');
    expect(h.state()).toBe('retrying');
    expect(h.actor.getSnapshot().hasTag('retrying')).toBe(true);
    expect(h.context()).toMatchObject({ failures: 1, readError: null });
    await wait(CLOUD_RETRY_BASE_MS - 1);
    expect(h.state()).toBe('retrying');
    await wait(1);
    await read(h, 'cloud_dns_failed');
    expect(h.context().failures).toBe(2);
    await wait(2 * CLOUD_RETRY_BASE_MS - 1);
    expect(h.state()).toBe('retrying');
    await wait(1);
    expect(h.state()).toBe('reading');
  });

  it('the delays double up to their cap', () => {
    expect([1, 2, 3, 4, 5, 6].map(cloudRetryDelay)).toEqual([2000, 4000, 8000, 16000, 16000, 16000]);
    expect(cloudRetryDelay(10)).toBe(CLOUD_RETRY_MAX_MS);
  });

  it('a failed request to the device is retried too, and its error kept until a read answers', async () => {
    const h = harness();
    await fail(h, { status: 401, data: { error_code: 'invalid_token' } });
    expect(h.state()).toBe('retrying');
    expect(h.context()).toMatchObject({ failures: 1, readError: 'invalid_token' });
    await wait(CLOUD_RETRY_BASE_MS);
    // The device answers, the cloud does not: the device's error is gone, the cloud's in the status.
    await read(h, 'cloud_refused');
    expect(h.context()).toMatchObject({ failures: 2, readError: null });
    await wait(2 * CLOUD_RETRY_BASE_MS);
    await read(h, null);
    expect(h.state()).toBe('watching');
    expect(h.context()).toMatchObject({ failures: 0, readError: null });
  });

  it('a read that answers after a failed request clears both the count and the error', async () => {
    const h = harness();
    await fail(h);
    expect(h.context().readError).toBe('connection_lost');
    await wait(CLOUD_RETRY_BASE_MS);
    await read(h, null);
    expect(h.context()).toEqual({ failures: 0, readError: null, actionError: null });
  });

  it(`stops after ${CLOUD_MAX_RETRIES} retries in a row and waits for Refresh, which starts anew`, async () => {
    const h = harness();
    for (let i = 1; i <= CLOUD_MAX_RETRIES; i++) {
      await read(h, 'cloud_timeout');
      expect(h.state()).toBe('retrying');
      await wait(cloudRetryDelay(i));
    }
    await read(h, 'cloud_timeout');
    expect(h.state()).toBe('stalled');
    expect(h.actor.getSnapshot().hasTag('stalled')).toBe(true);
    expect(h.context().failures).toBe(CLOUD_MAX_RETRIES + 1);
    await wait(10 * CLOUD_POLL_MS);
    expect(h.state()).toBe('stalled');
    expect(h.readStatus.calls).toHaveLength(CLOUD_MAX_RETRIES + 1);
    h.send({ type: 'cloud.refresh' });
    expect(h.state()).toBe('reading');
    expect(h.context().failures).toBe(0);
  });

  it('Refresh while a retry waits reads at once and starts the count anew', async () => {
    const h = harness();
    await read(h, 'cloud_timeout');
    await wait(CLOUD_RETRY_BASE_MS);
    await read(h, 'cloud_timeout');
    expect(h.context().failures).toBe(2);
    h.send({ type: 'cloud.refresh' });
    expect(h.state()).toBe('reading');
    expect(h.context().failures).toBe(0);
    expect(h.readStatus.calls).toHaveLength(3);
  });

  it('Refresh, Activate and Deactivate are not taken while a read runs', async () => {
    const h = harness();
    h.send({ type: 'cloud.refresh' });
    h.send({ type: 'cloud.activate' });
    h.send({ type: 'cloud.deactivate' });
    expect(h.state()).toBe('reading');
    expect(h.readStatus.calls).toHaveLength(1);
    expect(h.activate.calls).toHaveLength(0);
    expect(h.deactivate.calls).toHaveLength(0);
  });
});

describe('cloudDashboard: activation', () => {
  it('Activate asks the device, then reads the status again', async () => {
    const h = harness();
    await read(h, null);
    h.send({ type: 'cloud.activate' });
    expect(h.state()).toBe('activating');
    expect(h.actor.getSnapshot().hasTag('acting')).toBe(true);
    expect(h.activate.calls).toHaveLength(1);
    h.activate.last().resolve();
    await flush();
    expect(h.state()).toBe('reading');
    expect(h.readStatus.calls).toHaveLength(2);
  });

  it('a refused activation keeps its error code until the next action, and the status is read again', async () => {
    const h = harness();
    await read(h, null);
    h.send({ type: 'cloud.activate' });
    h.activate.last().reject({ status: 409, data: { error_code: 'cloud_already_activated' } });
    await flush();
    expect(h.state()).toBe('reading');
    expect(h.context().actionError).toBe('cloud_already_activated');
    await read(h, null);
    expect(h.context().actionError).toBe('cloud_already_activated');
    h.send({ type: 'cloud.deactivate' });
    expect(h.state()).toBe('deactivating');
    expect(h.context().actionError).toBeNull();
  });

  it('Deactivate asks the device, then reads again; its refusal is kept', async () => {
    const h = harness();
    await read(h, null);
    h.send({ type: 'cloud.deactivate' });
    expect(h.state()).toBe('deactivating');
    expect(h.deactivate.calls).toHaveLength(1);
    h.deactivate.last().reject({ status: 502, data: { error_code: 'cloud_refused' } });
    await flush();
    expect(h.state()).toBe('reading');
    expect(h.context().actionError).toBe('cloud_refused');
    await read(h, null);
    h.send({ type: 'cloud.deactivate' });
    h.deactivate.last().resolve();
    await flush();
    expect(h.state()).toBe('reading');
    expect(h.context().actionError).toBeNull();
  });

  it.each(['cloud.activate', 'cloud.deactivate'] as const)('%s may be tried while retries wait; success starts the count anew', async (type) => {
    const h = harness();
    await read(h, 'cloud_refused');
    await wait(CLOUD_RETRY_BASE_MS);
    await read(h, 'cloud_refused');
    expect(h.state()).toBe('retrying');
    h.send({ type });
    expect(h.state()).toBe(type === 'cloud.activate' ? 'activating' : 'deactivating');
    (type === 'cloud.activate' ? h.activate : h.deactivate).last().resolve();
    await flush();
    expect(h.state()).toBe('reading');
    expect(h.context().failures).toBe(0);
  });

  it.each(['cloud.activate', 'cloud.deactivate'] as const)('%s may be tried once retries stopped', async (type) => {
    const h = harness();
    for (let i = 1; i <= CLOUD_MAX_RETRIES; i++) {
      await read(h, 'cloud_timeout');
      await wait(cloudRetryDelay(i));
    }
    await read(h, 'cloud_timeout');
    expect(h.state()).toBe('stalled');
    h.send({ type });
    expect(h.state()).toBe(type === 'cloud.activate' ? 'activating' : 'deactivating');
  });

  it('a failed action from the retries keeps the count: the read after it waits as before', async () => {
    const h = harness();
    await read(h, 'cloud_refused');
    h.send({ type: 'cloud.activate' });
    h.activate.last().reject({ status: 502, data: { error_code: 'cloud_refused' } });
    await flush();
    await read(h, 'cloud_refused');
    expect(h.context().failures).toBe(2);
    expect(h.state()).toBe('retrying');
  });

  it('Deactivate from watching, and a poll that comes while watching after it', async () => {
    const h = harness();
    await read(h, null);
    h.send({ type: 'cloud.deactivate' });
    h.deactivate.last().resolve();
    await flush();
    await read(h, null);
    expect(h.state()).toBe('watching');
  });
});

/**
 * Behaviour of the touch calibration on a real actor: the first read (a running calibration is
 * followed), the confirmation, start and its failure, the polling and each outcome it leads to,
 * cancel with its confirmation (and a calibration that ended meanwhile), retries from each error
 * and from the failed and timed-out outcomes, and the tags each state carries.
 */
import { createActor } from 'xstate';
import type { TouchCalibrationStatus } from '../../../contract/api/touch-calibration';
import { POLL_MS, RETRY_MS, touchCalibrationMachine, type TouchCalibrationEvent, type TouchCalibrationTag } from '../../../machines/touch-calibration.machine';
import { SAMPLE_TOUCH_STATUSES as S } from '../../../machines/touch-calibration.qa';
import { controllable } from '../../support/controllable-actor';

const FETCH_ERROR = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
const TAGS: TouchCalibrationTag[] = ['loading', 'idle', 'confirm', 'starting', 'calibrating', 'confirm_cancel', 'cancelling', 'done', 'failed', 'timed_out', 'cancelled', 'error', 'busy'];
const progress = (touched: number): TouchCalibrationStatus => ({ ...S.calibrating, touched, next: touched });

function harness() {
  const fetchStatus = controllable<TouchCalibrationStatus, unknown>();
  const start = controllable<TouchCalibrationStatus, unknown>();
  const cancel = controllable<TouchCalibrationStatus, unknown>();
  const actor = createActor(touchCalibrationMachine.provide({ actors: { fetchStatus: fetchStatus.logic, start: start.logic, cancel: cancel.logic } })).start();
  const snapshot = () => actor.getSnapshot();
  return {
    fetchStatus,
    start,
    cancel,
    context: () => snapshot().context,
    send: (event: TouchCalibrationEvent) => actor.send(event),
    at: () => {
      const value = snapshot().value;
      if (typeof value === 'string') return value;
      const [[parent, child]] = Object.entries(value) as [[string, string]];
      return `${parent}.${child}`;
    },
    tags: () => TAGS.filter((t) => snapshot().hasTag(t)),
    asks: () => fetchStatus.calls.length,
    answer: async (status: TouchCalibrationStatus | 'fail', with_ = fetchStatus) => {
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

async function idle() {
  const h = harness();
  await h.answer(S.idle);
  return h;
}

/** Started and confirmed: the device answered the start with a running calibration. */
async function calibrating(touched = 0) {
  const h = await idle();
  h.send({ type: 'touch.start' });
  h.send({ type: 'touch.confirm' });
  await h.answer(progress(touched), h.start);
  return h;
}

async function poll(h: Harness, status: TouchCalibrationStatus | 'fail') {
  const before = h.asks();
  await jest.advanceTimersByTimeAsync(POLL_MS - 1);
  expect(h.asks()).toBe(before);
  await jest.advanceTimersByTimeAsync(1);
  expect(h.asks()).toBe(before + 1);
  expect(h.at()).toBe('calibrating.asking');
  await h.answer(status);
}

describe('touchCalibration: the first read', () => {
  it('asks at once behind the loading tag', () => {
    const h = harness();
    expect(h.at()).toBe('loading.asking');
    expect(h.tags()).toEqual(['loading']);
    expect(h.asks()).toBe(1);
  });

  it.each([
    ['idle', S.idle],
    ['done', S.done],
    ['failed', S.failed],
    ['timed out', S.timedOut],
    ['cancelled', S.cancelled],
  ] as const)('a device %s: idle, the status kept', async (_name, status) => {
    const h = harness();
    await h.answer(status);
    expect(h.at()).toBe('idle');
    expect(h.tags()).toEqual(['idle']);
    expect(h.context().status).toEqual(status);
  });

  it('a calibration already running (another console) is followed', async () => {
    const h = harness();
    await h.answer(S.calibrating);
    expect(h.at()).toBe('calibrating.waiting');
    expect(h.tags()).toEqual(['calibrating']);
    expect(h.context().status).toEqual(S.calibrating);
  });

  it('a failed read waits with its error for Retry, which asks again', async () => {
    const h = harness();
    await h.answer('fail');
    expect(h.at()).toBe('loading.failed');
    expect(h.tags()).toEqual(['loading', 'error']);
    expect(h.context().error).not.toBeNull();
    await jest.advanceTimersByTimeAsync(RETRY_MS * 3);
    expect(h.asks()).toBe(1);
    h.send({ type: 'touch.retry' });
    expect(h.asks()).toBe(2);
    await h.answer(S.idle);
    expect(h.at()).toBe('idle');
    expect(h.context().error).toBeNull();
  });
});

describe('touchCalibration: confirm and start', () => {
  it('Start asks to confirm first; Dismiss goes back without a request', async () => {
    const h = await idle();
    h.send({ type: 'touch.start' });
    expect(h.at()).toBe('confirm');
    expect(h.tags()).toEqual(['confirm']);
    h.send({ type: 'touch.dismiss' });
    expect(h.at()).toBe('idle');
    expect(h.start.calls).toHaveLength(0);
  });

  it('only the confirmation starts it: busy, then calibrating with the answer', async () => {
    const h = await idle();
    h.send({ type: 'touch.confirm' });
    expect(h.at()).toBe('idle');
    h.send({ type: 'touch.start' });
    h.send({ type: 'touch.confirm' });
    expect(h.at()).toBe('starting.asking');
    expect(h.tags()).toEqual(['starting', 'busy']);
    expect(h.start.calls).toHaveLength(1);
    await h.answer(progress(0), h.start);
    expect(h.at()).toBe('calibrating.waiting');
    expect(h.context().status).toEqual(progress(0));
  });

  it.each([
    ['done', S.done],
    ['failed', S.failed],
    ['timedOut', S.timedOut],
    ['cancelled', S.cancelled],
    // (the project no longer enables it: a status the first read did not answer)
    ['idle', { ...S.idle, project_enabled: false }],
  ] as const)('a start answered with %s goes there', async (at, status) => {
    const h = await idle();
    h.send({ type: 'touch.start' });
    h.send({ type: 'touch.confirm' });
    await h.answer(status, h.start);
    expect(h.at()).toBe(at);
    expect(h.context().status).toEqual(status);
  });

  it('a failed start waits with its error: Retry starts again, Dismiss goes back to idle', async () => {
    const h = await idle();
    h.send({ type: 'touch.start' });
    h.send({ type: 'touch.confirm' });
    await h.answer('fail', h.start);
    expect(h.at()).toBe('starting.failed');
    expect(h.tags()).toEqual(['starting', 'error']);
    expect(h.context().error).not.toBeNull();
    h.send({ type: 'touch.retry' });
    expect(h.start.calls).toHaveLength(2);
    await h.answer('fail', h.start);
    h.send({ type: 'touch.dismiss' });
    expect(h.at()).toBe('idle');
    expect(h.start.calls).toHaveLength(2);
  });
});

describe('touchCalibration: calibrating', () => {
  it('asks every POLL_MS and shows the progress', async () => {
    const h = await calibrating(0);
    await poll(h, progress(1));
    expect(h.at()).toBe('calibrating.waiting');
    expect(h.context().status?.touched).toBe(1);
    await poll(h, progress(3));
    expect(h.context().status?.touched).toBe(3);
  });

  it.each([
    ['done', S.done, ['done']],
    ['failed', S.failed, ['failed']],
    ['timedOut', S.timedOut, ['timed_out']],
    ['cancelled', S.cancelled, ['cancelled']],
    ['idle', S.idle, ['idle']],
  ] as const)('goes to %s when the status says so', async (at, status, tags) => {
    const h = await calibrating(2);
    await poll(h, status);
    expect(h.at()).toBe(at);
    expect(h.tags()).toEqual(tags);
    expect(h.context().status).toEqual(status);
    // and asks no more
    await jest.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(h.at()).toBe(at);
  });

  it('a failed ask keeps the progress, asks again after RETRY_MS, or at Retry', async () => {
    const h = await calibrating(2);
    await poll(h, 'fail');
    expect(h.at()).toBe('calibrating.failed');
    expect(h.tags()).toEqual(['calibrating', 'error']);
    expect(h.context().error).not.toBeNull();
    expect(h.context().status?.touched).toBe(2);
    const before = h.asks();
    await jest.advanceTimersByTimeAsync(RETRY_MS - 1);
    expect(h.asks()).toBe(before);
    await jest.advanceTimersByTimeAsync(1);
    expect(h.asks()).toBe(before + 1);
    await h.answer('fail');
    h.send({ type: 'touch.retry' });
    expect(h.asks()).toBe(before + 2);
    await h.answer(progress(4));
    expect(h.at()).toBe('calibrating.waiting');
    expect(h.context().error).toBeNull();
  });
});

describe('touchCalibration: cancel', () => {
  it('asks to confirm; Keep goes back to following it', async () => {
    const h = await calibrating(1);
    h.send({ type: 'touch.cancel' });
    expect(h.at()).toBe('confirmCancel');
    expect(h.tags()).toEqual(['confirm_cancel']);
    h.send({ type: 'touch.keep' });
    expect(h.at()).toBe('calibrating.waiting');
    expect(h.cancel.calls).toHaveLength(0);
    await poll(h, progress(2));
  });

  it('may be asked while a status ask failed', async () => {
    const h = await calibrating(1);
    await poll(h, 'fail');
    h.send({ type: 'touch.cancel' });
    expect(h.at()).toBe('confirmCancel');
  });

  it('confirmed: busy, then cancelled', async () => {
    const h = await calibrating(1);
    h.send({ type: 'touch.cancel' });
    h.send({ type: 'touch.confirm' });
    expect(h.at()).toBe('cancelling.asking');
    expect(h.tags()).toEqual(['cancelling', 'busy']);
    expect(h.cancel.calls).toHaveLength(1);
    await h.answer(S.cancelled, h.cancel);
    expect(h.at()).toBe('cancelled');
    expect(h.context().status).toEqual(S.cancelled);
  });

  it.each([
    ['done', S.done],
    ['failed', S.failed],
    ['timedOut', S.timedOut],
    ['idle', S.idle],
    ['calibrating.waiting', S.calibrating],
  ] as const)('a calibration that ended meanwhile: the cancel answer (%s) decides', async (at, status) => {
    const h = await calibrating(4);
    h.send({ type: 'touch.cancel' });
    h.send({ type: 'touch.confirm' });
    await h.answer(status, h.cancel);
    expect(h.at()).toBe(at);
    expect(h.context().status).toEqual(status);
  });

  it('a failed cancel waits with its error: Retry cancels again, Dismiss goes back to following it', async () => {
    const h = await calibrating(1);
    h.send({ type: 'touch.cancel' });
    h.send({ type: 'touch.confirm' });
    await h.answer('fail', h.cancel);
    expect(h.at()).toBe('cancelling.failed');
    expect(h.tags()).toEqual(['cancelling', 'error']);
    expect(h.context().error).not.toBeNull();
    h.send({ type: 'touch.retry' });
    expect(h.cancel.calls).toHaveLength(2);
    await h.answer('fail', h.cancel);
    h.send({ type: 'touch.dismiss' });
    expect(h.at()).toBe('calibrating.waiting');
    expect(h.cancel.calls).toHaveLength(2);
  });
});

describe('touchCalibration: after an outcome', () => {
  async function at(status: TouchCalibrationStatus) {
    const h = await calibrating(0);
    await poll(h, status);
    return h;
  }

  it.each([
    ['failed', S.failed],
    ['timed out', S.timedOut],
  ] as const)('Retry after %s starts again at once', async (_name, status) => {
    const h = await at(status);
    h.send({ type: 'touch.retry' });
    expect(h.at()).toBe('starting.asking');
    expect(h.start.calls).toHaveLength(2);
  });

  it.each([
    ['done', S.done],
    ['cancelled', S.cancelled],
  ] as const)('Retry after %s does nothing', async (_name, status) => {
    const h = await at(status);
    h.send({ type: 'touch.retry' });
    expect(h.start.calls).toHaveLength(1);
  });

  it.each([
    ['done', S.done],
    ['failed', S.failed],
    ['timed out', S.timedOut],
    ['cancelled', S.cancelled],
  ] as const)('Start after %s asks to confirm again', async (_name, status) => {
    const h = await at(status);
    h.send({ type: 'touch.start' });
    expect(h.at()).toBe('confirm');
  });

  it('nothing but the named events moves an outcome', async () => {
    const h = await at(S.done);
    for (const type of ['touch.confirm', 'touch.dismiss', 'touch.cancel', 'touch.keep'] as const) h.send({ type });
    expect(h.at()).toBe('done');
  });
});

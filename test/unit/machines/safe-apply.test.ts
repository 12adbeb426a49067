/**
 * Behaviour of the safe-apply flow on a real actor: what the page sees after Apply, Keep, Revert,
 * the countdown and the device's answers, the inputs of the calls, and when the page reloads the
 * device's settings (`refresh`).
 */
import type { PendingNetworkChange } from '../../../contract/rules/network';
import { createActor } from 'xstate';

import {
  safeApplyMachine,
  type ApplyInput,
  type ApplyOutput,
  type ApplyResult,
  type SafeApplyEvent,
} from '../../../machines/safe-apply.machine';
import { controllable } from '../../support/controllable-actor';

function harness() {
  const applyChange = controllable<ApplyOutput, ApplyInput>();
  const confirmChange = controllable<void, { id: string }>();
  const revertChange = controllable<void, { id: string }>();
  const readResult = controllable<ApplyResult, unknown>();
  const refresh = jest.fn();
  const machine = safeApplyMachine.provide({
    actors: { applyChange: applyChange.logic, confirmChange: confirmChange.logic, revertChange: revertChange.logic, readResult: readResult.logic },
    actions: { refresh: () => refresh() },
  });
  const actor = createActor(machine).start();
  const snapshot = () => actor.getSnapshot();
  const context = () => actor.getSnapshot().context;
  const send = (event: SafeApplyEvent) => actor.send(event);
  return { actor, snapshot, context, send, applyChange, confirmChange, revertChange, readResult, refresh };
}
type Harness = ReturnType<typeof harness>;

const flush = () => jest.advanceTimersByTimeAsync(0);
const seconds = (n: number) => jest.advanceTimersByTimeAsync(n * 1000);

const REQUEST = { name: 'LAN1', dhcp: false, address: '192.168.1.20', netmask: '255.255.255.0', gateway: '192.168.1.1' };
const PENDING: PendingNetworkChange = {
  id: 'change-1',
  section: 'ethernet',
  seconds_left: 90,
  moved: [{ name: 'LAN1', before: '192.168.1.57', after: '192.168.1.20' }],
};
const NO_PENDING_CHANGE = { status: 409, data: { error_code: 'no_pending_change' } };

/** Apply with the safety net and let the device answer with a change waiting `secondsLeft` seconds. */
async function waitingWith(h: Harness, secondsLeft = PENDING.seconds_left) {
  h.send({ type: 'change.apply', request: REQUEST, safe: true });
  h.applyChange.last().resolve({ pending: { ...PENDING, seconds_left: secondsLeft } });
  await flush();
  expect(h.snapshot().matches('waiting')).toBe(true);
  expect(h.context().secondsLeft).toBe(secondsLeft);
}

/** Every state's value, to assert that exactly one is active. */
const STATES = ['idle', 'applying', 'settling', 'waiting', 'confirming', 'reverting', 'expired', 'kept', 'reverted', 'applied', 'failed'] as const;
const activeStates = (h: Harness) => STATES.filter((s) => h.snapshot().matches(s));

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('safeApply: apply', () => {
  it('starts idle with nothing pending; Keep, Revert and Close do nothing there', async () => {
    const h = harness();
    expect(activeStates(h)).toEqual(['idle']);
    expect(h.context()).toEqual({ pending: null, secondsLeft: 0, error: null, result: null });
    h.send({ type: 'change.keep' });
    h.send({ type: 'change.revert' });
    h.send({ type: 'change.dismiss' });
    await seconds(5);
    expect(activeStates(h)).toEqual(['idle']);
    expect(h.confirmChange.calls).toHaveLength(0);
    expect(h.revertChange.calls).toHaveLength(0);
    expect(h.refresh).not.toHaveBeenCalled();
  });

  it.each([true, false])('Apply (safe %p) sends the page\u2019s request and the safety-net flag as they are', (safe) => {
    const h = harness();
    h.send({ type: 'change.apply', request: REQUEST, safe });
    expect(activeStates(h)).toEqual(['applying']);
    expect(h.applyChange.calls.map((c) => c.input)).toEqual([{ request: REQUEST, safe }]);
    // Keep, Revert and another Apply wait for the answer.
    h.send({ type: 'change.keep' });
    h.send({ type: 'change.revert' });
    h.send({ type: 'change.apply', request: REQUEST, safe });
    expect(activeStates(h)).toEqual(['applying']);
    expect(h.applyChange.calls).toHaveLength(1);
    expect(h.confirmChange.calls).toHaveLength(0);
  });

  it('a change the device holds for confirmation starts the countdown at its seconds, without reloading yet', async () => {
    const h = harness();
    await waitingWith(h, 90);
    expect(h.context()).toEqual({ pending: { ...PENDING, seconds_left: 90 }, secondsLeft: 90, error: null, result: null });
    expect(h.refresh).not.toHaveBeenCalled();
  });

  it('without the safety net the change is simply applied, and the page reloads the settings once', async () => {
    const h = harness();
    h.send({ type: 'change.apply', request: REQUEST, safe: false });
    h.applyChange.last().resolve({ pending: null });
    await flush();
    expect(activeStates(h)).toEqual(['applied']);
    expect(h.context()).toEqual({ pending: null, secondsLeft: 0, error: null, result: null });
    expect(h.refresh).toHaveBeenCalledTimes(1);
    await seconds(100); // no countdown runs
    expect(activeStates(h)).toEqual(['applied']);
    expect(h.refresh).toHaveBeenCalledTimes(1);
  });

  it.each([
    [{ status: 409, data: { error_code: 'change_pending' } }, 'change_pending'],
    [{ error_code: 'validation_failure' }, 'validation_failure'],
    [new Error('offline'), 'fail'],
  ])('a failed apply (%p) shows the error %s and reloads nothing', async (error, code) => {
    const h = harness();
    h.send({ type: 'change.apply', request: REQUEST, safe: true });
    h.applyChange.last().reject(error);
    await flush();
    expect(activeStates(h)).toEqual(['failed']);
    expect(h.context()).toEqual({ pending: null, secondsLeft: 0, error: code, result: null });
    expect(h.refresh).not.toHaveBeenCalled();
  });

  it('Apply again after a failure clears the error while it runs, and can succeed', async () => {
    const h = harness();
    h.send({ type: 'change.apply', request: REQUEST, safe: true });
    h.applyChange.last().reject({ error_code: 'change_pending' });
    await flush();
    h.send({ type: 'change.apply', request: { other: true }, safe: false });
    expect(activeStates(h)).toEqual(['applying']);
    expect(h.context().error).toBeNull();
    expect(h.applyChange.last().input).toEqual({ request: { other: true }, safe: false });
    h.applyChange.last().resolve({ pending: null });
    await flush();
    expect(activeStates(h)).toEqual(['applied']);
  });
});

describe('safeApply: the countdown', () => {
  it('counts down once a second and, at zero, ends expired: the device restored the settings, the page reloads them', async () => {
    const h = harness();
    await waitingWith(h, 3);
    await jest.advanceTimersByTimeAsync(999);
    expect(h.context().secondsLeft).toBe(3);
    await jest.advanceTimersByTimeAsync(1);
    expect(activeStates(h)).toEqual(['waiting']);
    expect(h.context().secondsLeft).toBe(2);
    await seconds(1);
    expect(activeStates(h)).toEqual(['waiting']);
    expect(h.context().secondsLeft).toBe(1);
    expect(h.refresh).not.toHaveBeenCalled();
    await seconds(1);
    expect(activeStates(h)).toEqual(['expired']);
    expect(h.context().secondsLeft).toBe(0);
    expect(h.context().pending).toEqual({ ...PENDING, seconds_left: 3 });
    expect(h.refresh).toHaveBeenCalledTimes(1);
    await seconds(10); // the countdown has stopped
    expect(activeStates(h)).toEqual(['expired']);
    expect(h.refresh).toHaveBeenCalledTimes(1);
    expect(h.confirmChange.calls).toHaveLength(0);
    expect(h.revertChange.calls).toHaveLength(0);
  });

  it('counts all of a long countdown, one second at a time', async () => {
    const h = harness();
    await waitingWith(h, 90);
    await seconds(89);
    expect(activeStates(h)).toEqual(['waiting']);
    expect(h.context().secondsLeft).toBe(1);
    await seconds(1);
    expect(activeStates(h)).toEqual(['expired']);
  });

  it('a change in its last second expires at the next tick', async () => {
    const h = harness();
    await waitingWith(h, 1);
    await jest.advanceTimersByTimeAsync(999);
    expect(activeStates(h)).toEqual(['waiting']);
    await jest.advanceTimersByTimeAsync(1);
    expect(activeStates(h)).toEqual(['expired']);
    expect(h.context().secondsLeft).toBe(0);
  });

  it('Apply, Close and resume work after expiry: Close hides the result, Apply starts over', async () => {
    const h = harness();
    await waitingWith(h, 1);
    await seconds(1);
    h.send({ type: 'change.keep' });
    h.send({ type: 'change.revert' });
    expect(activeStates(h)).toEqual(['expired']);
    h.send({ type: 'change.dismiss' });
    expect(activeStates(h)).toEqual(['idle']);
    await waitingWith(h, 5);
    await seconds(5);
    expect(activeStates(h)).toEqual(['expired']);
    h.send({ type: 'change.apply', request: REQUEST, safe: false });
    expect(activeStates(h)).toEqual(['applying']);
  });
});

describe('safeApply: Keep', () => {
  it('Keep confirms the change by its id, and ends kept with the settings reloaded once', async () => {
    const h = harness();
    await waitingWith(h, 90);
    await seconds(10);
    h.send({ type: 'change.keep' });
    expect(activeStates(h)).toEqual(['confirming']);
    expect(h.confirmChange.calls.map((c) => c.input)).toEqual([{ id: 'change-1' }]);
    expect(h.revertChange.calls).toHaveLength(0);
    expect(h.refresh).not.toHaveBeenCalled();
    h.confirmChange.last().resolve();
    await flush();
    expect(activeStates(h)).toEqual(['kept']);
    expect(h.context().secondsLeft).toBe(80);
    expect(h.context().error).toBeNull();
    expect(h.refresh).toHaveBeenCalledTimes(1);
    await seconds(100); // no countdown, no expiry after the change is kept
    expect(activeStates(h)).toEqual(['kept']);
    expect(h.refresh).toHaveBeenCalledTimes(1);
  });

  it('the countdown pauses while Keep waits for the device: a late answer still keeps the change', async () => {
    const h = harness();
    await waitingWith(h, 2);
    h.send({ type: 'change.keep' });
    await seconds(5);
    expect(activeStates(h)).toEqual(['confirming']);
    expect(h.context().secondsLeft).toBe(2);
    expect(h.refresh).not.toHaveBeenCalled();
    // Keep, Revert and Apply are not taken meanwhile.
    h.send({ type: 'change.keep' });
    h.send({ type: 'change.revert' });
    h.send({ type: 'change.apply', request: REQUEST, safe: true });
    h.send({ type: 'change.dismiss' });
    expect(activeStates(h)).toEqual(['confirming']);
    expect(h.confirmChange.calls).toHaveLength(1);
    expect(h.revertChange.calls).toHaveLength(0);
    h.confirmChange.last().resolve();
    await flush();
    expect(activeStates(h)).toEqual(['kept']);
  });

  it('a Keep the device no longer expects (it already restored the settings) ends expired, reloading once', async () => {
    const h = harness();
    await waitingWith(h, 30);
    h.send({ type: 'change.keep' });
    h.confirmChange.last().reject(NO_PENDING_CHANGE);
    await flush();
    expect(activeStates(h)).toEqual(['expired']);
    expect(h.context().secondsLeft).toBe(0);
    expect(h.context().error).toBeNull();
    expect(h.refresh).toHaveBeenCalledTimes(1);
  });

  it.each([
    [{ status: 500, data: { error_code: 'internal_error' } }, 'internal_error'],
    [new Error('offline'), 'fail'],
  ])('a failed Keep (%p) returns to the countdown where it paused, showing %s; Keep again clears it', async (error, code) => {
    const h = harness();
    await waitingWith(h, 10);
    await seconds(3);
    h.send({ type: 'change.keep' });
    h.confirmChange.last().reject(error);
    await flush();
    expect(activeStates(h)).toEqual(['waiting']);
    expect(h.context().error).toBe(code);
    expect(h.context().secondsLeft).toBe(7);
    expect(h.context().pending?.id).toBe('change-1');
    expect(h.refresh).not.toHaveBeenCalled();
    await seconds(1); // the countdown goes on
    expect(h.context().secondsLeft).toBe(6);
    expect(h.context().error).toBe(code);
    h.send({ type: 'change.keep' });
    expect(activeStates(h)).toEqual(['confirming']);
    expect(h.context().error).toBeNull();
    expect(h.confirmChange.calls.map((c) => c.input)).toEqual([{ id: 'change-1' }, { id: 'change-1' }]);
    h.confirmChange.last().resolve();
    await flush();
    expect(activeStates(h)).toEqual(['kept']);
  });

  it('after a failed Keep the countdown can still expire', async () => {
    const h = harness();
    await waitingWith(h, 2);
    h.send({ type: 'change.keep' });
    h.confirmChange.last().reject({ error_code: 'internal_error' });
    await flush();
    await seconds(2);
    expect(activeStates(h)).toEqual(['expired']);
    expect(h.refresh).toHaveBeenCalledTimes(1);
  });
});

describe('safeApply: Revert', () => {
  it('Revert reverts the change by its id (it does not confirm it), and ends reverted with the settings reloaded once', async () => {
    const h = harness();
    await waitingWith(h, 90);
    await seconds(4);
    h.send({ type: 'change.revert' });
    expect(activeStates(h)).toEqual(['reverting']);
    expect(h.revertChange.calls.map((c) => c.input)).toEqual([{ id: 'change-1' }]);
    expect(h.confirmChange.calls).toHaveLength(0);
    expect(h.refresh).not.toHaveBeenCalled();
    h.revertChange.last().resolve();
    await flush();
    expect(activeStates(h)).toEqual(['reverted']);
    expect(h.context().secondsLeft).toBe(86);
    expect(h.refresh).toHaveBeenCalledTimes(1);
    await seconds(100);
    expect(activeStates(h)).toEqual(['reverted']);
    expect(h.refresh).toHaveBeenCalledTimes(1);
  });

  it('the countdown pauses while Revert waits for the device', async () => {
    const h = harness();
    await waitingWith(h, 1);
    h.send({ type: 'change.revert' });
    await seconds(5);
    h.send({ type: 'change.keep' });
    h.send({ type: 'change.dismiss' });
    expect(activeStates(h)).toEqual(['reverting']);
    expect(h.confirmChange.calls).toHaveLength(0);
    expect(h.revertChange.calls).toHaveLength(1);
    h.revertChange.last().resolve();
    await flush();
    expect(activeStates(h)).toEqual(['reverted']);
  });

  it('a Revert the device no longer expects ends expired, reloading once', async () => {
    const h = harness();
    await waitingWith(h, 30);
    h.send({ type: 'change.revert' });
    h.revertChange.last().reject({ error_code: 'no_pending_change' });
    await flush();
    expect(activeStates(h)).toEqual(['expired']);
    expect(h.context().secondsLeft).toBe(0);
    expect(h.refresh).toHaveBeenCalledTimes(1);
  });

  it('a failed Revert returns to the countdown with its error; Revert again clears it', async () => {
    const h = harness();
    await waitingWith(h, 10);
    await seconds(2);
    h.send({ type: 'change.revert' });
    h.revertChange.last().reject({ status: 403, data: { error_code: 'forbidden' } });
    await flush();
    expect(activeStates(h)).toEqual(['waiting']);
    expect(h.context().error).toBe('forbidden');
    expect(h.context().secondsLeft).toBe(8);
    expect(h.refresh).not.toHaveBeenCalled();
    await seconds(1);
    expect(h.context().secondsLeft).toBe(7);
    h.send({ type: 'change.revert' });
    expect(activeStates(h)).toEqual(['reverting']);
    expect(h.context().error).toBeNull();
    expect(h.revertChange.calls.map((c) => c.input)).toEqual([{ id: 'change-1' }, { id: 'change-1' }]);
    h.revertChange.last().resolve();
    await flush();
    expect(activeStates(h)).toEqual(['reverted']);
  });
});

describe('safeApply: an outcome the device reports later (Wi-Fi)', () => {
  const CONNECTING: ApplyResult = { result: 'connecting', settled: false };

  /** Apply without the safety net; the device takes it and its outcome is still to come. */
  async function settling(h: Harness) {
    h.send({ type: 'change.apply', request: REQUEST, safe: false });
    h.applyChange.last().resolve({ pending: null, outcome: CONNECTING });
    await flush();
  }

  it('is not called applied while the outcome is unsettled: it reads it at once, busy, reloading nothing yet', async () => {
    const h = harness();
    await settling(h);
    expect(activeStates(h)).toEqual(['settling']);
    expect(h.snapshot().hasTag('busy')).toBe(true);
    expect(h.snapshot().hasTag('outcome')).toBe(false);
    expect(h.context()).toEqual({ pending: null, secondsLeft: 0, error: null, result: 'connecting' });
    expect(h.readResult.calls).toHaveLength(1);
    expect(h.refresh).not.toHaveBeenCalled();
  });

  it('reads again every second while unsettled, and ends applied with the outcome once it settles', async () => {
    const h = harness();
    await settling(h);
    h.readResult.last().resolve(CONNECTING);
    await jest.advanceTimersByTimeAsync(999);
    expect(h.readResult.calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(h.readResult.calls).toHaveLength(2);
    // A failed read (the connection may be what changed) is tried again a second later.
    h.readResult.last().reject({ status: 'FETCH_ERROR' });
    await seconds(1);
    expect(h.readResult.calls).toHaveLength(3);
    expect(activeStates(h)).toEqual(['settling']);
    h.readResult.last().resolve({ result: 'password_error', settled: true });
    await flush();
    expect(activeStates(h)).toEqual(['applied']);
    expect(h.context()).toEqual({ pending: null, secondsLeft: 0, error: null, result: 'password_error' });
    expect(h.refresh).toHaveBeenCalledTimes(1);
    await seconds(60);
    expect(h.readResult.calls).toHaveLength(3);
  });

  it('keeps each unsettled outcome read, so the page can say how far it got', async () => {
    const h = harness();
    await settling(h);
    h.readResult.last().resolve({ result: 'scanning', settled: false });
    await flush();
    expect(activeStates(h)).toEqual(['settling']);
    expect(h.context().result).toBe('scanning');
  });

  it('gives up after 30 s with the last outcome read', async () => {
    const h = harness();
    await settling(h);
    for (let i = 0; i < 29; i += 1) {
      h.readResult.last().resolve(CONNECTING);
      await seconds(1);
    }
    expect(activeStates(h)).toEqual(['settling']);
    await seconds(1);
    expect(activeStates(h)).toEqual(['applied']);
    expect(h.context().result).toBe('connecting');
    expect(h.refresh).toHaveBeenCalledTimes(1);
  });

  it('an outcome settled in the apply answer itself is applied at once, with it', async () => {
    const h = harness();
    h.send({ type: 'change.apply', request: REQUEST, safe: false });
    h.applyChange.last().resolve({ pending: null, outcome: { result: 'connected', settled: true } });
    await flush();
    expect(activeStates(h)).toEqual(['applied']);
    expect(h.context().result).toBe('connected');
    expect(h.readResult.calls).toHaveLength(0);
  });

  it('a new apply clears the last outcome', async () => {
    const h = harness();
    await settling(h);
    h.readResult.last().resolve({ result: 'password_error', settled: true });
    await flush();
    h.send({ type: 'change.apply', request: REQUEST, safe: false });
    expect(activeStates(h)).toEqual(['applying']);
    expect(h.context().result).toBeNull();
  });
});

describe('safeApply: after the outcome', () => {
  const outcomes: Array<[string, (h: Harness) => Promise<void>]> = [
    ['kept', async (h) => {
      await waitingWith(h, 10);
      h.send({ type: 'change.keep' });
      h.confirmChange.last().resolve();
      await flush();
    }],
    ['reverted', async (h) => {
      await waitingWith(h, 10);
      h.send({ type: 'change.revert' });
      h.revertChange.last().resolve();
      await flush();
    }],
    ['applied', async (h) => {
      h.send({ type: 'change.apply', request: REQUEST, safe: false });
      h.applyChange.last().resolve({ pending: null });
      await flush();
    }],
    ['failed', async (h) => {
      h.send({ type: 'change.apply', request: REQUEST, safe: true });
      h.applyChange.last().reject({ error_code: 'change_pending' });
      await flush();
    }],
    ['expired', async (h) => {
      await waitingWith(h, 1);
      await seconds(1);
    }],
  ];

  it.each(outcomes)('%s: Keep and Revert do nothing, Close returns to idle', async (state, reach) => {
    const h = harness();
    await reach(h);
    expect(activeStates(h)).toEqual([state]);
    const refreshes = h.refresh.mock.calls.length;
    h.send({ type: 'change.keep' });
    h.send({ type: 'change.revert' });
    expect(activeStates(h)).toEqual([state]);
    h.send({ type: 'change.dismiss' });
    expect(activeStates(h)).toEqual(['idle']);
    expect(h.refresh).toHaveBeenCalledTimes(refreshes);
    expect(h.applyChange.calls).toHaveLength(1);
  });

  it.each(outcomes)('%s: Apply sends the next change', async (state, reach) => {
    const h = harness();
    await reach(h);
    expect(activeStates(h)).toEqual([state]);
    h.send({ type: 'change.apply', request: { next: 1 }, safe: true });
    expect(activeStates(h)).toEqual(['applying']);
    expect(h.context().error).toBeNull();
    expect(h.applyChange.last().input).toEqual({ request: { next: 1 }, safe: true });
    h.applyChange.last().resolve({ pending: { ...PENDING, id: 'change-2', seconds_left: 60 } });
    await flush();
    expect(activeStates(h)).toEqual(['waiting']);
    expect(h.context().pending?.id).toBe('change-2');
    expect(h.context().secondsLeft).toBe(60);
  });
});

describe('safeApply: resume', () => {
  it('a page that opens while a change waits resumes the countdown with the seconds left', async () => {
    const h = harness();
    h.send({ type: 'change.resume', pending: { ...PENDING, seconds_left: 42 } });
    expect(activeStates(h)).toEqual(['waiting']);
    expect(h.context()).toEqual({ pending: { ...PENDING, seconds_left: 42 }, secondsLeft: 42, error: null, result: null });
    expect(h.applyChange.calls).toHaveLength(0);
    await seconds(2);
    expect(h.context().secondsLeft).toBe(40);
    h.send({ type: 'change.keep' });
    expect(h.confirmChange.last().input).toEqual({ id: 'change-1' });
  });

  it('resume replaces the change counted and clears a shown error, restarting the second', async () => {
    const h = harness();
    await waitingWith(h, 10);
    h.send({ type: 'change.keep' });
    h.confirmChange.last().reject({ error_code: 'internal_error' });
    await flush();
    expect(h.context().error).toBe('internal_error');
    await jest.advanceTimersByTimeAsync(600);
    h.send({ type: 'change.resume', pending: { ...PENDING, id: 'change-9', seconds_left: 5 } });
    expect(activeStates(h)).toEqual(['waiting']);
    expect(h.context()).toEqual({ pending: { ...PENDING, id: 'change-9', seconds_left: 5 }, secondsLeft: 5, error: null, result: null });
    await jest.advanceTimersByTimeAsync(999);
    expect(h.context().secondsLeft).toBe(5);
    await jest.advanceTimersByTimeAsync(1);
    expect(h.context().secondsLeft).toBe(4);
    h.send({ type: 'change.revert' });
    expect(h.revertChange.last().input).toEqual({ id: 'change-9' });
  });

  it.each(['expired', 'failed'] as const)('resume from %s shows the countdown again', async (state) => {
    const h = harness();
    if (state === 'expired') {
      await waitingWith(h, 1);
      await seconds(1);
    } else {
      h.send({ type: 'change.apply', request: REQUEST, safe: true });
      h.applyChange.last().reject({ error_code: 'change_pending' });
      await flush();
    }
    expect(activeStates(h)).toEqual([state]);
    h.send({ type: 'change.resume', pending: { ...PENDING, seconds_left: 3 } });
    expect(activeStates(h)).toEqual(['waiting']);
    expect(h.context().error).toBeNull();
    expect(h.context().secondsLeft).toBe(3);
  });

  it('a confirmation left behind by a resume is ignored when its answer arrives late', async () => {
    const h = harness();
    await waitingWith(h, 10);
    h.send({ type: 'change.keep' });
    const stale = h.confirmChange.last();
    h.send({ type: 'change.resume', pending: { ...PENDING, id: 'change-2', seconds_left: 20 } });
    expect(activeStates(h)).toEqual(['waiting']);
    stale.resolve();
    await flush();
    expect(activeStates(h)).toEqual(['waiting']);
    expect(h.context().pending?.id).toBe('change-2');
    expect(h.refresh).not.toHaveBeenCalled();
  });
});

describe('safeApply: unprovided', () => {
  it('the placeholder actor rejects, so an apply without the page\u2019s call fails', async () => {
    const actor = createActor(safeApplyMachine).start();
    actor.send({ type: 'change.apply', request: REQUEST, safe: true });
    await flush();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('fail');
    actor.stop();
  });
});

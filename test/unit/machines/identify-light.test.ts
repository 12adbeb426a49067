/**
 * Behaviour of the identification light on a real actor: what the card shows after Identify, Stop,
 * the countdown and the device's answers, and what the calls were given.
 */
import { createActor } from 'xstate';

import { identifyLightMachine, type IdentifyLightEvent } from '../../../machines/identify-light.machine';
import { controllable } from '../../support/controllable-actor';

function harness() {
  const startLight = controllable<{ seconds_left: number }, { seconds: number }>();
  const stopLight = controllable<void, unknown>();
  const machine = identifyLightMachine.provide({ actors: { startLight: startLight.logic, stopLight: stopLight.logic } });
  const actor = createActor(machine).start();
  const snapshot = () => actor.getSnapshot();
  const context = () => actor.getSnapshot().context;
  const send = (event: IdentifyLightEvent) => actor.send(event);
  return { actor, snapshot, context, send, startLight, stopLight };
}
type Harness = ReturnType<typeof harness>;

const STATES = ['idle', 'starting', 'blinking', 'stopping'] as const;
const activeStates = (h: Harness) => STATES.filter((s) => h.snapshot().matches(s));

const flush = () => jest.advanceTimersByTimeAsync(0);
const seconds = (n: number) => jest.advanceTimersByTimeAsync(n * 1000);

/** Identify for `chosen` seconds and let the device answer that the light blinks `secondsLeft` seconds. */
async function blinkingFor(h: Harness, secondsLeft: number, chosen = 30) {
  h.send({ type: 'light.start', seconds: chosen });
  h.startLight.last().resolve({ seconds_left: secondsLeft });
  await flush();
  expect(activeStates(h)).toEqual(['blinking']);
  expect(h.context().secondsLeft).toBe(secondsLeft);
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('identifyLight: Identify', () => {
  it('starts idle, light off; Stop does nothing there', async () => {
    const h = harness();
    expect(activeStates(h)).toEqual(['idle']);
    expect(h.context()).toEqual({ secondsLeft: 0, error: null });
    h.send({ type: 'light.stop' });
    await seconds(3);
    expect(activeStates(h)).toEqual(['idle']);
    expect(h.stopLight.calls).toHaveLength(0);
  });

  it('Identify asks the device for the chosen time; Stop and another Identify wait for its answer', () => {
    const h = harness();
    h.send({ type: 'light.start', seconds: 60 });
    expect(activeStates(h)).toEqual(['starting']);
    expect(h.startLight.calls.map((c) => c.input)).toEqual([{ seconds: 60 }]);
    h.send({ type: 'light.stop' });
    h.send({ type: 'light.start', seconds: 10 });
    h.send({ type: 'light.resume', secondsLeft: 5 });
    expect(activeStates(h)).toEqual(['starting']);
    expect(h.startLight.calls).toHaveLength(1);
    expect(h.stopLight.calls).toHaveLength(0);
    expect(h.context().secondsLeft).toBe(0);
  });

  it('the light blinks for the seconds the device answers (not the ones asked for)', async () => {
    const h = harness();
    await blinkingFor(h, 28, 30);
    expect(h.context()).toEqual({ secondsLeft: 28, error: null });
  });

  it('a device that answers 0 s leaves the light off, with no error', async () => {
    const h = harness();
    h.send({ type: 'light.start', seconds: 30 });
    h.startLight.last().resolve({ seconds_left: 0 });
    await flush();
    expect(activeStates(h)).toEqual(['idle']);
    expect(h.context()).toEqual({ secondsLeft: 0, error: null });
    await seconds(3);
    expect(activeStates(h)).toEqual(['idle']);
  });

  it.each([
    [{ status: 403, data: { error_code: 'forbidden' } }, 'forbidden'],
    [{ error_code: 'internal_error' }, 'internal_error'],
    [new Error('offline'), 'fail'],
  ])('a failed Identify (%p) keeps the light off and shows %s', async (error, code) => {
    const h = harness();
    h.send({ type: 'light.start', seconds: 30 });
    h.startLight.last().reject(error);
    await flush();
    expect(activeStates(h)).toEqual(['idle']);
    expect(h.context()).toEqual({ secondsLeft: 0, error: code });
  });

  it('Identify again after a failure clears the error while it runs', async () => {
    const h = harness();
    h.send({ type: 'light.start', seconds: 30 });
    h.startLight.last().reject({ error_code: 'forbidden' });
    await flush();
    h.send({ type: 'light.start', seconds: 10 });
    expect(activeStates(h)).toEqual(['starting']);
    expect(h.context().error).toBeNull();
    expect(h.startLight.last().input).toEqual({ seconds: 10 });
    h.startLight.last().resolve({ seconds_left: 10 });
    await flush();
    expect(activeStates(h)).toEqual(['blinking']);
    expect(h.context().error).toBeNull();
  });
});

describe('identifyLight: the countdown', () => {
  it('counts down once a second and turns off at zero', async () => {
    const h = harness();
    await blinkingFor(h, 3);
    await jest.advanceTimersByTimeAsync(999);
    expect(h.context().secondsLeft).toBe(3);
    await jest.advanceTimersByTimeAsync(1);
    expect(activeStates(h)).toEqual(['blinking']);
    expect(h.context().secondsLeft).toBe(2);
    await seconds(1);
    expect(activeStates(h)).toEqual(['blinking']);
    expect(h.context().secondsLeft).toBe(1);
    await seconds(1);
    expect(activeStates(h)).toEqual(['idle']);
    expect(h.context()).toEqual({ secondsLeft: 0, error: null });
    await seconds(5);
    expect(activeStates(h)).toEqual(['idle']);
    expect(h.context().secondsLeft).toBe(0);
    expect(h.stopLight.calls).toHaveLength(0); // the device turns it off by itself
  });

  it('a light in its last second turns off at the next tick', async () => {
    const h = harness();
    await blinkingFor(h, 1);
    await jest.advanceTimersByTimeAsync(999);
    expect(activeStates(h)).toEqual(['blinking']);
    await jest.advanceTimersByTimeAsync(1);
    expect(activeStates(h)).toEqual(['idle']);
    expect(h.context().secondsLeft).toBe(0);
  });

  it('counts all of a long countdown; Identify is offered again afterwards', async () => {
    const h = harness();
    await blinkingFor(h, 600, 600);
    await seconds(599);
    expect(activeStates(h)).toEqual(['blinking']);
    expect(h.context().secondsLeft).toBe(1);
    await seconds(1);
    expect(activeStates(h)).toEqual(['idle']);
    h.send({ type: 'light.start', seconds: 10 });
    expect(activeStates(h)).toEqual(['starting']);
    expect(h.startLight.calls).toHaveLength(2);
  });

  it('Identify and resume are not taken while the light blinks', async () => {
    const h = harness();
    await blinkingFor(h, 10);
    h.send({ type: 'light.start', seconds: 60 });
    h.send({ type: 'light.resume', secondsLeft: 50 });
    expect(activeStates(h)).toEqual(['blinking']);
    expect(h.context().secondsLeft).toBe(10);
    expect(h.startLight.calls).toHaveLength(1);
  });
});

describe('identifyLight: Stop', () => {
  it('Stop asks the device to stop; when it answers the light is off and the countdown gone', async () => {
    const h = harness();
    await blinkingFor(h, 30);
    await seconds(4);
    h.send({ type: 'light.stop' });
    expect(activeStates(h)).toEqual(['stopping']);
    expect(h.stopLight.calls).toHaveLength(1);
    expect(h.context().secondsLeft).toBe(26);
    h.send({ type: 'light.stop' });
    h.send({ type: 'light.start', seconds: 10 });
    expect(activeStates(h)).toEqual(['stopping']);
    expect(h.stopLight.calls).toHaveLength(1);
    expect(h.startLight.calls).toHaveLength(1);
    h.stopLight.last().resolve();
    await flush();
    expect(activeStates(h)).toEqual(['idle']);
    expect(h.context()).toEqual({ secondsLeft: 0, error: null });
    await seconds(30);
    expect(activeStates(h)).toEqual(['idle']);
  });

  it('the countdown pauses while Stop waits for the device', async () => {
    const h = harness();
    await blinkingFor(h, 2);
    h.send({ type: 'light.stop' });
    await seconds(5);
    expect(activeStates(h)).toEqual(['stopping']);
    expect(h.context().secondsLeft).toBe(2);
    h.stopLight.last().resolve();
    await flush();
    expect(activeStates(h)).toEqual(['idle']);
  });

  it.each([
    [new Error('offline'), 'fail'],
    [{ status: 500, data: { error_code: 'internal_error' } }, 'internal_error'],
  ])('a failed Stop (%p) keeps the light blinking, shows %s and the countdown goes on', async (error, code) => {
    const h = harness();
    await blinkingFor(h, 10);
    await seconds(3);
    h.send({ type: 'light.stop' });
    h.stopLight.last().reject(error);
    await flush();
    expect(activeStates(h)).toEqual(['blinking']);
    expect(h.context()).toEqual({ secondsLeft: 7, error: code });
    await seconds(1);
    expect(activeStates(h)).toEqual(['blinking']);
    expect(h.context().secondsLeft).toBe(6);
    // Stop again clears the error while it runs.
    h.send({ type: 'light.stop' });
    expect(activeStates(h)).toEqual(['stopping']);
    expect(h.context().error).toBeNull();
    expect(h.stopLight.calls).toHaveLength(2);
    h.stopLight.last().resolve();
    await flush();
    expect(activeStates(h)).toEqual(['idle']);
  });

  it('after a failed Stop the countdown still turns the light off at zero, and the failure goes with it', async () => {
    const h = harness();
    await blinkingFor(h, 2);
    h.send({ type: 'light.stop' });
    h.stopLight.last().reject({ error_code: 'internal_error' });
    await flush();
    expect(h.context().error).toBe('internal_error');
    await seconds(2);
    expect(activeStates(h)).toEqual(['idle']);
    // The light went out by itself: a failed Stop no longer has anything to say.
    expect(h.context()).toEqual({ secondsLeft: 0, error: null });
  });
});

describe('identifyLight: resume', () => {
  it('a page that opens while the light blinks resumes the countdown with the seconds left', async () => {
    const h = harness();
    h.send({ type: 'light.resume', secondsLeft: 42 });
    expect(activeStates(h)).toEqual(['blinking']);
    expect(h.context().secondsLeft).toBe(42);
    expect(h.startLight.calls).toHaveLength(0);
    await seconds(2);
    expect(h.context().secondsLeft).toBe(40);
    h.send({ type: 'light.stop' });
    expect(activeStates(h)).toEqual(['stopping']);
  });

  it('a light with no second left is not resumed', async () => {
    const h = harness();
    h.send({ type: 'light.resume', secondsLeft: 0 });
    expect(activeStates(h)).toEqual(['idle']);
    expect(h.context().secondsLeft).toBe(0);
    h.send({ type: 'light.resume', secondsLeft: -3 });
    expect(activeStates(h)).toEqual(['idle']);
    expect(h.context().secondsLeft).toBe(0);
  });

  it('a light in its last second is resumed and turns off at the next tick', async () => {
    const h = harness();
    h.send({ type: 'light.resume', secondsLeft: 1 });
    expect(activeStates(h)).toEqual(['blinking']);
    await seconds(1);
    expect(activeStates(h)).toEqual(['idle']);
  });
});

describe('identifyLight: unprovided', () => {
  it('the placeholder actors reject, so a start without the page\u2019s call fails', async () => {
    const actor = createActor(identifyLightMachine).start();
    actor.send({ type: 'light.start', seconds: 10 });
    await flush();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('fail');
    actor.send({ type: 'light.resume', secondsLeft: 5 });
    actor.send({ type: 'light.stop' });
    await flush();
    expect(actor.getSnapshot().matches('blinking')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('fail');
    actor.stop();
  });
});

/**
 * Behaviour of the trend window on a real actor: the first hour, ranges chosen (and the width live
 * keeps), live following the clock a sample period at a time, and leaving live where it stood.
 */
import { createActor, fromCallback, type EventObject } from 'xstate';
import { DEFAULT_SPAN_MS, shownRange, trendWindowMachine, type TrendWindowEvent } from '../../../machines/trend-window.machine';

const NOW = Date.parse('2026-11-25T08:00:00Z');
const MIN = 60_000;

function harness() {
  const clocks: Array<{ periodMs: number; sendBack: (e: TrendWindowEvent) => void; stopped: boolean }> = [];
  const clock = fromCallback<EventObject, { periodMs: number }>(({ input, sendBack }) => {
    const record = { periodMs: input.periodMs, sendBack: (e: TrendWindowEvent) => sendBack(e), stopped: false };
    clocks.push(record);
    return () => {
      record.stopped = true;
    };
  });
  const actor = createActor(trendWindowMachine.provide({ actors: { clock } }), { input: { now: NOW } }).start();
  const snap = () => actor.getSnapshot();
  return {
    clocks,
    send: (e: TrendWindowEvent) => actor.send(e),
    state: () => (snap().matches('live') ? 'live' : 'fixed'),
    live: () => snap().hasTag('live'),
    context: () => snap().context,
    shown: () => shownRange(snap().context, snap().hasTag('live')),
  };
}

describe('trendWindow: fixed ranges', () => {
  it('starts on the last hour up to the given time, from the 1 h quick range', () => {
    const h = harness();
    expect(h.state()).toBe('fixed');
    expect(h.live()).toBe(false);
    expect(h.context()).toMatchObject({ range: { from: NOW - DEFAULT_SPAN_MS, to: NOW }, quick: '1h', span: DEFAULT_SPAN_MS });
    expect(h.shown()).toEqual({ from: NOW - DEFAULT_SPAN_MS, to: NOW });
  });

  it('shows a chosen range; one with both ends sets the width live keeps, an open one does not', () => {
    const h = harness();
    h.send({ type: 'window.set', range: { from: NOW - 15 * MIN, to: NOW }, quick: '15m' });
    expect(h.context()).toMatchObject({ range: { from: NOW - 15 * MIN, to: NOW }, quick: '15m', span: 15 * MIN });
    h.send({ type: 'window.set', range: { from: null, to: null }, quick: 'all' });
    expect(h.context()).toMatchObject({ range: { from: null, to: null }, quick: 'all', span: 15 * MIN });
    expect(h.shown()).toEqual({ from: null, to: null });
  });

  it('a range the wrong way round is shown as chosen (the page says why) but sets no width', () => {
    const h = harness();
    h.send({ type: 'window.set', range: { from: NOW, to: NOW - MIN }, quick: null });
    expect(h.context().span).toBe(DEFAULT_SPAN_MS);
    expect(h.shown()).toEqual({ from: NOW, to: NOW - MIN });
  });

  it('ignores ticks and live.off while fixed', () => {
    const h = harness();
    h.send({ type: 'live.tick', now: NOW + 5000 });
    h.send({ type: 'live.off' });
    expect(h.state()).toBe('fixed');
    expect(h.context()).toMatchObject({ now: NOW, quick: '1h' });
    expect(h.clocks).toHaveLength(0);
  });
});

describe('trendWindow: live', () => {
  it('starts the clock with the sample period and ends the window at each tick, the width kept', () => {
    const h = harness();
    h.send({ type: 'window.set', range: { from: NOW - 15 * MIN, to: NOW }, quick: '15m' });
    h.send({ type: 'live.on', periodMs: 5000 });
    expect(h.state()).toBe('live');
    expect(h.live()).toBe(true);
    expect(h.clocks).toHaveLength(1);
    expect(h.clocks[0]!.periodMs).toBe(5000);
    h.clocks[0]!.sendBack({ type: 'live.tick', now: NOW + 10_000 });
    expect(h.shown()).toEqual({ from: NOW + 10_000 - 15 * MIN, to: null });
    h.clocks[0]!.sendBack({ type: 'live.tick', now: NOW + 15_000 });
    expect(h.shown()).toEqual({ from: NOW + 15_000 - 15 * MIN, to: null });
  });

  it('moves at most once a second, whatever the period says', () => {
    const h = harness();
    h.send({ type: 'live.on', periodMs: 100 });
    expect(h.clocks[0]!.periodMs).toBe(1000);
  });

  it('live.off stops the clock and keeps the window it showed as the fixed range', () => {
    const h = harness();
    h.send({ type: 'live.on', periodMs: 5000 });
    h.clocks[0]!.sendBack({ type: 'live.tick', now: NOW + 60_000 });
    h.send({ type: 'live.off' });
    expect(h.state()).toBe('fixed');
    expect(h.clocks[0]!.stopped).toBe(true);
    expect(h.context()).toMatchObject({ range: { from: NOW + 60_000 - DEFAULT_SPAN_MS, to: NOW + 60_000 }, quick: null });
  });

  it('choosing a range while live stops it and shows that range', () => {
    const h = harness();
    h.send({ type: 'live.on', periodMs: 5000 });
    h.send({ type: 'window.set', range: { from: NOW - 8 * 60 * MIN, to: NOW }, quick: '8h' });
    expect(h.state()).toBe('fixed');
    expect(h.clocks[0]!.stopped).toBe(true);
    expect(h.context()).toMatchObject({ range: { from: NOW - 8 * 60 * MIN, to: NOW }, quick: '8h', span: 8 * 60 * MIN });
  });

  it('a second live.on while live starts no second clock', () => {
    const h = harness();
    h.send({ type: 'live.on', periodMs: 5000 });
    h.send({ type: 'live.on', periodMs: 5000 });
    expect(h.clocks).toHaveLength(1);
  });
});

describe('trendWindow: a clock that fails', () => {
  it('stops live where it stood', () => {
    const failing = fromCallback<EventObject, { periodMs: number }>(() => {
      throw new Error('no clock');
    });
    const actor = createActor(trendWindowMachine.provide({ actors: { clock: failing } }), { input: { now: NOW } }).start();
    actor.send({ type: 'live.on', periodMs: 5000 });
    expect(actor.getSnapshot().hasTag('live')).toBe(false);
    expect(actor.getSnapshot().context).toMatchObject({ range: { from: NOW - DEFAULT_SPAN_MS, to: NOW }, quick: null });
  });
});

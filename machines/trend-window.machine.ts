/**
 * The window of time a trend shows (Data / Data Log and Trend Display): a fixed range, chosen by a
 * quick range, the pickers, a zoom or a pan; or live, a window of the same width that ends at the
 * newest sample and moves once a sample period.
 *
 * 'window.set' (a range and the quick range it came from, if any) shows that range (`fixed`); a
 * range with both ends also sets the width live keeps. 'live.on' (with the log's sample period)
 * starts the invoked `clock` (`live`): it reports the panel's time at once and then every period
 * (`live.tick`), and the window ends there. 'live.off' stops it where it stands: the window it
 * showed becomes the fixed range. 'window.set' while live also stops it, and so does a clock that
 * fails.
 *
 * Provided by the page: the actor `clock` (callback, input `{ periodMs }`, sends `live.tick`).
 *
 * Tags: `live` (the window follows the newest samples).
 */
import { assign, fromCallback, setup, type EventObject } from 'xstate';
import type { QuickRange } from '../contract/rules/data';
import { notProvided } from './actor-errors';

export const TREND_WINDOW_ID = 'trendWindow';
/** The width of the first window, and of live when no range had both ends. */
export const DEFAULT_SPAN_MS = 60 * 60_000;

/** Milliseconds; a null end is open (from the log's first record, up to its newest). */
export interface WindowRange {
  from: number | null;
  to: number | null;
}

export type WindowQuick = QuickRange | 'all' | null;

export interface TrendWindowContext {
  /** The fixed range (while live, the one shown before). */
  range: WindowRange;
  quick: WindowQuick;
  /** The width live keeps. */
  span: number;
  /** The sample period live moves by, and the panel's time of its last move. */
  periodMs: number;
  now: number;
}

export type TrendWindowTag = 'live';

export type TrendWindowEvent =
  | { type: 'window.set'; range: WindowRange; quick: WindowQuick }
  | { type: 'live.on'; periodMs: number }
  | { type: 'live.tick'; now: number }
  | { type: 'live.off' };

/** The range a trend of this window asks for: the fixed range, or while live the last `span`
 * up to the newest sample. */
export function shownRange(context: TrendWindowContext, live: boolean): WindowRange {
  return live ? { from: context.now - context.span, to: null } : context.range;
}

const spanOf = (range: WindowRange, previous: number) => (range.from !== null && range.to !== null && range.to > range.from ? range.to - range.from : previous);

export const trendWindowMachine = setup({
  types: {
    context: {} as TrendWindowContext,
    events: {} as TrendWindowEvent,
    tags: {} as TrendWindowTag,
    input: {} as { now: number },
  },
  actors: {
    clock: fromCallback<EventObject, { periodMs: number }>(() => {
      throw notProvided(TREND_WINDOW_ID, 'clock');
    }),
  },
}).createMachine({
  id: TREND_WINDOW_ID,
  initial: 'fixed',
  context: ({ input }) => ({
    range: { from: input.now - DEFAULT_SPAN_MS, to: input.now },
    quick: '1h',
    span: DEFAULT_SPAN_MS,
    periodMs: 1000,
    now: input.now,
  }),
  states: {
    fixed: {
      on: {
        'window.set': { actions: assign(({ event, context }) => ({ range: event.range, quick: event.quick, span: spanOf(event.range, context.span) })) },
        'live.on': { target: 'live', actions: assign(({ event }) => ({ periodMs: Math.max(1000, event.periodMs) })) },
      },
    },
    live: {
      tags: ['live'],
      invoke: {
        id: 'clock',
        src: 'clock',
        input: ({ context }) => ({ periodMs: context.periodMs }),
        // A clock that failed stops live where it stood, as live.off does.
        onError: { target: 'fixed', actions: assign(({ context }) => ({ range: { from: context.now - context.span, to: context.now }, quick: null })) },
      },
      on: {
        'live.tick': { actions: assign(({ event }) => ({ now: event.now })) },
        'live.off': { target: 'fixed', actions: assign(({ context }) => ({ range: { from: context.now - context.span, to: context.now }, quick: null })) },
        'window.set': { target: 'fixed', actions: assign(({ event, context }) => ({ range: event.range, quick: event.quick, span: spanOf(event.range, context.span) })) },
      },
    },
  },
});

export type TrendWindowMachine = typeof trendWindowMachine;

/**
 * The device time shown in the top bar (specification §4 "Time channel", §9;
 * docs/decisions.md#the-datetime-socket).
 *
 * `live` listens to the WebSocket `/ws/datetime`; when it closes the machine reconnects every
 * RETRY_DELAY_MS, at most MAX_RETRIES times in a row; when it errors (or the retries run out) it
 * falls back to `GET /system/time` and ticks locally once a second. 'channel.stop' returns to
 * `idle` from anywhere.
 *
 * Provided by the app (`timeChannelMachine.provide({ actors, actions })`):
 * - actor `socket` (fromCallback): opens the socket, sends the token as first message, and sends
 *   back TimeSocketEvent objects; closes the socket in its cleanup function.
 * - actor `fetchTime` (fromPromise): resolves the device time text `YYYY/MM/DD HH:mm:ss`.
 * - action `publishTime` (params `{ time }`): writes the time to the shell's Redux slice.
 */
import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';

import { DISPLAY_TIME_PATTERN, formatDisplayTime } from '../contract/rules/device-time';
import { notProvided } from './actor-errors';

export const TIME_CHANNEL_ID = 'timeChannel';
export const MAX_RETRIES = 5;
export const RETRY_DELAY_MS = 3000;
export const TICK_MS = 1000;

/** What the `socket` actor sends back to the machine. */
export type TimeSocketEvent =
  | { type: 'socket.message'; time: string }
  | { type: 'socket.closed'; code: number }
  | { type: 'socket.error' };

export type TimeChannelEvent = { type: 'channel.start' } | { type: 'channel.stop' } | TimeSocketEvent;

export interface TimeChannelContext {
  /** The last known device time `YYYY/MM/DD HH:mm:ss`; null until the first one arrives. */
  time: string | null;
  /** Consecutive reconnects since the last message. */
  retries: number;
}

export interface PublishTimeParams {
  time: string;
}

/** Whether a text is a device time `YYYY/MM/DD HH:mm:ss` with a real calendar date. */
export function isDisplayTime(text: unknown): text is string {
  return typeof text === 'string' && addSeconds(text, 0) === text;
}

/**
 * `text` plus `seconds`, as device time text; null when `text` is not a valid device time. The
 * arithmetic runs in UTC on the parsed parts, so no time zone or DST change shifts the result.
 */
export function addSeconds(text: string, seconds: number): string | null {
  const m = DISPLAY_TIME_PATTERN.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day); // setUTCFullYear, unlike Date.UTC, keeps years 0–99 as written
  d.setUTCHours(hour, minute, second, 0);
  if (d.getUTCDate() !== day || d.getUTCMonth() !== month - 1) return null; // 31 February and the like
  d.setTime(d.getTime() + seconds * 1000);
  return formatDisplayTime({
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  });
}

/** The device time one second later (an invalid time stays as it is). */
export function nextSecond(text: string): string {
  return addSeconds(text, 1) ?? text;
}

export const timeChannelMachine = setup({
  types: {
    context: {} as TimeChannelContext,
    events: {} as TimeChannelEvent,
  },
  actors: {
    socket: fromCallback<EventObject>(() => {
      throw notProvided(TIME_CHANNEL_ID, 'socket');
    }),
    fetchTime: fromPromise<string>(async () => {
      throw notProvided(TIME_CHANNEL_ID, 'fetchTime');
    }),
  },
  actions: {
    publishTime: (_, _params: PublishTimeParams) => {},
  },
  guards: {
    canRetry: ({ context }) => context.retries < MAX_RETRIES,
    isDisplayTime: (_, params: { time: unknown }) => isDisplayTime(params.time),
  },
}).createMachine({
  id: TIME_CHANNEL_ID,
  context: { time: null, retries: 0 },
  initial: 'idle',
  on: {
    'channel.stop': { target: '.idle', actions: assign({ retries: 0 }) },
  },
  states: {
    idle: {
      on: { 'channel.start': 'live' },
    },
    live: {
      initial: 'connecting',
      invoke: {
        id: 'socket',
        src: 'socket',
        // The socket actor itself failing (not the socket) is handled like a socket error.
        onError: 'fallback',
      },
      on: {
        'socket.message': {
          target: '.open',
          actions: [
            assign({ time: ({ event }) => event.time, retries: 0 }),
            { type: 'publishTime', params: ({ event }) => ({ time: event.time }) },
          ],
        },
        'socket.closed': [
          { guard: 'canRetry', target: 'retrying', actions: assign({ retries: ({ context }) => context.retries + 1 }) },
          { target: 'fallback' },
        ],
        'socket.error': 'fallback',
      },
      states: {
        connecting: {},
        open: {},
      },
    },
    retrying: {
      after: { [RETRY_DELAY_MS]: 'live' },
    },
    fallback: {
      invoke: {
        id: 'fetchTime',
        src: 'fetchTime',
        onDone: [
          {
            guard: { type: 'isDisplayTime', params: ({ event }) => ({ time: event.output }) },
            target: 'ticking',
            actions: [
              assign({ time: ({ event }) => event.output }),
              { type: 'publishTime', params: ({ event }) => ({ time: event.output }) },
            ],
          },
          // An answer that is not a device time cannot be ticked: fetch again later.
          { target: 'fallbackWaiting' },
        ],
        onError: 'fallbackWaiting',
      },
    },
    fallbackWaiting: {
      after: { [RETRY_DELAY_MS]: 'fallback' },
    },
    ticking: {
      after: {
        [TICK_MS]: {
          target: 'ticking',
          reenter: true,
          actions: [
            assign({ time: ({ context }) => (context.time === null ? null : nextSecond(context.time)) }),
            { type: 'publishTime', params: ({ context }) => ({ time: context.time ?? '' }) },
          ],
        },
      },
    },
  },
});

export type TimeChannelMachine = typeof timeChannelMachine;

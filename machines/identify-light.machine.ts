/**
 * The identification light (System Info): "Identify" makes the panel's LED blink for a
 * chosen time; the console counts the seconds down and offers Stop.
 *
 * 'light.start' asks the device (`starting`); its answer says how long the light blinks, and the
 * machine counts down each second (`blinking`) back to `idle` at zero. 'light.stop' asks the
 * device to stop (`stopping`). A page that opens while the light blinks resumes the countdown
 * with 'light.resume'. A failed request keeps the previous state and records its error code; the
 * light going out at the end of the countdown clears it.
 *
 * Provided by the page: actors `startLight` (input `{ seconds }`, output `{ seconds_left }`) and
 * `stopLight`.
 *
 * Tags for the page: `busy` (a request is running) and `lit` (the light blinks, Stop included).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorCodeOf, notProvided } from './actor-errors';

export const IDENTIFY_LIGHT_ID = 'identifyLight';

export interface IdentifyLightContext {
  secondsLeft: number;
  error: string | null;
}

export type IdentifyLightTag = 'busy' | 'lit';

export type IdentifyLightEvent =
  | { type: 'light.start'; seconds: number }
  | { type: 'light.resume'; secondsLeft: number }
  | { type: 'light.stop' };


export const identifyLightMachine = setup({
  types: {
    context: {} as IdentifyLightContext,
    events: {} as IdentifyLightEvent,
    tags: {} as IdentifyLightTag,
  },
  actors: {
    startLight: fromPromise<{ seconds_left: number }, { seconds: number }>(async () => {
      throw notProvided(IDENTIFY_LIGHT_ID, 'startLight');
    }),
    stopLight: fromPromise<void>(async () => {
      throw notProvided(IDENTIFY_LIGHT_ID, 'stopLight');
    }),
  },
  guards: {
    lastSecond: ({ context }) => context.secondsLeft <= 1,
    blinks: (_, secondsLeft: number) => secondsLeft > 0,
  },
}).createMachine({
  id: IDENTIFY_LIGHT_ID,
  initial: 'idle',
  context: { secondsLeft: 0, error: null },
  states: {
    idle: {
      on: {
        'light.start': 'starting',
        'light.resume': {
          guard: { type: 'blinks', params: ({ event }) => event.secondsLeft },
          target: 'blinking',
          actions: assign(({ event }) => ({ secondsLeft: event.secondsLeft })),
        },
      },
    },
    starting: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'startLight',
        src: 'startLight',
        input: ({ event }) => {
          assertEvent(event, 'light.start');
          return { seconds: event.seconds };
        },
        onDone: [
          {
            guard: { type: 'blinks', params: ({ event }) => event.output.seconds_left },
            target: 'blinking',
            actions: assign(({ event }) => ({ secondsLeft: event.output.seconds_left })),
          },
          { target: 'idle' },
        ],
        onError: { target: 'idle', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },
      },
    },
    blinking: {
      tags: ['lit'],
      after: {
        1000: [
          // The light went out by itself: a failed Stop before it has nothing more to say.
          { guard: 'lastSecond', target: 'idle', actions: assign({ secondsLeft: 0, error: null }) },
          { target: 'blinking', reenter: true, actions: assign(({ context }) => ({ secondsLeft: context.secondsLeft - 1 })) },
        ],
      },
      on: { 'light.stop': 'stopping' },
    },
    stopping: {
      tags: ['busy', 'lit'],
      entry: assign({ error: null }),
      invoke: {
        id: 'stopLight',
        src: 'stopLight',
        onDone: { target: 'idle', actions: assign({ secondsLeft: 0 }) },
        onError: { target: 'blinking', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },
      },
    },
  },
});

export type IdentifyLightMachine = typeof identifyLightMachine;

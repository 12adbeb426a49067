/**
 * What a machine's QA entry (`<name>.qa.ts`, beside `<name>.machine.ts`) is made of, and the
 * doubles and samples the entries share.
 *
 * Each entry carries what a machine needs to run on its own, away from the app: a sample input,
 * the events a tester may send (with sample payloads), test doubles for its invoked actors and
 * side-effect actions, and a sample result of each invoked actor. Its title and description are
 * not here: they are texts of the area the machine belongs to (`textNamespace`), kept apart from its
 * screens' texts in the QA namespace `<ns>/qa` (`qa.<id>.title` and `qa.<id>.description` of
 * `public/locales/<ns>/qa/<lng>.json`: only the explorer loads them, a screen never does), and any
 * timing or count they mention comes from the machine's own constants through `textValues`.
 *
 * How the doubles behave (the same for every entry, and what the explorer can rely on):
 * - promise actors never settle by themselves and callback actors do nothing on start: stepping
 *   `withDoubles(entry)` makes no request, starts no timer beyond the machine's own `after`
 *   delays, and stays deterministic;
 * - an invoked actor's result is delivered by sending the `xstate.done.actor.<invokeId>` or
 *   `xstate.error.actor.<invokeId>` event that `traversalEvents()` builds from `outcomes`. XState 5
 *   accepts these events from outside: the machine takes its onDone/onError transition and the
 *   pending double is stopped when its state is left. Events a callback actor would send back
 *   (e.g. the time channel's `socket.*`) are in `events` and are sent the same way;
 * - a delay is the `xstate.after.<delay>.<stateNodeId>` event (or, on a real actor, simply the
 *   time passing).
 *
 * No React and no network code here: only the machines, their contract rules and XState.
 */
import { fromCallback, fromPromise, type AnyActorLogic, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';

import type { ErrorCode } from '../contract/error-codes';
import type { PasswordStrengthRules } from '../contract/rules/password-strength';
import type { ChangePasswordOutput } from './password-change';

/** The sample result of one invoked actor (keyed by its invoke id in `MachineEntry.outcomes`). */
export interface ActorOutcome {
  /** What the actor resolves with: the `output` of `xstate.done.actor.<invokeId>`. */
  output?: unknown;
  /** What the actor rejects with: the `error` of `xstate.error.actor.<invokeId>`. */
  error?: unknown;
  /**
   * Further outputs worth trying where the machine branches on the output (e.g. a device time that
   * is not a valid time); each adds one more `xstate.done.actor.<invokeId>` event.
   */
  otherOutputs?: readonly unknown[];
  /**
   * Further errors worth trying where the machine branches on the error (e.g. a confirmation the
   * device no longer expects, told apart from any other failure); each adds one more
   * `xstate.error.actor.<invokeId>` event.
   */
  otherErrors?: readonly unknown[];
}

export interface MachineEntry {
  /**
   * The machine's own id (`machine.id`). It also names the entry's texts in its `textNamespace`:
   * `qa.<id>.title` (what the flow is called, for a QA tester) and `qa.<id>.description` (what the
   * flow does, for a tester who has never seen the code).
   */
  id: string;
  /**
   * The text namespace of the console area the machine belongs to (`textNamespace` of its area in
   * src/features/areas.ts: 'os' for the OS update, 'shell' for the signed-in frame's own flows,
   * 'machines' for the explorer's). Its `qa.<id>.*` texts are in that area's QA namespace
   * (`qaNamespaceOf` in src/i18n/apart-texts.ts), which the explorer loads for the entries it lists.
   */
  textNamespace: string;
  machine: AnyStateMachine;
  /**
   * The values the title and description interpolate (`{{name}}`), taken from the machine's own
   * constants so that a text never repeats a timing or a count by hand.
   */
  textValues?: Readonly<Record<string, string | number>>;
  /** A sample input for a fresh actor (none when the machine takes no input). */
  input?: unknown;
  /**
   * Other sample inputs the traversal and the model-based test also start from, for branches the
   * sample input cannot reach (e.g. a non-admin user, where `isAdmin` only comes from the input).
   * Coverage is the union over `input` and these.
   */
  extraInputs?: readonly unknown[];
  /**
   * The events a tester may send, with sample payloads: every event type the machine accepts, with
   * several variants where the payload changes what happens.
   */
  events: EventObject[];
  /**
   * Test doubles: `machine.provide(doubles)` makes a machine whose stepping performs no real request
   * (see the module comment for how they behave).
   */
  doubles: { actors?: Record<string, AnyActorLogic>; actions?: Record<string, (...args: any[]) => void> };
  /** The sample output and error of each invoked actor, by invoke id. */
  outcomes: Record<string, ActorOutcome>;
  /**
   * How the traversal tells two snapshots apart; the default is state value, status and the whole
   * context. Needed only when the context can grow without bound (e.g. a clock that ticks), so
   * that the graph of snapshots stays finite: keep in it what the guards depend on.
   */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
}

/** The key of an entry's title in its QA namespace. */
/**
 * A machine as the registry lists it: what the explorer's list shows (its title is `qa.<id>.title`
 * of its area's QA namespace, and no title interpolates a value) and how to load the rest. The
 * entry, with its machine and everything the machine imports, is its own chunk: the explorer
 * loads the one a tester chooses, never all of them (the page stays within its budget however
 * many machines there are). `id` and `textNamespace` are the entry's own (the model-based test
 * checks that each loaded entry says the same).
 */
export interface MachineRef {
  readonly id: string;
  readonly textNamespace: string;
  load(): Promise<MachineEntry>;
}

export const titleKey = (id: string): string => `qa.${id}.title`;

/** The key of an entry's description in its QA namespace. */
export const descriptionKey = (id: string): string => `qa.${id}.description`;

// ---------------------------------------------------------------------------------------------
// Doubles and samples shared by the entries

/** A promise actor that never settles: its result is delivered as an `xstate.done/error.actor` event. */
export function pendingPromise<TOutput, TInput = unknown>() {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));
}

/** A callback actor that does nothing: what it would send back, the tester sends. */
export function silentCallback() {
  return fromCallback<EventObject>(() => {});
}

/** An action double: runs no side effect. */
export const noop = (): void => {};

export const errorAnswer = (code: ErrorCode) => ({ error_code: code });

/** A request that never reached the device, as the console's API layer reports it. */
export const NETWORK_FAILURE = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };

/** Sample events, checked against the machine's own event union. */
export function samplesOf<TEvent extends EventObject>(events: TEvent[]): EventObject[] {
  return events;
}

/** Strength rules with every check on, so that the sample weak password shows all its failures. */
export const SAMPLE_RULES: PasswordStrengthRules = {
  rulesEnable: true,
  minimalLength: 12,
  includeNumbers: true,
  includeMixedCases: true,
  includeSpecialCharacters: true,
};

/** Sample passwords of the password-change forms (first-run wizard, password expiry). */
export const CURRENT_PASSWORD = 'Old-Pass-123';
export const NEW_PASSWORD = 'Sample-Pass-123';
export const PASSWORD_CHANGED: ChangePasswordOutput = { status: 'success' };

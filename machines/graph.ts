/**
 * Traversal utilities over the machine registry, shared by the QA explorer and the model-based test.
 *
 * Paths are computed with XState's own graph (`getShortestPaths` from 'xstate/graph') over the
 * entry's `traversalEvents()`; in each snapshot only the events that enable a transition there are
 * tried (so an actor result is only delivered while its actor is invoked, and nothing is tried from
 * a final state). Which transitions a step takes is observed, not guessed: the step is replayed on
 * the pure `machine.transition()` with an actor scope whose inspection collects XState's
 * `@xstate.microstep` events, which list the transitions taken, eventless ones included.
 *
 * Everything here is pure: no actor is started and no timer runs.
 */
import {
  createActor,
  fromTransition,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventObject,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';

import { allStateNodes, traversalEvents, withDoubles } from './entry-utils';
import type { MachineEntry } from './registry';

export { allStateNodes };

/** What fires a transition: a sent event, a delay, nothing (`always`), or an invoked actor's result. */
export type TransitionKind = 'event' | 'after' | 'always' | 'done' | 'error';

/** One candidate transition of the machine definition. */
export interface TransitionInfo {
  /** Stable across `machine.provide()`: `<source id> <event type> #<candidate index>`. */
  key: string;
  /** The id of the state node that defines it. */
  source: string;
  /** The event type it answers to; `''` for an eventless (`always`) transition. */
  eventType: string;
  /** Its position among the candidates for that event type on that state node. */
  index: number;
  kind: TransitionKind;
  /** The target state node ids; empty for a transition that stays (actions only). */
  targets: string[];
  /** The guard's name (`'inline'` for an inline function), null when unguarded. */
  guard: string | null;
}

/** A path from a fresh actor (built with the path's input) to `state`. */
export interface MachinePath {
  input: unknown;
  /** The events to deliver in order (no `xstate.init`). */
  events: EventObject[];
  /** The snapshot after each event: `snapshots[i]` follows `events[i]`. */
  snapshots: AnyMachineSnapshot[];
  /** Where the path ends (the initial snapshot for an empty path). */
  state: AnyMachineSnapshot;
}

/** A path whose last step (or, when empty, the start) takes transitions no shorter path took. */
export interface CoverPath extends MachinePath {
  /** The keys of the transitions this path is the first to take. */
  covers: string[];
}

const AFTER_PREFIX = 'xstate.after.';
const ACTOR_RESULT = /^xstate\.(done|error)\.actor\.(.+)$/;
/** Dequeued snapshots after which a traversal gives up (see `MachineEntry.serializeState`). */
export const TRAVERSAL_LIMIT = 200_000;

export function kindOf(eventType: string): TransitionKind {
  if (eventType === '') return 'always';
  if (eventType.startsWith(AFTER_PREFIX)) return 'after';
  const result = ACTOR_RESULT.exec(eventType);
  if (result) return result[1] === 'done' ? 'done' : 'error';
  return 'event';
}

/** `{ kind, invokeId }` for an `xstate.done.actor.<id>` / `xstate.error.actor.<id>` event type, else null. */
export function actorResultOf(eventType: string): { kind: 'done' | 'error'; invokeId: string } | null {
  const result = ACTOR_RESULT.exec(eventType);
  return result ? { kind: result[1] as 'done' | 'error', invokeId: result[2] as string } : null;
}

export function isAfterEvent(eventType: string): boolean {
  return eventType.startsWith(AFTER_PREFIX);
}

function keyOf(source: string, eventType: string, index: number): string {
  return `${source} ${eventType === '' ? '(always)' : eventType} #${index}`;
}

function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline';
  if (typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') return (guard as { type: string }).type;
  return 'inline';
}

/** The key of a transition definition (as found in `@xstate.microstep` inspection events). */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition;
  const candidates: readonly AnyTransitionDefinition[] | undefined =
    eventType === '' ? source.always : source.transitions.get(eventType);
  return keyOf(source.id, eventType, candidates ? candidates.indexOf(transition) : -1);
}

/**
 * Every candidate transition of the machine definition: each candidate of each `on`, `after`,
 * `always` and invoke `onDone`/`onError` of each state node, the root included.
 */
export function transitionsOf(machine: AnyStateMachine): TransitionInfo[] {
  const infos: TransitionInfo[] = [];
  for (const node of allStateNodes(machine)) {
    const groups: Array<[string, readonly AnyTransitionDefinition[]]> = [...node.transitions.entries()];
    if (node.always) groups.push(['', node.always]);
    for (const [eventType, candidates] of groups) {
      candidates.forEach((t, index) =>
        infos.push({
          key: keyOf(node.id, eventType, index),
          source: node.id,
          eventType,
          index,
          kind: kindOf(eventType),
          targets: (t.target ?? []).map((target) => target.id),
          guard: guardName(t.guard),
        }),
      );
    }
  }
  return infos;
}

/** The ids of the state nodes below the root (the states a coverage counts). */
export function stateIdsOf(machine: AnyStateMachine): string[] {
  return allStateNodes(machine)
    .slice(1)
    .map((node) => node.id);
}

/**
 * The delay of an `xstate.after.<delay>.<stateNodeId>` event in ms (a named delay is resolved from
 * the machine's `delays`, with the snapshot's context); undefined for any other event.
 */
export function afterDelayMs(machine: AnyStateMachine, eventType: string, snapshot: AnyMachineSnapshot): number | undefined {
  if (!isAfterEvent(eventType)) return undefined;
  for (const node of allStateNodes(machine)) {
    for (const delayed of node.after) {
      if (delayed.eventType !== eventType) continue;
      const delay: unknown = delayed.delay;
      if (typeof delay === 'number') return delay;
      const named: unknown = typeof delay === 'string' ? machine.implementations.delays[delay] : delay;
      if (typeof named === 'number') return named;
      if (typeof named === 'function') return named({ context: snapshot.context, event: { type: eventType } }, undefined) as number;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Per-entry caches (the registry's entries are long-lived constants)

const eventsCache = new WeakMap<MachineEntry, EventObject[]>();
const machineCache = new WeakMap<MachineEntry, AnyStateMachine>();
const graphCache = new WeakMap<MachineEntry, Map<unknown, InputGraph>>();
const coverCache = new WeakMap<MachineEntry, CoverPath[]>();

function eventsOf(entry: MachineEntry): EventObject[] {
  let events = eventsCache.get(entry);
  if (!events) eventsCache.set(entry, (events = traversalEvents(entry)));
  return events;
}

function machineOf(entry: MachineEntry): AnyStateMachine {
  let machine = machineCache.get(entry);
  if (!machine) machineCache.set(entry, (machine = withDoubles(entry)));
  return machine;
}

/** The inputs a traversal starts from: the sample input, then the extra ones. */
export function inputsOf(entry: MachineEntry): unknown[] {
  return [entry.input, ...(entry.extraInputs ?? [])];
}

/** The traversal events that enable a transition in `snapshot` (none once it is not active). */
export function enabledEvents(entry: MachineEntry, snapshot: AnyMachineSnapshot): EventObject[] {
  if (snapshot.status !== 'active') return [];
  return eventsOf(entry).filter((event) => snapshot.machine.getTransitionData(snapshot, event).length > 0);
}

const defaultSerialize = (snapshot: AnyMachineSnapshot): string =>
  JSON.stringify({ value: snapshot.value, status: snapshot.status, context: snapshot.context });

/** Pure stepping that reports the transitions taken (through inspection of the microsteps). */
function createProbe() {
  let taken: string[] = [];
  const probe = createActor(
    fromTransition((state: null) => state, null),
    {
      inspect: (event) => {
        if (event.type === '@xstate.microstep') taken.push(...event._transitions.map(transitionKey));
      },
    },
  );
  const scope = {
    self: probe,
    id: '',
    sessionId: probe.sessionId,
    logger: () => {},
    defer: () => {},
    emit: () => {},
    system: probe.system,
    stopChild: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope;
  return {
    initial(machine: AnyStateMachine, input: unknown) {
      taken = [];
      const snapshot = machine.getInitialSnapshot(scope, input) as AnyMachineSnapshot;
      return { snapshot, transitions: taken };
    },
    step(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject) {
      taken = [];
      const next = machine.transition(snapshot, event, scope) as AnyMachineSnapshot;
      return { snapshot: next, transitions: taken };
    },
  };
}

interface InputGraph {
  initial: AnyMachineSnapshot;
  /** Transitions taken while starting (eventless ones out of a transient initial state). */
  initialTransitions: string[];
  /** One shortest path per distinct snapshot, shortest first. */
  paths: MachinePath[];
}

function graphFor(entry: MachineEntry, input: unknown): InputGraph {
  let byInput = graphCache.get(entry);
  if (!byInput) graphCache.set(entry, (byInput = new Map()));
  const cached = byInput.get(input);
  if (cached) return cached;

  const machine = machineOf(entry);
  const serialize = entry.serializeState ?? defaultSerialize;
  let statePaths;
  try {
    statePaths = getShortestPaths(machine, {
      input,
      events: (snapshot: AnyMachineSnapshot) => enabledEvents(entry, snapshot),
      serializeState: (snapshot: AnyMachineSnapshot) => serialize(snapshot),
      limit: TRAVERSAL_LIMIT,
    });
  } catch (error) {
    if (error instanceof Error && /limit exceeded/i.test(error.message)) {
      throw new Error(
        `${entry.id}: the traversal exceeded ${TRAVERSAL_LIMIT} snapshots; the context probably grows without bound: ` +
          'give the registry entry a serializeState that keeps only what the guards depend on',
      );
    }
    throw error;
  }
  // The graph keeps one snapshot per serialized state, so with a serializeState that abstracts
  // part of the context the snapshots it records along a path may come from another path to the
  // same abstract state. Only its events are used: the snapshots are recomputed by stepping them.
  const probe = createProbe();
  const start = probe.initial(machine, input);
  const allEvents = eventsOf(entry);
  // A shortest path extends the shortest path to its previous snapshot: keep every prefix's
  // snapshot so that each path costs one step.
  const byPrefix = new Map<string, AnyMachineSnapshot>([['', start.snapshot]]);
  const paths: MachinePath[] = statePaths
    .map((path) => path.steps.slice(1).map((step) => step.event as EventObject)) // steps[0] is xstate.init
    .sort((a, b) => a.length - b.length)
    .map((events) => {
      const snapshots: AnyMachineSnapshot[] = [];
      let snapshot = start.snapshot;
      let prefix = '';
      for (const event of events) {
        prefix += `${allEvents.indexOf(event)},`;
        let next = byPrefix.get(prefix);
        if (!next) {
          if (snapshot.status !== 'active' || snapshot.machine.getTransitionData(snapshot, event).length === 0) {
            throw new Error(
              `${entry.id}: ${event.type} is not enabled where the traversal took it; the entry's serializeState merges snapshots its guards tell apart`,
            );
          }
          next = probe.step(machine, snapshot, event).snapshot;
          byPrefix.set(prefix, next);
        }
        snapshot = next;
        snapshots.push(snapshot);
      }
      return { input, events, snapshots, state: snapshot };
    });
  const graph: InputGraph = { initial: start.snapshot, initialTransitions: start.transitions, paths };
  byInput.set(input, graph);
  return graph;
}

/** The shortest path to every distinct snapshot, from each of the entry's inputs. */
export function shortestPaths(entry: MachineEntry): MachinePath[] {
  return inputsOf(entry).flatMap((input) => graphFor(entry, input).paths);
}

/**
 * The events that take a fresh actor (started with `input`, by default the entry's sample input) by
 * the shortest way to a snapshot where the state node `stateId` is active; `[]` when it is active
 * at the start, undefined when no path reaches it (unknown id, a transient `always` state that is
 * never at rest, or a state this input cannot reach). `stateId` is a state node id
 * (`firstRunWizard.welcome`, `#timeChannel.live.open`) or a path below the root (`live.open`).
 * Delays appear as `xstate.after.*` events and actor results as `xstate.done/error.actor.*`
 * events; all of them can be sent to the actor as they are.
 */
export function shortestPathTo(entry: MachineEntry, stateId: string, input: unknown = entry.input): EventObject[] | undefined {
  const bare = stateId.startsWith('#') ? stateId.slice(1) : stateId;
  const ids = new Set(stateIdsOf(entry.machine));
  const id = ids.has(bare) ? bare : `${entry.machine.id}.${bare}`;
  if (!ids.has(id)) return undefined;
  const path = graphFor(entry, input).paths.find((p) => p.state._nodes.some((node) => node.id === id));
  return path ? [...path.events] : undefined;
}

/**
 * Paths that together take every transition reachable with the traversal events: for each
 * transition, the shortest path to a snapshot plus the one step that first takes it (or the empty
 * path for what happens on start). Built from `shortestPaths()` plus one extra step per transition.
 */
export function transitionCover(entry: MachineEntry): CoverPath[] {
  const cached = coverCache.get(entry);
  if (cached) return cached;
  const machine = machineOf(entry);
  const probe = createProbe();
  const covered = new Set<string>();
  const cover: CoverPath[] = [];
  const fresh = (keys: string[]) => {
    const found = [...new Set(keys)].filter((key) => !covered.has(key));
    found.forEach((key) => covered.add(key));
    return found;
  };
  for (const input of inputsOf(entry)) {
    const graph = graphFor(entry, input);
    const atStart = fresh(graph.initialTransitions);
    if (atStart.length > 0) cover.push({ input, events: [], snapshots: [], state: graph.initial, covers: atStart });
    for (const path of graph.paths) {
      for (const event of enabledEvents(entry, path.state)) {
        const step = probe.step(machine, path.state, event);
        const covers = fresh(step.transitions);
        if (covers.length === 0) continue;
        cover.push({
          input,
          events: [...path.events, event],
          snapshots: [...path.snapshots, step.snapshot],
          state: step.snapshot,
          covers,
        });
      }
    }
  }
  coverCache.set(entry, cover);
  return cover;
}

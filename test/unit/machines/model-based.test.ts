/**
 * Model-based test of every machine in the registry: nothing here names a machine, so a
 * new registry entry is picked up as it is.
 *
 * For each entry, `machines/graph.ts` computes with XState's graph (`getShortestPaths`) the shortest
 * path to every distinct snapshot, and a transition cover (the shortest path to a snapshot plus the
 * one step that first takes each transition), from the sample input and any extra inputs. Each path
 * is replayed on a real actor, `createActor(withDoubles(entry), { input })`, under jest fake timers:
 * - an `xstate.after.<delay>.<id>` step advances the clock by the delay (checking that nothing
 *   happens one millisecond before);
 * - an `xstate.done.actor.<id>` / `xstate.error.actor.<id>` step is sent to the actor as it is,
 *   once the test checked that the actor `<id>` is running. XState 5 accepts these events from
 *   outside; the doubles never settle by themselves, so the path decides the result, and the pending
 *   double is stopped when its state is left;
 * - any other step is sent.
 * After every step the actor must be in the path's snapshot: same value, status and context.
 *
 * Coverage is what the real actors did, read from XState's `@xstate.microstep` inspection events:
 * a transition counts when it was taken (a guarded candidate that was tried and refused does not),
 * and a state node counts when it was active after a microstep or was the source of a transition
 * taken. The latter is what counts a transient state (one left at once by an `always` transition,
 * like the wizard's `start`): it is never at rest, but its eventless transition is taken out of it,
 * so no state has to be excluded. Totals come from the machine definition: every state node below
 * the root, and every candidate of every `on`, `after`, `always` and invoke `onDone`/`onError` of
 * every state node (root included). Anything under 100% fails.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';

import {
  actorResultOf,
  afterDelayMs,
  enabledEvents,
  inputsOf,
  isAfterEvent,
  shortestPathTo,
  shortestPaths,
  stateIdsOf,
  transitionCover,
  transitionKey,
  transitionsOf,
  type MachinePath,
} from '../../../machines/graph';
import {
  MACHINE_REGISTRY,
  allStateNodes,
  findMachine,
  traversalEvents,
  withDoubles,
  type MachineEntry,
  type MachineRef,
} from '../../../machines/registry';
import { qaNamespaceOf } from '../../../src/i18n/apart-texts';
import { LANGUAGES as CONSOLE_LANGUAGES, type LanguageCode } from '../../../src/i18n/languages';

const LANGUAGES: LanguageCode[] = CONSOLE_LANGUAGES.map((l) => l.code);

/** The entries' titles and descriptions in one language: `qa.<id>` of each entry's area's QA namespace (qaNamespaceOf). */
type EntryTexts = Record<string, { title?: string; description?: string } | undefined>;
const qaTexts = (ns: string, language: LanguageCode): EntryTexts =>
  (JSON.parse(readFileSync(join(__dirname, `../../../public/locales/${qaNamespaceOf(ns)}/${language}.json`), 'utf8')) as { qa?: EntryTexts }).qa ?? {};
const entryTexts = (language: LanguageCode): EntryTexts =>
  Object.fromEntries(MACHINE_REGISTRY.map((entry) => [entry.id, qaTexts(entry.textNamespace, language)[entry.id]]));
const TEXTS = Object.fromEntries(LANGUAGES.map((language) => [language, entryTexts(language)])) as Record<LanguageCode, EntryTexts>;

interface Coverage {
  states: Set<string>;
  transitions: Set<string>;
  paths: number;
}
const coverage = new Map<string, Coverage>();
const startedAt = Date.now();

const describeEvent = (event: EventObject) => {
  const { type, ...payload } = event;
  return Object.keys(payload).length > 0 ? `${type} ${JSON.stringify(payload)}` : type;
};
const describePath = (path: MachinePath, steps: number) =>
  `input ${JSON.stringify(path.input) ?? 'none'}: ${['start', ...path.events.slice(0, steps).map(describeEvent)].join(' → ')}`;
const view = (where: string, snapshot: AnyMachineSnapshot) => ({
  where,
  value: snapshot.value,
  status: snapshot.status,
  context: snapshot.context,
});

/** The events XState has scheduled (its `after` delays and delayed actions): the only timers allowed. */
const scheduledByXState = (actor: { system: { getSnapshot: () => { _scheduledEvents: object } } }) =>
  Object.keys(actor.system.getSnapshot()._scheduledEvents).length;

/** Replays a path on a real actor, checks every step, and adds what the actor did to `cov`. */
function replay(entry: MachineEntry, machine: AnyStateMachine, path: MachinePath, cov: Coverage): void {
  const actor = createActor(machine, {
    input: path.input,
    inspect: (event) => {
      if (event.type !== '@xstate.microstep' || event.actorRef.sessionId !== event.rootId) return;
      for (const transition of event._transitions) {
        cov.transitions.add(transitionKey(transition));
        cov.states.add(transition.source.id);
      }
      for (const node of (event.snapshot as AnyMachineSnapshot)._nodes) cov.states.add(node.id);
    },
  });
  actor.start();
  try {
    for (const node of actor.getSnapshot()._nodes) cov.states.add(node.id);
    path.events.forEach((event, i) => {
      const where = `${entry.id}, ${describePath(path, i + 1)}`;
      const before = actor.getSnapshot();
      const result = actorResultOf(event.type);
      if (isAfterEvent(event.type)) {
        const ms = afterDelayMs(machine, event.type, before);
        if (ms === undefined) throw new Error(`${where}: no delay for ${event.type}`);
        if (ms > 0) {
          jest.advanceTimersByTime(ms - 1);
          expect({ where, changed: actor.getSnapshot() !== before }).toEqual({ where, changed: false });
          jest.advanceTimersByTime(1);
        } else {
          jest.advanceTimersByTime(0);
        }
      } else if (result) {
        expect({ where, running: result.invokeId in before.children }).toEqual({ where, running: true });
        actor.send(event);
      } else {
        actor.send(event);
      }
      const expected = path.snapshots[i] as AnyMachineSnapshot;
      expect(view(where, actor.getSnapshot())).toEqual(view(where, expected));
      for (const node of actor.getSnapshot()._nodes) cov.states.add(node.id);
    });
    const where = `${entry.id}, ${describePath(path, path.events.length)}`;
    expect(view(where, actor.getSnapshot())).toEqual(view(where, path.state));
    // The doubles schedule nothing of their own.
    expect({ where, timers: jest.getTimerCount() }).toEqual({ where, timers: scheduledByXState(actor) });
    cov.paths++;
  } finally {
    actor.stop();
    jest.clearAllTimers();
  }
}

/** The named actions the machine definition refers to (in entry, exit and transition actions). */
function namedActions(machine: AnyStateMachine): Set<string> {
  const names = new Set<string>();
  const add = (actions: readonly unknown[] | undefined) => {
    for (const action of actions ?? []) {
      if (typeof action === 'string') names.add(action);
      else if (typeof action === 'object' && action !== null && typeof (action as { type?: unknown }).type === 'string') {
        names.add((action as { type: string }).type);
      }
    }
  };
  for (const node of allStateNodes(machine)) {
    add(node.entry);
    add(node.exit);
    for (const candidates of node.transitions.values()) candidates.forEach((t) => add(t.actions));
    node.always?.forEach((t) => add(t.actions));
  }
  return names;
}

beforeAll(() => {
  jest.useFakeTimers();
});

afterAll(() => {
  jest.useRealTimers();
  const pct = (covered: number, total: number) => `${covered}/${total} (${total === 0 ? 100 : Math.floor((covered / total) * 100)}%)`;
  const rows = [...loaded.values()].map((entry) => {
    const cov = coverage.get(entry.id) ?? { states: new Set<string>(), transitions: new Set<string>(), paths: 0 };
    const states = stateIdsOf(entry.machine);
    const transitions = transitionsOf(entry.machine).map((t) => t.key);
    return [
      entry.id,
      pct(states.filter((id) => cov.states.has(id)).length, states.length),
      pct(transitions.filter((key) => cov.transitions.has(key)).length, transitions.length),
      String(cov.paths),
    ];
  });
  const table = [['machine', 'states', 'transitions', 'paths replayed'], ...rows];
  const widths = table[0]!.map((_, col) => Math.max(...table.map((row) => row[col]!.length)));
  const line = (row: string[]) => row.map((cell, col) => cell.padEnd(widths[col]!)).join(' | ');
  console.log(
    [
      'Model-based coverage (states below the root; transitions = every candidate of on/after/always/onDone/onError):',
      line(table[0]!),
      widths.map((w) => '-'.repeat(w)).join('-|-'),
      ...rows.map(line),
      `(${((Date.now() - startedAt) / 1000).toFixed(1)} s)`,
    ].join('\n'),
  );
});

it('the registry ids are unique and findMachine finds each line', () => {
  const ids = MACHINE_REGISTRY.map((ref) => ref.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const ref of MACHINE_REGISTRY) expect(findMachine(ref.id)).toBe(ref);
  expect(findMachine('no such machine')).toBeUndefined();
});

/** Each entry as its registry line loads it (the explorer loads them one at a time, the same way). */
const loaded = new Map<string, MachineEntry>();

describe.each(MACHINE_REGISTRY.map((ref) => [ref.id, ref] as const))('%s', (id, ref: MachineRef) => {
  const cov: Coverage = { states: new Set(), transitions: new Set(), paths: 0 };
  coverage.set(id, cov);
  let entry!: MachineEntry;
  let machine!: AnyStateMachine;
  beforeAll(async () => {
    entry = await ref.load();
    machine = withDoubles(entry);
    loaded.set(id, entry);
  });

  it('its registry line names the entry it loads', () => {
    expect({ id: entry.id, textNamespace: entry.textNamespace }).toEqual({ id: ref.id, textNamespace: ref.textNamespace });
  });

  it('is a complete registry entry', () => {
    expect(entry.machine.id).toBe(id);
    for (const language of LANGUAGES) {
      const { title = '', description = '' } = TEXTS[language][id] ?? {};
      const filled = title.trim().length > 0 && description.trim().length > 0;
      expect({ language, filled }).toEqual({ language, filled: true });
      // A title may be the same word in two languages; a whole description left in English may not.
      if (language !== 'en') expect({ language, translated: description !== TEXTS.en[id]?.description }).toEqual({ language, translated: true });
    }

    // Every event type the machine answers to has a sample, and every sample is answered somewhere.
    const accepted = new Set(transitionsOf(entry.machine).filter((t) => t.kind === 'event').map((t) => t.eventType));
    const sampled = new Set(entry.events.map((event) => event.type));
    expect([...accepted].filter((type) => !sampled.has(type))).toEqual([]);
    expect([...sampled].filter((type) => !accepted.has(type))).toEqual([]);

    // Every invoke has a double and sample outcomes; every named action has a double.
    const types = new Set(traversalEvents(entry).map((event) => event.type));
    for (const node of allStateNodes(entry.machine)) {
      for (const delayed of node.after) expect(types.has(delayed.eventType)).toBe(true);
      for (const invoke of node.invoke) {
        if (typeof invoke.src === 'string') expect({ src: invoke.src, double: invoke.src in (entry.doubles.actors ?? {}) }).toEqual({ src: invoke.src, double: true });
        const outcome = entry.outcomes[invoke.id];
        expect({ invoke: invoke.id, outcome: outcome !== undefined }).toEqual({ invoke: invoke.id, outcome: true });
        if (invoke.onDone) expect(types.has(`xstate.done.actor.${invoke.id}`)).toBe(true);
        if (invoke.onError) expect({ invoke: invoke.id, error: outcome !== undefined && 'error' in outcome }).toEqual({ invoke: invoke.id, error: true });
      }
    }
    const actions = Object.keys(entry.doubles.actions ?? {});
    expect([...namedActions(entry.machine)].filter((name) => !actions.includes(name) && !name.startsWith('xstate.'))).toEqual([]);
  });

  it('the doubles settle nothing by themselves: a state waiting on an actor stays put', async () => {
    // One shortest path per state value where an invoked actor is running.
    const seen = new Set<string>();
    const waiting = shortestPaths(entry).filter((path) => {
      const key = JSON.stringify([path.input, path.state.value]);
      if (Object.keys(path.state.children).length === 0 || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    for (const path of waiting) {
      const actor = createActor(machine, { input: path.input }).start();
      for (const event of path.events) {
        if (isAfterEvent(event.type)) jest.advanceTimersByTime(afterDelayMs(machine, event.type, actor.getSnapshot()) ?? 0);
        else actor.send(event);
      }
      const before = actor.getSnapshot();
      await jest.advanceTimersByTimeAsync(0); // lets any promise settle
      expect({ state: before.value, changed: actor.getSnapshot() !== before }).toEqual({ state: before.value, changed: false });
      actor.stop();
      jest.clearAllTimers();
    }
  });

  it('replays the shortest path to every snapshot on a real actor', () => {
    const paths = shortestPaths(entry);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) replay(entry, machine, path, cov);
  });

  it('replays a path through every transition on a real actor', () => {
    for (const path of transitionCover(entry)) replay(entry, machine, path, cov);
  });

  it('shortestPathTo leads a fresh actor to every state node that can be at rest', () => {
    for (const node of allStateNodes(entry.machine).slice(1)) {
      const events = shortestPathTo(entry, node.id);
      if (events === undefined) {
        // Only a transient state (left at once by `always`) or one the sample input cannot reach.
        const elsewhere = inputsOf(entry).some((input) => shortestPathTo(entry, node.id, input) !== undefined);
        expect({ state: node.id, transientOrOtherInput: node.always !== undefined || elsewhere }).toEqual({
          state: node.id,
          transientOrOtherInput: true,
        });
        continue;
      }
      // As the explorer does it: every step, delays and actor results included, is sent as an event.
      const actor = createActor(machine, { input: entry.input }).start();
      for (const event of events) actor.send(event);
      const active = actor.getSnapshot()._nodes.some((n) => n.id === node.id);
      expect({ state: node.id, active }).toEqual({ state: node.id, active: true });
      actor.stop();
      jest.clearAllTimers();
    }
    expect(shortestPathTo(entry, 'no.such.state')).toBeUndefined();
  });

  it('covers every state node and every transition', () => {
    const missingStates = stateIdsOf(entry.machine).filter((stateId) => !cov.states.has(stateId));
    const missingTransitions = transitionsOf(entry.machine).filter((t) => !cov.transitions.has(t.key));
    expect({ missingStates, missingTransitions }).toEqual({ missingStates: [], missingTransitions: [] });
    // Nothing the actors took is unknown to the definition.
    const known = new Set(transitionsOf(entry.machine).map((t) => t.key));
    expect([...cov.transitions].filter((key) => !known.has(key))).toEqual([]);
    // Each enabled-event list is a subset of the traversal events (what the explorer offers).
    const events = traversalEvents(entry);
    for (const path of shortestPaths(entry).slice(0, 50)) {
      for (const event of enabledEvents(entry, path.state)) expect(events).toContainEqual(event);
    }
  });
});

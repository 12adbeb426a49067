/**
 * Pure helpers over registry entries, in a module of their own so that a machine listed in the
 * registry (the explorer's) can use them without importing the registry itself.
 */
import type { AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import type { MachineEntry } from './qa-support';

const withDoublesCache = new WeakMap<MachineEntry, AnyStateMachine>();

/** The machine with the entry's test doubles: stepping it performs no real request. One machine
 * per entry, so snapshots stepped twice from it compare equal. */
export function withDoubles(entry: MachineEntry): AnyStateMachine {
  let machine = withDoublesCache.get(entry);
  if (!machine) {
    machine = entry.machine.provide(entry.doubles);
    withDoublesCache.set(entry, machine);
  }
  return machine;
}

/** Every state node of a machine, the root first, then depth first in definition order. */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const walk = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(walk)];
  return walk(machine.root);
}

/**
 * The events that drive the machine through all its states: the entry's events, then, derived
 * from the machine definition, one `xstate.after.<delay>.<stateNodeId>` per delayed transition and,
 * for each invoke, `xstate.done.actor.<invokeId>` (with the sample output, and one per further
 * output) and `xstate.error.actor.<invokeId>` (with the sample error, and one per further error).
 * Duplicates are dropped.
 */
export function traversalEvents(entry: MachineEntry): EventObject[] {
  const events: EventObject[] = [...entry.events];
  for (const node of allStateNodes(entry.machine)) {
    for (const delayed of node.after) events.push({ type: delayed.eventType });
    for (const invoke of node.invoke) {
      const outcome = entry.outcomes[invoke.id] ?? {};
      for (const output of [outcome.output, ...(outcome.otherOutputs ?? [])]) {
        events.push({ type: `xstate.done.actor.${invoke.id}`, output } as EventObject);
      }
      for (const error of [outcome.error, ...(outcome.otherErrors ?? [])]) {
        events.push({ type: `xstate.error.actor.${invoke.id}`, error } as EventObject);
      }
    }
  }
  const seen = new Set<string>();
  return events.filter((event) => {
    const key = JSON.stringify(event);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

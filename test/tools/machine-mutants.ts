/**
 * Mutants of a machine, generated from its own config (XState 5): no list to keep by hand, so a
 * machine added to machines/registry.ts, or one rewritten, is mutated as it stands.
 *
 * Two kinds of mutant, each one change:
 * - a transition sent elsewhere: every transition with a target is sent in turn to each other
 *   state of its target's parent (a transition without a target, to each sibling of its source);
 * - a guard negated: every guarded transition gets `not(guard)` instead.
 *
 * A transition is found where the config writes it: `on` (per event), `after` (per delay),
 * `always`, a state's `onDone`, and an invoke's `onDone`/`onError`, each as one element of the
 * (possibly single) list written there. `mutate(config)` returns a copy of the config with the one
 * change; everything else (functions, actions, actors) is the same objects.
 *
 * Pure: no jest here. test/unit/machines/mutation.test.ts runs the mutants against the machines'
 * own tests (see test/tools/mutation-runner.ts).
 */
import { not, type AnyStateMachine, type AnyStateNode } from 'xstate';

type Config = Record<string, unknown>;
type Transition = Record<string, unknown>;

export interface Mutant {
  /** The machine's id. */
  machine: string;
  /** The id of the state node the transition is written in (e.g. `identifyLight.blinking`). */
  state: string;
  /** Where the transition is, as the config writes it: `on light.stop`, `invoke startLight onDone #2`, `after 1000`, `always #1`. */
  transition: string;
  /** What was changed: `→ idle` (the target) or `guard negated`. */
  mutation: string;
  /** A copy of the machine's config with this one change. */
  mutate(config: Config): Config;
}

/** Where a transition is written: a path of keys from the state's config to its list, and its index there. */
interface Slot {
  statePath: string[];
  keys: Array<string | number>;
  index: number;
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/** A copy of plain objects and arrays, all the way down; functions and class instances are shared. */
function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (isPlain(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)])) as T;
  return value;
}

const asList = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);
const asTransition = (value: unknown): Transition => (typeof value === 'string' ? { target: value } : (value as Transition));

/** Every transition written in one state's config, with where it is. */
function slotsOf(stateConfig: Config, statePath: string[]): Array<{ slot: Slot; label: string; transition: Transition }> {
  const found: Array<{ slot: Slot; label: string; transition: Transition }> = [];
  const add = (keys: Array<string | number>, label: string, value: unknown) => {
    const list = asList(value);
    list.forEach((t, index) => {
      if (t === undefined || t === null) return;
      found.push({ slot: { statePath, keys, index }, label: list.length > 1 ? `${label} #${index + 1}` : label, transition: asTransition(t) });
    });
  };
  for (const [event, value] of Object.entries((stateConfig.on as Config | undefined) ?? {})) add(['on', event], `on ${event}`, value);
  for (const [delay, value] of Object.entries((stateConfig.after as Config | undefined) ?? {})) add(['after', delay], `after ${delay}`, value);
  add(['always'], 'always', stateConfig.always);
  add(['onDone'], 'onDone', stateConfig.onDone);
  const invokes = asList(stateConfig.invoke) as Config[];
  invokes.forEach((invoke, i) => {
    const name = String(invoke.id ?? invoke.src ?? i);
    const base = Array.isArray(stateConfig.invoke) ? ['invoke', i] : ['invoke'];
    for (const key of ['onDone', 'onError', 'onSnapshot']) add([...base, key], `invoke ${name} ${key}`, invoke[key]);
  });
  return found;
}

/** The state node a target string names, seen from the state node `source`. */
function resolveTarget(machine: AnyStateMachine, source: AnyStateNode, target: string): AnyStateNode | undefined {
  try {
    if (target.startsWith('#')) return machine.getStateNodeById(target.slice(1));
    const [from, path] = target.startsWith('.') ? [source, target.slice(1)] : [source.parent, target];
    let node: AnyStateNode | undefined = from;
    for (const key of path.split('.')) node = node?.states[key];
    return node;
  } catch {
    return undefined;
  }
}

/** `config` with the transition at `slot` replaced by `change(transition)`. */
function withTransition(config: Config, slot: Slot, change: (t: Transition) => Transition): Config {
  const result = copy(config);
  let state = result;
  for (const key of slot.statePath) state = (state.states as Config)[key] as Config;
  let holder: Record<string | number, unknown> = state;
  for (const key of slot.keys.slice(0, -1)) holder = holder[key] as Record<string | number, unknown>;
  const last = slot.keys[slot.keys.length - 1]!;
  const list = asList(holder[last]).map(asTransition);
  list[slot.index] = change({ ...list[slot.index]! });
  holder[last] = list;
  return result;
}

/** Every mutant of `machine` (see the module comment). */
export function mutantsOf(machine: AnyStateMachine): Mutant[] {
  const mutants: Mutant[] = [];
  const visit = (node: AnyStateNode, stateConfig: Config, statePath: string[]) => {
    for (const { slot, label, transition } of slotsOf(stateConfig, statePath)) {
      const mutant = (mutation: string, change: (t: Transition) => Transition): Mutant => ({
        machine: machine.id,
        state: node.id,
        transition: label,
        mutation,
        mutate: (config) => withTransition(config, slot, change),
      });
      const targets = asList(transition.target) as string[];
      const eventless = slot.keys[0] === 'always';
      // An eventless transition into a state that itself moves without an event could loop forever.
      const allowed = (n: AnyStateNode) => !(eventless && (n === node || n.always?.length));
      const [target] = targets;
      if (targets.length === 1 && target !== undefined) {
        const to = resolveTarget(machine, node, target);
        for (const other of Object.values(to?.parent?.states ?? {}) as AnyStateNode[]) {
          if (other === to || !allowed(other)) continue;
          mutants.push(mutant(`→ ${other.key}`, (t) => ({ ...t, target: `#${other.id}` })));
        }
      } else if (targets.length === 0 && node.parent) {
        for (const other of Object.values(node.parent.states) as AnyStateNode[]) {
          if (other === node || !allowed(other)) continue;
          mutants.push(mutant(`→ ${other.key} (had no target)`, (t) => ({ ...t, target: `#${other.id}` })));
        }
      }
      if (transition.guard !== undefined) {
        mutants.push(mutant('guard negated', (t) => ({ ...t, guard: not(t.guard as never) })));
      }
      if (asList(transition.actions).length > 0) {
        mutants.push(mutant('actions dropped', (t) => ({ ...t, actions: [] })));
      }
    }
    for (const [key, child] of Object.entries((stateConfig.states as Config | undefined) ?? {})) {
      const childNode = node.states[key];
      if (childNode) visit(childNode, child as Config, [...statePath, key]);
    }
  };
  visit(machine.root, machine.config as Config, []);
  return mutants;
}

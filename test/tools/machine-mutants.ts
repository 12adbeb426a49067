/**
 * Mutants of a machine, generated from its own config (XState 5): no list to keep by hand, so a
 * machine added to machines/registry.ts, or one rewritten, is mutated as it stands.
 *
 * Three kinds of mutant, each one change:
 * - a transition sent elsewhere: every transition with a target is sent in turn to each other
 *   state of its target's parent (a transition without a target, to each sibling of its source);
 * - a guard negated: every guarded transition gets `not(guard)` instead;
 * - actions dropped: every transition with actions gets none.
 *
 * A transition is found where the config writes it: `on` (per event), `after` (per delay),
 * `always`, a state's `onDone`, and an invoke's `onDone`/`onError`, each as one element of the
 * (possibly single) list written there. `mutate(config)` returns a copy of the config with the one
 * change; everything else (functions, actions, actors) is the same objects.
 *
 * A machine made by a shared factory (one function that writes the config of several machines, e.g.
 * machines/signed-update.machine.ts) shares its transitions with the other machines that factory
 * makes, the flows a shared test builds among them. `mutateLike(config)` makes the same change in
 * such a config where it means the same: the config has the state (by its path from the root) and
 * the transition (by where it is written, as in `transition`), that transition is the same one (the
 * same target state path, guard, actions and other keys, functions compared by their source text
 * and properties) and, for a target moved, the new target state exists there. Anywhere else it
 * answers undefined: only the machine's own tests can kill that mutant.
 *
 * Pure: no jest here. test/tools/mutation-check.ts runs the mutants against the machines' own
 * tests (see test/tools/mutation-runner.ts).
 */
import { createMachine, not, type AnyStateMachine, type AnyStateNode } from 'xstate';

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
  /**
   * A copy of another machine's config (one written by the same code) with the same change, or
   * undefined where that change would not mean the same there (see the module comment).
   */
  mutateLike(config: Config): Config | undefined;
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

/** A transition written in a state's config: where, its label, and itself. */
interface Written {
  slot: Slot;
  label: string;
  /** Where it is written, the same in two configs written by the same code: the label, but a delay
   * by its place among the state's delays (the delay itself may be a parameter of the code). */
  place: string;
  transition: Transition;
}

/** Every transition written in one state's config, with where it is. */
function slotsOf(stateConfig: Config, statePath: string[]): Written[] {
  const found: Written[] = [];
  const add = (keys: Array<string | number>, label: string, value: unknown, place = label) => {
    const list = asList(value);
    list.forEach((t, index) => {
      if (t === undefined || t === null) return;
      const nth = list.length > 1 ? ` #${index + 1}` : '';
      found.push({ slot: { statePath, keys, index }, label: `${label}${nth}`, place: `${place}${nth}`, transition: asTransition(t) });
    });
  };
  for (const [event, value] of Object.entries((stateConfig.on as Config | undefined) ?? {})) add(['on', event], `on ${event}`, value);
  const delays = Object.entries((stateConfig.after as Config | undefined) ?? {});
  delays.forEach(([delay, value], i) => add(['after', delay], `after ${delay}`, value, `after (delay ${i + 1} of ${delays.length})`));
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

/** The state node at `path` (keys from the root), if the machine has it. */
function nodeAt(machine: AnyStateMachine, path: readonly string[]): AnyStateNode | undefined {
  let node: AnyStateNode | undefined = machine.root;
  for (const key of path) node = node?.states[key];
  return node;
}

/** The state config at `path` (keys from the root), if the config has it. */
function stateConfigAt(config: Config, path: readonly string[]): Config | undefined {
  let state: Config | undefined = config;
  for (const key of path) state = (state?.states as Config | undefined)?.[key] as Config | undefined;
  return isPlain(state) ? state : undefined;
}

/**
 * What a transition does, as text that is the same in two machines exactly when it is written the
 * same: its targets as state paths, its other keys with functions by their source and properties.
 */
function signatureOf(machine: AnyStateMachine, source: AnyStateNode, transition: Transition): string | undefined {
  const seen = new Set<unknown>();
  const sig = (value: unknown, depth: number): unknown => {
    if (depth > 8 || seen.has(value)) return '…';
    if (typeof value === 'function') {
      seen.add(value);
      const props = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sig(v, depth + 1)]));
      return { fn: value.toString(), props };
    }
    if (Array.isArray(value)) return value.map((v) => sig(v, depth + 1));
    if (value !== null && typeof value === 'object') {
      seen.add(value);
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sig(v, depth + 1)]));
    }
    return value;
  };
  const targets: string[] = [];
  for (const target of asList(transition.target) as string[]) {
    const to = resolveTarget(machine, source, target);
    if (!to) return undefined;
    targets.push(to.path.join('.'));
  }
  const { target: _target, ...rest } = transition;
  return JSON.stringify({ targets, rest: sig(rest, 0) });
}

/** Every mutant of `machine` (see the module comment). */
export function mutantsOf(machine: AnyStateMachine): Mutant[] {
  const mutants: Mutant[] = [];
  const visit = (node: AnyStateNode, stateConfig: Config, statePath: string[]) => {
    for (const { slot, label, place, transition } of slotsOf(stateConfig, statePath)) {
      const eventless = slot.keys[0] === 'always';
      // An invoked actor may finish or fail the moment it starts (a test's double often does).
      const fromInvoke = slot.keys[0] === 'invoke';
      // An eventless transition into a state that itself moves without an event could loop forever;
      // so could an invoke's onDone/onError into such a state (it may lead straight back into the
      // invoke, which fails again at once): a synchronous loop no time limit can stop.
      const allowed = (source: AnyStateNode, n: AnyStateNode) =>
        !(eventless && (n === source || n.always?.length)) && !(fromInvoke && n.always?.length);
      const signature = signatureOf(machine, node, transition);
      /** `change` in `config`, whose machine is `made`: the transition at `slot` changed by `change`. */
      type Change = (t: Transition, made: AnyStateMachine, source: AnyStateNode) => Transition | undefined;
      const mutant = (mutation: string, change: Change): Mutant => ({
        machine: machine.id,
        state: node.id,
        transition: label,
        mutation,
        mutate: (config) => withTransition(config, slot, (t) => change(t, machine, node)!),
        mutateLike: (config) => {
          let made: AnyStateMachine;
          try {
            made = createMachine(config as never) as AnyStateMachine;
          } catch {
            return undefined;
          }
          const source = nodeAt(made, statePath);
          const written = stateConfigAt(config, statePath);
          if (!source || !written) return undefined;
          const same = slotsOf(written, statePath).find((s) => s.place === place);
          if (!same || signature === undefined || signatureOf(made, source, same.transition) !== signature) return undefined;
          const changed = change({ ...same.transition }, made, source);
          return changed && withTransition(config, same.slot, () => changed);
        },
      });
      /** The transition sent to the state at `path` instead (undefined where that machine lacks it). */
      const moveTo =
        (path: readonly string[]): Change =>
        (t, made, source) => {
          const other = nodeAt(made, path);
          return other && allowed(source, other) ? { ...t, target: `#${other.id}` } : undefined;
        };
      const targets = asList(transition.target) as string[];
      const [target] = targets;
      if (targets.length === 1 && target !== undefined) {
        const to = resolveTarget(machine, node, target);
        for (const other of Object.values(to?.parent?.states ?? {}) as AnyStateNode[]) {
          if (other === to || !allowed(node, other)) continue;
          mutants.push(mutant(`→ ${other.key}`, moveTo(other.path)));
        }
      } else if (targets.length === 0 && node.parent) {
        for (const other of Object.values(node.parent.states) as AnyStateNode[]) {
          if (other === node || !allowed(node, other)) continue;
          mutants.push(mutant(`→ ${other.key} (had no target)`, moveTo(other.path)));
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

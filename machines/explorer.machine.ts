/**
 * The QA state-machine explorer's own flow (docs/architecture.md#the-qa-explorer): which machine is
 * chosen, the steps taken on it, the state node a tester tapped, "go here" replays, and which
 * running actor the live view follows.
 *
 * Why a machine and not a Redux slice: the history holds XState snapshots (not serialisable, so
 * not Redux state), the flow has modes (nothing chosen / stepping a machine / following a live
 * actor) whose events mean different things, and it is itself a machine the explorer can show.
 *
 * Stepping is pure: `initialTransition` and `transition` from 'xstate' on the registry entry's
 * machine with its doubles (`withDoubles`). They run no actors, no delays and no side effects, so
 * a tester walks invocations and timers by sending their `xstate.done.actor.*` and
 * `xstate.after.*` events like any other. The enabled events come from the machine (graph.ts
 * `enabledEvents`: the entry's events and traversal events the current snapshot accepts), not
 * from a hand-kept list.
 *
 * Choosing a machine loads its entry (`loadEntry`: the registry's `load`, a chunk of its own)
 * before it can be stepped; a chunk that fails to arrive is said, and choosing again retries.
 *
 * Input: `{ entries }`, the machines a tester may choose (the page passes MACHINE_REGISTRY: each
 * line's id, namespace and `load`).
 */
import {
  assign,
  initialTransition,
  setup,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  fromPromise,
} from 'xstate';
import { withDoubles } from './entry-utils';
import type { MachineEntry, MachineRef } from './qa-support';
import { shortestPathTo } from './graph';

export const EXPLORER_ID = 'machineExplorer';

export interface ExplorerInput {
  entries?: readonly MachineRef[];
}

/** One step taken: the event sent and the snapshot it led to. */
export interface ExplorerStep {
  event: EventObject;
  snapshot: AnyMachineSnapshot;
}

/** Why the last request did nothing: no path leads to the tapped state, or the step threw. */
export type ExplorerProblem =
  | { kind: 'unreachable'; stateId: string }
  | { kind: 'stepFailed'; message: string }
  | { kind: 'loadFailed'; message: string }
  | null;

export interface ExplorerContext {
  entries: readonly MachineRef[];
  /** The machine being loaded (`loading`) or whose entry failed to load (`loadFailed`), by id. */
  chosenId: string | null;
  /** The chosen entry, its machine with the doubles, and its initial snapshot. */
  entry: MachineEntry | null;
  machine: AnyStateMachine | null;
  initial: AnyMachineSnapshot | null;
  /** The steps since the initial snapshot, oldest first. */
  steps: ExplorerStep[];
  /** The state node the tester tapped (offered "go here"), by id. */
  selectedStateId: string | null;
  problem: ExplorerProblem;
  /** The live actor followed (by its registered name) in `watching`. */
  liveName: string | null;
}

export type ExplorerEvent =
  | { type: 'explorer.choose'; id: string }
  | { type: 'explorer.send'; event: EventObject }
  | { type: 'explorer.back' }
  | { type: 'explorer.reset' }
  | { type: 'explorer.selectState'; stateId: string | null }
  | { type: 'explorer.goHere'; stateId: string }
  | { type: 'explorer.watch'; name: string };

/** The snapshot shown now: the last step's, else the initial one. */
export function currentSnapshot(context: Pick<ExplorerContext, 'steps' | 'initial'>): AnyMachineSnapshot | null {
  return context.steps.at(-1)?.snapshot ?? context.initial;
}

/** The events of the path taken so far, in order (what "copy path" copies). */
export function pathEvents(context: Pick<ExplorerContext, 'steps'>): EventObject[] {
  return context.steps.map((s) => s.event);
}

/** Steps from `from` through `events`; throws what `transition` throws. */
function replay(machine: AnyStateMachine, from: AnyMachineSnapshot, events: readonly EventObject[]): ExplorerStep[] {
  const steps: ExplorerStep[] = [];
  let snapshot = from;
  for (const event of events) {
    [snapshot] = transition(machine, snapshot, event);
    steps.push({ event, snapshot });
  }
  return steps;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export const explorerMachine = setup({
  types: {
    input: {} as ExplorerInput | undefined,
    context: {} as ExplorerContext,
    events: {} as ExplorerEvent,
  },
  actors: {
    loadEntry: fromPromise<MachineEntry, { ref: MachineRef }>(({ input }) => input.ref.load()),
  },
  guards: {
    knownEntry: ({ context }, params: { id: string }) => context.entries.some((e) => e.id === params.id),
    hasSteps: ({ context }) => context.steps.length > 0,
  },
}).createMachine({
  id: EXPLORER_ID,
  context: ({ input }) => ({
    entries: input?.entries ?? [],
    chosenId: null,
    entry: null,
    machine: null,
    initial: null,
    steps: [],
    selectedStateId: null,
    problem: null,
    liveName: null,
  }),
  initial: 'idle',
  on: {
    'explorer.choose': {
      guard: { type: 'knownEntry', params: ({ event }) => ({ id: event.id }) },
      target: '.loading',
      actions: assign({ chosenId: ({ event }) => event.id, problem: null, selectedStateId: null }),
    },
    'explorer.watch': {
      target: '.watching',
      actions: assign({ liveName: ({ event }) => event.name, selectedStateId: null, problem: null }),
    },
  },
  states: {
    idle: {},
    loading: {
      invoke: {
        id: 'loadEntry',
        src: 'loadEntry',
        input: ({ context }) => ({ ref: context.entries.find((e) => e.id === context.chosenId)! }),
        onDone: {
          target: 'exploring',
          actions: assign(({ event }) => {
            const entry = event.output;
            const machine = withDoubles(entry);
            try {
              const [initial] = initialTransition(machine, entry.input);
              return { entry, machine, initial, steps: [], selectedStateId: null, problem: null, liveName: null };
            } catch (err) {
              return { entry, machine, initial: null, steps: [], selectedStateId: null, problem: { kind: 'stepFailed' as const, message: messageOf(err) }, liveName: null };
            }
          }),
        },
        onError: {
          target: 'loadFailed',
          actions: assign({ problem: ({ event }) => ({ kind: 'loadFailed' as const, message: messageOf(event.error) }) }),
        },
      },
    },
    loadFailed: {},
    exploring: {
      on: {
        'explorer.send': {
          actions: assign(({ context, event }) => {
            const from = currentSnapshot(context);
            if (!context.machine || !from) return {};
            try {
              return { steps: [...context.steps, ...replay(context.machine, from, [event.event])], problem: null };
            } catch (err) {
              return { problem: { kind: 'stepFailed' as const, message: messageOf(err) } };
            }
          }),
        },
        'explorer.back': {
          guard: 'hasSteps',
          actions: assign({ steps: ({ context }) => context.steps.slice(0, -1), problem: null }),
        },
        'explorer.reset': {
          actions: assign({ steps: [], problem: null }),
        },
        'explorer.selectState': {
          actions: assign({ selectedStateId: ({ event }) => event.stateId, problem: null }),
        },
        'explorer.goHere': {
          actions: assign(({ context, event }) => {
            if (!context.entry || !context.machine || !context.initial) return {};
            const path = shortestPathTo(context.entry, event.stateId);
            if (!path) return { problem: { kind: 'unreachable' as const, stateId: event.stateId } };
            try {
              return { steps: replay(context.machine, context.initial, path), problem: null, selectedStateId: event.stateId };
            } catch (err) {
              return { problem: { kind: 'stepFailed' as const, message: messageOf(err) } };
            }
          }),
        },
      },
    },
    watching: {},
  },
});

export type ExplorerMachine = typeof explorerMachine;

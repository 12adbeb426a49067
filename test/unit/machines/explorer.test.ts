/**
 * Behaviour of the QA explorer's own flow on a real actor: choosing a machine, stepping it, going
 * back, resetting, tapping a state and going there, following a live actor, and the problems a
 * tester is shown when a request does nothing.
 */
import { assign, createActor, setup, waitFor, type AnyMachineSnapshot } from 'xstate';

import {
  currentSnapshot,
  explorerMachine,
  pathEvents,
  type ExplorerContext,
  type ExplorerEvent,
  type ExplorerInput,
} from '../../../machines/explorer.machine';
import { findMachine, withDoubles, type MachineEntry, type MachineRef } from '../../../machines/registry';

/** The registry's forced re-login, loaded as the explorer loads it. */
let forcedRelogin!: MachineEntry;
beforeAll(async () => {
  const ref = findMachine('forcedRelogin');
  if (!ref) throw new Error('the registry has no forcedRelogin line');
  forcedRelogin = await ref.load();
});

/** A registry line for an entry: its load answers it at once (the next microtask). */
const refOf = (entry: MachineEntry): MachineRef => ({ id: entry.id, textNamespace: entry.textNamespace, load: () => Promise.resolve(entry) });

/**
 * A small machine of the test's own: `inc` then `go` reach `top` (`inc` counts in `high` too, so a
 * replay tells where it started); `boom` throws while stepping anywhere; `go` throws too once
 * `explode` is set (after the explorer computed its paths); `island` cannot be reached; entering
 * `high` runs the side-effect action `sideEffect`.
 */
let explode = false;
const sideEffect = jest.fn();
const tinyMachine = setup({
  types: {
    context: {} as { n: number },
    events: {} as { type: 'inc' } | { type: 'go' } | { type: 'boom' },
  },
  actions: {
    sideEffect: () => {
      throw new Error('the real side effect ran');
    },
  },
}).createMachine({
  id: 'tiny',
  context: { n: 0 },
  initial: 'low',
  on: {
    boom: {
      actions: assign(() => {
        throw new Error('boom');
      }),
    },
  },
  states: {
    low: {
      on: { inc: { target: 'high', actions: assign({ n: ({ context }) => context.n + 1 }) } },
    },
    high: {
      entry: 'sideEffect',
      on: {
        inc: { actions: assign({ n: ({ context }) => context.n + 1 }) },
        go: {
          target: 'top',
          actions: assign(({ context }) => {
            if (explode) throw new Error('exploded');
            return { n: context.n + 10 };
          }),
        },
      },
    },
    top: {},
    island: {},
  },
});

/** A registry entry for the test's machine (under any id), with a spy as its action double. */
function entryOf(id: string): MachineEntry {
  return {
    id,
    textNamespace: 'machines',
    machine: tinyMachine,
    events: [{ type: 'inc' }, { type: 'go' }],
    doubles: { actions: { sideEffect: () => sideEffect() } },
    outcomes: {},
    // `inc` counts without bound: the paths tell snapshots apart by their state only.
    serializeState: (snapshot) => JSON.stringify(snapshot.value),
  };
}

/** Errors that stopped an explorer actor during the current test (none is expected). */
const actorErrors: unknown[] = [];

/** An explorer actor; by default offering the registry's forced re-login and the test's machine. */
function harness(...args: [] | [input: ExplorerInput | undefined]) {
  const input = args.length === 0 ? { entries: [refOf(forcedRelogin), refOf(entryOf('tiny'))] } : args[0];
  const actor = createActor(explorerMachine, { input });
  // An action that throws stops the actor with an error: a test failure here, not a crash later.
  actor.subscribe({ error: (error) => actorErrors.push(error) });
  actor.start();
  const snapshot = () => actor.getSnapshot();
  const context = () => actor.getSnapshot().context;
  const send = (event: ExplorerEvent) => actor.send(event);
  const current = () => currentSnapshot(context());
  /** Chooses a machine and waits until its entry has loaded (or failed to). */
  const choose = async (id: string) => {
    send({ type: 'explorer.choose', id });
    await waitFor(actor, (s) => !s.matches('loading'));
  };
  return { actor, snapshot, context, send, choose, current, view: () => view(context()) };
}
type Harness = ReturnType<typeof harness>;

/** A snapshot as plain values (no machine inside): what the explorer shows of it. */
const shown = (s: AnyMachineSnapshot | null) => (s ? { value: s.value, status: s.status, context: s.context } : null);

/**
 * The context as plain values: entries and machines by id, snapshots as `shown`. Assertions go
 * through it, so that a failure prints a readable difference (a machine is a circular object).
 */
function view(c: ExplorerContext) {
  return {
    entries: c.entries.map((e) => e.id),
    entry: c.entry?.id ?? null,
    machine: c.machine?.id ?? null,
    initial: shown(c.initial),
    steps: c.steps.map((step) => ({ event: step.event, ...shown(step.snapshot) })),
    selectedStateId: c.selectedStateId,
    problem: c.problem,
    liveName: c.liveName,
  };
}

const STATES = ['idle', 'loading', 'loadFailed', 'exploring', 'watching'] as const;
const activeStates = (h: Harness) => STATES.filter((s) => h.snapshot().matches(s));
const valueOf = (s: AnyMachineSnapshot | null) => s?.value ?? null;

const CONFIRMING = 'forcedRelogin.confirming';

beforeEach(() => {
  explode = false;
  sideEffect.mockClear();
  actorErrors.length = 0;
});
afterEach(() => {
  expect(actorErrors.map(String)).toEqual([]);
});

describe('explorer: choosing a machine', () => {
  it('starts idle with the given entries and nothing chosen', async () => {
    const h = harness();
    expect(activeStates(h)).toEqual(['idle']);
    expect(h.view()).toEqual({
      entries: ['forcedRelogin', 'tiny'],
      entry: null,
      machine: null,
      initial: null,
      steps: [],
      selectedStateId: null,
      problem: null,
      liveName: null,
    });
    expect(valueOf(h.current())).toBeNull();
  });

  it('starts with no entries without an input', async () => {
    const h = harness(undefined);
    expect(h.view().entries).toEqual([]);
    await h.choose('forcedRelogin');
    expect(activeStates(h)).toEqual(['idle']);
  });

  it('before a choice, stepping, back, reset, selecting and going do nothing', async () => {
    const h = harness();
    const before = h.view();
    h.send({ type: 'explorer.send', event: { type: 'session.invalidToken' } });
    h.send({ type: 'explorer.back' });
    h.send({ type: 'explorer.reset' });
    h.send({ type: 'explorer.selectState', stateId: CONFIRMING });
    h.send({ type: 'explorer.goHere', stateId: CONFIRMING });
    expect(activeStates(h)).toEqual(['idle']);
    expect(h.view()).toEqual(before);
  });

  it('choosing a machine shows it at its initial snapshot, stepped with its doubles', async () => {
    const h = harness();
    await h.choose('forcedRelogin');
    expect(activeStates(h)).toEqual(['exploring']);
    expect(h.view()).toEqual({
      entries: ['forcedRelogin', 'tiny'],
      entry: 'forcedRelogin',
      machine: 'forcedRelogin',
      initial: { value: 'idle', status: 'active', context: {} },
      steps: [],
      selectedStateId: null,
      problem: null,
      liveName: null,
    });
    expect(h.context().entry === forcedRelogin).toBe(true);
    expect(h.context().machine === withDoubles(forcedRelogin)).toBe(true);
    expect(valueOf(h.current())).toBe('idle');
  });

  it('an unknown machine is refused, leaving the current choice as it is', async () => {
    const h = harness();
    await h.choose('nope');
    expect(activeStates(h)).toEqual(['idle']);
    expect(h.view().entry).toBeNull();
    await h.choose('forcedRelogin');
    h.send({ type: 'explorer.send', event: { type: 'session.invalidToken' } });
    h.send({ type: 'explorer.selectState', stateId: CONFIRMING });
    const before = h.view();
    await h.choose('nope');
    expect(activeStates(h)).toEqual(['exploring']);
    expect(h.view()).toEqual(before);
    expect(before.steps).toHaveLength(1);
  });

  it('choosing another machine (or the same again) starts it afresh', async () => {
    const h = harness();
    await h.choose('forcedRelogin');
    h.send({ type: 'explorer.send', event: { type: 'session.invalidToken' } });
    h.send({ type: 'explorer.selectState', stateId: CONFIRMING });
    h.send({ type: 'explorer.goHere', stateId: 'forcedRelogin.nowhere' });
    expect(h.view().problem).not.toBeNull();
    await h.choose('tiny');
    expect(activeStates(h)).toEqual(['exploring']);
    expect(h.view()).toEqual({
      entries: ['forcedRelogin', 'tiny'],
      entry: 'tiny',
      machine: 'tiny',
      initial: { value: 'low', status: 'active', context: { n: 0 } },
      steps: [],
      selectedStateId: null,
      problem: null,
      liveName: null,
    });
    expect(valueOf(h.current())).toBe('low');
    h.send({ type: 'explorer.send', event: { type: 'inc' } });
    await h.choose('tiny');
    expect(h.view().steps).toEqual([]);
    expect(valueOf(h.current())).toBe('low');
  });

  it('a machine that cannot even start is shown with the problem, and then nothing can be stepped', async () => {
    const broken = entryOf('broken');
    jest.spyOn(withDoubles(broken), 'getInitialSnapshot').mockImplementation(() => {
      throw new Error('cannot start');
    });
    const h = harness({ entries: [refOf(broken)] });
    await h.choose('broken');
    expect(activeStates(h)).toEqual(['exploring']);
    expect(h.view()).toEqual({
      entries: ['broken'],
      entry: 'broken',
      machine: 'tiny',
      initial: null,
      steps: [],
      selectedStateId: null,
      problem: { kind: 'stepFailed', message: 'cannot start' },
      liveName: null,
    });
    expect(h.context().machine === withDoubles(broken)).toBe(true);
    const before = h.view();
    h.send({ type: 'explorer.send', event: { type: 'inc' } });
    h.send({ type: 'explorer.goHere', stateId: 'tiny.high' });
    expect(h.view()).toEqual(before);
  });
});

describe('explorer: loading the chosen entry', () => {
  /** A registry line whose load the test settles by hand. */
  function deferredRef(entry: MachineEntry) {
    const pending: { resolve: (e: MachineEntry) => void; reject: (err: Error) => void }[] = [];
    const ref: MachineRef = {
      id: entry.id,
      textNamespace: entry.textNamespace,
      load: () => new Promise<MachineEntry>((resolve, reject) => pending.push({ resolve, reject })),
    };
    return { ref, pending };
  }

  it('waits in loading for the entry; nothing can be stepped meanwhile', async () => {
    const tiny = deferredRef(entryOf('tiny'));
    const h = harness({ entries: [tiny.ref] });
    h.send({ type: 'explorer.choose', id: 'tiny' });
    expect(activeStates(h)).toEqual(['loading']);
    expect(h.context().chosenId).toBe('tiny');
    expect(tiny.pending).toHaveLength(1);
    h.send({ type: 'explorer.send', event: { type: 'inc' } });
    h.send({ type: 'explorer.goHere', stateId: 'tiny.high' });
    expect(h.view()).toEqual(expect.objectContaining({ entry: null, machine: null, steps: [], problem: null }));
    tiny.pending[0]!.resolve(entryOf('tiny'));
    await waitFor(h.actor, (s) => s.matches('exploring'));
    expect(h.view()).toEqual(expect.objectContaining({ entry: 'tiny', machine: 'tiny', initial: { value: 'low', status: 'active', context: { n: 0 } } }));
  });

  it('an entry that fails to load is said, and choosing it again retries', async () => {
    const tiny = deferredRef(entryOf('tiny'));
    const h = harness({ entries: [tiny.ref] });
    h.send({ type: 'explorer.choose', id: 'tiny' });
    tiny.pending[0]!.reject(new Error('Loading chunk qa-tiny failed.'));
    await waitFor(h.actor, (s) => !s.matches('loading'));
    expect(activeStates(h)).toEqual(['loadFailed']);
    expect(h.view()).toEqual(expect.objectContaining({ entry: null, problem: { kind: 'loadFailed', message: 'Loading chunk qa-tiny failed.' } }));
    h.send({ type: 'explorer.send', event: { type: 'inc' } });
    expect(activeStates(h)).toEqual(['loadFailed']);
    h.send({ type: 'explorer.choose', id: 'tiny' });
    expect(activeStates(h)).toEqual(['loading']);
    expect(h.view().problem).toBeNull();
    tiny.pending[1]!.resolve(entryOf('tiny'));
    await waitFor(h.actor, (s) => s.matches('exploring'));
    expect(h.view()).toEqual(expect.objectContaining({ entry: 'tiny', problem: null }));
  });

  it('choosing another machine while one loads: the later choice is shown, the earlier never', async () => {
    const first = deferredRef(entryOf('first'));
    const second = deferredRef(entryOf('second'));
    const h = harness({ entries: [first.ref, second.ref] });
    h.send({ type: 'explorer.choose', id: 'first' });
    h.send({ type: 'explorer.choose', id: 'second' });
    expect(h.context().chosenId).toBe('second');
    first.pending[0]!.resolve(entryOf('first'));
    await Promise.resolve();
    await Promise.resolve();
    expect(activeStates(h)).toEqual(['loading']);
    second.pending[0]!.resolve(entryOf('second'));
    await waitFor(h.actor, (s) => s.matches('exploring'));
    expect(h.view().entry).toBe('second');
  });

  it('a tester leaving for the live view while an entry loads stays there when it arrives', async () => {
    const tiny = deferredRef(entryOf('tiny'));
    const h = harness({ entries: [tiny.ref] });
    h.send({ type: 'explorer.choose', id: 'tiny' });
    h.send({ type: 'explorer.watch', name: 'timeChannel' });
    tiny.pending[0]!.resolve(entryOf('tiny'));
    await Promise.resolve();
    await Promise.resolve();
    expect(activeStates(h)).toEqual(['watching']);
    expect(h.view().entry).toBeNull();
  });
});

describe('explorer: stepping', () => {
  async function chosen(id = 'forcedRelogin') {
    const h = harness();
    await h.choose(id);
    return h;
  }

  it('each event sent is one step: the event and the snapshot it led to, the last one shown', async () => {
    const h = await chosen();
    h.send({ type: 'explorer.send', event: { type: 'session.invalidToken' } });
    expect(h.view().steps).toEqual([{ event: { type: 'session.invalidToken' }, value: 'confirming', status: 'active', context: {} }]);
    expect(valueOf(h.current())).toBe('confirming');
    h.send({ type: 'explorer.send', event: { type: 'relogin.confirm' } });
    expect(shown(h.current())).toEqual({ value: 'resetting', status: 'done', context: {} });
    expect(pathEvents(h.context())).toEqual([{ type: 'session.invalidToken' }, { type: 'relogin.confirm' }]);
    expect(valueOf(h.context().initial)).toBe('idle'); // the initial snapshot is kept
  });

  it('stepping is pure: the side-effect actions of the machine do not run', async () => {
    const h = await chosen('tiny');
    h.send({ type: 'explorer.send', event: { type: 'inc' } });
    expect(valueOf(h.current())).toBe('high');
    expect(h.current()?.context).toEqual({ n: 1 });
    expect(sideEffect).not.toHaveBeenCalled();
  });

  it('an event the machine ignores is still a step, on the same state', async () => {
    const h = await chosen();
    h.send({ type: 'explorer.send', event: { type: 'relogin.cancel' } });
    expect(pathEvents(h.context())).toEqual([{ type: 'relogin.cancel' }]);
    expect(valueOf(h.current())).toBe('idle');
  });

  it('a step that throws is not taken and shows why; the next step that works clears it', async () => {
    const h = await chosen('tiny');
    h.send({ type: 'explorer.send', event: { type: 'boom' } });
    expect(h.context().problem).toEqual({ kind: 'stepFailed', message: 'boom' });
    expect(h.view().steps).toEqual([]);
    expect(activeStates(h)).toEqual(['exploring']);
    h.send({ type: 'explorer.send', event: { type: 'inc' } });
    expect(h.context().problem).toBeNull();
    expect(valueOf(h.current())).toBe('high');
  });

  it('back removes the last step only, and clears a problem', async () => {
    const h = await chosen('tiny');
    h.send({ type: 'explorer.send', event: { type: 'inc' } });
    h.send({ type: 'explorer.send', event: { type: 'go' } });
    expect(valueOf(h.current())).toBe('top');
    h.send({ type: 'explorer.goHere', stateId: 'tiny.island' });
    expect(h.context().problem).not.toBeNull();
    h.send({ type: 'explorer.back' });
    expect(pathEvents(h.context())).toEqual([{ type: 'inc' }]);
    expect(valueOf(h.current())).toBe('high');
    expect(h.context().problem).toBeNull();
    h.send({ type: 'explorer.back' });
    expect(h.view().steps).toEqual([]);
    expect(valueOf(h.current())).toBe('low');
  });

  it('back with no step left does nothing, not even clear a problem', async () => {
    const h = await chosen('tiny');
    h.send({ type: 'explorer.goHere', stateId: 'tiny.island' });
    const before = h.view();
    expect(before.problem).toEqual({ kind: 'unreachable', stateId: 'tiny.island' });
    expect(h.snapshot().can({ type: 'explorer.back' })).toBe(false);
    h.send({ type: 'explorer.back' });
    expect(h.view()).toEqual(before);
  });

  it('reset returns to the initial snapshot and clears a problem, keeping the tapped state', async () => {
    const h = await chosen('tiny');
    h.send({ type: 'explorer.send', event: { type: 'inc' } });
    h.send({ type: 'explorer.selectState', stateId: 'tiny.top' });
    h.send({ type: 'explorer.send', event: { type: 'boom' } });
    expect(h.context().problem).not.toBeNull();
    h.send({ type: 'explorer.reset' });
    expect(h.view().steps).toEqual([]);
    expect(valueOf(h.current())).toBe('low');
    expect(h.context().problem).toBeNull();
    expect(h.context().selectedStateId).toBe('tiny.top');
    expect(h.context().entry?.id).toBe('tiny');
  });
});

describe('explorer: tapping a state and going there', () => {
  async function chosen(id = 'forcedRelogin') {
    const h = harness();
    await h.choose(id);
    return h;
  }

  it('tapping a state selects it and clears a problem; tapping nothing unselects', async () => {
    const h = await chosen('tiny');
    h.send({ type: 'explorer.send', event: { type: 'boom' } });
    h.send({ type: 'explorer.selectState', stateId: 'tiny.top' });
    expect(h.context().selectedStateId).toBe('tiny.top');
    expect(h.context().problem).toBeNull();
    expect(h.view().steps).toEqual([]);
    h.send({ type: 'explorer.selectState', stateId: null });
    expect(h.context().selectedStateId).toBeNull();
  });

  it('"go here" replays the shortest path from the start, selecting the state', async () => {
    const h = await chosen('tiny');
    h.send({ type: 'explorer.send', event: { type: 'go' } }); // ignored in low: a step that goes nowhere
    h.send({ type: 'explorer.send', event: { type: 'boom' } });
    h.send({ type: 'explorer.goHere', stateId: 'tiny.top' });
    expect(pathEvents(h.context())).toEqual([{ type: 'inc' }, { type: 'go' }]);
    expect(valueOf(h.current())).toBe('top');
    expect(h.current()?.context).toEqual({ n: 11 });
    expect(h.context().selectedStateId).toBe('tiny.top');
    expect(h.context().problem).toBeNull();
    expect(sideEffect).not.toHaveBeenCalled();
  });

  it('"go here" on the registry\u2019s machine reaches the dialog in one step', async () => {
    const h = await chosen();
    h.send({ type: 'explorer.send', event: { type: 'session.invalidToken' } });
    h.send({ type: 'explorer.send', event: { type: 'relogin.cancel' } });
    h.send({ type: 'explorer.goHere', stateId: CONFIRMING });
    expect(pathEvents(h.context())).toEqual([{ type: 'session.invalidToken' }]);
    expect(valueOf(h.current())).toBe('confirming');
  });

  it('"go here" replays from the initial snapshot, not from the one shown', async () => {
    const h = await chosen('tiny');
    h.send({ type: 'explorer.send', event: { type: 'inc' } });
    h.send({ type: 'explorer.send', event: { type: 'inc' } });
    expect(h.current()?.context).toEqual({ n: 2 });
    h.send({ type: 'explorer.goHere', stateId: 'tiny.top' });
    expect(pathEvents(h.context())).toEqual([{ type: 'inc' }, { type: 'go' }]);
    expect(h.view().steps.map((step) => [step.value, step.context])).toEqual([
      ['high', { n: 1 }],
      ['top', { n: 11 }],
    ]);
  });

  it('"go here" to the initial state empties the path', async () => {
    const h = await chosen('tiny');
    h.send({ type: 'explorer.send', event: { type: 'inc' } });
    h.send({ type: 'explorer.goHere', stateId: 'tiny.low' });
    expect(h.view().steps).toEqual([]);
    expect(valueOf(h.current())).toBe('low');
    expect(h.context().selectedStateId).toBe('tiny.low');
  });

  it.each(['tiny.island', 'tiny.nowhere'])('"go here" to %s, which no path reaches, says so and changes nothing else', async (stateId) => {
    const h = await chosen('tiny');
    h.send({ type: 'explorer.send', event: { type: 'inc' } });
    h.send({ type: 'explorer.selectState', stateId: 'tiny.top' });
    h.send({ type: 'explorer.goHere', stateId });
    expect(h.context().problem).toEqual({ kind: 'unreachable', stateId });
    expect(pathEvents(h.context())).toEqual([{ type: 'inc' }]);
    expect(h.context().selectedStateId).toBe('tiny.top');
  });

  it('"go here" whose replay throws shows why and keeps the steps and the selection', async () => {
    const h = await chosen('tiny');
    h.send({ type: 'explorer.goHere', stateId: 'tiny.top' }); // computes the paths while nothing throws
    h.send({ type: 'explorer.reset' });
    h.send({ type: 'explorer.send', event: { type: 'inc' } });
    h.send({ type: 'explorer.selectState', stateId: 'tiny.high' });
    explode = true;
    h.send({ type: 'explorer.goHere', stateId: 'tiny.top' });
    expect(h.context().problem).toEqual({ kind: 'stepFailed', message: 'exploded' });
    expect(pathEvents(h.context())).toEqual([{ type: 'inc' }]);
    expect(h.context().selectedStateId).toBe('tiny.high');
  });
});

describe('explorer: following a live actor', () => {
  it('watch follows the named actor, from nothing chosen', async () => {
    const h = harness();
    h.send({ type: 'explorer.watch', name: 'timeChannel' });
    expect(activeStates(h)).toEqual(['watching']);
    expect(h.context().liveName).toBe('timeChannel');
    h.send({ type: 'explorer.watch', name: 'safeApply' });
    expect(h.context().liveName).toBe('safeApply');
  });

  it('watch from a machine being explored drops the selection and the problem; stepping waits', async () => {
    const h = harness();
    await h.choose('tiny');
    h.send({ type: 'explorer.send', event: { type: 'inc' } });
    h.send({ type: 'explorer.selectState', stateId: 'tiny.top' });
    h.send({ type: 'explorer.goHere', stateId: 'tiny.island' });
    h.send({ type: 'explorer.watch', name: 'identifyLight' });
    expect(activeStates(h)).toEqual(['watching']);
    expect(h.view()).toEqual(expect.objectContaining({ entry: 'tiny', liveName: 'identifyLight', selectedStateId: null, problem: null }));
    expect(pathEvents(h.context())).toEqual([{ type: 'inc' }]);
    const before = h.view();
    h.send({ type: 'explorer.send', event: { type: 'go' } });
    h.send({ type: 'explorer.back' });
    h.send({ type: 'explorer.reset' });
    h.send({ type: 'explorer.selectState', stateId: 'tiny.top' });
    h.send({ type: 'explorer.goHere', stateId: 'tiny.top' });
    expect(activeStates(h)).toEqual(['watching']);
    expect(h.view()).toEqual(before);
  });

  it('choosing a machine leaves the live view', async () => {
    const h = harness();
    h.send({ type: 'explorer.watch', name: 'timeChannel' });
    await h.choose('nope');
    expect(activeStates(h)).toEqual(['watching']);
    await h.choose('forcedRelogin');
    expect(activeStates(h)).toEqual(['exploring']);
    expect(h.context().liveName).toBeNull();
    expect(valueOf(h.current())).toBe('idle');
  });
});

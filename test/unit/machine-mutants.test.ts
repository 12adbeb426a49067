/**
 * The mutation check's mutants (test/tools/machine-mutants.ts) carried to another machine written by
 * the same code (`mutateLike`): only where the change means the same there.
 */
import { assign, createMachine, type AnyStateMachine } from 'xstate';
import { mutantsOf, type Mutant } from '../tools/machine-mutants';

type Config = Record<string, unknown>;

/** One factory, several machines: what differs is a parameter. */
function flow(id: string, options: { delay?: number; stopTo?: string; guard?: string; spare?: boolean } = {}): AnyStateMachine {
  const { delay = 100, stopTo = 'idle', guard = 'allowed', spare = false } = options;
  return createMachine({
    id,
    initial: 'idle',
    context: { runs: 0 },
    states: {
      idle: { on: { go: { guard, target: 'working', actions: assign(({ context }) => ({ runs: context.runs + 1 })) } } },
      working: { after: { [delay]: 'finished' }, on: { stop: stopTo } },
      finished: {},
      ...(spare ? { spare: {} } : {}),
    },
  });
}

const find = (machine: AnyStateMachine, state: string, transition: string, mutation: string): Mutant => {
  const found = mutantsOf(machine).find((m) => m.state === `${machine.id}.${state}` && m.transition === transition && m.mutation === mutation);
  if (!found) throw new Error(`no mutant ${state} · ${transition} · ${mutation}`);
  return found;
};
const statesOf = (config: Config | undefined) => (config?.states ?? {}) as Record<string, Config>;

describe('machine mutants carried to another machine of the same code', () => {
  it('move the same transition to the same state there, by that machine’s own state id', () => {
    const mutated = find(flow('a'), 'working', 'on stop', '→ finished').mutateLike(flow('b').config as Config);
    expect(statesOf(mutated).working!.on).toEqual({ stop: [{ target: '#b.finished' }] });
    // The copy is a machine xstate builds, and the original config is untouched.
    expect(() => createMachine(mutated as never)).not.toThrow();
    expect(statesOf(flow('b').config as Config).working!.on).toEqual({ stop: 'idle' });
  });

  it('find a delayed transition by its place among the delays, whatever the delay', () => {
    const mutant = find(flow('a', { delay: 100 }), 'working', 'after 100', '→ idle');
    const mutated = mutant.mutateLike(flow('b', { delay: 300 }).config as Config);
    expect(statesOf(mutated).working!.after).toEqual({ 300: [{ target: '#b.idle' }] });
  });

  it('negate the same guard and drop the same actions', () => {
    const b = flow('b').config as Config;
    const negated = find(flow('a'), 'idle', 'on go', 'guard negated').mutateLike(b);
    const [go] = statesOf(negated).idle!.on!['go' as never] as unknown as Config[];
    expect(go!.guard).not.toBe('allowed');
    expect(typeof go!.guard).toBe('function');
    const dropped = find(flow('a'), 'idle', 'on go', 'actions dropped').mutateLike(b);
    expect((statesOf(dropped).idle!.on as Record<string, Config[]>).go![0]!.actions).toEqual([]);
  });

  it('leave a machine where the transition is not the same one: another target, another guard', () => {
    expect(find(flow('a'), 'working', 'on stop', '→ finished').mutateLike(flow('b', { stopTo: 'finished' }).config as Config)).toBeUndefined();
    expect(find(flow('a'), 'idle', 'on go', 'guard negated').mutateLike(flow('b', { guard: 'other' }).config as Config)).toBeUndefined();
  });

  it('leave a machine that lacks the new target', () => {
    const mutant = find(flow('a', { spare: true }), 'working', 'on stop', '→ spare');
    expect(mutant.mutateLike(flow('b').config as Config)).toBeUndefined();
    expect(mutant.mutateLike(flow('c', { spare: true }).config as Config)).toBeDefined();
  });
});

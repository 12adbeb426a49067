/**
 * useMachineActor: a component's machine, provided with the component's implementations, started
 * once per mount (StrictMode included), listed in the QA explorer's live view while mounted and
 * stopped on unmount.
 */
import { StrictMode, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { assign, fromPromise, setup } from 'xstate';
import { liveActors } from '../../../src/app/live-actors';
import { useMachineActor } from '../../../src/app/use-machine-actor';

/** A small machine with what components provide: an invoked call, an action, and input. */
const counterMachine = setup({
  types: {
    input: {} as { start: number },
    context: {} as { count: number },
    events: {} as { type: 'count.add' } | { type: 'count.save' },
  },
  actors: {
    save: fromPromise<number, { count: number }>(async () => {
      throw new Error('not provided');
    }),
  },
  actions: {
    saved: (_, _count: number) => {},
  },
}).createMachine({
  id: 'counter',
  context: ({ input }) => ({ count: input.start }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'count.add': { actions: assign(({ context }) => ({ count: context.count + 1 })) },
        'count.save': 'saving',
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ count: context.count }),
        onDone: { target: 'done', actions: { type: 'saved', params: ({ event }) => event.output } },
        onError: 'editing',
      },
    },
    done: { type: 'final' },
  },
});

interface Calls {
  save: jest.Mock<Promise<number>, [number]>;
  saved: jest.Mock<void, [string, number]>;
  snapshots: jest.Mock<void, [string, string]>;
}

function calls(): Calls {
  return { save: jest.fn(async (count: number) => count * 10), saved: jest.fn(), snapshots: jest.fn() };
}

/** Renders the counter; `label` is closed over by the implementations and the observer. */
function Counter({ label, calls, liveName }: { label: string; calls: Calls; liveName?: string }) {
  const actor = useMachineActor(counterMachine, {
    actors: { save: fromPromise<number, { count: number }>(({ input }) => calls.save(input.count)) },
    actions: { saved: (_, count) => calls.saved(label, count) },
    input: { start: 5 },
    liveName,
    onSnapshot: (snapshot) => calls.snapshots(label, String(snapshot.value)),
  });
  const count = useSelector(actor, (s) => s.context.count);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  return (
    <div>
      <span data-testid="count">{count}</span>
      {saving ? <span>saving</span> : null}
      <button onClick={() => actor.send({ type: 'count.add' })}>add</button>
      <button onClick={() => actor.send({ type: 'count.save' })}>save</button>
    </div>
  );
}

const strict = (node: ReactNode) => <StrictMode>{node}</StrictMode>;

test('runs the machine with its input and the implementations given', async () => {
  const c = calls();
  render(strict(<Counter label="a" calls={c} />));
  expect(screen.getByTestId('count')).toHaveTextContent('5');
  act(() => screen.getByRole('button', { name: 'add' }).click());
  expect(screen.getByTestId('count')).toHaveTextContent('6');
  await act(async () => screen.getByRole('button', { name: 'save' }).click());
  expect(c.save.mock.calls).toEqual([[6]]);
  expect(c.saved.mock.calls).toEqual([['a', 60]]);
});

test('under StrictMode one actor per mount, listed in the live view while mounted', async () => {
  const c = calls();
  const before = liveActors().length;
  const { unmount } = render(strict(<Counter label="a" calls={c} />));
  const listed = liveActors().filter((l) => l.name === 'counter');
  expect(listed).toHaveLength(1);
  expect(liveActors()).toHaveLength(before + 1);
  const actor = listed[0]!.actor;
  expect(actor.getSnapshot().status).toBe('active');

  // The listed actor is the one the component drives: its state follows the clicks.
  act(() => screen.getByRole('button', { name: 'add' }).click());
  expect(actor.getSnapshot().context.count).toBe(6);
  // The invoked call runs once, not once per StrictMode effect.
  await act(async () => screen.getByRole('button', { name: 'save' }).click());
  expect(c.save).toHaveBeenCalledTimes(1);

  unmount();
  expect(liveActors().filter((l) => l.name === 'counter')).toHaveLength(0);
});

test('stops a running actor on unmount: a call answering later changes nothing', async () => {
  const c = calls();
  let answer: (n: number) => void = () => undefined;
  c.save.mockImplementation(() => new Promise<number>((resolve) => (answer = resolve)));
  const { unmount } = render(strict(<Counter label="a" calls={c} />));
  const actor = liveActors().find((l) => l.name === 'counter')!.actor;
  act(() => screen.getByRole('button', { name: 'save' }).click());
  expect(screen.getByText('saving')).toBeInTheDocument();
  unmount();
  await act(async () => answer(1));
  expect(c.saved).not.toHaveBeenCalled();
  // Nor does an event sent to it afterwards.
  actor.send({ type: 'count.add' });
  expect(actor.getSnapshot().value).toBe('saving');
  expect(actor.getSnapshot().context.count).toBe(5);
});

test('lists the actor under another name when asked', () => {
  const c = calls();
  const { unmount } = render(strict(<Counter label="a" calls={c} liveName="counterTwo" />));
  expect(liveActors().map((l) => l.name)).toContain('counterTwo');
  expect(liveActors().map((l) => l.name)).not.toContain('counter');
  unmount();
  expect(liveActors().map((l) => l.name)).not.toContain('counterTwo');
});

test('keeps its actor across renders and uses the latest implementations and observer', async () => {
  const c = calls();
  const { rerender } = render(strict(<Counter label="a" calls={c} />));
  const actor = liveActors().find((l) => l.name === 'counter')!.actor;
  act(() => screen.getByRole('button', { name: 'add' }).click());

  rerender(strict(<Counter label="b" calls={c} />));
  // Same actor, same state: a new render does not start the machine again.
  expect(liveActors().find((l) => l.name === 'counter')!.actor).toBe(actor);
  expect(screen.getByTestId('count')).toHaveTextContent('6');

  c.snapshots.mockClear();
  await act(async () => screen.getByRole('button', { name: 'save' }).click());
  expect(c.saved.mock.calls).toEqual([['b', 60]]);
  expect(c.snapshots.mock.calls).toEqual([
    ['b', 'saving'],
    ['b', 'done'],
  ]);
});

/**
 * How the explorer presents a chart: opened fitted to its view (and refitted when the view
 * changes size), event buttons whose long payloads stay inside their card with the whole text on
 * hover or focus, and the Live tab showing only the actor chosen there.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, type AnyStateMachine, type EventObject } from 'xstate';
import { forcedReloginMachine } from '../../../machines/forced-relogin.machine';
import { registerLiveActor } from '../../../src/app/live-actors';
import { renderExplorer, texts, wizardEntry, type TestEntry } from './support';

/** A box of `size` for every element (jsdom lays nothing out), and the ResizeObservers to call. */
let size = { width: 600, height: 400 };
const observers: Array<(entries: Array<{ contentRect: { width: number; height: number } }>) => void> = [];
beforeEach(() => {
  size = { width: 600, height: 400 };
  observers.length = 0;
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () => ({ x: 0, y: 0, top: 0, left: 0, right: size.width, bottom: size.height, width: size.width, height: size.height, toJSON: () => ({}) }) as DOMRect,
  );
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    constructor(callback: (typeof observers)[number]) {
      observers.push(callback);
    }
    observe() {}
    disconnect() {}
  };
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
});

/** The chart's extent on screen: every state box through the chart's transform. */
function shownExtent() {
  const g = screen.getByTestId('statechart').querySelector('g[transform]')!;
  const m = /translate\(([-\d.e]+) ([-\d.e]+)\) scale\(([-\d.e]+)\)/.exec(g.getAttribute('transform')!)!;
  const [x, y, k] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const rects = [...g.querySelectorAll('g[data-state-id] > rect:first-child')];
  const right = Math.max(...rects.map((r) => Number(r.getAttribute('x')) + Number(r.getAttribute('width'))));
  const bottom = Math.max(...rects.map((r) => Number(r.getAttribute('y')) + Number(r.getAttribute('height'))));
  const left = Math.min(...rects.map((r) => Number(r.getAttribute('x'))));
  const top = Math.min(...rects.map((r) => Number(r.getAttribute('y'))));
  return { left: x + left * k, top: y + top * k, right: x + right * k, bottom: y + bottom * k, k };
}

function expectFitted(width: number, height: number) {
  const e = shownExtent();
  expect(e.left).toBeGreaterThanOrEqual(-0.5);
  expect(e.top).toBeGreaterThanOrEqual(-0.5);
  expect(e.right).toBeLessThanOrEqual(width + 0.5);
  expect(e.bottom).toBeLessThanOrEqual(height + 0.5);
  // Fitted, not merely small: it fills the view in one direction.
  expect(Math.max(e.right - e.left, (e.bottom - e.top) * (width / height))).toBeGreaterThan(width * 0.9);
}

test('a chart taller than its view opens fitted, whole and visible, and is fitted again when the view changes size', async () => {
  const user = userEvent.setup({ delay: null });
  renderExplorer([wizardEntry]);
  await user.click(screen.getByRole('button', { name: 'First-run wizard (test)' }));
  await screen.findByRole('group', { name: /^Statechart of / });
  expectFitted(600, 400);

  act(() => {
    size = { width: 900, height: 300 };
    for (const callback of observers) callback([{ contentRect: { ...size } }]);
  });
  expectFitted(900, 300);

  // Zooming is the user's; Fit returns to the fitted view.
  await user.click(screen.getByRole('button', { name: 'Zoom in' }));
  expect(shownExtent().bottom).toBeGreaterThan(300);
  await user.click(screen.getByRole('button', { name: 'Fit the chart to the view' }));
  expectFitted(900, 300);
});

test('an event with a long JSON payload keeps to its card (ellipsis) and shows the whole text on hover and on focus', async () => {
  const long = { type: 'wizard.next', note: 'a payload far longer than any card is wide, '.repeat(4) } as EventObject;
  const entry: TestEntry = { ...wizardEntry, id: 'test-long-payload', title: texts('Long payloads (test)'), events: [long, { type: 'wizard.skip' }] };
  const user = userEvent.setup({ delay: null });
  renderExplorer([entry]);
  await user.click(screen.getByRole('button', { name: 'Long payloads (test)' }));
  await screen.findByRole('group', { name: /^Statechart of / });
  const group = within(screen.getByRole('group', { name: 'Enabled events' }));
  const button = group.getByRole('button', { name: /^wizard\.next/ });
  const text = button.textContent!;
  expect(text).toContain('a payload far longer');
  expect(button).toHaveStyle({ maxWidth: '100%' });
  expect(button.firstElementChild).toHaveStyle({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

  await user.hover(button);
  expect(await screen.findByRole('tooltip')).toHaveTextContent(text);
  await user.unhover(button);
  fireEvent.focus(button);
  expect(await screen.findByRole('tooltip')).toHaveTextContent(text);
});

test('the Live tab shows no chart of the machine explored before, and the chart of the actor chosen', async () => {
  const relogin = createActor(forcedReloginMachine).start();
  const unregister = registerLiveActor('forcedRelogin', relogin);
  const reloginEntry: TestEntry = {
    ...wizardEntry,
    id: forcedReloginMachine.id, // as in the registry: the live view names an actor by its machine's entry
    machine: forcedReloginMachine as unknown as AnyStateMachine,
    title: texts('Forced re-login (test)'),
    input: undefined,
    events: [],
    outcomes: {},
    doubles: {},
  };
  const user = userEvent.setup({ delay: null });
  renderExplorer([wizardEntry, reloginEntry]);
  await user.click(screen.getByRole('button', { name: 'First-run wizard (test)' }));
  await screen.findByRole('group', { name: 'Statechart of First-run wizard (test)' });

  await user.click(screen.getByRole('tab', { name: 'Live' }));
  expect(screen.queryByRole('group', { name: 'Statechart of First-run wizard (test)' })).not.toBeInTheDocument();
  expect(screen.queryByTestId('statechart')).not.toBeInTheDocument();

  await user.click(screen.getByTestId('live-forcedRelogin'));
  await screen.findByRole('group', { name: 'Statechart of Forced re-login (test)' });
  expect(screen.getAllByTestId('statechart')).toHaveLength(1);

  // Back on the Machines tab, the live chart is gone too.
  await user.click(screen.getByRole('tab', { name: 'Machines' }));
  expect(screen.queryByTestId('statechart')).not.toBeInTheDocument();
  expect(screen.getByText('Choose a machine to draw its statechart.')).toBeInTheDocument();
  act(() => unregister());
});

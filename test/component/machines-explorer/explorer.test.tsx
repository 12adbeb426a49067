/**
 * The QA state-machine explorer (docs/architecture.md#the-qa-explorer): the registry's machines
 * listed, a chosen machine drawn with its current state highlighted, its enabled events (derived
 * from the machine) as buttons, pure stepping with back, reset, "go here" and copy path.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MACHINE_REGISTRY } from '../../../machines/registry';
import { MAX_RETRIES, RETRY_DELAY_MS } from '../../../machines/time-channel.machine';
import { registryTitle, renderExplorer, timeChannelEntry, wizardEntry } from './support';

function eventButtons(): string[] {
  return within(screen.getByRole('group', { name: 'Enabled events' }))
    .getAllByRole('button')
    .map((b) => b.textContent ?? '');
}

const currentState = () => screen.getByTestId('current-state').textContent;

/** The chart's box of a state (by its key). */
function stateBox(key: string): HTMLElement {
  return screen.getByRole('button', { name: new RegExp(`^State ${key.replace('.', '\\.')}(,|$)`) });
}

async function choose(title: string) {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: title }));
  await screen.findByRole('group', { name: /^Statechart of / });
  return user;
}

test('lists the titles of every machine in the registry, in the chosen language', () => {
  expect(MACHINE_REGISTRY.length).toBeGreaterThan(0);
  const { unmount } = renderExplorer(MACHINE_REGISTRY);
  const list = screen.getByRole('list', { name: 'Machines' });
  expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(MACHINE_REGISTRY.map((e) => registryTitle('en', e)));
  unmount();
  renderExplorer(MACHINE_REGISTRY, { language: 'de' });
  expect(within(screen.getByRole('list', { name: 'Automaten' })).getAllByRole('button').map((b) => b.textContent)).toEqual(
    MACHINE_REGISTRY.map((e) => registryTitle('de', e)),
  );
});

test("a chosen machine's description shows the timings of the machine's own constants", async () => {
  renderExplorer(MACHINE_REGISTRY);
  await choose('Device time channel');
  const description = screen.getByText(/^Keeps the device time in the top bar up to date\./);
  expect(description).toHaveTextContent(`reconnects after ${RETRY_DELAY_MS / 1000} s, at most ${MAX_RETRIES} times in a row`);
  expect(description).toHaveTextContent(`it tries again every ${RETRY_DELAY_MS / 1000} s`);
  expect(description.textContent).not.toContain('{{');
});

test('choosing a machine draws it with the initial state highlighted and its enabled events as buttons', async () => {
  renderExplorer([wizardEntry, timeChannelEntry]);
  expect(screen.getByText('Choose a machine to draw its statechart.')).toBeInTheDocument();
  await choose('First-run wizard (test)');

  expect(screen.getByRole('button', { name: 'First-run wizard (test)' })).toHaveAttribute('aria-pressed', 'true');
  expect(currentState()).toBe('welcome');
  // Every state of the machine is drawn; the active one (and only it, with the root) is marked.
  for (const key of ['start', 'welcome', 'protocol', 'password', 'completing', 'settingHttp', 'moving', 'done']) {
    expect(stateBox(key)).toBeInTheDocument();
  }
  expect(stateBox('welcome')).toHaveAttribute('data-active', 'true');
  expect(stateBox('welcome')).toHaveAccessibleName('State welcome, current');
  expect(stateBox('protocol')).not.toHaveAttribute('data-active');
  expect(stateBox('done')).toHaveAccessibleName('State done, final');
  expect(stateBox('start')).toHaveAccessibleName('State start, initial');
  // welcome handles next and skip, nothing else.
  expect(eventButtons()).toEqual(['wizard.next', 'wizard.skip']);
  expect(screen.getByRole('region', { name: 'Context' })).toHaveTextContent('"isAdmin": true');
});

test('sending an event steps the machine and shows the new state, its events and its context', async () => {
  renderExplorer([wizardEntry]);
  const user = await choose('First-run wizard (test)');

  await user.click(screen.getByRole('button', { name: 'wizard.next' }));
  expect(currentState()).toBe('protocol');
  expect(stateBox('protocol')).toHaveAttribute('data-active', 'true');
  expect(stateBox('welcome')).not.toHaveAttribute('data-active');
  expect(eventButtons()).toEqual(['wizard.next', 'wizard.previous', 'wizard.chooseProtocol {"https":false}']);
  expect(screen.getByRole('region', { name: 'Context' })).toHaveTextContent('"https": true');

  await user.click(screen.getByRole('button', { name: 'wizard.chooseProtocol {"https":false}' }));
  expect(currentState()).toBe('protocol');
  expect(screen.getByRole('region', { name: 'Context' })).toHaveTextContent('"https": false');
  const steps = within(screen.getByRole('list', { name: 'Steps taken' })).getAllByRole('listitem');
  expect(steps.map((s) => s.textContent)).toEqual(['wizard.next → protocol', 'wizard.chooseProtocol {"https":false} → protocol']);
});

test('invocation results and delays are events to send: done, error and after', async () => {
  renderExplorer([timeChannelEntry]);
  const user = await choose('Time channel (test)');
  expect(currentState()).toBe('idle');
  expect(eventButtons()).toEqual(['channel.start', 'channel.stop']);

  await user.click(screen.getByRole('button', { name: 'channel.start' }));
  expect(currentState()).toBe('live.connecting');
  expect(stateBox('live')).toHaveAttribute('data-active', 'true');
  expect(stateBox('connecting')).toHaveAttribute('data-active', 'true');
  await user.click(screen.getByRole('button', { name: 'socket.closed {"code":1006}' }));
  expect(currentState()).toBe('retrying');
  expect(eventButtons()).toContain('after 3000 ms');
  await user.click(screen.getByRole('button', { name: 'after 3000 ms' }));
  expect(currentState()).toBe('live.connecting');

  await user.click(screen.getByRole('button', { name: 'socket.error' }));
  expect(currentState()).toBe('fallback');
  expect(eventButtons()).toEqual(expect.arrayContaining(['done: fetchTime', 'error: fetchTime']));
  await user.click(screen.getByRole('button', { name: 'done: fetchTime' }));
  expect(currentState()).toBe('ticking');
  expect(screen.getByRole('region', { name: 'Context' })).toHaveTextContent('"time": "2025/06/01 12:00:00"');
});

test('Back undoes one step and Reset returns to the initial state', async () => {
  renderExplorer([wizardEntry]);
  const user = await choose('First-run wizard (test)');
  expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();

  await user.click(screen.getByRole('button', { name: 'wizard.next' }));
  await user.click(screen.getByRole('button', { name: 'wizard.next' }));
  expect(currentState()).toBe('password');
  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(currentState()).toBe('protocol');
  expect(within(screen.getByRole('list', { name: 'Steps taken' })).getAllByRole('listitem')).toHaveLength(1);

  await user.click(screen.getByRole('button', { name: 'wizard.next' }));
  await user.click(screen.getByRole('button', { name: 'Reset' }));
  expect(currentState()).toBe('welcome');
  expect(within(screen.getByRole('list', { name: 'Steps taken' })).queryAllByRole('listitem')).toHaveLength(0);
  expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
});

test('"Go here" on a tapped state replays the shortest path to it from the initial state', async () => {
  renderExplorer([wizardEntry]);
  const user = await choose('First-run wizard (test)');
  // A detour first: go here starts over from the initial state.
  await user.click(screen.getByRole('button', { name: 'wizard.next' }));
  await user.click(screen.getByRole('button', { name: 'wizard.previous' }));

  await user.click(stateBox('password'));
  expect(stateBox('password')).toHaveAttribute('aria-pressed', 'true');
  const selection = screen.getByRole('region', { name: 'Selected state' });
  expect(selection).toHaveTextContent('Selected: password');
  await user.click(within(selection).getByRole('button', { name: 'Go here' }));

  expect(currentState()).toBe('password');
  expect(stateBox('password')).toHaveAttribute('data-active', 'true');
  const steps = within(screen.getByRole('list', { name: 'Steps taken' })).getAllByRole('listitem');
  expect(steps.map((s) => s.textContent)).toEqual(['wizard.next → protocol', 'wizard.next → password']);
  // The events of the password step are enabled now: back, or the password form's flow ending.
  expect(eventButtons()).toEqual(['wizard.previous', 'done: passwordChange']);
});

test('"Go here" through an invocation sends its result, as the path says', async () => {
  renderExplorer([wizardEntry]);
  const user = await choose('First-run wizard (test)');
  await user.click(stateBox('completionFailed'));
  await user.click(screen.getByRole('button', { name: 'Go here' }));
  expect(currentState()).toBe('completionFailed');
  const steps = within(screen.getByRole('list', { name: 'Steps taken' })).getAllByRole('listitem');
  expect(steps.map((s) => s.textContent)).toEqual(['wizard.skip → completing', 'error: completeFirstRun → completionFailed']);
});

test('Copy path writes the events of the path as JSON and says so', async () => {
  renderExplorer([wizardEntry]);
  const user = await choose('First-run wizard (test)');
  // user-event puts a clipboard of its own in place at setup: watch that one.
  const writeText = jest.spyOn(navigator.clipboard, 'writeText');
  await user.click(screen.getByRole('button', { name: 'wizard.next' }));
  await user.click(screen.getByRole('button', { name: 'wizard.chooseProtocol {"https":false}' }));
  await user.click(screen.getByRole('button', { name: 'Copy path' }));

  await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
  expect(JSON.parse(writeText.mock.calls[0]![0])).toEqual([
    { type: 'wizard.next' },
    { type: 'wizard.chooseProtocol', https: false },
  ]);
  expect(await screen.findByText('Path copied to the clipboard')).toBeInTheDocument();
});

test('a failed copy says so', async () => {
  renderExplorer([wizardEntry]);
  const user = await choose('First-run wizard (test)');
  jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
  await user.click(screen.getByRole('button', { name: 'Copy path' }));
  expect(await screen.findByText('The path could not be copied')).toBeInTheDocument();
});

test('a failed layout is reported instead of the chart', async () => {
  renderExplorer([wizardEntry], { layout: async () => Promise.reject(new Error('no worker')) });
  await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'First-run wizard (test)' }));
  expect(await screen.findByText('The chart could not be laid out: no worker')).toBeInTheDocument();
  // Stepping still works without the chart.
  expect(currentState()).toBe('welcome');
});

test('the zoom buttons are labelled and at least 44 px', async () => {
  renderExplorer([wizardEntry]);
  await choose('First-run wizard (test)');
  for (const name of ['Zoom in', 'Zoom out', 'Fit the chart to the view']) {
    expect(screen.getByRole('button', { name })).toBeInTheDocument();
  }
});

test('a machine whose code does not arrive is said with its reason, and Retry loads it', async () => {
  let fail = true;
  // The wizard's test entry, loaded through a registry line whose chunk fails the first time.
  const flaky = { ...wizardEntry, load: () => (fail ? Promise.reject(new Error('Loading chunk qa-first-run-wizard failed')) : Promise.resolve(wizardEntry)) };
  renderExplorer([flaky]);
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'First-run wizard (test)' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The machine could not be loaded (Loading chunk qa-first-run-wizard failed). Check the connection to the panel and retry.');
  expect(screen.queryByRole('group', { name: /^Statechart of / })).not.toBeInTheDocument();
  fail = false;
  await user.click(within(alert).getByRole('button', { name: 'Retry' }));
  await screen.findByRole('group', { name: /^Statechart of / });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

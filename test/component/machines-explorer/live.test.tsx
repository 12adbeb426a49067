/**
 * The explorer's live view: the console's running actors (registered with registerLiveActor),
 * each with its state as it is now, following the actor as it runs; one chosen is drawn on its
 * machine's chart, read-only.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import { forcedReloginMachine } from '../../../machines/forced-relogin.machine';
import { registerLiveActor } from '../../../src/app/live-actors';
import { renderExplorer, texts, wizardEntry } from './support';
import type { AnyStateMachine } from 'xstate';

const reloginEntry = {
  ...wizardEntry,
  id: forcedReloginMachine.id, // as in the registry: the live view names an actor by its machine's entry
  machine: forcedReloginMachine as unknown as AnyStateMachine,
  title: texts('Forced re-login (test)'),
  input: undefined,
  events: [],
  outcomes: {},
  doubles: {},
};

test('lists the running actors with their current state, and follows them as they run', async () => {
  const relogin = createActor(forcedReloginMachine).start();
  const unregister = registerLiveActor('forcedRelogin', relogin);
  const user = userEvent.setup({ delay: null });
  renderExplorer([reloginEntry, wizardEntry]);
  await user.click(screen.getByRole('tab', { name: 'Live' }));

  const list = screen.getByRole('list', { name: 'Running actors' });
  const row = within(list).getByTestId('live-forcedRelogin');
  // Named by the registry's title of its machine.
  expect(row).toHaveTextContent('Forced re-login (test)');
  expect(row).toHaveTextContent('State: idle');

  act(() => relogin.send({ type: 'session.invalidToken' }));
  expect(row).toHaveTextContent('State: confirming');

  // A dialog's actor comes and goes.
  const other = createActor(forcedReloginMachine).start();
  let unregisterOther: () => void = () => undefined;
  act(() => {
    unregisterOther = registerLiveActor('passwordExpiry', other);
  });
  expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  expect(within(list).getByTestId('live-passwordExpiry')).toHaveTextContent('State: idle');
  act(() => unregisterOther());
  expect(within(list).getAllByRole('listitem')).toHaveLength(1);

  act(() => unregister());
  expect(screen.getByText('No actor is running.')).toBeInTheDocument();
});

test('choosing a running actor draws its machine with its live state highlighted, read-only', async () => {
  const relogin = createActor(forcedReloginMachine).start();
  const unregister = registerLiveActor('forcedRelogin', relogin);
  const user = userEvent.setup({ delay: null });
  renderExplorer([reloginEntry]);
  await user.click(screen.getByRole('tab', { name: 'Live' }));
  await user.click(screen.getByTestId('live-forcedRelogin'));

  await screen.findByRole('group', { name: 'Statechart of Forced re-login (test)' });
  expect(screen.getByText(/Live view: read-only/)).toBeInTheDocument();
  // Read-only: the states are pictures, not buttons.
  const idle = screen.getByRole('img', { name: 'State idle, initial, current' });
  expect(idle).toHaveAttribute('data-active', 'true');
  expect(screen.queryByRole('group', { name: 'Enabled events' })).not.toBeInTheDocument();

  act(() => relogin.send({ type: 'session.invalidToken' }));
  expect(screen.getByRole('img', { name: 'State confirming, current' })).toHaveAttribute('data-active', 'true');
  expect(screen.getByRole('img', { name: 'State idle, initial' })).not.toHaveAttribute('data-active');
  expect(screen.getByTestId('current-state')).toHaveTextContent('confirming');

  act(() => unregister());
  expect(screen.getByText('forcedRelogin is no longer running.')).toBeInTheDocument();
});

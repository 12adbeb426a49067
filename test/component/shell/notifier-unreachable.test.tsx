/**
 * A notice whose own chunk cannot load (the panel went away: that may be the very thing the notice
 * is about) leaves the screen as it is instead of replacing it with the route's error page.
 */
import { act, screen } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { shellDevice } from '../../support/shell-device';
import { noticeShown } from '../../../store/app-slice';

// The module as a chunk that no longer loads: reading it fails, as webpack's import() would.
jest.mock('../../../src/components/Notifier', () => ({
  get Notifier(): never {
    throw new Error('Loading chunk notifier failed');
  },
}));

test('the screen stays when the notifier cannot load', async () => {
  shellDevice();
  const app = await renderApp('/admin/dashboard', { account: 'admin' });
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  await act(async () => {
    app.store.dispatch(noticeShown({ key: 'translation:errors.network', severity: 'error' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
});

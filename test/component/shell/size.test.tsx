/**
 * The application state's size (specification §3: "size (default medium)"), issue 20 item 15: it
 * is in the state from the first render, kept in a cookie like the language, so signing in and
 * reloading keeps it; the account menu switches the compact layout, and the controls follow.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../support/render';
import { shellDevice } from '../../support/shell-device';

async function openShell(url: string) {
  const device = shellDevice();
  const user = userEvent.setup({ delay: null });
  const app = await renderApp(url, { account: 'admin' });
  await screen.findByRole('heading', { level: 1 });
  await within(screen.getByRole('banner')).findByText(device.state.hmiName);
  return { user, app };
}

const minimalLength = () => screen.findByLabelText(/^Minimal length/);

test('a new browser starts at the default size, medium', async () => {
  const { app } = await openShell('/admin/account/security');
  expect(app.store.getState().app.size).toBe('medium');
  expect((await minimalLength()).closest('.MuiInputBase-root')).not.toHaveClass('MuiInputBase-sizeSmall');
});

test('the account menu switches the compact layout: the state, its cookie and the controls follow', async () => {
  const { user, app } = await openShell('/admin/account/security');
  await user.click(screen.getByRole('button', { name: /^Account menu of/ }));
  // The open menu's code loads on the first press (src/layout/UserMenuList.tsx).
  const compact = await screen.findByRole('menuitemcheckbox', { name: 'Compact layout' });
  expect(compact).toHaveAttribute('aria-checked', 'false');
  await user.click(compact);
  expect(app.store.getState().app.size).toBe('small');
  expect(document.cookie).toMatch(/(^|; )size=small(;|$)/);
  await waitFor(async () => expect((await minimalLength()).closest('.MuiInputBase-root')).toHaveClass('MuiInputBase-sizeSmall'));

  await user.click(screen.getByRole('button', { name: /^Account menu of/ }));
  await user.click(screen.getByRole('menuitemcheckbox', { name: 'Compact layout', checked: true }));
  expect(app.store.getState().app.size).toBe('medium');
  expect(document.cookie).toMatch(/(^|; )size=medium(;|$)/);
});

test('signed in, a reload keeps the size the cookie holds', async () => {
  document.cookie = 'size=small; path=/';
  const { app } = await openShell('/admin/account/security');
  expect(app.store.getState().app.size).toBe('small');
  expect((await minimalLength()).closest('.MuiInputBase-root')).toHaveClass('MuiInputBase-sizeSmall');
});

test('a cookie holding something else reads as the default', async () => {
  document.cookie = 'size=huge; path=/';
  const { app } = await openShell('/admin/dashboard');
  expect(app.store.getState().app.size).toBe('medium');
});

/**
 * The persistent warnings (specification §2 "Warnings", §7 GET /system/legacyhash): the insecure
 * connection warning on an http: page and the old-password-format warning. This file's page is
 * http://localhost/ (jsdom's default); warnings-https.test.tsx covers an https: page.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../support/render';
import { shellDevice, type ShellDeviceOptions } from '../../support/shell-device';

const INSECURE_ADMIN = 'The connection is not secure. Turn on HTTPS in Administration / Security.';
const INSECURE = 'The connection is not secure. Ask the administrator to turn on HTTPS.';
const LEGACY_ADMIN = 'Some passwords are stored in an old format. Change them in Administration / System Password.';
const LEGACY = 'Some passwords are stored in an old format. Ask the administrator to change them.';

async function openShell(account: string, options: ShellDeviceOptions = {}) {
  const device = shellDevice(options);
  const user = userEvent.setup({ delay: null });
  const app = await renderApp('/admin/dashboard', { account });
  // Behind the first-run wizard when it is open (hidden: the dialog hides the page from the tree).
  await screen.findByRole('heading', { level: 1, name: 'Dashboard', hidden: true });
  await waitFor(() => expect(device.requests.find((r) => r.path === '/api/v1/system/legacyhash')?.answer).toBeDefined());
  return { device, user, app };
}

const warnings = () => within(screen.getByRole('region', { name: 'Warnings' }));

describe('insecure connection', () => {
  test('hidden while state_code is 0 (the wizard runs), shown once the first run is complete', async () => {
    const { user } = await openShell('admin', { userInfo: { state_code: 0 } });
    const wizard = await screen.findByRole('dialog', { name: 'Welcome to your HMI' });
    expect(screen.queryByText(/The connection is not secure/)).not.toBeInTheDocument();
    await user.click(within(wizard).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('region', { name: 'Warnings' })).toHaveTextContent(INSECURE_ADMIN);
  });

  test('admin is told to turn on HTTPS in Administration / Security', async () => {
    await openShell('admin');
    expect(warnings().getByText(/The connection is not secure/)).toHaveTextContent(INSECURE_ADMIN);
  });

  // Product bug: "<link>…</link>" in the translation; `link` is an HTML void element, so the
  // anchor <Trans> renders is empty and the words follow it as plain text (see expiry.test.tsx).
  test('admin gets a link to the security page', async () => {
    const { user, app } = await openShell('admin');
    const link = warnings().getByRole('link', { name: 'Administration / Security' });
    expect(link).toHaveAttribute('href', '/admin/account/security');
    await user.click(link);
    await screen.findByRole('heading', { level: 1, name: 'Security' });
    expect(app.location()).toBe('/admin/account/security');
  });

  test.each(['update', 'history'])('%s gets the warning as plain text, without a link', async (account) => {
    await openShell(account);
    expect(warnings().getByText(INSECURE)).toBeInTheDocument();
    expect(warnings().queryByRole('link')).not.toBeInTheDocument();
  });

  test('it stays on every page', async () => {
    const { user } = await openShell('admin');
    await user.click(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('button', { name: 'Administration' }));
    await user.click(screen.getByRole('link', { name: 'System Password' }));
    await screen.findByRole('heading', { level: 1, name: 'System Password' });
    expect(warnings().getByText(/The connection is not secure/)).toBeInTheDocument();
  });
});

describe('putting the not-secure warning away (issue 20, item 8)', () => {
  test('Hide puts it away for the session: the top bar offers it again, and a reload keeps it away', async () => {
    const { user } = await openShell('admin');
    await user.click(warnings().getByRole('button', { name: 'Hide this warning for this session' }));
    expect(screen.queryByText(/The connection is not secure/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Warnings' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'The connection is not secure: show the warning' })).toBeInTheDocument();

    // The session remembers it: the console started again (a reload) keeps it away.
    cleanup();
    await openShell('admin');
    expect(screen.queryByText(/The connection is not secure/)).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'The connection is not secure: show the warning' }));
    expect(warnings().getByText(/The connection is not secure/)).toHaveTextContent(INSECURE_ADMIN);
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'The connection is not secure: show the warning' })).not.toBeInTheDocument();
  });

  test('the old-format warning stays when the not-secure one is put away', async () => {
    const { user } = await openShell('admin', { legacy: ['update'] });
    await user.click(warnings().getByRole('button', { name: 'Hide this warning for this session' }));
    expect(warnings().getByText(/stored in an old format/)).toBeInTheDocument();
    expect(warnings().queryByText(/The connection is not secure/)).not.toBeInTheDocument();
  });

  test('the warnings take their own room at the foot of the page instead of floating over it', async () => {
    await openShell('admin');
    const region = screen.getByRole('region', { name: 'Warnings' });
    // In the page's flow, after the screen, sticking to the bottom of the window.
    expect(screen.getByRole('main').compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(getComputedStyle(region).position).toBe('sticky');
  });
});

describe('old password format', () => {
  test('admin: shown when GET /system/legacyhash lists accounts', async () => {
    await openShell('admin', { legacy: ['update'] });
    expect(warnings().getByText(/stored in an old format/)).toHaveTextContent(LEGACY_ADMIN);
  });

  // Product bug: the same void <link> tag as the insecure warning.
  test('admin gets a link to the password page', async () => {
    const { user, app } = await openShell('admin', { legacy: ['update', 'history'] });
    const link = warnings().getByRole('link', { name: 'Administration / System Password' });
    expect(link).toHaveAttribute('href', '/admin/account/password');
    await user.click(link);
    await screen.findByRole('heading', { level: 1, name: 'System Password' });
    expect(app.location()).toBe('/admin/account/password');
  });

  test('others get it as plain text, without a link', async () => {
    await openShell('update', { legacy: ['update'] });
    expect(warnings().getByText(LEGACY)).toBeInTheDocument();
    expect(warnings().queryByRole('link')).not.toBeInTheDocument();
  });

  test('none when the list is empty', async () => {
    await openShell('admin', { legacy: [] });
    expect(warnings().queryByText(/stored in an old format/)).not.toBeInTheDocument();
    // The region still holds the insecure-connection warning of this http: page.
    expect(warnings().getByText(/The connection is not secure/)).toBeInTheDocument();
  });
});

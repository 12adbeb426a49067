/**
 * Account Management (docs/decisions.md#account-management): the accounts, extra menus, a new
 * password confirmed by admin's own password (the form's checks, a wrong admin password keeping
 * what was typed), disable behind a confirmation, the sessions with Sign out and the lockouts with
 * Unlock, against a fake device whose answers are checked against the contract.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AccountManagementPage from '../../../src/features/accounts/AccountManagementPage';
import { renderScreen } from '../../support/render';
import { fakeDevice, type DeviceAnswer } from '../../support/fake-device';
import { DEFAULT_STRENGTH_RULES, strengthRulesToWire } from '../../../contract/rules/password-strength';
import type { LiveSession, Lockout, ManagedAccount } from '../../../store/api/accounts-endpoints';
import deAccounts from '../../../public/locales/accounts/de.json';

const ACCOUNTS = '/api/v1/uac/accounts';
const SESSIONS = '/api/v1/uac/sessions';
const LOCKOUTS = '/api/v1/uac/lockouts';
const AT = '2026-11-20T08:00:00.000Z';

const account = (username: string, patch: Partial<ManagedAccount> = {}): ManagedAccount => ({
  username,
  mode: username.startsWith('cmt_') ? 'user' : 'admin',
  webview_role: username === 'cmt_default_control_user' ? 'control' : username === 'cmt_default_view_only_user' ? 'view_only' : null,
  enabled: true,
  password_updated_at: AT,
  password_age_days: 3,
  must_change_password: false,
  last_sign_in: { at: AT, source: '192.0.2.10' },
  locked: false,
  extra_roles: [],
  live_sessions: 1,
  ...patch,
});

const SESSION_ID = '6f1c2a9e-8d3b-4c55-9a1e-0b2c3d4e5f60';
const OWN_ID = '11111111-2222-4333-8444-555555555555';

function device({ reset }: { reset?: (body: unknown) => DeviceAnswer } = {}) {
  const state = {
    accounts: [account('admin'), account('update', { last_sign_in: null, live_sessions: 0 }), account('history', { locked: true }), account('cmt_default_control_user'), account('cmt_default_view_only_user')],
    sessions: [
      { id: OWN_ID, username: 'admin', source: '192.0.2.1', browser: 'Chrome 131 on Linux', user_agent: 'UA', started_at: AT, last_seen_at: AT, current: true },
      { id: SESSION_ID, username: 'history', source: '192.0.2.10', browser: 'Safari 17 on iPad', user_agent: 'UA2', started_at: AT, last_seen_at: AT, current: false },
    ] as LiveSession[],
    lockouts: [{ id: 'history@192.0.2.66', source: '192.0.2.66', username: 'history', until: AT, minutes_left: 7 }] as Lockout[],
  };
  const put = (name: string) => (raw: unknown) => {
    const b = raw as { enabled?: boolean; extra_roles?: string[] };
    state.accounts = state.accounts.map((a) => (a.username === name ? { ...a, ...(b.enabled !== undefined ? { enabled: b.enabled } : {}), ...(b.extra_roles ? { extra_roles: b.extra_roles } : {}) } : a));
    if (b.enabled === false) state.sessions = state.sessions.filter((s) => s.username !== name);
    return { body: state.accounts };
  };
  const fake = fakeDevice({
    [`GET ${ACCOUNTS}`]: () => ({ body: state.accounts }),
    [`PUT ${ACCOUNTS}/update`]: put('update'),
    [`PUT ${ACCOUNTS}/history`]: put('history'),
    [`PUT ${ACCOUNTS}/update/password`]:
      reset ??
      (() => {
        state.accounts = state.accounts.map((a) => (a.username === 'update' ? { ...a, must_change_password: true } : a));
        return { body: state.accounts };
      }),
    [`GET ${SESSIONS}`]: () => ({ body: state.sessions }),
    [`DELETE ${SESSIONS}/${SESSION_ID}`]: () => {
      state.sessions = state.sessions.filter((s) => s.id !== SESSION_ID);
      return { body: state.sessions };
    },
    [`GET ${LOCKOUTS}`]: () => ({ body: state.lockouts }),
    [`DELETE ${LOCKOUTS}/${encodeURIComponent('history@192.0.2.66')}`]: () => {
      state.lockouts = [];
      return { body: state.lockouts };
    },
    'GET /api/v1/system/password-strength-rules': () => ({ body: strengthRulesToWire(DEFAULT_STRENGTH_RULES) }),
  });
  return { fake, state };
}

async function openPage(options: Parameters<typeof device>[0] = {}, language: 'en' | 'de' = 'en') {
  const { fake, state } = device(options);
  const user = userEvent.setup({ delay: null });
  renderScreen(<AccountManagementPage />, { language });
  await screen.findByTestId('account-history');
  await screen.findByTestId(`session-${SESSION_ID}`);
  await screen.findByTestId('lockout-history-192.0.2.66');
  return { fake, state, user };
}

describe('AccountManagementPage', () => {
  test('lists the accounts with their state; WebView users link to WebView Setting', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Account Management' })).toBeInTheDocument();
    const history = screen.getByTestId('account-history');
    expect(history).toHaveTextContent('3 days');
    expect(history).toHaveTextContent('from 192.0.2.10');
    expect(within(history).getByText('Locked out', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(screen.getByTestId('account-update')).toHaveTextContent('Never');
    const viewer = screen.getByTestId('account-cmt_default_view_only_user');
    expect(within(viewer).getByRole('link', { name: 'Manage in WebView Setting' })).toHaveAttribute('href', '/admin/features/webview-setting');
    expect(within(viewer).queryByRole('switch')).not.toBeInTheDocument();
    // admin is never disabled here: no switch, no new password
    const admin = screen.getByTestId('account-admin');
    expect(within(admin).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(admin).queryByRole('button', { name: /New password/ })).not.toBeInTheDocument();
  });

  test('grants History the Recipe menu', async () => {
    const { fake, user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Extra menus of History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extra menus of History' });
    // its own menus are ticked and fixed
    expect(within(dialog).getByRole('checkbox', { name: 'Event Log (its own)' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Event Log (its own)' })).toBeDisabled();
    // nothing of Administration but OS Update and Diagnostics is offered
    expect(within(dialog).queryByRole('checkbox', { name: 'Account Management' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'OS Update' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Recipe' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.sent('PUT', `${ACCOUNTS}/history`)).toEqual([{ extra_roles: ['recipe'] }]));
    await waitFor(() => expect(screen.getByTestId('account-history')).toHaveTextContent('Recipe'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('disabling asks first; enabling does not', async () => {
    const { fake, user } = await openPage();
    await user.click(screen.getByRole('switch', { name: 'History enabled' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable History?' });
    expect(dialog).toHaveTextContent('signed out everywhere at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.sent('PUT', `${ACCOUNTS}/history`)).toEqual([]);
    await user.click(screen.getByRole('switch', { name: 'History enabled' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Disable History?' })).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(fake.sent('PUT', `${ACCOUNTS}/history`)).toEqual([{ enabled: false }]));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'History enabled' })).not.toBeChecked());
    await user.click(screen.getByRole('switch', { name: 'History enabled' }));
    await waitFor(() => expect(fake.sent('PUT', `${ACCOUNTS}/history`)).toEqual([{ enabled: false }, { enabled: true }]));
  });

  test('a new password: the form checks the rules and the confirmation, then sends the admin password too', async () => {
    const { fake, user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'New password for Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'New password for Update' });
    await user.type(within(dialog).getByLabelText(/^New password/), 'short');
    await user.type(within(dialog).getByLabelText(/^Confirm new password/), 'other');
    await user.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(within(dialog).getByText('The password must have at least 8 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('The two passwords are inconsistent')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter your admin password')).toBeInTheDocument();
    expect(fake.sent('PUT', `${ACCOUNTS}/update/password`)).toHaveLength(0);

    const password = within(dialog).getByLabelText(/^New password/);
    await user.clear(password);
    await user.type(password, 'Reset-Pass-2468');
    const confirm = within(dialog).getByLabelText(/^Confirm new password/);
    await user.clear(confirm);
    await user.type(confirm, 'Reset-Pass-2468');
    await user.type(within(dialog).getByLabelText(/^Your admin password/), 'Initial-Pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(fake.sent('PUT', `${ACCOUNTS}/update/password`)).toEqual([{ password: 'Reset-Pass-2468', admin_password: 'Initial-Pass-1' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('account-update')).toHaveTextContent('Must change at next sign-in'));
  });

  test('a wrong admin password says so and keeps what was typed', async () => {
    const { user } = await openPage({ reset: () => ({ status: 400, body: { message: 'Current password error, please retry', error_code: 'current_password_error' } }) });
    await user.click(screen.getByRole('button', { name: 'New password for Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'New password for Update' });
    await user.type(within(dialog).getByLabelText(/^New password/), 'Reset-Pass-2468');
    await user.type(within(dialog).getByLabelText(/^Confirm new password/), 'Reset-Pass-2468');
    await user.type(within(dialog).getByLabelText(/^Your admin password/), 'Wrong-Pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your admin password is wrong');
    expect(within(dialog).getByLabelText(/^New password/)).toHaveValue('Reset-Pass-2468');
  });

  test('a password the rules refuse is worded as the rules word it', async () => {
    const { user } = await openPage({
      reset: () => ({ status: 400, body: { message: 'weak', error_code: 'password_reused', field: 'password', qty: 3 } }),
    });
    await user.click(screen.getByRole('button', { name: 'New password for Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'New password for Update' });
    await user.type(within(dialog).getByLabelText(/^New password/), 'Reset-Pass-2468');
    await user.type(within(dialog).getByLabelText(/^Confirm new password/), 'Reset-Pass-2468');
    await user.type(within(dialog).getByLabelText(/^Your admin password/), 'Initial-Pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You used this password recently');
  });

  test('Sign out asks first, then ends the session', async () => {
    const { fake, user } = await openPage();
    const own = screen.getByTestId(`session-${OWN_ID}`);
    expect(own).toHaveTextContent('This session');
    await user.click(screen.getByRole('button', { name: 'Sign out history at 192.0.2.10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out history?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(fake.requests.filter((r) => r.method === 'DELETE' && r.path === `${SESSIONS}/${SESSION_ID}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId(`session-${SESSION_ID}`)).not.toBeInTheDocument());
  });

  test('Unlock ends a lockout', async () => {
    const { fake, user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Unlock history at 192.0.2.66' }));
    await waitFor(() => expect(fake.requests.filter((r) => r.method === 'DELETE' && r.path.startsWith(LOCKOUTS))).toHaveLength(1));
    expect(await screen.findByText('No address is locked out.')).toBeInTheDocument();
  });

  test('in German', async () => {
    await openPage({}, 'de');
    expect(screen.getByRole('heading', { level: 1, name: deAccounts.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: deAccounts.sessions.title })).toBeInTheDocument();
    expect(screen.getByTestId('account-history')).toHaveTextContent('3 Tage');
    expect(screen.getByTestId('account-history')).toHaveTextContent('Verlauf');
  });
});

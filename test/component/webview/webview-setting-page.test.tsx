/**
 * WebView Setting (docs/decisions.md#webview-users): the settings save as typed, the form's own
 * checks, a refused save, and the users list (add, enable, role, reset, remove) against a fake
 * device whose answers are checked against the contract.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import WebviewSettingPage from '../../../src/features/webview/WebviewSettingPage';
import { renderScreen } from '../../support/render';
import { fakeDevice, type DeviceAnswer } from '../../support/fake-device';
import type { WebviewSettingsBody } from '../../../store/api/webview-endpoints';
import deWebview from '../../../public/locales/webview/de.json';

const SETTINGS = '/api/v1/webview/settings';
const USERS = '/api/v1/webview/users';

const STORED: WebviewSettingsBody = {
  enabled: true,
  idle_timeout: { enabled: false, minutes: 60 },
  home_page: false,
  password_free: false,
  auto_login: { enabled: false, username: null },
  max_viewers: 4,
};

interface User {
  username: string;
  role: 'control' | 'view_only';
  enabled: boolean;
  builtin: boolean;
  password_updated_at: string;
}

const AT = '2026-11-01T00:00:00.000Z';
const BUILTIN: User[] = [
  { username: 'cmt_default_control_user', role: 'control', enabled: true, builtin: true, password_updated_at: AT },
  { username: 'cmt_default_view_only_user', role: 'view_only', enabled: true, builtin: true, password_updated_at: AT },
];

const NAMES = ['cmt_default_control_user', 'cmt_default_view_only_user', 'operator1'];

function device({ put, addUser, users = BUILTIN }: { put?: (body: unknown) => DeviceAnswer; addUser?: (body: unknown) => DeviceAnswer; users?: User[] } = {}) {
  const state = { settings: STORED, users: [...users] };
  const fake = fakeDevice({
    [`GET ${SETTINGS}`]: () => ({ body: state.settings }),
    [`PUT ${SETTINGS}`]:
      put ??
      ((body) => {
        state.settings = body as WebviewSettingsBody;
        return { body: state.settings };
      }),
    [`GET ${USERS}`]: () => ({ body: state.users }),
    [`POST ${USERS}`]:
      addUser ??
      ((raw) => {
        const b = raw as { username: string; role: User['role'] };
        state.users = [...state.users, { username: b.username, role: b.role, enabled: true, builtin: false, password_updated_at: AT }];
        return { body: state.users };
      }),
    // The fake answers concrete paths: one PUT and one DELETE per user name the tests use.
    ...Object.fromEntries(
      NAMES.flatMap((name) => [
        [
          `PUT ${USERS}/${name}`,
          (raw: unknown) => {
            const b = raw as Partial<User>;
            state.users = state.users.map((u) => (u.username === name ? { ...u, ...(b.enabled !== undefined ? { enabled: b.enabled } : {}), ...(b.role ? { role: b.role } : {}) } : u));
            return { body: state.users };
          },
        ],
        [
          `DELETE ${USERS}/${name}`,
          () => {
            state.users = state.users.filter((u) => u.username !== name);
            return { body: state.users };
          },
        ],
      ]),
    ),
  });
  return { fake, state };
}

async function openPage(options: Parameters<typeof device>[0] = {}, language: 'en' | 'de' = 'en') {
  const { fake, state } = device(options);
  const user = userEvent.setup({ delay: null });
  renderScreen(<WebviewSettingPage />, { language });
  await screen.findByRole('switch', { name: language === 'de' ? deWebview.settings.enabled : 'Enable WebView' });
  await screen.findByText('cmt_default_view_only_user');
  return { fake, state, user };
}

const save = () => screen.getByRole('button', { name: 'Save' });

describe('WebviewSettingPage: settings', () => {
  test('shows what the device holds, with nothing to save', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'WebView Setting' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Enable WebView' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Idle timeout' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Maximum simultaneous viewers' })).toHaveValue('4');
    expect(screen.queryByTestId('password-free-warning')).not.toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  test('saves every field as set: the idle timeout starts at 60 minutes, password-free warns, auto sign-in names a user', async () => {
    const { fake, user } = await openPage();
    await user.click(screen.getByRole('switch', { name: 'Idle timeout' }));
    const minutes = screen.getByRole('textbox', { name: 'Minutes without activity' });
    expect(minutes).toHaveValue('60');
    await user.clear(minutes);
    await user.type(minutes, '90');
    await user.click(screen.getByRole('switch', { name: 'Use WebView as the home page' }));
    await user.click(screen.getByRole('switch', { name: 'Password-free sign-in' }));
    expect(screen.getByTestId('password-free-warning')).toHaveTextContent('Anyone who can reach the panel');
    await user.click(screen.getByRole('switch', { name: 'Sign in automatically' }));
    // No user chosen yet: the field says so and Save waits.
    expect(screen.getByText('Choose an enabled WebView user.')).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Sign in as' }));
    await user.click(await screen.findByRole('option', { name: 'cmt_default_view_only_user' }));
    const viewers = screen.getByRole('textbox', { name: 'Maximum simultaneous viewers' });
    await user.clear(viewers);
    await user.type(viewers, '8');
    await user.click(save());
    await screen.findByText('Update settings successful');
    expect(fake.sent('PUT', SETTINGS)).toEqual([
      {
        enabled: true,
        idle_timeout: { enabled: true, minutes: 90 },
        home_page: true,
        password_free: true,
        auto_login: { enabled: true, username: 'cmt_default_view_only_user' },
        max_viewers: 8,
      },
    ]);
    await waitFor(() => expect(save()).toBeDisabled());
  });

  test('a number out of range says what is wrong and is not sent', async () => {
    const { fake, user } = await openPage();
    const viewers = screen.getByRole('textbox', { name: 'Maximum simultaneous viewers' });
    await user.clear(viewers);
    await user.type(viewers, '0');
    expect(screen.getByText('Enter a whole number from 1 to 50.')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Idle timeout' }));
    const minutes = screen.getByRole('textbox', { name: 'Minutes without activity' });
    await user.clear(minutes);
    await user.type(minutes, '1441');
    expect(screen.getByText('Enter a whole number of minutes from 1 to 1440.')).toBeInTheDocument();
    expect(save()).toBeDisabled();
    expect(fake.sent('PUT', SETTINGS)).toHaveLength(0);
  });

  test('a refused save keeps the edits and says it failed', async () => {
    const { user } = await openPage({
      put: () => ({ status: 400, body: { message: 'Validation failed', error_code: 'validation_failure', field: 'auto_login.username' } }),
    });
    await user.click(screen.getByRole('switch', { name: 'Enable WebView' }));
    expect(screen.getByTestId('webview-off')).toBeInTheDocument();
    await user.click(save());
    expect(await screen.findByText('The panel refused a value: check the fields and try again')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Enable WebView' })).not.toBeChecked();
  });

  test('in German', async () => {
    await openPage({}, 'de');
    expect(screen.getByRole('heading', { level: 1, name: deWebview.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: deWebview.users.title })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: deWebview.settings.password_free })).toBeInTheDocument();
  });
});

describe('WebviewSettingPage: users', () => {
  test('lists the users; built-in ones cannot be removed', async () => {
    await openPage();
    const control = screen.getByTestId('webview-user-cmt_default_control_user');
    expect(within(control).getByRole('button', { name: 'Reset the password of cmt_default_control_user' })).toBeInTheDocument();
    expect(within(control).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  test('adds a user: the form checks the name and the passwords, then sends the admin password too', async () => {
    const { fake, user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a WebView user' });
    await user.type(within(dialog).getByRole('textbox', { name: 'User name' }), 'bad name');
    await user.type(within(dialog).getByLabelText(/^Password/), 'Viewer-Pass-1');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'Viewer-Pass-2');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Use 1 to 32 letters, digits, dots, underscores or hyphens.')).toBeInTheDocument();
    expect(within(dialog).getByText('The two passwords are inconsistent.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter your own password to confirm.')).toBeInTheDocument();
    expect(fake.sent('POST', USERS)).toHaveLength(0);

    const name = within(dialog).getByRole('textbox', { name: 'User name' });
    await user.clear(name);
    await user.type(name, 'operator1');
    const confirm = within(dialog).getByLabelText(/^Confirm password/);
    await user.clear(confirm);
    await user.type(confirm, 'Viewer-Pass-1');
    await user.type(within(dialog).getByLabelText(/^Your password/), 'Admin-Pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await screen.findByText('operator1 added.');
    expect(fake.sent('POST', USERS)).toEqual([{ username: 'operator1', role: 'view_only', password: 'Viewer-Pass-1', admin_password: 'Admin-Pass-1' }]);
    expect(await screen.findByTestId('webview-user-operator1')).toBeInTheDocument();
  });

  test("a refused add says why in the dialog (a name taken, the admin's password wrong)", async () => {
    const { user } = await openPage({
      addUser: () => ({ status: 409, body: { message: 'exists', error_code: 'account_exists', field: 'username' } }),
    });
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a WebView user' });
    await user.type(within(dialog).getByRole('textbox', { name: 'User name' }), 'admin');
    await user.type(within(dialog).getByLabelText(/^Password/), 'Viewer-Pass-1');
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'Viewer-Pass-1');
    await user.type(within(dialog).getByLabelText(/^Your password/), 'Admin-Pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An account with this name already exists: choose another name.');
  });

  test("disables a user, changes a role and resets a password (the admin password confirms)", async () => {
    const { fake, user } = await openPage();
    await user.click(screen.getByRole('switch', { name: 'Enable cmt_default_view_only_user' }));
    await screen.findByText('cmt_default_view_only_user changed.');
    expect(fake.sent('PUT', `${USERS}/cmt_default_view_only_user`)).toEqual([{ enabled: false }]);

    await user.click(screen.getByRole('combobox', { name: 'Role of cmt_default_control_user' }));
    await user.click(await screen.findByRole('option', { name: 'View only' }));
    await waitFor(() => expect(fake.sent('PUT', `${USERS}/cmt_default_control_user`)).toEqual([{ role: 'view_only' }]));

    await user.click(screen.getByRole('button', { name: 'Reset the password of cmt_default_control_user' }));
    const reset = await screen.findByRole('dialog', { name: 'Reset the password of cmt_default_control_user' });
    await user.type(within(reset).getByLabelText(/^Password/), 'Viewer-Pass-9');
    await user.type(within(reset).getByLabelText(/^Confirm password/), 'Viewer-Pass-9');
    await user.type(within(reset).getByLabelText(/^Your password/), 'Admin-Pass-1');
    await user.click(within(reset).getByRole('button', { name: 'Save' }));
    await screen.findByText('The password of cmt_default_control_user was changed; its sessions were ended.');
    expect(fake.sent('PUT', `${USERS}/cmt_default_control_user`)).toContainEqual({ password: 'Viewer-Pass-9', admin_password: 'Admin-Pass-1' });
  });

  test('removing asks first, then removes the user', async () => {
    const { fake, user } = await openPage({ users: [...BUILTIN, { username: 'operator1', role: 'control', enabled: true, builtin: false, password_updated_at: AT }] });
    await user.click(await screen.findByRole('button', { name: 'Remove operator1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove operator1?' });
    expect(dialog).toHaveTextContent('operator1 is signed out at once and can no longer sign in.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.sent('DELETE', `${USERS}/operator1`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove operator1' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove operator1?' })).getByRole('button', { name: 'Remove' }));
    await screen.findByText('operator1 removed.');
    expect(fake.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`${USERS}/operator1`]);
    await waitFor(() => expect(screen.queryByTestId('webview-user-operator1')).not.toBeInTheDocument());
  });
});

/**
 * The first-run wizard (specification §2 "First-run wizard", §5 password change, §7 PUT
 * /system/http and the completion call; docs/decisions.md#first-start: every account starts with
 * state_code 0).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../support/render';
import * as accountActorsModule from '../../../src/layout/account-actors';
import { uacApi } from '../../../store/api/uac-endpoints';
import type { DeviceHandlers } from '../../support/fake-device';
import { SHELL_PASSWORD, shellDevice, type ShellDevice } from '../../support/shell-device';
import enMain from '../../../public/locales/en.json';
import deMain from '../../../public/locales/de.json';
import enShell from '../../../public/locales/shell/en.json';
import deShell from '../../../public/locales/shell/de.json';

// The texts as the app sees them: the main file, then the shell namespace.
const en = { ...enMain, ...enShell };
const de = { ...deMain, ...deShell };

const PASSWORD_CALL = '/api/v1/uac/account/admin/password';
const STATE_CALL = '/api/v1/uac/account/state';
const USERINFO = '/api/v1/uac/account/userinfo';
const HTTP_CALL = '/api/v1/system/http';

async function openWizard(account: string, overrides: DeviceHandlers = {}, language: 'en' | 'de' = 'en') {
  const device = shellDevice({ userInfo: { state_code: 0 } }, overrides);
  const user = userEvent.setup({ delay: null });
  const { store } = await renderApp('/admin/dashboard', { account, language });
  const dialog = await screen.findByRole('dialog', {}, { timeout: 10000 });
  return { device, user, dialog, inDialog: within(dialog), store };
}

const button = (name: string) => within(screen.getByRole('dialog')).getByRole('button', { name });

/** The calls that change something, in the order the device got them ("METHOD /path"). */
function changes(device: ShellDevice): string[] {
  return device.requests.filter((r) => r.method !== 'GET' || r.path === USERINFO).map((r) => `${r.method} ${r.path}`);
}

async function fillPasswordForm(user: ReturnType<typeof userEvent.setup>, current: string, next = 'New-Secret-2') {
  await user.type(screen.getByLabelText(/^Current password/), current);
  await user.type(screen.getByLabelText(/^New password/), next);
  await user.type(screen.getByLabelText(/^Confirm new password/), next);
}

describe('admin, first sign-in (state_code 0)', () => {
  test('Welcome → Next → Connection → Next → Password, and back with Previous', async () => {
    const { user, dialog, inDialog } = await openWizard('admin');
    expect(dialog).toHaveAccessibleName('Welcome to your HMI');
    // The stepper names the three steps.
    expect(inDialog.getByText('Welcome')).toBeInTheDocument();
    expect(inDialog.getByText('Connection')).toBeInTheDocument();
    expect(inDialog.getByText('Password')).toBeInTheDocument();
    // Step 0: the recommendations; Skip and Next.
    expect(inDialog.getByText(/turn on HTTPS/)).toBeInTheDocument();
    expect(inDialog.getByText('change the Update and History passwords as well as your own.')).toBeInTheDocument();
    expect(inDialog.getAllByRole('button').map((b) => b.textContent)).toEqual(['Skip', 'Next']);

    await user.click(button('Next'));
    const protocol = inDialog.getByRole('radiogroup', { name: 'Connection' });
    // HTTPS is the recommended choice and comes first.
    expect(within(protocol).getByRole('radio', { name: 'HTTPS only (recommended)' })).toBeChecked();
    expect(inDialog.getAllByRole('button').map((b) => b.textContent)).toEqual(['Previous', 'Next']);

    await user.click(button('Previous'));
    expect(inDialog.getByText(/turn on HTTPS/)).toBeInTheDocument();
    await user.click(button('Next'));
    await user.click(inDialog.getByRole('radio', { name: 'Allow HTTP as well' }));
    expect(inDialog.getByRole('radio', { name: 'Allow HTTP as well' })).toBeChecked();
    expect(inDialog.getByRole('radio', { name: 'HTTPS only (recommended)' })).not.toBeChecked();
    await user.click(button('Next'));
    expect(inDialog.getByLabelText(/^Current password/)).toBeInTheDocument();
    // Admin may also change the Update and History passwords.
    expect(inDialog.getByRole('switch', { name: 'Also change the Update and History passwords' })).not.toBeChecked();
    expect(inDialog.getAllByRole('button').map((b) => b.textContent)).toEqual(
      expect.arrayContaining(['Previous', 'Finish']),
    );
    expect(inDialog.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();

    // Previous goes back to the protocol step, with the choice kept.
    await user.click(button('Previous'));
    expect(inDialog.getByRole('radio', { name: 'Allow HTTP as well' })).toBeChecked();
  });

  test('the wizard cannot be closed with Escape', async () => {
    const { user, dialog } = await openWizard('admin');
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
  });

  test('Finish with empty fields shows the three messages and sends nothing', async () => {
    const { user, device } = await openWizard('admin');
    await user.click(button('Next'));
    await user.click(button('Next'));
    await user.click(button('Finish'));
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByText('Please enter a new password')).toBeInTheDocument();
    expect(screen.getByText('Please enter the new password again')).toBeInTheDocument();
    expect(changes(device).filter((c) => !c.startsWith('GET'))).toEqual([]);
  });

  test('a wrong current password: Current password error, please retry; the wizard stays', async () => {
    const { user, device } = await openWizard('admin');
    await user.click(button('Next'));
    await user.click(button('Next'));
    await fillPasswordForm(user, 'not-my-password');
    await user.click(button('Finish'));
    expect(await screen.findByText('Current password error, please retry')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
    expect(device.sent('PATCH', STATE_CALL)).toHaveLength(0);
    expect(device.sent('PUT', HTTP_CALL)).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  test('Finish: password, then completion, then user info, then PUT /system/http {http: true}; the dialog closes', async () => {
    const { user, device } = await openWizard('admin');
    await user.click(button('Next'));
    await user.click(screen.getByRole('radio', { name: 'Allow HTTP as well' }));
    await user.click(button('Next'));
    await fillPasswordForm(user, SHELL_PASSWORD);
    await user.click(button('Finish'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(device.sent('PUT', HTTP_CALL)).toHaveLength(1));

    expect(device.sent('PATCH', PASSWORD_CALL)).toEqual([
      { username: 'admin', current: SHELL_PASSWORD, password: 'New-Secret-2', changeAll: false },
    ]);
    expect(device.sent('PATCH', STATE_CALL)).toEqual([{ code: 1 }]);
    // HTTPS not chosen: plain HTTP stays allowed.
    expect(device.sent('PUT', HTTP_CALL)).toEqual([{ http: true }]);
    const order = changes(device);
    const password = order.indexOf(`PATCH ${PASSWORD_CALL}`);
    const completion = order.indexOf(`PATCH ${STATE_CALL}`);
    const refetch = order.indexOf(`GET ${USERINFO}`, completion);
    const http = order.indexOf(`PUT ${HTTP_CALL}`);
    expect(password).toBeGreaterThanOrEqual(0);
    expect(completion).toBeGreaterThan(password);
    expect(refetch).toBeGreaterThan(completion);
    expect(http).toBeGreaterThan(refetch);
  });

  // Product bug: completion (PATCH state + user info refetch) runs before PUT /system/http, and
  // AccountDialogs renders the wizard only while the user info says state_code 0; the refetch
  // says 1, so the wizard unmounts before the protocol is set, and its httpFailed step (message,
  // Retry, Close) can never show: a refused protocol change goes unnoticed. See the report.
  test('a refused PUT /system/http says the password changed but the connection setting did not; Retry sends it again', async () => {
    const { user, device } = await openWizard('admin', {
      [`PUT ${HTTP_CALL}`]: () => ({ status: 500, body: { message: 'x', error_code: 'internal_error' } }),
    });
    await user.click(button('Next'));
    await user.click(screen.getByRole('radio', { name: 'Allow HTTP as well' }));
    await user.click(button('Next'));
    await fillPasswordForm(user, SHELL_PASSWORD);
    await user.click(button('Finish'));
    await waitFor(() => expect(device.sent('PUT', HTTP_CALL)).toHaveLength(1));
    expect(await screen.findByText(/the connection setting could not be saved/)).toBeInTheDocument();
    device.handlers[`PUT ${HTTP_CALL}`] = () => ({ body: { http: true, https_port: 8443, certificate_sha256: 'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89' } });
    await user.click(button('Retry'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(device.sent('PUT', HTTP_CALL)).toHaveLength(2);
  });

  test('the change-all switch is sent when turned on', async () => {
    const { user, device } = await openWizard('admin');
    await user.click(button('Next'));
    await user.click(screen.getByRole('radio', { name: 'Allow HTTP as well' }));
    await user.click(button('Next'));
    await fillPasswordForm(user, SHELL_PASSWORD);
    await user.click(screen.getByRole('switch', { name: 'Also change the Update and History passwords' }));
    await user.click(button('Finish'));
    await waitFor(() => expect(device.sent('PATCH', PASSWORD_CALL)).toHaveLength(1));
    expect(device.sent('PATCH', PASSWORD_CALL)[0]).toMatchObject({ changeAll: true });
  });

  test('Skip on the welcome step only completes the first run', async () => {
    const { user, device } = await openWizard('admin');
    await user.click(button('Skip'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(device.sent('PATCH', STATE_CALL)).toEqual([{ code: 1 }]);
    expect(device.sent('PATCH', PASSWORD_CALL)).toHaveLength(0);
    expect(device.sent('PUT', HTTP_CALL)).toHaveLength(0);
  });

  test('a failed completion says so; Retry completes', async () => {
    const { user, device } = await openWizard('admin', {
      [`PATCH ${STATE_CALL}`]: () => ({ status: 500, body: { message: 'x', error_code: 'internal_error' } }),
    });
    await user.click(button('Skip'));
    expect(await screen.findByText(/did not record that the first run is complete/)).toBeInTheDocument();
    device.handlers[`PATCH ${STATE_CALL}`] = () => {
      device.state.stateCode.admin = 1;
      return { body: { status: 'success' } };
    };
    await user.click(button('Retry'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(device.sent('PATCH', STATE_CALL)).toHaveLength(2);
  });
});

describe('update and history (not admin)', () => {
  test.each(['update', 'history'])('%s is told why a password is asked for, under a title that says so (issue 20, item 12)', async (account) => {
    const { dialog, inDialog } = await openWizard(account);
    expect(dialog).toHaveAccessibleName('Choose your own password');
    expect(inDialog.getByTestId('own-password-reason')).toHaveTextContent(
      'This is the first sign-in of this account. Its password was set when the panel was installed and may be known to others: choose a password of your own, one that only you know.',
    );
  });

  test('admin keeps the welcome title and gets no such reason', async () => {
    const { dialog, inDialog } = await openWizard('admin');
    expect(dialog).toHaveAccessibleName('Welcome to your HMI');
    expect(inDialog.queryByTestId('own-password-reason')).not.toBeInTheDocument();
  });

  test('starts on the password step, with Skip instead of Previous and no change-all switch', async () => {
    const { inDialog } = await openWizard('update');
    expect(inDialog.getByLabelText(/^Current password/)).toBeInTheDocument();
    expect(inDialog.queryByText(/turn on HTTPS/)).not.toBeInTheDocument();
    expect(inDialog.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(inDialog.getByRole('button', { name: 'Skip' })).toBeInTheDocument();
    expect(inDialog.getByRole('button', { name: 'Finish' })).toBeInTheDocument();
    expect(inDialog.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(inDialog.queryByRole('switch', { name: 'Also change the Update and History passwords' })).not.toBeInTheDocument();
  });

  test('Finish changes the own password and completes, never touching PUT /system/http', async () => {
    const { user, device } = await openWizard('update');
    await fillPasswordForm(user, SHELL_PASSWORD);
    await user.click(button('Finish'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(device.sent('PATCH', PASSWORD_CALL)).toEqual([
      { username: 'update', current: SHELL_PASSWORD, password: 'New-Secret-2', changeAll: false },
    ]);
    expect(device.sent('PATCH', STATE_CALL)).toEqual([{ code: 1 }]);
    expect(device.sent('PUT', HTTP_CALL)).toHaveLength(0);
    const order = changes(device);
    expect(order.indexOf(`PATCH ${STATE_CALL}`)).toBeGreaterThan(order.indexOf(`PATCH ${PASSWORD_CALL}`));
  });

  test('Skip completes the first run only', async () => {
    const { user, device } = await openWizard('history');
    await user.click(button('Skip'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(device.sent('PATCH', STATE_CALL)).toEqual([{ code: 1 }]);
    expect(device.sent('PATCH', PASSWORD_CALL)).toHaveLength(0);
    expect(device.sent('PUT', HTTP_CALL)).toHaveLength(0);
  });
});

describe('in German', () => {
  const lookup = (o: unknown, path: string) =>
    path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], o) as string | undefined;
  /** The German text of a key; until it is translated, the English one (i18next falls back). */
  const german = (path: string): string => lookup(de, path) ?? lookup(en, path)!;

  test('the buttons and the title are German', async () => {
    const { user, dialog, inDialog } = await openWizard('admin', {}, 'de');
    // The translations have landed: each of these must differ from the English text.
    for (const key of ['wizard.title', 'common.next', 'common.skip', 'common.previous', 'common.finish']) {
      expect({ key, text: german(key) }).not.toEqual({ key, text: lookup(en, key) });
    }
    expect(dialog).toHaveAccessibleName(german('wizard.title'));
    expect(inDialog.getByRole('button', { name: german('common.skip') })).toBeInTheDocument();
    await user.click(inDialog.getByRole('button', { name: german('common.next') }));
    expect(inDialog.getByRole('button', { name: german('common.previous') })).toBeInTheDocument();
    await user.click(inDialog.getByRole('button', { name: german('common.next') }));
    expect(inDialog.getByRole('button', { name: german('common.finish') })).toBeInTheDocument();
    expect(inDialog.getByLabelText(new RegExp(`^${german('password.current')}`))).toBeInTheDocument();
  });
});

describe('admin choosing HTTPS only on a page that came over plain HTTP', () => {
  const FINGERPRINT = 'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89';

  test('says before Finish where the console goes and which fingerprint to compare; confirms the change; moves only on Continue, with no request over HTTP after the switch', async () => {
    const opened = jest.spyOn(accountActorsModule, 'openAddress').mockImplementation(() => undefined);
    const { user, device, inDialog } = await openWizard('admin');
    expect(window.location.protocol).toBe('http:');
    await user.click(button('Next'));
    expect(inDialog.getByRole('radio', { name: 'HTTPS only (recommended)' })).toBeChecked();
    await user.click(button('Next'));
    // Before Finish: the new address, the certificate warning to expect and the fingerprint.
    const move = await inDialog.findByTestId('https-move');
    expect(move).toHaveTextContent('When you finish, the console moves to its HTTPS address:');
    expect(move).toHaveTextContent('https://localhost:8443/admin/dashboard');
    expect(move).toHaveTextContent(/Your browser will warn that the panel's certificate is self-signed/);
    expect(within(move).getByLabelText('Certificate fingerprint (SHA-256)')).toHaveTextContent(FINGERPRINT);

    await fillPasswordForm(user, SHELL_PASSWORD);
    await user.click(button('Finish'));
    // The password change is confirmed, and the dialog stays until the user moves on.
    expect(await inDialog.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(inDialog.getByText(/Sign in there with your new password/)).toBeInTheDocument();
    expect(device.sent('PUT', HTTP_CALL)).toEqual([{ http: false }]);
    const afterSwitch = device.requests.length;
    expect(opened).not.toHaveBeenCalled();

    await user.click(button('Continue to HTTPS'));
    expect(opened).toHaveBeenCalledWith('https://localhost:8443/admin/dashboard');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Nothing went to the device over plain HTTP once it stopped accepting it (no user-info
    // refetch, which a browser would have followed to HTTPS and its CSP blocked).
    expect(device.requests.slice(afterSwitch).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    opened.mockRestore();
  });

  test('keeps the wizard and the page when a user-info read still under way is refused once plain HTTP is off', async () => {
    // What the browser suite met on a slow run: the user info the password change invalidates was
    // read again just after the switch, and the device refused it over plain HTTP.
    const opened = jest.spyOn(accountActorsModule, 'openAddress').mockImplementation(() => undefined);
    const { user, device, inDialog, store } = await openWizard('admin');
    await user.click(button('Next'));
    await user.click(button('Next'));
    await fillPasswordForm(user, SHELL_PASSWORD);
    await user.click(button('Finish'));
    expect(await inDialog.findByText('Your password has been changed.')).toBeInTheDocument();
    device.handlers[`GET ${USERINFO}`] = () => ({
      status: 403,
      body: { message: 'This device answers the API over HTTPS only (port 8443)', error_code: 'https_required' },
    });
    const reads = device.requests.filter((r) => r.path === USERINFO).length;
    store.dispatch(uacApi.util.invalidateTags(['UserInfo']));
    await waitFor(() => expect(device.requests.filter((r) => r.path === USERINFO).length).toBe(reads + 1));
    await waitFor(() => expect(store.getState().api.queries['userInfo(undefined)']?.status).toBe('rejected'));
    expect(screen.getByRole('dialog')).toHaveTextContent(/Sign in there with your new password/);
    expect(screen.queryByText(/accepts requests over HTTPS only/)).not.toBeInTheDocument();
    opened.mockRestore();
  });
});

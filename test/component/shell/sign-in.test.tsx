/**
 * The sign-in pages (specification §2 "Login screen", §6 login calls, §8 "Login";
 * docs/decisions.md#modes-and-routes, docs/decisions.md#token-answers): /admin/login with the
 * account choice, /app/login with a user name, the device's error codes, and where a successful
 * sign-in goes.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, accountOfToken } from '../../../store/token-storage';
import { renderApp } from '../../support/render';
import type { DeviceAnswer } from '../../support/fake-device';
import { SHELL_PASSWORD, shellDevice } from '../../support/shell-device';

const ADMIN_TOKEN_CALL = (account: string) => `/api/v1/auth/token/${account}`;
const APP_TOKEN_CALL = '/api/v1/auth/token/app';

const logIn = () => screen.getByRole('button', { name: 'Log In' });
const passwordField = () => screen.getByLabelText(/^Password/);

async function openLogin(url: string, overrides: Record<string, (body: unknown) => DeviceAnswer> = {}, language: 'en' | 'de' = 'en') {
  const device = shellDevice({ hmiName: 'Press-7', model: 'cMT3072XH' }, overrides);
  const user = userEvent.setup({ delay: null });
  const app = await renderApp(url, { language });
  await screen.findByRole('heading', { level: 1 });
  return { device, user, app };
}

describe('/admin/login', () => {
  test('shows the welcome, the HMI name, the Admin / Update / History choice and the version note', async () => {
    await openLogin('/admin/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('HMI name')).toHaveValue('Press-7'));
    const choice = screen.getByRole('group', { name: 'Account' });
    expect(choice).toHaveTextContent('AdminUpdateHistory');
    expect(screen.getByRole('button', { name: 'Admin' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Projects need design software V6.04.01 or later.')).toBeInTheDocument();
    // Admin mode has no user name field: the account is chosen.
    expect(screen.queryByLabelText(/^Username/)).not.toBeInTheDocument();
  });

  test('the account toggle picks the account the token is asked for', async () => {
    const { device, user } = await openLogin('/admin/login');
    await user.click(screen.getByRole('button', { name: 'History' }));
    expect(screen.getByRole('button', { name: 'History' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Admin' })).toHaveAttribute('aria-pressed', 'false');
    // Clicking the chosen account again keeps it chosen (one account is always chosen).
    await user.click(screen.getByRole('button', { name: 'History' }));
    expect(screen.getByRole('button', { name: 'History' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await user.type(passwordField(), SHELL_PASSWORD);
    await user.click(logIn());
    await waitFor(() => expect(localStorage.getItem(ACCESS_TOKEN_KEY)).not.toBeNull());
    expect(device.sent('POST', ADMIN_TOKEN_CALL('update'))).toEqual([
      { grant_type: 'password', username: 'update', password: SHELL_PASSWORD },
    ]);
    expect(device.sent('POST', ADMIN_TOKEN_CALL('admin'))).toHaveLength(0);
    expect(device.requests.find((r) => r.path === ADMIN_TOKEN_CALL('update'))!.headers['content-type']).toMatch(
      /application\/x-www-form-urlencoded/,
    );
    expect(accountOfToken(localStorage.getItem(ACCESS_TOKEN_KEY))).toBe('update');
  });

  test('the password is required, and nothing is sent without it', async () => {
    const { device, user } = await openLogin('/admin/login');
    await user.click(logIn());
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(passwordField()).toHaveAttribute('aria-invalid', 'true');
    expect(device.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  test('the password can be shown and hidden again', async () => {
    const { user } = await openLogin('/admin/login');
    await user.type(passwordField(), 'abc');
    expect(passwordField()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(passwordField()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(passwordField()).toHaveAttribute('type', 'password');
  });

  test('a wrong password: User does not exist or password is incorrect; no token is kept', async () => {
    const { user, app } = await openLogin('/admin/login');
    await user.type(passwordField(), 'not-the-password');
    await user.click(logIn());
    expect(await screen.findByRole('alert')).toHaveTextContent('User does not exist or password is incorrect');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(app.location()).toBe('/admin/login');
  });

  test('a lockout names the minutes the device says are left', async () => {
    const { user } = await openLogin('/admin/login', {
      [`POST ${ADMIN_TOKEN_CALL('admin')}`]: () => ({
        status: 429,
        body: { message: 'locked', error_code: 'login_locked', qty: 7 },
      }),
    });
    await user.type(passwordField(), SHELL_PASSWORD);
    await user.click(logIn());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You reached the maximum login attempts. Please wait 7 minutes and try again',
    );
  });

  test('a device failure (500): HMI error, please reload this page', async () => {
    const { user } = await openLogin('/admin/login', {
      [`POST ${ADMIN_TOKEN_CALL('admin')}`]: () => ({ status: 500, body: { message: 'boom', error_code: 'internal_error' } }),
    });
    await user.type(passwordField(), SHELL_PASSWORD);
    await user.click(logIn());
    expect(await screen.findByRole('alert')).toHaveTextContent('HMI error, please reload this page');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  test('the message goes once a later attempt succeeds, and the tokens are kept in local storage', async () => {
    const { device, user, app } = await openLogin('/admin/login');
    await user.type(passwordField(), 'wrong');
    await user.click(logIn());
    await screen.findByRole('alert');
    await user.clear(passwordField());
    await user.type(passwordField(), SHELL_PASSWORD);
    await user.click(logIn());
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(app.location()).toBe('/admin/dashboard');
    // The tokens kept are the ones the device issued to the successful attempt.
    const [wrong, right] = device.requests.filter((r) => r.path === ADMIN_TOKEN_CALL('admin'));
    expect(wrong!.answer!.status).toBe(401);
    const issued = right!.answer!.body as { access_token: string; refresh_token: string };
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(issued.access_token);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe(issued.refresh_token);
    // Every call after sign-in carries the token.
    const userInfo = device.requests.find((r) => r.path === '/api/v1/uac/account/userinfo')!;
    expect(userInfo.headers.authorization).toBe(`Bearer ${localStorage.getItem(ACCESS_TOKEN_KEY)}`);
  });

  test('success goes on to the page in the redirect query', async () => {
    const { user, app } = await openLogin('/admin/login?redirect=%2Fadmin%2Faccount%2Fpassword');
    await user.type(passwordField(), SHELL_PASSWORD);
    await user.click(logIn());
    await screen.findByRole('heading', { level: 1, name: 'System Password' });
    expect(app.location()).toBe('/admin/account/password');
  });

  test.each([
    ['another origin', '//evil.com'],
    ['an absolute URL', 'https://evil.com/admin/dashboard'],
    ['a page of the other mode', '/app/dashboard'],
  ])('a redirect to %s is ignored: the admin dashboard opens', async (_what, target) => {
    const { user, app } = await openLogin(`/admin/login?redirect=${encodeURIComponent(target)}`);
    await user.type(passwordField(), SHELL_PASSWORD);
    await user.click(logIn());
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(app.location()).toBe('/admin/dashboard');
  });

  test('in German: labels, the required message and the device error in German', async () => {
    const { user } = await openLogin('/admin/login', {}, 'de');
    expect(screen.getByRole('heading', { level: 1, name: 'Willkommen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Administrator' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Verlauf' })).toBeInTheDocument();
    expect(screen.getByLabelText('Sprache')).toHaveValue('de');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(screen.getByText('Bitte geben Sie Ihr Passwort ein')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Passwort/), 'falsch');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Benutzer existiert nicht oder Passwort ist falsch');
  });
});

describe('/app/login', () => {
  const username = () => screen.getByLabelText(/^Username/);

  test('the user name and the password are required', async () => {
    const { device, user } = await openLogin('/app/login');
    expect(screen.queryByRole('group', { name: 'Account' })).not.toBeInTheDocument();
    await user.click(logIn());
    expect(screen.getByText('Please enter your username')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    // Blanks are no user name.
    await user.type(username(), '   ');
    await user.type(passwordField(), SHELL_PASSWORD);
    await user.click(logIn());
    expect(screen.getByText('Please enter your username')).toBeInTheDocument();
    expect(device.sent('POST', APP_TOKEN_CALL)).toHaveLength(0);
  });

  test('an unknown user: User is not in the user list', async () => {
    const { device, user } = await openLogin('/app/login');
    await user.type(username(), 'somebody');
    await user.type(passwordField(), SHELL_PASSWORD);
    await user.click(logIn());
    expect(await screen.findByRole('alert')).toHaveTextContent('User is not in the user list');
    expect(device.sent('POST', APP_TOKEN_CALL)).toEqual([{ grant_type: 'password', username: 'somebody', password: SHELL_PASSWORD }]);
  });

  test('a WebView user signs in at the app token call (name trimmed) and lands on /app/dashboard', async () => {
    const { device, user, app } = await openLogin('/app/login');
    await user.type(username(), ' cmt_default_view_only_user ');
    await user.type(passwordField(), SHELL_PASSWORD);
    await user.click(logIn());
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(app.location()).toBe('/app/dashboard');
    expect(device.sent('POST', APP_TOKEN_CALL)).toEqual([
      { grant_type: 'password', username: 'cmt_default_view_only_user', password: SHELL_PASSWORD },
    ]);
    expect(accountOfToken(localStorage.getItem(ACCESS_TOKEN_KEY))).toBe('cmt_default_view_only_user');
  });

  test('links to the other mode', async () => {
    const { user, app } = await openLogin('/app/login');
    await user.click(screen.getByRole('link', { name: 'Go to admin mode' }));
    await screen.findByRole('group', { name: 'Account' });
    expect(app.location()).toBe('/admin/login');
  });
});

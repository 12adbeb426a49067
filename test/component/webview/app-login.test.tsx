/**
 * /app/login with WebView Setting (docs/decisions.md#webview-users): the enabled WebView users to
 * choose from (another account still typed by name), password-free sign-in, automatic sign-in
 * once per page load, and the notice while WebView is off.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_TOKEN_KEY, accountOfToken } from '../../../store/token-storage';
import { renderApp } from '../../support/render';
import { SHELL_PASSWORD, shellDevice, type SignInInfo } from '../../support/shell-device';
import { resetAutoSignIn } from '../../../src/features/login/LoginPage';

const APP_TOKEN_CALL = '/api/v1/auth/token/app';
const USERS: SignInInfo['users'] = [
  { username: 'cmt_default_control_user', role: 'control' },
  { username: 'cmt_default_view_only_user', role: 'view_only' },
];

const logIn = () => screen.getByRole('button', { name: 'Log In' });
const passwordField = () => screen.getByLabelText(/^Password/);

async function openLogin(signInInfo: Partial<SignInInfo>, webview: '1' | '0' = '1') {
  const device = shellDevice({ webview, signInInfo: { enabled: webview === '1', ...signInInfo } });
  const user = userEvent.setup({ delay: null });
  const app = await renderApp('/app/login');
  await screen.findByRole('heading', { level: 1 });
  return { device, user, app };
}

beforeEach(() => resetAutoSignIn());

describe('/app/login with WebView users', () => {
  test('lists the enabled WebView users; the one chosen signs in with its password and lands on the dashboard', async () => {
    const { device, user, app } = await openLogin({ users: USERS });
    const group = await screen.findByRole('group', { name: 'WebView user' });
    expect(group).toHaveTextContent('cmt_default_control_usercmt_default_view_only_userAnother account');
    // Until one is chosen, the first (the control user) is.
    expect(screen.getByRole('button', { name: 'cmt_default_control_user' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Another account' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'cmt_default_view_only_user' }));
    expect(screen.getByRole('button', { name: 'cmt_default_view_only_user' })).toHaveAttribute('aria-pressed', 'true');
    // A chosen user needs no name typed.
    expect(screen.queryByLabelText(/^Username/)).not.toBeInTheDocument();
    await user.type(passwordField(), SHELL_PASSWORD);
    await user.click(logIn());
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(app.location()).toBe('/app/dashboard');
    expect(device.sent('POST', APP_TOKEN_CALL)).toEqual([{ grant_type: 'password', username: 'cmt_default_view_only_user', password: SHELL_PASSWORD }]);
  });

  test('another account is still typed by name', async () => {
    const { device, user } = await openLogin({ users: USERS });
    await user.click(await screen.findByRole('button', { name: 'Another account' }));
    await user.type(screen.getByLabelText(/^Username/), 'admin');
    await user.type(passwordField(), SHELL_PASSWORD);
    await user.click(logIn());
    await waitFor(() => expect(device.sent('POST', APP_TOKEN_CALL)).toEqual([{ grant_type: 'password', username: 'admin', password: SHELL_PASSWORD }]));
  });

  test('password-free: a chosen WebView user signs in without a password', async () => {
    const { device, user } = await openLogin({ users: USERS, password_free: true });
    await user.click(await screen.findByRole('button', { name: 'cmt_default_control_user' }));
    expect(screen.getByTestId('password-free')).toHaveTextContent('This user signs in without a password.');
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    await user.click(logIn());
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(device.sent('POST', APP_TOKEN_CALL)).toEqual([{ grant_type: 'password_free', username: 'cmt_default_control_user' }]);
    expect(accountOfToken(localStorage.getItem(ACCESS_TOKEN_KEY))).toBe('cmt_default_control_user');
  });

  test('password-free refused by the device (turned off meanwhile): says so', async () => {
    const { user, device } = await openLogin({ users: USERS, password_free: true });
    device.handlers[`POST ${APP_TOKEN_CALL}`] = () => ({ status: 403, body: { message: 'off', error_code: 'password_free_off' } });
    await user.click(await screen.findByRole('button', { name: 'cmt_default_control_user' }));
    await user.click(logIn());
    expect(await screen.findByRole('alert')).toHaveTextContent('Password-free sign-in is turned off');
  });

  test('automatic sign-in: signs in as the chosen user by itself', async () => {
    const { device, app } = await openLogin({ users: USERS, auto_login: 'cmt_default_view_only_user' });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(app.location()).toBe('/app/dashboard');
    expect(device.sent('POST', APP_TOKEN_CALL)).toEqual([{ grant_type: 'password_free', username: 'cmt_default_view_only_user' }]);
  });

  test('WebView as the home page: after sign-in, /app opens the WebView page', async () => {
    const { app } = await openLogin({ users: USERS, auto_login: 'cmt_default_control_user', home_page: true });
    // The WebView page itself is another part of issue 23: without it the route is the not-found page.
    await waitFor(() => expect(app.location()).toMatch(/^\/app\/(web-view|404)$/));
  });

  test('WebView off: says so, lists no users, and a WebView user is told why it is refused', async () => {
    const { device, user } = await openLogin({}, '0');
    expect(await screen.findByTestId('webview-off')).toHaveTextContent('WebView is turned off: WebView users cannot sign in until an administrator turns it on.');
    expect(screen.queryByRole('group', { name: 'WebView user' })).not.toBeInTheDocument();
    device.handlers[`POST ${APP_TOKEN_CALL}`] = () => ({ status: 403, body: { message: 'off', error_code: 'webview_disabled' } });
    await user.type(screen.getByLabelText(/^Username/), 'cmt_default_control_user');
    await user.type(passwordField(), SHELL_PASSWORD);
    await user.click(logIn());
    expect(await screen.findByRole('alert')).toHaveTextContent('WebView is turned off');
  });
});

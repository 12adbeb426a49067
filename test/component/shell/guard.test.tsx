/**
 * The route guard and the fixed routes (specification §2 "Routes", "Route guard", "Not-found /
 * access-denied screen"; docs/decisions.md#modes-and-routes,
 * docs/decisions.md#accounts-roles-and-menus): where a visitor with and without a token ends up.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../support/render';
import { shellDevice } from '../../support/shell-device';

const loginPage = () => screen.findByRole('button', { name: 'Log In' });

describe('without a token', () => {
  beforeEach(() => {
    shellDevice();
  });

  test.each([
    ['/admin/account/security', '/admin/login?redirect=%2Fadmin%2Faccount%2Fsecurity'],
    ['/admin/dashboard', '/admin/login?redirect=%2Fadmin%2Fdashboard'],
    ['/admin/account/password?tab=1', '/admin/login?redirect=%2Fadmin%2Faccount%2Fpassword%3Ftab%3D1'],
    ['/app/anything', '/app/login?redirect=%2Fapp%2Fanything'],
    ['/app/dashboard', '/app/login?redirect=%2Fapp%2Fdashboard'],
  ])('%s goes to %s', async (from, to) => {
    const app = await renderApp(from);
    await loginPage();
    await waitFor(() => expect(app.location()).toBe(to));
    // Admin mode's login page has the account choice; user mode's asks for a user name.
    if (to.startsWith('/admin')) expect(screen.getByRole('group', { name: 'Account' })).toBeInTheDocument();
    else expect(screen.getByLabelText(/^Username/)).toBeInTheDocument();
  });

  test('/ goes to /app and from there to the user-mode login', async () => {
    const app = await renderApp('/');
    await loginPage();
    await waitFor(() => expect(app.location()).toBe('/app/login?redirect=%2Fapp'));
  });

  test('the login pages themselves open', async () => {
    const app = await renderApp('/admin/login');
    await loginPage();
    expect(app.location()).toBe('/admin/login');
  });

  test('/auth-redirect opens without a token and sends on to the login page of the target mode', async () => {
    const app = await renderApp('/auth-redirect?redirect=%2Fadmin%2Faccount%2Fpassword');
    await loginPage();
    await waitFor(() => expect(app.location()).toBe('/admin/login?redirect=%2Fadmin%2Faccount%2Fpassword'));
  });

  test('/auth-redirect drops a target on another origin', async () => {
    const app = await renderApp(`/auth-redirect?redirect=${encodeURIComponent('//evil.com/x')}`);
    await loginPage();
    await waitFor(() => expect(app.location()).toBe('/app/login'));
  });

  test('an unknown path ends at the user-mode login (via /app/404)', async () => {
    const app = await renderApp('/no/such/page');
    await loginPage();
    await waitFor(() => expect(app.location()).toBe('/app/login?redirect=%2Fapp%2F404'));
  });

  test('no device call needing a token is made', async () => {
    const device = shellDevice();
    await renderApp('/admin/account/security');
    await loginPage();
    expect(device.requests.map((r) => r.path)).toEqual(
      expect.not.arrayContaining(['/api/v1/uac/account/userinfo', '/api/v1/system/hmi/name']),
    );
  });
});

describe('with a token', () => {
  beforeEach(() => {
    shellDevice();
  });

  test('/admin/login goes to /admin/dashboard', async () => {
    const app = await renderApp('/admin/login', { account: 'admin' });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(app.location()).toBe('/admin/dashboard');
    expect(screen.queryByRole('button', { name: 'Log In' })).not.toBeInTheDocument();
  });

  test('/admin/login?redirect=… goes on to the kept page', async () => {
    const app = await renderApp('/admin/login?redirect=%2Fadmin%2Faccount%2Fpassword', { account: 'admin' });
    await screen.findByRole('heading', { level: 1, name: 'System Password' });
    expect(app.location()).toBe('/admin/account/password');
  });

  test('/admin/login?redirect=//evil.com goes to /admin/dashboard', async () => {
    const app = await renderApp('/admin/login?redirect=%2F%2Fevil.com', { account: 'admin' });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(app.location()).toBe('/admin/dashboard');
  });

  test('/app/login goes to /app, which opens the user-mode dashboard', async () => {
    const app = await renderApp('/app/login', { account: 'cmt_default_control_user' });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(app.location()).toBe('/app/dashboard');
  });

  test.each([
    ['/', '/app/dashboard'],
    ['/app', '/app/dashboard'],
    ['/admin', '/admin/dashboard'],
  ])('%s opens %s', async (from, to) => {
    const app = await renderApp(from, { account: 'admin' });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(app.location()).toBe(to));
  });

  test('a page the account may open opens', async () => {
    const app = await renderApp('/admin/account/security', { account: 'admin' });
    await screen.findByRole('heading', { level: 1, name: 'Security' });
    expect(app.location()).toBe('/admin/account/security');
  });

  test.each(['/app/no-such-page', '/admin/no-such-page', '/totally/unknown'])(
    'the unknown path %s shows Page not Found at /app/404, with a link to the main page',
    async (path) => {
      const user = userEvent.setup({ delay: null });
      const app = await renderApp(path, { account: 'admin' });
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not Found' })).toBeInTheDocument();
      expect(app.location()).toBe('/app/404');
      const home = screen.getByRole('link', { name: 'Back to the main page' });
      // admin's main page is the admin dashboard.
      expect(home).toHaveAttribute('href', '/admin/dashboard');
      await user.click(home);
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
      expect(app.location()).toBe('/admin/dashboard');
    },
  );

  test("a WebView user's main page is the user-mode one", async () => {
    await renderApp('/app/nothing-here', { account: 'cmt_default_view_only_user' });
    await screen.findByRole('heading', { level: 1, name: 'Page not Found' });
    expect(screen.getByRole('link', { name: 'Back to the main page' })).toHaveAttribute('href', '/app');
  });

  test("a registered screen the account's roles lack shows Access Denied, never the screen", async () => {
    const device = shellDevice();
    const app = await renderApp('/admin/account/security', { account: 'history' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(app.location()).toBe('/admin/account/security');
    expect(screen.getByText('This account may not open this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the main page' })).toHaveAttribute('href', '/admin/dashboard');
    // The security screen never loaded its settings.
    expect(device.requests.map((r) => r.path)).not.toContain('/api/v1/system/http');
    expect(screen.queryByRole('heading', { name: 'Security' })).not.toBeInTheDocument();
  });

  // Product bug (accessibility): NotFoundPage renders its own <main> inside the shell's <main>,
  // so the page has two, nested, main landmarks (HTML allows one, not nested).
  test('the Access Denied page inside the shell has one main landmark', async () => {
    await renderApp('/admin/account/security', { account: 'history' });
    await screen.findByRole('heading', { level: 1, name: 'Access Denied' });
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  test('an extra role granted by admin opens the screen', async () => {
    shellDevice({ userInfo: { permission: { roles: ['dashboard', 'system_info'] } }, extraRoles: ['system_password'] });
    await renderApp('/admin/account/password', { account: 'history' });
    expect(await screen.findByRole('heading', { level: 1, name: 'System Password' })).toBeInTheDocument();
  });

  test('a WebView user is sent from admin mode to user mode', async () => {
    const app = await renderApp('/admin/dashboard', { account: 'cmt_default_control_user' });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(app.location()).toBe('/app/dashboard'));
  });

  test('/auth-redirect sends a signed-in user straight to the target', async () => {
    const app = await renderApp('/auth-redirect?redirect=%2Fadmin%2Faccount%2Fpassword', { account: 'admin' });
    await screen.findByRole('heading', { level: 1, name: 'System Password' });
    expect(app.location()).toBe('/admin/account/password');
  });
});

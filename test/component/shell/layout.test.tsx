/**
 * The signed-in frame (specification §2 "Menu groups", "Layout", "Edit actions in the top bar",
 * §4 time channel, §7 calls; docs/decisions.md#modes-and-routes,
 * docs/decisions.md#accounts-roles-and-menus): sidebar, top bar, the two edit dialogs, the user
 * menu, the logo and the language selector.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../../../store/token-storage';
import { renderApp, setViewportWidth } from '../../support/render';
import { formFactorChanged } from '../../../store/app-slice';
import { SHELL_PASSWORD, shellDevice, type ShellDeviceOptions } from '../../support/shell-device';
import { FakeWebSocket, publishDeviceTime } from '../../support/fake-socket';
import { ADMIN_SCREENS } from '../../../src/app/screens';
import { MENU_GROUPS, MENUS, type MenuGroup } from '../../../contract/roles';
import shellEn from '../../../public/locales/shell/en.json';

const sidebar = () => screen.getByRole('navigation', { name: 'Main menu' });
const topBar = () => screen.getByRole('banner');
const group = (name: string) => within(sidebar()).getByRole('button', { name });

async function openShell(url: string, account = 'admin', options: ShellDeviceOptions = {}) {
  const device = shellDevice(options);
  const user = userEvent.setup({ delay: null });
  const app = await renderApp(url, { account });
  await screen.findByRole('heading', { level: 1 });
  await within(topBar()).findByText(device.state.hmiName);
  return { device, user, app };
}

describe('sidebar', () => {
  test("admin: only the registered screens, under their groups' headers", async () => {
    await openShell('/admin/dashboard');
    const headers = within(sidebar())
      .getAllByRole('button')
      .map((b) => b.textContent);
    // Only groups with a registered screen the account may open (admin: every one) are listed, in
    // menu order, under their English names.
    const groups = (Object.keys(MENU_GROUPS) as MenuGroup[]).filter((g) => ADMIN_SCREENS.some((screen) => screen.group === g));
    expect(headers).toEqual(groups.map((g) => shellEn.menu[`group_${g}`]));
    expect(headers.length).toBeGreaterThan(1);
    expect(within(sidebar()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
    expect(within(sidebar()).getByRole('link', { name: 'Dashboard' })).toHaveClass('active');
  });

  test('update: its roles decide (System Password and OS Update, no Security)', async () => {
    const { user } = await openShell('/admin/dashboard', 'update');
    await user.click(group('Administration'));
    // (The System group closes as Administration opens.)
    await waitFor(() =>
      expect(
        within(sidebar())
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['System Password', 'OS Update']),
    );
  });

  test('extra roles from GET /uac/account/extra-role add menus to the roles', async () => {
    const { user, device } = await openShell('/admin/dashboard', 'history', {
      userInfo: { permission: { roles: ['dashboard'] } },
      extraRoles: ['security'],
    });
    expect(device.requests.some((r) => r.path === '/api/v1/uac/account/extra-role')).toBe(true);
    await user.click(group('Administration'));
    expect(within(sidebar()).getByRole('link', { name: 'Security' })).toHaveAttribute('href', '/admin/account/security');
    expect(within(sidebar()).queryByRole('link', { name: 'System Password' })).not.toBeInTheDocument();
  });

  test('every menu of the specification has its screen: thirty-two, and the QA explorer', () => {
    expect(MENUS.filter((menu) => !ADMIN_SCREENS.some((s) => s.menu === menu))).toEqual([]);
    expect(MENUS.filter((menu) => menu !== 'machines')).toHaveLength(32);
  });

  test('a group the account has no menu of is not shown', async () => {
    await openShell('/admin/dashboard', 'history', { userInfo: { permission: { roles: ['dashboard'] } } });
    for (const name of ['Network', 'Project', 'Data', 'Features', 'Administration']) {
      expect(within(sidebar()).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(group('System')).toBeInTheDocument();
  });

  test("one group open at a time; the current page's group is open at first", async () => {
    const { user, app } = await openShell('/admin/dashboard');
    expect(group('System')).toHaveAttribute('aria-expanded', 'true');
    expect(group('Administration')).toHaveAttribute('aria-expanded', 'false');
    expect(within(sidebar()).queryByRole('link', { name: 'Security' })).not.toBeInTheDocument();

    await user.click(group('Administration'));
    expect(group('Administration')).toHaveAttribute('aria-expanded', 'true');
    expect(group('System')).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(within(sidebar()).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument());

    await user.click(within(sidebar()).getByRole('link', { name: 'Security' }));
    await screen.findByRole('heading', { level: 1, name: 'Security' });
    expect(app.location()).toBe('/admin/account/security');
    expect(group('Administration')).toHaveAttribute('aria-expanded', 'true');

    // A click on the open group's header closes it.
    await user.click(group('Administration'));
    expect(group('Administration')).toHaveAttribute('aria-expanded', 'false');
    expect(group('System')).toHaveAttribute('aria-expanded', 'false');
  });

  test('on a desktop the menu button hides and shows the sidebar', async () => {
    const { user } = await openShell('/admin/dashboard');
    expect(sidebar()).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show or hide the menu' }));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument());
    // The flag is kept in a cookie (specification §3).
    expect(document.cookie).toMatch(/(^|; )sidebarStatus=0(;|$)/);
    await user.click(screen.getByRole('button', { name: 'Show or hide the menu' }));
    await waitFor(() => expect(sidebar()).toBeVisible());
    expect(document.cookie).toMatch(/(^|; )sidebarStatus=1(;|$)/);
  });

  test('below 992 px the menu is a drawer: closed at first, closed again after navigating', async () => {
    setViewportWidth(991);
    const { user, app } = await openShell('/admin/dashboard');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show or hide the menu' }));
    await user.click(group('Administration'));
    await user.click(within(sidebar()).getByRole('link', { name: 'System Password' }));
    await screen.findByRole('heading', { level: 1, name: 'System Password' });
    expect(app.location()).toBe('/admin/account/password');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument());

    // Escape closes the open drawer as well.
    await user.click(screen.getByRole('button', { name: 'Show or hide the menu' }));
    expect(sidebar()).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument());
  });

  test('at 992 px the layout is a desktop one: the sidebar shows', async () => {
    setViewportWidth(992);
    await openShell('/admin/dashboard');
    expect(sidebar()).toBeVisible();
  });

  test('narrowed below 992 px and widened again (a tablet turned round), the sidebar comes back open', async () => {
    setViewportWidth(1280);
    const { app } = await openShell('/admin/dashboard');
    expect(sidebar()).toBeVisible();
    // What the shell reports as the window crosses 992 px one way, then the other.
    act(() => {
      app.store.dispatch(formFactorChanged('mobile'));
    });
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument());
    act(() => {
      app.store.dispatch(formFactorChanged('desktop'));
    });
    expect(app.store.getState().app.sidebarOpen).toBe(true);
    expect(sidebar()).toBeVisible();
  });

  test('every list in the menu holds only list items', async () => {
    const { user } = await openShell('/admin/dashboard');
    await user.click(group('Administration'));
    for (const list of sidebar().querySelectorAll('ul, ol')) {
      for (const child of Array.from(list.children)) expect(child.tagName).toBe('LI');
    }
    expect(within(sidebar()).getAllByRole('listitem').length).toBeGreaterThan(0);
  });
});

describe('document title', () => {
  test('follows the screen and the language', async () => {
    const { user } = await openShell('/admin/dashboard');
    await waitFor(() => expect(document.title).toBe('Dashboard · HMI Console'));
    await user.click(group('Administration'));
    await user.click(within(sidebar()).getByRole('link', { name: 'System Password' }));
    await waitFor(() => expect(document.title).toBe('System Password · HMI Console'));
  });

  test('follows a language chosen in the top bar, on the screen shown', async () => {
    const { user } = await openShell('/admin/dashboard');
    await waitFor(() => expect(document.title).toBe('Dashboard · HMI Console'));
    await user.selectOptions(within(topBar()).getByLabelText('Language'), 'Deutsch');
    await waitFor(() => expect(document.title).toBe('Übersicht · HMI-Konsole'));
    await user.selectOptions(within(topBar()).getByLabelText('Sprache'), '日本語');
    await waitFor(() => expect(document.title).toBe('ダッシュボード · HMI コンソール'));
  });

  test('in German on the German sign-in page', async () => {
    shellDevice();
    await renderApp('/admin/login', { account: null, language: 'de' });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.title).toMatch(/ · HMI-Konsole$/));
    expect(document.title).not.toContain('HMI Console');
  });
});

describe('skip link', () => {
  test('the first Tab stop skips to the screen: the main landmark takes the focus', async () => {
    const { user } = await openShell('/admin/dashboard');
    (document.activeElement as HTMLElement | null)?.blur();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

describe('top bar', () => {
  test('shows the HMI name from GET /system/hmi/name and the device time from the time channel', async () => {
    const { device } = await openShell('/admin/dashboard', 'admin', { hmiName: 'Press-7' });
    expect(within(topBar()).getByText('Press-7')).toBeInTheDocument();
    expect(device.requests.some((r) => r.method === 'GET' && r.path === '/api/v1/system/hmi/name')).toBe(true);

    await publishDeviceTime('2025/06/01 12:34:56');
    expect(within(topBar()).getByLabelText('Device time')).toHaveTextContent('2025/06/01 12:34:56');
    await publishDeviceTime('2025/06/01 12:34:57');
    expect(within(topBar()).getByLabelText('Device time')).toHaveTextContent('2025/06/01 12:34:57');

    // The channel is /ws/datetime on the page's host; its first message is the access token.
    const socket = FakeWebSocket.instances[0]!;
    expect(socket.url).toBe('ws://localhost/ws/datetime');
    expect(socket.sent[0]).toBe(localStorage.getItem(ACCESS_TOKEN_KEY));
  });

  test('when the channel fails, the time comes from GET /system/time and ticks on locally', async () => {
    const { device } = await openShell('/admin/dashboard', 'admin', { time: '2025/12/31 23:59:59' });
    await waitFor(() => expect(FakeWebSocket.current()).toBeDefined());
    await act(async () => FakeWebSocket.current()!.fail());
    const clock = within(topBar()).getByLabelText('Device time');
    await waitFor(() => expect(clock).toHaveTextContent('2025/12/31 23:59:59'));
    expect(device.requests.filter((r) => r.path === '/api/v1/system/time')).toHaveLength(1);
    await waitFor(() => expect(clock).toHaveTextContent('2026/01/01 00:00:00'), { timeout: 2500 });
  });

  test('only admin gets the edit buttons', async () => {
    await openShell('/admin/dashboard', 'update');
    expect(screen.queryByRole('button', { name: 'Edit the HMI name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit the device time' })).not.toBeInTheDocument();
  });
});

describe('HMI name dialog', () => {
  const HMI_NAME = '/api/v1/system/hmi/name';

  async function openDialog(hmiName = 'Press-7') {
    const opened = await openShell('/admin/dashboard', 'admin', { hmiName });
    await opened.user.click(screen.getByRole('button', { name: 'Edit the HMI name' }));
    const dialog = await screen.findByRole('dialog', { name: 'HMI name' });
    const field = within(dialog).getByRole('textbox', { name: 'HMI name' });
    return { ...opened, dialog, field, ok: () => within(dialog).getByRole('button', { name: 'OK' }) };
  }

  test('shows the cleaned name before saving', async () => {
    const { user, dialog, field } = await openDialog();
    expect(field).toHaveValue('Press-7');
    await user.clear(field);
    await user.type(field, 'my panel!');
    expect(within(dialog).getByText('It will be saved as myxpanelx')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'false');
  });

  test('more than 32 characters is an error and OK is off; 32 is fine', async () => {
    const { user, dialog, field, ok, device } = await openDialog();
    await user.clear(field);
    await user.type(field, 'a'.repeat(33));
    expect(within(dialog).getByText('The HMI name can have at most 32 characters')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(ok()).toBeDisabled();
    await user.type(field, '{Enter}');
    await user.type(field, '{Backspace}');
    expect(field).toHaveAttribute('aria-invalid', 'false');
    expect(ok()).toBeEnabled();
    expect(device.sent('PUT', HMI_NAME)).toHaveLength(0);
  });

  test('an empty name is an error', async () => {
    const { user, dialog, field, ok } = await openDialog();
    await user.clear(field);
    await user.type(field, '   ');
    expect(within(dialog).getByText('Please enter an HMI name')).toBeInTheDocument();
    expect(ok()).toBeDisabled();
  });

  test('OK with the name unchanged (blanks around it do not count) closes and sends nothing', async () => {
    const { user, field, ok, device } = await openDialog();
    await user.type(field, '  ');
    await user.click(ok());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(device.sent('PUT', HMI_NAME)).toHaveLength(0);
  });

  test('OK with a new name saves it and the top bar shows it', async () => {
    const { user, field, ok, device } = await openDialog();
    await user.clear(field);
    await user.type(field, 'Line-4');
    await user.click(ok());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(device.sent('PUT', HMI_NAME)).toEqual([{ name: 'Line-4' }]);
    expect(within(topBar()).getByText('Line-4')).toBeInTheDocument();
    expect(await screen.findByText('Update settings successful')).toBeInTheDocument();
  });

  test('Cancel discards the edit', async () => {
    const { user, dialog, field, device } = await openDialog();
    await user.clear(field);
    await user.type(field, 'Line-9');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(device.sent('PUT', HMI_NAME)).toHaveLength(0);
    expect(within(topBar()).getByText('Press-7')).toBeInTheDocument();
  });

  test('a refused save says so and keeps the dialog open', async () => {
    const { user, dialog, field, ok, device } = await openDialog();
    device.handlers[`PUT ${HMI_NAME}`] = () => ({ status: 500, body: { message: 'x', error_code: 'internal_error' } });
    await user.clear(field);
    await user.type(field, 'Line-5');
    await user.click(ok());
    expect(await within(dialog).findByText('Update settings failed')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    // (The top bar is behind the modal dialog, hidden from the accessibility tree.)
    expect(within(screen.getByRole('banner', { hidden: true })).getByText('Press-7')).toBeInTheDocument();
  });
});

describe('device time dialog', () => {
  const DATETIME = '/api/v1/system/datetime';
  const REFRESH = '/api/v1/auth/token/admin';

  async function openDialog() {
    const opened = await openShell('/admin/dashboard');
    await publishDeviceTime('2025/06/01 12:34:56');
    await opened.user.click(screen.getByRole('button', { name: 'Edit the device time' }));
    // The dialog (with the date pickers) loads only now.
    const dialog = await screen.findByRole('dialog', { name: 'Device date and time' });
    return { ...opened, dialog };
  }

  test('OK sends the time as YYYY.MM.DD-HH:mm:ss, then renews the token with the refresh token', async () => {
    const { user, dialog, device } = await openDialog();
    expect(within(dialog).getByText("Set the panel's date and time to the value below? Your session is renewed afterwards.")).toBeInTheDocument();
    const refreshBefore = localStorage.getItem(REFRESH_TOKEN_KEY);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(device.sent('PUT', DATETIME)).toEqual([{ time: '2025.06.01-12:34:56' }]);
    const order = device.requests.filter((r) => r.path === DATETIME || r.path === REFRESH).map((r) => `${r.method} ${r.path}`);
    expect(order).toEqual([`PUT ${DATETIME}`, `POST ${REFRESH}`]);
    const renewal = device.requests.find((r) => r.path === REFRESH)!;
    expect(renewal.headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
    expect(renewal.body).toEqual({ grant_type: 'refresh_token', refresh_token: refreshBefore });
    // The renewed pair replaces the old one.
    const issued = renewal.answer!.body as { access_token: string; refresh_token: string };
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(issued.access_token);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe(issued.refresh_token);
    expect(await screen.findByText('Update settings successful')).toBeInTheDocument();
  });

  test('Cancel sends nothing', async () => {
    const { user, dialog, device } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(device.sent('PUT', DATETIME)).toHaveLength(0);
    expect(device.sent('POST', REFRESH)).toHaveLength(0);
  });

  test('a refused time says so, keeps the dialog and renews nothing', async () => {
    const { user, dialog, device } = await openDialog();
    device.handlers[`PUT ${DATETIME}`] = () => ({ status: 500, body: { message: 'x', error_code: 'internal_error' } });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Update settings failed')).toBeInTheDocument();
    expect(device.sent('POST', REFRESH)).toHaveLength(0);
  });
});

describe('user menu', () => {
  const openMenu = async (user: ReturnType<typeof userEvent.setup>, account = 'admin') => {
    await user.click(screen.getByRole('button', { name: `Account menu of ${account}` }));
    return within(await screen.findByRole('menu'));
  };

  test('on a tablet the account is its icon, its name heading the menu, so the HMI name has the room (issue 20, item 11)', async () => {
    setViewportWidth(768);
    const { user } = await openShell('/app/dashboard', 'cmt_default_control_user', { hmiName: 'Linex3xPress-Hall2-Cell4-Stn07' });
    const account = within(topBar()).getByRole('button', { name: 'Account menu of cmt_default_control_user' });
    expect(account).not.toHaveTextContent('cmt_default_control_user');
    expect(within(topBar()).getByTestId('hmi-name')).toHaveTextContent('Linex3xPress-Hall2-Cell4-Stn07');
    const menu = await openMenu(user, 'cmt_default_control_user');
    expect(menu.getByText('cmt_default_control_user')).toBeInTheDocument();
    expect(menu.getByRole('menuitem', { name: 'Log Out' })).toBeInTheDocument();
  });

  test('on a wide screen the account keeps its name in the top bar', async () => {
    setViewportWidth(1280);
    await openShell('/admin/dashboard');
    expect(within(topBar()).getByRole('button', { name: 'Account menu of admin' })).toHaveTextContent('admin');
  });

  test.each([
    [true, '1', true],
    [true, '0', false],
    [false, '1', false],
  ] as const)('usermode %s and WebView status %s: User Mode entry %s', async (usermode, webview, shown) => {
    const { user, device } = await openShell('/admin/dashboard', 'admin', { usermode, webview });
    expect(device.requests.some((r) => r.path === '/api/v1/system/web/specification')).toBe(true);
    expect(device.requests.some((r) => r.path === '/api/v1/webview/status')).toBe(true);
    const menu = await openMenu(user);
    expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeInTheDocument();
    expect(menu.getByRole('menuitem', { name: 'Log Out' })).toBeInTheDocument();
    if (shown) expect(menu.getByRole('menuitem', { name: 'User Mode' })).toBeInTheDocument();
    else expect(menu.queryByRole('menuitem', { name: 'User Mode' })).not.toBeInTheDocument();
  });

  test('User Mode goes to the user-mode dashboard, where Admin Mode leads back', async () => {
    const { user, app } = await openShell('/admin/account/password', 'admin', { usermode: true, webview: '1' });
    await user.click((await openMenu(user)).getByRole('menuitem', { name: 'User Mode' }));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(app.location()).toBe('/app/dashboard');
    await user.click((await openMenu(user)).getByRole('menuitem', { name: 'Admin Mode' }));
    await waitFor(() => expect(app.location()).toBe('/admin/dashboard'));
  });

  test('its list holds list items only, the separator included', async () => {
    const { user } = await openShell('/admin/dashboard');
    await openMenu(user);
    const list = screen.getByRole('menu');
    expect(list.tagName).toBe('UL');
    for (const child of Array.from(list.children)) expect(child.tagName).toBe('LI');
    expect(within(list).getAllByRole('separator').length).toBeGreaterThan(0);
  });

  test('a WebView user has no Admin Mode entry', async () => {
    const { user } = await openShell('/app/dashboard', 'cmt_default_control_user');
    const menu = await openMenu(user, 'cmt_default_control_user');
    expect(menu.queryByRole('menuitem', { name: 'Admin Mode' })).not.toBeInTheDocument();
    expect(menu.queryByRole('menuitem', { name: 'User Mode' })).not.toBeInTheDocument();
  });

  test('Log Out ends the session on the device, forgets the token and opens the login page', async () => {
    const { user, app, device } = await openShell('/admin/account/password');
    const token = localStorage.getItem(ACCESS_TOKEN_KEY);
    await user.click((await openMenu(user)).getByRole('menuitem', { name: 'Log Out' }));
    await screen.findByRole('button', { name: 'Log In' });
    const logout = device.requests.filter((r) => r.path === '/api/v1/auth/logout');
    expect(logout.map((r) => r.method)).toEqual(['POST']);
    expect(logout[0]!.headers.authorization).toBe(`Bearer ${token}`);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    await waitFor(() => expect(app.location()).toBe('/admin/login?redirect=%2Fadmin%2Faccount%2Fpassword'));
  });

  test('signing in again after Log Out returns to the page the user left', async () => {
    const { user, app } = await openShell('/admin/account/security');
    await user.click((await openMenu(user)).getByRole('menuitem', { name: 'Log Out' }));
    await user.type(await screen.findByLabelText(/^Password/), SHELL_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await screen.findByRole('heading', { level: 1, name: 'Security' });
    expect(app.location()).toBe('/admin/account/security');
  });

  test('Log Out forgets the token even when the device does not answer', async () => {
    const { user, device } = await openShell('/admin/dashboard');
    device.handlers['POST /api/v1/auth/logout'] = () => ({ status: 500, body: { message: 'x', error_code: 'internal_error' } });
    await user.click((await openMenu(user)).getByRole('menuitem', { name: 'Log Out' }));
    await screen.findByRole('button', { name: 'Log In' });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });
});

describe('logo', () => {
  test.each([
    ['cMT-3162X-PRO', '20px'], // 13 characters
    ['cMT3162X-PRO-L', '16px'], // 14 characters
  ])('model %s from GET /project/management/logoname is shown at %s and links to /admin/dashboard', async (model, size) => {
    const { user, app } = await openShell('/admin/account/password', 'admin', { model });
    const logo = screen.getByRole('link', { name: model });
    expect(logo).toHaveAttribute('href', '/admin/dashboard');
    expect(logo).toHaveStyle({ fontSize: size });
    await user.click(logo);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(app.location()).toBe('/admin/dashboard');
  });
});

describe('language selector', () => {
  test('a language change reads nothing from the device again: the screen keeps its data (issue 20, item 10)', async () => {
    const { user, device } = await openShell('/admin/system/info');
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    const before = device.requests.length;
    await user.selectOptions(within(topBar()).getByLabelText('Language'), 'Deutsch');
    await screen.findByText('Sprache erfolgreich geändert');
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(device.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  test('choosing Deutsch changes the interface and says so in German', async () => {
    const { user } = await openShell('/admin/dashboard');
    await user.selectOptions(within(topBar()).getByLabelText('Language'), 'Deutsch');
    expect(await screen.findByText('Sprache erfolgreich geändert')).toBeInTheDocument();
    expect(within(topBar()).getByLabelText('Sprache')).toHaveValue('de');
    expect(screen.getByRole('button', { name: 'Menü ein- oder ausblenden' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(document.cookie).toMatch(/(^|; )language=de(;|$)/);
  });

  test('back to English: Modified language successfully', async () => {
    const { user } = await openShell('/admin/dashboard');
    await user.selectOptions(within(topBar()).getByLabelText('Language'), 'Deutsch');
    await screen.findByText('Sprache erfolgreich geändert');
    await user.selectOptions(within(topBar()).getByLabelText('Sprache'), 'English');
    expect(await screen.findByText('Modified language successfully')).toBeInTheDocument();
    expect(within(topBar()).getByLabelText('Language')).toHaveValue('en');
  });
});

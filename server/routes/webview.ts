import * as webview from '../../contract/api/webview';
import { registerCall } from '../http/register-call';
import { defineServerArea, setting } from '../http/area';
import { WEBVIEW_IDLE_MINUTES_DEFAULT, WEBVIEW_MAX_VIEWERS_DEFAULT } from '../../contract/api/webview.routes';
import { WebviewUsersService, type WebviewSettings } from '../services/webview-users';
import type { Account } from '../services/accounts';
import { isBuiltinUser } from '../services/accounts';
import { webviewScreensFor } from '../services/webview-screens';

/** WebView Setting as stored: the contract's shape, answered by webview.getSettings as it is. The
 * WebView users are accounts (docs/decisions.md#webview-users), not part of the setting. */
const storedSchema = webview.webviewSettingsSchema;

const OLDER_FIELDS = ['timeout_enabled', 'timeout_minutes', 'users_enabled'] as const;

/** Before issue 23 the timeout was two fields, and which built-in users were enabled was kept
 * here (migration 8 moved that to the accounts); a value of the current shape is read as it is. */
function upgrade(old: unknown): WebviewSettings | undefined {
  const o = (typeof old === 'object' && old !== null ? old : {}) as Record<string, unknown>;
  if (!OLDER_FIELDS.some((k) => Object.hasOwn(o, k))) return undefined;
  const current = o as Partial<WebviewSettings>;
  const hadTimeout = Object.hasOwn(o, 'timeout_enabled') || Object.hasOwn(o, 'timeout_minutes');
  return {
    enabled: o.enabled !== false,
    idle_timeout: hadTimeout
      ? { enabled: o.timeout_enabled === true, minutes: typeof o.timeout_minutes === 'number' ? o.timeout_minutes : WEBVIEW_IDLE_MINUTES_DEFAULT }
      : (current.idle_timeout ?? { enabled: false, minutes: WEBVIEW_IDLE_MINUTES_DEFAULT }),
    home_page: o.home_page === true,
    password_free: o.password_free === true,
    auto_login: current.auto_login ?? { enabled: false, username: null },
    max_viewers: typeof o.max_viewers === 'number' ? o.max_viewers : WEBVIEW_MAX_VIEWERS_DEFAULT,
  };
}

const accountView = (a: Account) => ({
  username: a.username,
  role: a.webview_role ?? ('view_only' as const),
  enabled: a.enabled,
  builtin: isBuiltinUser(a.username),
  password_updated_at: a.password_updated_at,
});

export const webviewArea = defineServerArea({
  name: 'webview',
  settings: {
    webview: setting(
      storedSchema,
      (): WebviewSettings => ({
        enabled: true,
        idle_timeout: { enabled: false, minutes: WEBVIEW_IDLE_MINUTES_DEFAULT },
        home_page: false,
        password_free: false,
        auto_login: { enabled: false, username: null },
        max_viewers: WEBVIEW_MAX_VIEWERS_DEFAULT,
      }),
      upgrade,
    ),
  },
  /** `device.webviewUsers`: WebView Setting and its users, and `onChange` for the WebView socket. */
  services: (device): { webviewUsers: WebviewUsersService } => ({
    webviewUsers: new WebviewUsersService({ db: device.db, accounts: device.accounts, tokens: device.tokens, settings: device.settings, lockout: device.lockout }),
  }),
  register(app, device) {
    const settings = () => device.settings.get('webview');
    const users = device.webviewUsers;
    const list = () => users.list().map(accountView);

    // The specification's five reads, answered from the same setting and accounts.
    registerCall(app, device, webview.webviewStatus, () => ({ status: settings().enabled ? ('1' as const) : ('0' as const) }));

    registerCall(app, device, webview.webviewUserList, () => list().map(({ username, role, enabled }) => ({ username, role, enabled })));

    registerCall(app, device, webview.webviewAutoLogin, () => ({ ...settings().auto_login }));

    registerCall(app, device, webview.webviewTimeout, () => ({ ...settings().idle_timeout }));

    registerCall(app, device, webview.webviewPassword, () => ({ password_free: settings().password_free }));

    // WebView Setting.
    registerCall(app, device, webview.getSettings, () => settings());

    registerCall(app, device, webview.setSettings, ({ body, audit }) => {
      const { before, after } = users.saveSettings(body);
      audit({ before, after, values: device.settings.schemaOf('webview') });
      return after;
    });

    registerCall(app, device, webview.users, () => list());

    registerCall(app, device, webview.addUser, async ({ body, caller, source, audit }) => {
      audit({ target: `webview.users:${body.username}`, after: body });
      await users.confirm(caller.username, source, body.admin_password);
      await users.add(body);
      return list();
    });

    registerCall(app, device, webview.updateUser, async ({ params, body, caller, source, audit }) => {
      audit({ target: `webview.users:${params.username}`, after: body });
      if (body.password !== undefined) await users.confirm(caller.username, source, body.admin_password);
      const before = await users.update(params.username, body);
      audit({
        target: `webview.users:${params.username}`,
        before: { enabled: before.enabled, role: before.webview_role },
        after: body,
      });
      return list();
    });

    registerCall(app, device, webview.removeUser, ({ params, audit }) => {
      const before = users.remove(params.username);
      audit({ target: `webview.users:${params.username}`, before: { username: before.username, role: before.webview_role, enabled: before.enabled }, after: null });
      return list();
    });

    // What /app/login shows before any token: nothing but "off" while WebView is off.
    registerCall(app, device, webview.signInInfo, () => {
      const s = settings();
      if (!s.enabled) return { enabled: false, password_free: false, auto_login: null, home_page: false, users: [] };
      const enabled = users.list().filter((u) => u.enabled && u.webview_role !== null);
      const autoLogin = s.auto_login.enabled && s.auto_login.username !== null && enabled.some((u) => u.username === s.auto_login.username) ? s.auto_login.username : null;
      return {
        enabled: true,
        password_free: s.password_free,
        auto_login: autoLogin,
        home_page: s.home_page,
        users: enabled.map((u) => ({ username: u.username, role: u.webview_role! })),
      };
    });
    // The running project's WebView screens (server/services/webview-screens.ts).
    registerCall(app, device, webview.screens, ({ caller }) => webviewScreensFor(device, caller.username));
  },
});

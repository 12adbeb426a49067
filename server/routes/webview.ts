import * as webview from '../../contract/api/webview';
import { USER_MODE_ACCOUNTS } from '../../contract/roles';
import { registerCall } from '../http/register-call';
import { defineServerArea, setting } from '../http/area';
import { z } from 'zod';
import { WEBVIEW_IDLE_MINUTES_DEFAULT, WEBVIEW_MAX_VIEWERS_DEFAULT } from '../../contract/api/webview.routes';
import { webviewScreensFor } from '../services/webview-screens';

/** WebView Setting as stored: the contract's shape (webview.getSettings answers it as it is), and
 * which of the two built-in WebView users are enabled (issue 23 moves the users to the accounts). */
const storedSchema = webview.webviewSettingsSchema.extend({ users_enabled: z.record(z.string(), z.boolean()) });
type Stored = z.infer<typeof storedSchema>;

export const webviewArea = defineServerArea({
  name: 'webview',
  settings: {
    webview: setting(
      storedSchema,
      (): Stored => ({
        enabled: true,
        idle_timeout: { enabled: false, minutes: WEBVIEW_IDLE_MINUTES_DEFAULT },
        home_page: false,
        password_free: false,
        auto_login: { enabled: false, username: null },
        max_viewers: WEBVIEW_MAX_VIEWERS_DEFAULT,
        users_enabled: { cmt_default_control_user: true, cmt_default_view_only_user: true },
      }),
      // Before issue 23 the timeout was two fields, and there was no home page or viewer limit.
      (old) => {
        const o = (typeof old === 'object' && old !== null ? old : {}) as Record<string, unknown>;
        return {
          enabled: o.enabled !== false,
          idle_timeout: { enabled: o.timeout_enabled === true, minutes: typeof o.timeout_minutes === 'number' ? o.timeout_minutes : WEBVIEW_IDLE_MINUTES_DEFAULT },
          home_page: o.home_page === true,
          password_free: o.password_free === true,
          auto_login: (o.auto_login as Stored['auto_login'] | undefined) ?? { enabled: false, username: null },
          max_viewers: typeof o.max_viewers === 'number' ? o.max_viewers : WEBVIEW_MAX_VIEWERS_DEFAULT,
          users_enabled: (o.users_enabled as Record<string, boolean> | undefined) ?? { cmt_default_control_user: true, cmt_default_view_only_user: true },
        };
      },
    ),
  },
  register(app, device) {
    const settings = () => device.settings.get('webview');

    registerCall(app, device, webview.webviewStatus, () => ({ status: settings().enabled ? ('1' as const) : ('0' as const) }));

    registerCall(app, device, webview.webviewUserList, () =>
      USER_MODE_ACCOUNTS.map((username) => ({
        username,
        role: username === 'cmt_default_control_user' ? ('control' as const) : ('view_only' as const),
        enabled: settings().users_enabled[username] ?? true,
      })),
    );

    registerCall(app, device, webview.webviewAutoLogin, () => ({ ...settings().auto_login }));

    registerCall(app, device, webview.webviewTimeout, () => ({ ...settings().idle_timeout }));

    registerCall(app, device, webview.webviewPassword, () => ({ password_free: settings().password_free }));

    // The running project's WebView screens (server/services/webview-screens.ts).
    registerCall(app, device, webview.screens, ({ caller }) => webviewScreensFor(device, caller.username));
  },
});

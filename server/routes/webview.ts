import * as webview from '../../contract/api/webview';
import { USER_MODE_ACCOUNTS } from '../../contract/roles';
import { registerCall } from '../http/register-call';
import { defineServerArea, setting } from '../http/area';
import { z } from 'zod';

export const webviewArea = defineServerArea({
  name: 'webview',
  settings: {
    webview: setting(
      z.object({
        enabled: z.boolean(),
        timeout_enabled: z.boolean(),
        timeout_minutes: z.number(),
        password_free: z.boolean(),
        auto_login: z.object({ enabled: z.boolean(), username: z.string().nullable() }),
        users_enabled: z.record(z.string(), z.boolean()),
      }),
      () => ({
        enabled: true,
        timeout_enabled: false,
        timeout_minutes: 60,
        password_free: false,
        auto_login: { enabled: false, username: null },
        users_enabled: { cmt_default_control_user: true, cmt_default_view_only_user: true },
      }),
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

    registerCall(app, device, webview.webviewTimeout, () => ({ enabled: settings().timeout_enabled, minutes: settings().timeout_minutes }));

    registerCall(app, device, webview.webviewPassword, () => ({ password_free: settings().password_free }));
  },
});

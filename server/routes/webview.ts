import { webview } from '../../contract/api';
import { USER_MODE_ACCOUNTS } from '../../contract/roles';
import { registerCall } from '../http/register-call';
import { defineServerArea } from '../http/area';

export const webviewArea = defineServerArea({
  name: 'webview',
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

import type { FastifyInstance } from 'fastify';
import * as calls from '../../contract/api/device';
import { USER_MODE_ACCOUNTS } from '../../contract/roles';
import { registerCall } from '../http/register-call';
import { DEVICE_MODEL } from '../device/system-info';
import type { Device } from '../device';
import { buildOpenApiDocument } from '../../contract/openapi';

export function deviceRoutes(app: FastifyInstance, device: Device): void {
  const webview = () => device.settings.get('webview');

  registerCall(app, device, calls.logoName, () => ({ name: DEVICE_MODEL }));

  registerCall(app, device, calls.webviewStatus, () => ({ status: webview().enabled ? ('1' as const) : ('0' as const) }));

  registerCall(app, device, calls.webviewUserList, () =>
    USER_MODE_ACCOUNTS.map((username) => ({
      username,
      role: username === 'cmt_default_control_user' ? ('control' as const) : ('view_only' as const),
      enabled: webview().users_enabled[username] ?? true,
    })),
  );

  registerCall(app, device, calls.webviewAutoLogin, () => ({ ...webview().auto_login }));

  registerCall(app, device, calls.webviewTimeout, () => ({ enabled: webview().timeout_enabled, minutes: webview().timeout_minutes }));

  registerCall(app, device, calls.webviewPassword, () => ({ password_free: webview().password_free }));

  registerCall(app, device, calls.opcuaNodeTree, () => device.project.opcuaNodeTree());

  registerCall(app, device, calls.opcuaDriverTable, () => device.project.driverTable());

  registerCall(app, device, calls.resetProject, () => ({
    resetsele: 28 as const,
    secs: device.settings.get('secs_license') ? ('true' as const) : ('false' as const),
  }));

  let openApi: Record<string, unknown> | null = null;
  registerCall(app, device, calls.openApiDocument, () => (openApi ??= buildOpenApiDocument(device.version)));
}

import type { WebviewRole } from '../../contract/api/webview.routes';
import type { Device } from '../device';

/**
 * The WebView role of a signed-in account: what the WebView page and its socket let it do. A
 * WebView user (an account of mode 'user', docs/decisions.md#webview-users) has the role stored
 * with it while it is enabled (control: view and control; view_only: view) and none once
 * disabled or removed; admin views and controls from admin mode; update and history may not view
 * WebView (null). Whether WebView itself is on is WebView Setting's (`settings.get('webview')`).
 */
export function webviewRoleOf(device: Pick<Device, 'accounts'>, username: string): WebviewRole | null {
  if (username === 'admin') return 'control';
  const account = device.accounts.get(username);
  if (!account || account.mode !== 'user' || !account.enabled) return null;
  return account.webview_role;
}

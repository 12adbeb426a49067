import type { WebviewRole } from '../../contract/api/webview.routes';
import type { Device } from '../device';

/**
 * The WebView role of a signed-in account: what the WebView page and its socket let it do. A
 * WebView user has its own (control: view and control; view_only: view); admin views and
 * controls from admin mode; update and history may not view WebView (null).
 *
 * Issue 23 (WebView Setting's users) reads the role from the accounts; until then the two
 * built-in WebView users are the only ones.
 */
export function webviewRoleOf(device: Device, username: string): WebviewRole | null {
  if (username === 'admin') return 'control';
  if (username === 'cmt_default_control_user') return device.settings.get('webview').users_enabled[username] === false ? null : 'control';
  if (username === 'cmt_default_view_only_user') return device.settings.get('webview').users_enabled[username] === false ? null : 'view_only';
  return null;
}

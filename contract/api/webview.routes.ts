import { defineContractArea } from '../area';
import type * as calls from './webview';
import { API_BASE, type Route } from './route';

/** Method and path of the webview calls, zod-free so the console can import it; their schemas are in ./webview.ts. */
export const WEBVIEW_ROUTES = {
  // The specification's five reads.
  webviewStatus: { id: 'webview.status', method: 'GET', path: `${API_BASE}/webview/status` },
  webviewUserList: { id: 'webview.userList', method: 'GET', path: `${API_BASE}/webview/userlist` },
  webviewAutoLogin: { id: 'webview.autoLogin', method: 'GET', path: `${API_BASE}/webview/autologin` },
  webviewTimeout: { id: 'webview.timeout', method: 'GET', path: `${API_BASE}/webview/timeout` },
  webviewPassword: { id: 'webview.password', method: 'GET', path: `${API_BASE}/webview/password` },
  // WebView Setting saves (issue 23).
  getSettings: { id: 'webview.getSettings', method: 'GET', path: `${API_BASE}/webview/settings` },
  setSettings: { id: 'webview.setSettings', method: 'PUT', path: `${API_BASE}/webview/settings` },
  users: { id: 'webview.users', method: 'GET', path: `${API_BASE}/webview/users` },
  addUser: { id: 'webview.addUser', method: 'POST', path: `${API_BASE}/webview/users` },
  updateUser: { id: 'webview.updateUser', method: 'PUT', path: `${API_BASE}/webview/users/:username` },
  removeUser: { id: 'webview.removeUser', method: 'DELETE', path: `${API_BASE}/webview/users/:username` },
  // What /app/login shows before any token.
  signInInfo: { id: 'webview.signInInfo', method: 'GET', path: `${API_BASE}/webview/sign-in` },
  // The running project's WebView screens, drawn by /app/web-view.
  screens: { id: 'webview.screens', method: 'GET', path: `${API_BASE}/webview/screens` },
} as const satisfies Record<string, Route>;

/** The live channel of the WebView page (docs/decisions.md#the-webview-socket). Zod-free. */
export const WEBVIEW_SOCKET_PATH = '/ws/webview';
/** How the server closes the WebView socket, and why. */
export const WEBVIEW_CLOSE = {
  /** No valid token within SOCKET_AUTH_TIMEOUT_MS, a bad one, or a session revoked later. */
  unauthorized: 4401,
  /** WebView is off, or the account may not view WebView. */
  forbidden: 4403,
  /** No activity from the viewer for the idle timeout of WebView Setting. */
  idle: 4408,
  /** The maximum number of simultaneous viewers is reached. */
  full: 4429,
} as const;
/** The server sends a heartbeat this often; a viewer that hears nothing for twice as long shows
 * its values as stale. */
export const WEBVIEW_HEARTBEAT_MS = 5000;
/** Changed values are coalesced and sent at most this often per viewer. */
export const WEBVIEW_COALESCE_MS = 50;
export const WEBVIEW_WRITE_ERRORS = ['view_only', 'not_writable', 'invalid_value', 'unknown_tag'] as const;
export type WebviewWriteError = (typeof WEBVIEW_WRITE_ERRORS)[number];

export const WEBVIEW_ROLES = ['control', 'view_only'] as const;
export type WebviewRole = (typeof WEBVIEW_ROLES)[number];
export const WEBVIEW_MAX_VIEWERS_DEFAULT = 4;
export const WEBVIEW_MAX_VIEWERS_LIMIT = 50;
export const WEBVIEW_IDLE_MINUTES_DEFAULT = 60;
export const WEBVIEW_IDLE_MINUTES_MAX = 1440;
/** A WebView user's name: letters, digits, dot, underscore and hyphen, 1 to 32 of them. */
export const WEBVIEW_USERNAME_PATTERN = /^[A-Za-z0-9_.-]{1,32}$/;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const webviewContract = defineContractArea<typeof calls>()({
  name: 'webview',
  auditActions: ['set_webview_settings', 'add_webview_user', 'update_webview_user', 'remove_webview_user'],
  /** Written for a message of the WebView socket, not a call: a viewer's write of a tag (the
   * account and its address; docs/decisions.md#the-webview-socket). */
  deviceAuditActions: ['webview_write'],
  auditTargets: ['webview.settings', 'webview.users'],
  auditTargetForms: [
    { key: 'webview_user', prefix: 'webview.users:', pattern: /^webview\.users:(.+)$/, param: 'username', list: false },
    { key: 'webview_tag', prefix: 'webview.tag:', pattern: /^webview\.tag:(.+)$/, param: 'tag', list: false },
  ],
  errorCodes: ['account_exists', 'builtin_user', 'webview_disabled', 'password_free_off', 'no_running_project'],
});

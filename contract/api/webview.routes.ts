import { defineContractArea } from '../area';
import type * as calls from './webview';
import { API_BASE, type Route } from './route';

/** Method and path of the webview calls, zod-free so the console can import it; their schemas are in ./webview.ts. */
export const WEBVIEW_ROUTES = {
  webviewStatus: { id: 'webview.status', method: 'GET', path: `${API_BASE}/webview/status` },
  webviewUserList: { id: 'webview.userList', method: 'GET', path: `${API_BASE}/webview/userlist` },
  webviewAutoLogin: { id: 'webview.autoLogin', method: 'GET', path: `${API_BASE}/webview/autologin` },
  webviewTimeout: { id: 'webview.timeout', method: 'GET', path: `${API_BASE}/webview/timeout` },
  webviewPassword: { id: 'webview.password', method: 'GET', path: `${API_BASE}/webview/password` },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const webviewContract = defineContractArea<typeof calls>()({
  name: 'webview',
});

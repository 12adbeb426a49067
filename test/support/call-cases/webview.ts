import type { AreaCases } from './types';

export const webviewCases: AreaCases = {
  'webview.status': { account: 'cmt_default_control_user' },
  'webview.userList': { account: 'admin' },
  'webview.autoLogin': { account: 'admin' },
  'webview.timeout': { account: 'admin' },
  'webview.password': { account: 'admin' },
  // The running project's WebView screens (test/server/webview-screens.test.ts: disabled, no project).
  'webview.screens': { account: 'cmt_default_control_user' },
};

import { TEST_PASSWORD, type TestDevice } from '../device';
import { WEBVIEW_IDLE_MINUTES_DEFAULT, WEBVIEW_MAX_VIEWERS_DEFAULT } from '../../../contract/api/webview.routes';
import type { AreaCases } from './types';

const USER_PASSWORD = 'Case-Viewer-Pass-1';

/** A WebView user of its own for a case, made afresh (its earlier self removed). */
const freshUser = (username: string) => async (t: TestDevice) => {
  if (t.device.accounts.get(username)) t.device.webviewUsers.remove(username);
  await t.device.webviewUsers.add({ username, role: 'control', password: USER_PASSWORD });
  return {};
};

export const webviewCases: AreaCases = {
  'webview.status': { account: 'cmt_default_control_user' },
  'webview.userList': { account: 'admin' },
  'webview.autoLogin': { account: 'admin' },
  'webview.timeout': { account: 'admin' },
  'webview.password': { account: 'admin' },
  'webview.getSettings': { account: 'admin' },
  'webview.setSettings': {
    account: 'admin',
    body: {
      enabled: true,
      idle_timeout: { enabled: true, minutes: WEBVIEW_IDLE_MINUTES_DEFAULT },
      home_page: false,
      password_free: false,
      auto_login: { enabled: false, username: null },
      max_viewers: WEBVIEW_MAX_VIEWERS_DEFAULT,
    },
    invalid: {
      body: { enabled: true, idle_timeout: { enabled: false, minutes: 60 }, home_page: false, password_free: false, auto_login: { enabled: false, username: null }, max_viewers: 0 },
      field: 'max_viewers',
    },
  },
  'webview.users': { account: 'admin' },
  'webview.addUser': {
    account: 'admin',
    body: { username: 'case_viewer_added', role: 'view_only', password: USER_PASSWORD, admin_password: TEST_PASSWORD },
    invalid: { body: { username: 'no spaces', role: 'view_only', password: USER_PASSWORD, admin_password: TEST_PASSWORD }, field: 'username' },
    prepare: async (t) => {
      if (t.device.accounts.get('case_viewer_added')) t.device.webviewUsers.remove('case_viewer_added');
      return {};
    },
  },
  'webview.updateUser': {
    account: 'admin',
    url: '/api/v1/webview/users/case_viewer_updated',
    body: { enabled: true, role: 'view_only' },
    invalid: { url: '/api/v1/webview/users/case_viewer_updated', body: { password: 'Another-Pass-12' }, field: 'admin_password' },
    prepare: freshUser('case_viewer_updated'),
  },
  'webview.removeUser': {
    account: 'admin',
    url: '/api/v1/webview/users/case_viewer_removed',
    invalid: { url: '/api/v1/webview/users/no%20spaces', field: 'username' },
    prepare: freshUser('case_viewer_removed'),
  },
  'webview.signInInfo': { account: null },
  // The running project's WebView screens (test/server/webview-screens.test.ts: disabled, no project).
  'webview.screens': { account: 'cmt_default_control_user' },
};

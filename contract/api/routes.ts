import type { Route } from './route';
import { API_BASE } from './route';

/** Method and path of every call, in one zod-free table: the console imports this (and only types
 * from the schemas), so the sign-in page never loads zod. */
export const ROUTES = {
  tokenApp: { id: 'auth.tokenApp', method: 'POST', path: `${API_BASE}/auth/token/app`, bodyFormat: 'form' },
  tokenAdmin: { id: 'auth.tokenAdmin', method: 'POST', path: `${API_BASE}/auth/token/:role`, bodyFormat: 'form' },
  logout: { id: 'auth.logout', method: 'POST', path: `${API_BASE}/auth/logout` },
  tokenCheck: { id: 'auth.tokenCheck', method: 'GET', path: `${API_BASE}/auth/token/check` },
  loginInfo: { id: 'auth.loginInfo', method: 'GET', path: `${API_BASE}/auth/login-info` },
  changeAdminPassword: { id: 'uac.changeAdminPassword', method: 'PATCH', path: `${API_BASE}/uac/account/admin/password` },
  changeUserPassword: { id: 'uac.changeUserPassword', method: 'PATCH', path: `${API_BASE}/uac/account/user/password` },
  extraRole: { id: 'uac.extraRole', method: 'GET', path: `${API_BASE}/uac/account/extra-role` },
  userInfo: { id: 'uac.userInfo', method: 'GET', path: `${API_BASE}/uac/account/userinfo` },
  setState: { id: 'uac.setState', method: 'PATCH', path: `${API_BASE}/uac/account/state` },
  getHmiName: { id: 'system.getHmiName', method: 'GET', path: `${API_BASE}/system/hmi/name` },
  setHmiName: { id: 'system.setHmiName', method: 'PUT', path: `${API_BASE}/system/hmi/name` },
  getTime: { id: 'system.getTime', method: 'GET', path: `${API_BASE}/system/time` },
  setDateTime: { id: 'system.setDateTime', method: 'PUT', path: `${API_BASE}/system/datetime` },
  legacyHash: { id: 'system.legacyHash', method: 'GET', path: `${API_BASE}/system/legacyhash` },
  getStrengthRules: { id: 'system.getStrengthRules', method: 'GET', path: `${API_BASE}/system/password-strength-rules` },
  setStrengthRules: { id: 'system.setStrengthRules', method: 'PUT', path: `${API_BASE}/system/password-strength-rules` },
  getExpiration: { id: 'system.getExpiration', method: 'GET', path: `${API_BASE}/system/password-expiration-notification` },
  setExpiration: { id: 'system.setExpiration', method: 'PUT', path: `${API_BASE}/system/password-expiration-notification` },
  getHttp: { id: 'system.getHttp', method: 'GET', path: `${API_BASE}/system/http` },
  setHttp: { id: 'system.setHttp', method: 'PUT', path: `${API_BASE}/system/http` },
  webSpecification: { id: 'system.webSpecification', method: 'GET', path: `${API_BASE}/system/web/specification` },
  logoName: { id: 'project.logoName', method: 'GET', path: `${API_BASE}/project/management/logoname` },
  webviewStatus: { id: 'webview.status', method: 'GET', path: `${API_BASE}/webview/status` },
  webviewUserList: { id: 'webview.userList', method: 'GET', path: `${API_BASE}/webview/userlist` },
  webviewAutoLogin: { id: 'webview.autoLogin', method: 'GET', path: `${API_BASE}/webview/autologin` },
  webviewTimeout: { id: 'webview.timeout', method: 'GET', path: `${API_BASE}/webview/timeout` },
  webviewPassword: { id: 'webview.password', method: 'GET', path: `${API_BASE}/webview/password` },
  opcuaNodeTree: { id: 'opcua.nodeTree', method: 'GET', path: `${API_BASE}/opcua/node-tree` },
  opcuaDriverTable: { id: 'opcua.driverTable', method: 'GET', path: `${API_BASE}/opcua/driver-table` },
  resetProject: { id: 'cgi.resetProject', method: 'GET', path: '/cgi/reset_pj.cgi' },
  openApiDocument: { id: 'meta.openapi', method: 'GET', path: `${API_BASE}/openapi.json` },
} as const satisfies Record<string, Route>;

import { API_BASE, type Route } from './route';

/** Method and path of the uac calls, zod-free so the console can import it; their schemas are in ./uac.ts. */
export const UAC_ROUTES = {
  changeAdminPassword: { id: 'uac.changeAdminPassword', method: 'PATCH', path: `${API_BASE}/uac/account/admin/password` },
  changeUserPassword: { id: 'uac.changeUserPassword', method: 'PATCH', path: `${API_BASE}/uac/account/user/password` },
  extraRole: { id: 'uac.extraRole', method: 'GET', path: `${API_BASE}/uac/account/extra-role` },
  userInfo: { id: 'uac.userInfo', method: 'GET', path: `${API_BASE}/uac/account/userinfo` },
  setState: { id: 'uac.setState', method: 'PATCH', path: `${API_BASE}/uac/account/state` },
} as const satisfies Record<string, Route>;

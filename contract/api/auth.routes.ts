import { defineContractArea } from '../area';
import type * as calls from './auth';
import { API_BASE, type Route } from './route';

/** Method and path of the auth calls, zod-free so the console can import it; their schemas are in ./auth.ts. */
export const AUTH_ROUTES = {
  tokenApp: { id: 'auth.tokenApp', method: 'POST', path: `${API_BASE}/auth/token/app`, bodyFormat: 'form' },
  tokenAdmin: { id: 'auth.tokenAdmin', method: 'POST', path: `${API_BASE}/auth/token/:role`, bodyFormat: 'form' },
  logout: { id: 'auth.logout', method: 'POST', path: `${API_BASE}/auth/logout` },
  tokenCheck: { id: 'auth.tokenCheck', method: 'GET', path: `${API_BASE}/auth/token/check` },
  loginInfo: { id: 'auth.loginInfo', method: 'GET', path: `${API_BASE}/auth/login-info` },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const authContract = defineContractArea<typeof calls>()({
  name: 'auth',
  auditActions: ['login', 'logout'],
  auditTargets: ['admin', 'app', 'session'],
});

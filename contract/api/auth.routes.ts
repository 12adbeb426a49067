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

/** A cookie that holds no secret, only that this browser keeps a session (the tokens are in local
 * storage, which the server never sees): the device sends a signed-in page, which preloads the
 * shell's chunks, only to a browser that has it (server/http/console.ts). */
export const SIGNED_IN_HINT_COOKIE = 'ihmi_signed_in';

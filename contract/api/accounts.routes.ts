import { defineContractArea } from '../area';
import type * as calls from './accounts';
import { API_BASE, type Route } from './route';

/** Method and path of Account Management's calls (admin only; docs/decisions.md#account-management),
 * zod-free so the console can import it; their schemas are in ./accounts.ts. They sit under
 * `/uac/`, beside the account calls of the uac area, but are an area of their own: the console's
 * Account Management screen and its texts. */
export const ACCOUNTS_ROUTES = {
  list: { id: 'accounts.list', method: 'GET', path: `${API_BASE}/uac/accounts` },
  update: { id: 'accounts.update', method: 'PUT', path: `${API_BASE}/uac/accounts/:name` },
  resetPassword: { id: 'accounts.resetPassword', method: 'PUT', path: `${API_BASE}/uac/accounts/:name/password` },
  sessions: { id: 'accounts.sessions', method: 'GET', path: `${API_BASE}/uac/sessions` },
  endSession: { id: 'accounts.endSession', method: 'DELETE', path: `${API_BASE}/uac/sessions/:id` },
  lockouts: { id: 'accounts.lockouts', method: 'GET', path: `${API_BASE}/uac/lockouts` },
  unlock: { id: 'accounts.unlock', method: 'DELETE', path: `${API_BASE}/uac/lockouts/:id` },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const accountsContract = defineContractArea<typeof calls>()({
  name: 'accounts',
  auditActions: ['update_account', 'reset_account_password', 'end_session', 'unlock_sign_in'],
  auditTargets: ['accounts.managed', 'accounts.sessions', 'accounts.lockouts'],
  auditTargetForms: [
    /** One account changed in Account Management (enabled, extra roles, a new password). */
    { key: 'managed_account', prefix: 'accounts.managed:', pattern: /^accounts\.managed:(.+)$/, param: 'account', list: false },
  ],
  errorCodes: [
    /** Admin may not disable its own account (nobody could then manage the device). */
    'own_account',
  ],
});

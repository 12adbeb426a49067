import { defineContractArea } from '../area';
import type * as calls from './uac';
import { API_BASE, type Route } from './route';

/** Method and path of the uac calls, zod-free so the console can import it; their schemas are in ./uac.ts. */
export const UAC_ROUTES = {
  changeAdminPassword: { id: 'uac.changeAdminPassword', method: 'PATCH', path: `${API_BASE}/uac/account/admin/password` },
  changeUserPassword: { id: 'uac.changeUserPassword', method: 'PATCH', path: `${API_BASE}/uac/account/user/password` },
  extraRole: { id: 'uac.extraRole', method: 'GET', path: `${API_BASE}/uac/account/extra-role` },
  userInfo: { id: 'uac.userInfo', method: 'GET', path: `${API_BASE}/uac/account/userinfo` },
  setState: { id: 'uac.setState', method: 'PATCH', path: `${API_BASE}/uac/account/state` },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const uacContract = defineContractArea<typeof calls>()({
  name: 'uac',
  auditActions: ['change_password', 'complete_first_run'],
  deviceAuditActions: [
    /** The device was started with HMI_RECOVER_ADMIN=1: admin has a new password (printed at that
     * start), the first-run wizard is due, its lockouts are gone and plain HTTP is on. */
    'admin_access_recovered',
  ],
  auditTargets: ['account'],
  auditTargetForms: [
    /** The first-run state of an account (the wizard done). */
    { key: 'account_state', prefix: 'account.', pattern: /^account\.([a-z_]+)\.state_code$/, param: 'account', list: false },
    /** The accounts whose password changed, comma-separated. */
    { key: 'accounts', prefix: 'account.', pattern: /^account\.([a-z_]+(?:,[a-z_]+)*)$/, param: 'accounts', list: true },
  ],
});

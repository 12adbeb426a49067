import { defineContractArea } from '../area';
import type * as calls from './security';
import { API_BASE, type Route } from './route';

/** Method and path of the Enhanced Security calls (the running project's operator accounts),
 * zod-free so the console can import it; their schemas are in ./security.ts. */
export const SECURITY_ROUTES = {
  accounts: { id: 'security.accounts', method: 'GET', path: `${API_BASE}/security/accounts` },
  addAccount: { id: 'security.addAccount', method: 'POST', path: `${API_BASE}/security/accounts` },
  updateAccount: { id: 'security.updateAccount', method: 'PUT', path: `${API_BASE}/security/accounts/:id` },
  removeAccount: { id: 'security.removeAccount', method: 'DELETE', path: `${API_BASE}/security/accounts/:id` },
  exportAccounts: { id: 'security.exportAccounts', method: 'GET', path: `${API_BASE}/security/accounts/export`, answerFormat: 'file' },
  importAccounts: { id: 'security.importAccounts', method: 'POST', path: `${API_BASE}/security/accounts/import` },
  getOpcua: { id: 'security.getOpcua', method: 'GET', path: `${API_BASE}/security/opcua` },
  setOpcua: { id: 'security.setOpcua', method: 'PUT', path: `${API_BASE}/security/opcua` },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). `account_exists` (409, a
 * name taken) is WebView's code too: declared there, answered here as well. */
export const securityContract = defineContractArea<typeof calls>()({
  name: 'security',
  auditActions: ['add_security_account', 'update_security_account', 'remove_security_account', 'import_security_accounts', 'set_security_opcua'],
  auditTargets: ['security.accounts', 'security.opcua'],
  auditTargetForms: [
    /** One operator account, by its name. */
    { key: 'security_account', prefix: 'security.accounts:', pattern: /^security\.accounts:(.+)$/, param: 'account', list: false },
  ],
  errorCodes: [
    /** The running project does not enable Enhanced Security. */
    'security_not_enabled',
    /** The project keeps SECURITY_ACCOUNTS_MAX accounts at most. */
    'too_many_accounts',
    /** An import file that is not an account list of this device's format. */
    'invalid_import_file',
  ],
});

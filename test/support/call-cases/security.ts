import { TEST_PASSWORD, type TestDevice } from '../device';
import type { AreaCases } from './types';

const ACCOUNT_PASSWORD = 'Operator-Pass-1';

/** An operator account of its own for a case, made afresh; answers its ID. */
async function freshAccount(t: TestDevice, account: string): Promise<number> {
  const s = t.device.securityAccounts;
  const old = s.list().accounts.find((a) => a.account === account);
  if (old) s.remove(old.id);
  return (await s.add({ account, password: ACCOUNT_PASSWORD, classes: ['A'] })).id;
}

/** An export file of the running project's accounts, with one account in it. */
async function exportFile(t: TestDevice): Promise<string> {
  await freshAccount(t, 'case_exported');
  return t.device.securityAccounts.exportFile();
}

export const securityCases: AreaCases = {
  'security.accounts': { account: 'admin' },
  'security.addAccount': {
    account: 'admin',
    body: { account: 'case_added', password: ACCOUNT_PASSWORD, classes: ['A', 'C'], admin_password: TEST_PASSWORD },
    invalid: { body: { account: 'case_added', password: ACCOUNT_PASSWORD, classes: ['M'], admin_password: TEST_PASSWORD }, field: 'classes.0' },
    prepare: async (t) => {
      const old = t.device.securityAccounts.list().accounts.find((a) => a.account === 'case_added');
      if (old) t.device.securityAccounts.remove(old.id);
      return {};
    },
  },
  'security.updateAccount': {
    account: 'admin',
    body: { classes: ['B'], admin_password: TEST_PASSWORD },
    invalid: { url: '/api/v1/security/accounts/0', body: { classes: ['B'], admin_password: TEST_PASSWORD }, field: 'id' },
    prepare: async (t) => ({ url: `/api/v1/security/accounts/${await freshAccount(t, 'case_updated')}` }),
  },
  'security.removeAccount': {
    account: 'admin',
    body: { admin_password: TEST_PASSWORD },
    invalid: { url: '/api/v1/security/accounts/1', body: {}, field: 'admin_password' },
    prepare: async (t) => ({ url: `/api/v1/security/accounts/${await freshAccount(t, 'case_removed')}` }),
  },
  'security.exportAccounts': { account: 'admin' },
  'security.importAccounts': {
    account: 'admin',
    prepare: async (t) => ({
      multipart: [
        { name: 'admin_password', content: TEST_PASSWORD },
        { name: 'file', filename: 'accounts.json', content: await exportFile(t) },
      ],
    }),
    invalid: { multipart: [{ name: 'admin_password', content: TEST_PASSWORD }, { name: 'nonsense', filename: 'x.json', content: '{}' }], field: 'nonsense' },
  },
  'security.getOpcua': { account: 'admin' },
  'security.setOpcua': {
    account: 'admin',
    body: { enabled: false, browse: ['A'], read: ['A'], write: [], admin_password: TEST_PASSWORD },
    invalid: { body: { enabled: false, browse: ['A', 'A'], read: [], write: [], admin_password: TEST_PASSWORD }, field: 'browse' },
  },
};

import { TEST_PASSWORD, type TestDevice } from '../device';
import type { AreaCases } from './types';

const PREPARED_PASSWORD = 'Case-Prepared-Pass-1';
const LOCKED_SOURCE = '203.0.113.9';

/** A session of its own to sign out: update signs in from an address of its own. */
const freshSession = async (t: TestDevice) => {
  await t.login('update', '198.51.100.7');
  const id = t.device.db.prepare("SELECT id FROM sessions WHERE username = 'update' AND source = '198.51.100.7' AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 1").pluck().get() as string;
  return { url: `/api/v1/uac/sessions/${id}` };
};

export const accountsCases: AreaCases = {
  'accounts.list': { account: 'admin' },
  // An empty set of extra roles: granting one would change what the other cases' 403s expect.
  'accounts.update': {
    account: 'admin',
    url: '/api/v1/uac/accounts/update',
    body: { extra_roles: [] },
    invalid: { url: '/api/v1/uac/accounts/update', body: { extra_roles: ['account_management'] }, field: 'extra_roles.0' },
  },
  // history's password becomes another first, so the reset can set TEST_PASSWORD again (the other
  // cases sign in with it); the reset ends history's sessions, so the cached tokens go.
  'accounts.resetPassword': {
    account: 'admin',
    url: '/api/v1/uac/accounts/history/password',
    body: { password: TEST_PASSWORD, admin_password: TEST_PASSWORD },
    invalid: { url: '/api/v1/uac/accounts/admin/password', body: { password: TEST_PASSWORD, admin_password: TEST_PASSWORD }, field: 'name' },
    endsSessions: true,
    prepare: async (t) => {
      await t.device.accounts.setPassword(['history'], PREPARED_PASSWORD);
      t.device.db.prepare("DELETE FROM password_history WHERE username = 'history'").run();
      return {};
    },
  },
  'accounts.sessions': { account: 'admin' },
  'accounts.endSession': {
    account: 'admin',
    invalid: { url: '/api/v1/uac/sessions/not-a-session', field: 'id' },
    prepare: freshSession,
  },
  'accounts.lockouts': { account: 'admin' },
  'accounts.unlock': {
    account: 'admin',
    url: `/api/v1/uac/lockouts/${encodeURIComponent(`update@${LOCKED_SOURCE}`)}`,
    invalid: { url: '/api/v1/uac/lockouts/x', field: 'id' },
    prepare: async (t) => {
      t.device.db
        .prepare('INSERT OR REPLACE INTO login_lockouts (source, username, until) VALUES (?, ?, ?)')
        .run(LOCKED_SOURCE, 'update', t.device.clock.now() + 10 * 60_000);
      return {};
    },
  },
};

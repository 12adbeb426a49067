/**
 * A password cannot be "changed" to itself, nor to one of the account's last few (issue 20, item
 * 14): expiry would be defeated by a change that changes nothing. The device remembers
 * PASSWORD_HISTORY_DEPTH passwords per account, the current one included.
 */
import { PASSWORD_HISTORY_DEPTH } from '../../contract/rules/password-form';
import { startTestDevice, TEST_PASSWORD, type TestDevice } from '../support/device';

const ADMIN_PW = '/api/v1/uac/account/admin/password';

describe('password history', () => {
  let t: TestDevice;
  beforeAll(async () => {
    t = await startTestDevice();
  });
  afterAll(() => t.close());

  // One sign-in per account: a change keeps the session that made it.
  const tokens = new Map<string, string>();
  async function change(account: 'admin' | 'update' | 'history', current: string, password: string, changeAll = false) {
    if (!tokens.has(account)) tokens.set(account, await t.login(account));
    return t.call('PATCH', ADMIN_PW, tokens.get(account)!, { username: account, current, password, changeAll });
  }

  it('refuses the current password as the new one with 400 password_reused, naming how many are remembered', async () => {
    const res = await change('history', TEST_PASSWORD, TEST_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'password_reused', field: 'password', qty: PASSWORD_HISTORY_DEPTH });
    // Nothing changed: the password is dated as before.
    expect(t.device.db.prepare("SELECT COUNT(*) FROM password_history WHERE username = 'history'").pluck().get()).toBe(0);
  });

  it(`refuses each of the last ${PASSWORD_HISTORY_DEPTH} passwords, and takes the one before them again`, async () => {
    const passwords = [TEST_PASSWORD, ...Array.from({ length: PASSWORD_HISTORY_DEPTH }, (_, i) => `History-Pass-${i + 1}x`)];
    for (let i = 1; i < passwords.length; i++) expect((await change('update', passwords[i - 1]!, passwords[i]!)).statusCode).toBe(200);
    const current = passwords[passwords.length - 1]!;
    // The current one and the ones just before it are remembered…
    for (const old of passwords.slice(-PASSWORD_HISTORY_DEPTH)) {
      const res = await change('update', current, old);
      expect([old, res.statusCode, res.json().error_code]).toEqual([old, 400, 'password_reused']);
    }
    // …and only those: the history keeps DEPTH - 1 rows beside the current password.
    expect(t.device.db.prepare("SELECT COUNT(*) FROM password_history WHERE username = 'update'").pluck().get()).toBe(PASSWORD_HISTORY_DEPTH - 1);
    expect((await change('update', current, TEST_PASSWORD)).statusCode).toBe(200);
  }, 120_000);

  it("admin's change-all is refused when the password is one of another account's remembered ones", async () => {
    // update remembers its password before TEST_PASSWORD came back (history's change was refused).
    const res = await change('admin', TEST_PASSWORD, `History-Pass-${PASSWORD_HISTORY_DEPTH}x`, true);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'password_reused' });
    expect(res.json().message).toContain('update');
    expect((await change('admin', TEST_PASSWORD, 'All-Three-New-42', true)).statusCode).toBe(200);
  });
});

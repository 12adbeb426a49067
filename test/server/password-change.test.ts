/** The two password-change calls: current password, strength rules, who may change what, the
 * new password in effect at once, and the other sessions ended. */
import { startTestDevice, TEST_PASSWORD, type TestDevice } from '../support/device';
import { strengthRulesWire } from '../support/settings';
import type { AccountName } from '../../contract/roles';

const ADMIN_PW = '/api/v1/uac/account/admin/password';
const USER_PW = '/api/v1/uac/account/user/password';
const NEW_PASSWORD = 'Brand-New-Pass-42';

async function signIn(t: TestDevice, account: AccountName, password: string) {
  const adminMode = account === 'admin' || account === 'update' || account === 'history';
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/auth/token/${adminMode ? account : 'app'}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username: account, password }).toString(),
    remoteAddress: '10.2.0.1',
  });
}

const alive = async (t: TestDevice, token: string) => (await t.call('GET', '/api/v1/auth/token/check', token)).statusCode === 200;

describe('password change', () => {
  describe('[PW-01] refusals (nothing changes)', () => {
    let t: TestDevice;
    beforeAll(async () => {
      t = await startTestDevice();
    });
    afterAll(() => t.close());

    it('refuses a wrong current password with 400 current_password_error', async () => {
      const token = await t.login('admin');
      const res = await t.call('PATCH', ADMIN_PW, token, { username: 'admin', current: 'not-it', password: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'current_password_error', message: 'Current password error, please retry' });
      expect((await signIn(t, 'admin', TEST_PASSWORD)).statusCode).toBe(200);
      expect((await signIn(t, 'admin', NEW_PASSWORD)).statusCode).toBe(401);
    });

    it('refuses a password shorter than 8 characters with the strength rules off (the default)', async () => {
      const token = await t.login('admin');
      for (const short of ['a', '1234567']) {
        const res = await t.call('PATCH', ADMIN_PW, token, { username: 'admin', current: TEST_PASSWORD, password: short });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error_code: 'password_too_weak', failures: ['min_length'] });
      }
      expect((await signIn(t, 'admin', TEST_PASSWORD)).statusCode).toBe(200);
      expect((await signIn(t, 'admin', 'a')).statusCode).toBe(401);
    });

    it('applies the strength rules once they are switched on', async () => {
      const admin = await t.login('admin');
      const rules = strengthRulesWire({
        password_rules_enable: true,
        password_rules_minimal_length: 16,
        password_rules_include_numbers: true,
        password_rules_include_mixed_cases: true,
        password_rules_include_special_characters: true,
      });
      expect((await t.call('PUT', '/api/v1/system/password-strength-rules', admin, rules)).statusCode).toBe(200);

      const weak = await t.call('PATCH', ADMIN_PW, admin, { username: 'admin', current: TEST_PASSWORD, password: 'short' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({
        error_code: 'password_too_weak',
        field: 'password',
        failures: ['min_length', 'numbers', 'mixed_cases', 'special_characters'],
      });
      const almost = await t.call('PATCH', ADMIN_PW, admin, { username: 'admin', current: TEST_PASSWORD, password: 'long-enough-but-1!' });
      expect(almost.json()).toMatchObject({ error_code: 'password_too_weak', failures: ['mixed_cases'] });
      expect((await signIn(t, 'admin', TEST_PASSWORD)).statusCode).toBe(200);

      // the same rules apply to the WebView users' call
      const user = await t.login('cmt_default_control_user');
      const userWeak = await t.call('PATCH', USER_PW, user, { username: 'cmt_default_control_user', current: TEST_PASSWORD, password: 'weak' });
      expect(userWeak.json()).toMatchObject({ error_code: 'password_too_weak' });

      await t.call('PUT', '/api/v1/system/password-strength-rules', admin, { ...rules, password_rules_enable: false });
    });

    it('lets update change only its own password, never all of them', async () => {
      const update = await t.login('update');
      const all = await t.call('PATCH', ADMIN_PW, update, { username: 'update', current: TEST_PASSWORD, password: NEW_PASSWORD, changeAll: true });
      expect(all.statusCode).toBe(403);
      expect(all.json()).toMatchObject({ error_code: 'forbidden' });
      expect((await signIn(t, 'update', TEST_PASSWORD)).statusCode).toBe(200);
      expect((await signIn(t, 'admin', TEST_PASSWORD)).statusCode).toBe(200);
    });

    it("refuses to change another account's password, even for admin", async () => {
      const admin = await t.login('admin');
      const res = await t.call('PATCH', ADMIN_PW, admin, { username: 'update', current: TEST_PASSWORD, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error_code: 'forbidden' });
      const history = await t.login('history');
      const res2 = await t.call('PATCH', ADMIN_PW, history, { username: 'admin', current: TEST_PASSWORD, password: NEW_PASSWORD });
      expect(res2.statusCode).toBe(403);
      const user = await t.login('cmt_default_view_only_user');
      const res3 = await t.call('PATCH', USER_PW, user, { username: 'cmt_default_control_user', current: TEST_PASSWORD, password: NEW_PASSWORD });
      expect(res3.statusCode).toBe(403);
      for (const a of ['update', 'admin', 'cmt_default_control_user'] as const) expect((await signIn(t, a, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses the WebView users on the admin call and admin-mode accounts on the user call', async () => {
      const view = await t.login('cmt_default_view_only_user');
      const res = await t.call('PATCH', ADMIN_PW, view, { username: 'cmt_default_view_only_user', current: TEST_PASSWORD, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(403);
      const admin = await t.login('admin');
      const res2 = await t.call('PATCH', USER_PW, admin, { username: 'admin', current: TEST_PASSWORD, password: NEW_PASSWORD });
      expect(res2.statusCode).toBe(403);
    });

    it('ignores a role claimed in the body', async () => {
      const history = await t.login('history');
      const res = await t.call('PATCH', ADMIN_PW, history, {
        username: 'history', current: TEST_PASSWORD, password: NEW_PASSWORD, changeAll: true, role: 'admin',
      });
      expect(res.statusCode).toBe(403);
      expect((await signIn(t, 'admin', TEST_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('own password of admin', () => {
    let t: TestDevice;
    beforeAll(async () => {
      t = await startTestDevice();
    });
    afterAll(() => t.close());

    it('takes effect at once and ends the other sessions of the account only', async () => {
      const mine = await t.login('admin');
      const otherAdmin = await t.login('admin');
      const update = await t.login('update');
      const before = (await t.call('GET', '/api/v1/uac/account/userinfo', mine)).json().password_updated_at;

      const res = await t.call('PATCH', ADMIN_PW, mine, { username: 'admin', current: TEST_PASSWORD, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success' });

      expect((await signIn(t, 'admin', TEST_PASSWORD)).json()).toMatchObject({ error_code: 'invalid_credentials' });
      expect((await signIn(t, 'admin', NEW_PASSWORD)).statusCode).toBe(200);

      expect(await alive(t, mine)).toBe(true);
      const other = await t.call('GET', '/api/v1/system/hmi/name', otherAdmin);
      expect(other.statusCode).toBe(400);
      expect(other.json()).toMatchObject({ error_code: 'invalid_token' });
      expect(await alive(t, update)).toBe(true);
      expect((await signIn(t, 'update', TEST_PASSWORD)).statusCode).toBe(200);

      const info = (await t.call('GET', '/api/v1/uac/account/userinfo', mine)).json();
      expect(typeof info.password_updated_at).toBe('string');
      expect(Date.parse(info.password_updated_at)).toBeGreaterThanOrEqual(Date.parse(before));
    });
  });

  describe("admin's changeAll", () => {
    let t: TestDevice;
    beforeAll(async () => {
      t = await startTestDevice();
    });
    afterAll(() => t.close());

    it('changes admin, update and history at once, not the WebView users, and ends their other sessions', async () => {
      const mine = await t.login('admin');
      const update = await t.login('update');
      const history = await t.login('history');
      const viewer = await t.login('cmt_default_view_only_user');

      const res = await t.call('PATCH', ADMIN_PW, mine, { username: 'admin', current: TEST_PASSWORD, password: NEW_PASSWORD, changeAll: true });
      expect(res.statusCode).toBe(200);

      for (const a of ['admin', 'update', 'history'] as const) {
        expect((await signIn(t, a, TEST_PASSWORD)).statusCode).toBe(401);
        expect((await signIn(t, a, NEW_PASSWORD)).statusCode).toBe(200);
      }
      expect((await signIn(t, 'cmt_default_control_user', TEST_PASSWORD)).statusCode).toBe(200);
      expect((await signIn(t, 'cmt_default_control_user', NEW_PASSWORD)).statusCode).toBe(401);

      expect(await alive(t, mine)).toBe(true);
      expect(await alive(t, update)).toBe(false);
      expect(await alive(t, history)).toBe(false);
      expect(await alive(t, viewer)).toBe(true);
    });
  });

  describe('WebView user through the user-mode call', () => {
    let t: TestDevice;
    beforeAll(async () => {
      t = await startTestDevice();
    });
    afterAll(() => t.close());

    it('changes the own password of the control user and nobody else', async () => {
      const mine = await t.login('cmt_default_control_user');
      const wrong = await t.call('PATCH', USER_PW, mine, { username: 'cmt_default_control_user', current: 'nope', password: NEW_PASSWORD });
      expect(wrong.json()).toMatchObject({ error_code: 'current_password_error' });

      const res = await t.call('PATCH', USER_PW, mine, { username: 'cmt_default_control_user', current: TEST_PASSWORD, password: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success' });
      expect((await signIn(t, 'cmt_default_control_user', NEW_PASSWORD)).statusCode).toBe(200);
      expect((await signIn(t, 'cmt_default_control_user', TEST_PASSWORD)).statusCode).toBe(401);
      expect((await signIn(t, 'cmt_default_view_only_user', TEST_PASSWORD)).statusCode).toBe(200);
      expect(await alive(t, mine)).toBe(true);
    });
  });
});

describe('[AUTH-04] no truncation: the whole password counts', () => {
  let t: TestDevice;
  beforeAll(async () => {
    t = await startTestDevice();
  });
  afterAll(() => t.close());

  it('[AUTH-04] a 40-character password: its 8, 16 and 39-character prefixes and its case-flipped form are refused; a 64 and a 128-character password are taken whole', async () => {
    const forty = 'Aa1-'.repeat(10);
    expect(forty).toHaveLength(40);
    const admin = await t.login('admin');
    expect((await t.call('PATCH', ADMIN_PW, admin, { username: 'admin', current: TEST_PASSWORD, password: forty })).statusCode).toBe(200);
    const flipped = [...forty].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
    for (const wrong of [forty.slice(0, 8), forty.slice(0, 16), forty.slice(0, 39), flipped]) expect((await signIn(t, 'admin', wrong)).statusCode).toBe(401);
    expect((await signIn(t, 'admin', forty)).statusCode).toBe(200);

    let current = forty;
    for (const length of [64, 128]) {
      const long = `${'Zz9.'.repeat(length / 4 - 1)}End!`;
      expect(long).toHaveLength(length);
      const token = (await signIn(t, 'admin', current)).json().access_token as string;
      expect((await t.call('PATCH', ADMIN_PW, token, { username: 'admin', current, password: long })).statusCode).toBe(200);
      expect((await signIn(t, 'admin', long.slice(0, -1))).statusCode).toBe(401);
      expect((await signIn(t, 'admin', long)).statusCode).toBe(200);
      current = long;
    }
  });
});

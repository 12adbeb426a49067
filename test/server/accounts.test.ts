/** User info, the first-run state, extra roles and the legacy password hash upgrade. */
import { startTestDevice, TEST_PASSWORD, type TestDevice } from '../support/device';
import { legacyHashPassword } from '../../server/services/passwords';
import { userInfoSchema } from '../../contract/api/uac';
import { ROLE_MATRIX, type AccountName } from '../../contract/roles';

describe('user info and first-run state', () => {
  let t: TestDevice;
  beforeAll(async () => {
    t = await startTestDevice();
  });
  afterAll(() => t.close());

  it.each(Object.keys(ROLE_MATRIX) as AccountName[])('describes %s with its menus and state_code 0 on a new device', async (account) => {
    const token = await t.login(account);
    const info = userInfoSchema.parse((await t.call('GET', '/api/v1/uac/account/userinfo', token)).json());
    expect(info.username).toBe(account);
    expect(info.state_code).toBe(0);
    expect(info.http).toBe(true);
    expect(new Set(info.permission.roles)).toEqual(new Set(ROLE_MATRIX[account]));
    expect(Number.isNaN(Date.parse(info.password_updated_at))).toBe(false);
  });

  it('sets state_code 1 for the calling account only', async () => {
    const update = await t.login('update');
    const res = await t.call('PATCH', '/api/v1/uac/account/state', update, { code: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success' });
    expect((await t.call('GET', '/api/v1/uac/account/userinfo', update)).json()).toMatchObject({ username: 'update', state_code: 1 });
    // a new session sees it too, and the other accounts still have 0
    expect((await t.call('GET', '/api/v1/uac/account/userinfo', await t.login('update'))).json()).toMatchObject({ state_code: 1 });
    expect((await t.call('GET', '/api/v1/uac/account/userinfo', await t.login('admin'))).json()).toMatchObject({ state_code: 0 });
  });

  it('refuses any code but 1', async () => {
    const token = await t.login('history');
    for (const code of [0, 2, '1', null]) {
      const res = await t.call('PATCH', '/api/v1/uac/account/state', token, { code });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failure', field: 'code' });
    }
    expect((await t.call('GET', '/api/v1/uac/account/userinfo', token)).json()).toMatchObject({ state_code: 0 });
  });
});

describe('extra roles', () => {
  let t: TestDevice;
  beforeAll(async () => {
    t = await startTestDevice();
    // Granted by admin in Account Management (PUT /uac/accounts/<name>, test/server/account-management.test.ts); written directly here.
    const grant = t.device.db.prepare('INSERT INTO extra_roles (username, menu) VALUES (?, ?)');
    grant.run('update', 'opcua');
    grant.run('update', 'security');
    grant.run('history', 'webview_setting');
  });
  afterAll(() => t.close());

  it('lists the granted menus of the caller', async () => {
    expect((await t.call('GET', '/api/v1/uac/account/extra-role', await t.login('update'))).json()).toEqual(['opcua', 'security']);
    expect((await t.call('GET', '/api/v1/uac/account/extra-role', await t.login('history'))).json()).toEqual(['webview_setting']);
    expect((await t.call('GET', '/api/v1/uac/account/extra-role', await t.login('admin'))).json()).toEqual([]);
  });

  it('opens a grantable menu to the account it was granted to', async () => {
    const update = await t.login('update');
    expect((await t.call('GET', '/api/v1/opcua/node-tree', update)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/v1/webview/userlist', update)).statusCode).toBe(403);
    const history = await t.login('history');
    expect((await t.call('GET', '/api/v1/webview/userlist', history)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/v1/opcua/node-tree', history)).statusCode).toBe(403);
  });

  it('never opens security to update, even when a row grants it', async () => {
    const update = await t.login('update');
    const res = await t.call('PUT', '/api/v1/system/http', update, { http: false });
    expect(res.statusCode).toBe(403);
    expect(t.device.settings.get('http_enabled')).toBe(true);
  });
});

describe('legacy password hashes', () => {
  let t: TestDevice;
  beforeAll(async () => {
    t = await startTestDevice();
  });
  afterAll(() => t.close());

  it('lists no account on a new device', async () => {
    expect((await t.call('GET', '/api/v1/system/legacyhash', await t.login('admin'))).json()).toEqual([]);
  });

  it('lists an account stored in the older format, and upgrades it at its next sign-in', async () => {
    t.device.db.prepare('UPDATE accounts SET password_hash = ? WHERE username = ?').run(legacyHashPassword(TEST_PASSWORD), 'history');
    const admin = await t.login('admin');
    expect((await t.call('GET', '/api/v1/system/legacyhash', admin)).json()).toEqual(['history']);

    // a wrong password does not upgrade anything
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token/history',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=history&password=wrong',
      remoteAddress: '10.3.0.1',
    });
    expect(wrong.statusCode).toBe(401);
    expect((await t.call('GET', '/api/v1/system/legacyhash', admin)).json()).toEqual(['history']);

    await t.login('history');
    expect((await t.call('GET', '/api/v1/system/legacyhash', admin)).json()).toEqual([]);
    const stored = t.device.db.prepare("SELECT password_hash FROM accounts WHERE username = 'history'").pluck().get() as string;
    expect(stored.startsWith('scrypt$')).toBe(true);
    // and the password still works with the new hash
    await t.login('history');
  });
});

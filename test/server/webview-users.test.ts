/** WebView Setting and its users (docs/decisions.md#webview-users): the users are accounts, a
 * WebView user acts as its role's built-in account, the sign-in rules of user mode (password-free,
 * disabled users, WebView off), sessions ended by a disable, a reset or a removal, the
 * operation-log rows with their passwords masked, and the change hook the WebView socket follows. */
import fs from 'node:fs';
import { startTestDevice, makeDataDir, TEST_PASSWORD, type TestDevice } from '../support/device';
import { openDatabase } from '../../server/db/database';
import { MIGRATIONS } from '../../server/db/migrations';
import { SettingsService } from '../../server/services/settings';
import { SETTING_DEFS } from '../../server/areas';
import { webviewRoleOf } from '../../server/services/webview-roles';
import type { WebviewChange } from '../../server/services/webview-users';

const PASSWORD = 'Viewer-Pass-123';
const NEW_PASSWORD = 'Viewer-Pass-456';

describe('WebView users', () => {
  let t: TestDevice;
  let admin: string;
  const settingsUrl = '/api/v1/webview/settings';
  const usersUrl = '/api/v1/webview/users';

  beforeEach(async () => {
    t = await startTestDevice();
    admin = await t.login('admin');
  });
  afterEach(() => t.close());

  const appToken = (fields: Record<string, string>, source?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token/app',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
      ...(source === undefined ? {} : { remoteAddress: source }),
    });
  const signIn = (username: string, password = PASSWORD, source?: string) => appToken({ grant_type: 'password', username, password }, source);
  const addUser = (username: string, role: 'control' | 'view_only' = 'control', extra: Record<string, unknown> = {}) =>
    t.call('POST', usersUrl, admin, { username, role, password: PASSWORD, admin_password: TEST_PASSWORD, ...extra });
  const settings = async () => (await t.call('GET', settingsUrl, admin)).json();
  const saveSettings = async (change: Record<string, unknown>) => t.call('PUT', settingsUrl, admin, { ...(await settings()), ...change });
  const lastRow = (action: string) =>
    t.device.db.prepare('SELECT * FROM operation_log WHERE action = ? ORDER BY id DESC LIMIT 1').get(action) as Record<string, string | null>;

  it('lists the two built-in users, enabled, and answers the five reads from the same state', async () => {
    const users = (await t.call('GET', usersUrl, admin)).json();
    expect(users.map((u: { username: string; role: string; enabled: boolean; builtin: boolean }) => [u.username, u.role, u.enabled, u.builtin])).toEqual([
      ['cmt_default_control_user', 'control', true, true],
      ['cmt_default_view_only_user', 'view_only', true, true],
    ]);
    expect((await addUser('operator1', 'view_only')).statusCode).toBe(200);
    await t.call('PUT', `${usersUrl}/cmt_default_view_only_user`, admin, { enabled: false });
    expect((await t.call('GET', '/api/v1/webview/userlist', admin)).json()).toEqual([
      { username: 'cmt_default_control_user', role: 'control', enabled: true },
      { username: 'cmt_default_view_only_user', role: 'view_only', enabled: false },
      { username: 'operator1', role: 'view_only', enabled: true },
    ]);
    await saveSettings({ idle_timeout: { enabled: true, minutes: 30 }, password_free: true, auto_login: { enabled: true, username: 'operator1' } });
    expect((await t.call('GET', '/api/v1/webview/timeout', admin)).json()).toEqual({ enabled: true, minutes: 30 });
    expect((await t.call('GET', '/api/v1/webview/password', admin)).json()).toEqual({ password_free: true });
    expect((await t.call('GET', '/api/v1/webview/autologin', admin)).json()).toEqual({ enabled: true, username: 'operator1' });
    expect((await t.call('GET', '/api/v1/webview/status', admin)).json()).toEqual({ status: '1' });
  });

  describe('adding a user', () => {
    it('adds a user that signs in to user mode with its password and acts as its role', async () => {
      const res = await addUser('operator1', 'view_only');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toContainEqual(expect.objectContaining({ username: 'operator1', role: 'view_only', enabled: true, builtin: false }));
      const signed = await signIn('operator1');
      expect(signed.statusCode).toBe(200);
      const token = signed.json().access_token;
      const info = (await t.call('GET', '/api/v1/uac/account/userinfo', token)).json();
      expect(info).toMatchObject({ username: 'operator1', permission: { roles: ['dashboard', 'webview'] } });
      // AUTH-02: a WebView user has its role's menus and nothing more
      expect((await t.call('GET', settingsUrl, token)).statusCode).toBe(403);
      expect((await t.call('GET', '/api/v1/webview/status', token)).statusCode).toBe(200);
      expect(webviewRoleOf(t.device, 'operator1')).toBe('view_only');
    });

    it('409 account_exists for the name of any account, built-in or added', async () => {
      for (const name of ['admin', 'history', 'cmt_default_control_user']) {
        const res = await addUser(name);
        expect({ name, status: res.statusCode, code: res.json().error_code }).toEqual({ name, status: 409, code: 'account_exists' });
      }
      await addUser('operator1');
      expect((await addUser('operator1')).json()).toMatchObject({ error_code: 'account_exists' });
    });

    it("400 current_password_error when the admin's own password is wrong; nothing added", async () => {
      const res = await addUser('operator1', 'control', { admin_password: 'Wrong-Pass-999' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'current_password_error' });
      expect(t.device.accounts.get('operator1')).toBeUndefined();
    });

    it('PW-01: a password shorter than the floor, or one the strength rules refuse, is 400 password_too_weak', async () => {
      expect((await addUser('operator1', 'control', { password: 'short' })).json()).toMatchObject({ error_code: 'password_too_weak', failures: ['min_length'] });
      await t.call('PUT', '/api/v1/system/password-strength-rules', admin, {
        password_rules_enable: true,
        password_rules_minimal_length: 12,
        password_rules_include_numbers: true,
        password_rules_include_mixed_cases: false,
        password_rules_include_special_characters: true,
      });
      const res = await addUser('operator1', 'control', { password: 'onlylettersandmore' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'password_too_weak', failures: ['numbers', 'special_characters'] });
    });

    it('AUD-01: writes an operation-log row naming the user, with both passwords masked', async () => {
      await addUser('operator1');
      const row = lastRow('add_webview_user');
      expect(row).toMatchObject({ account: 'admin', target: 'webview.users:operator1', result: 'success' });
      expect(JSON.parse(row.after_value!)).toEqual({ username: 'operator1', role: 'control', password: '***', admin_password: '***' });
      const all = JSON.stringify(t.device.db.prepare('SELECT * FROM operation_log').all());
      expect(all).not.toContain(PASSWORD);
      expect(all).not.toContain(TEST_PASSWORD);
      // a refused one too
      await addUser('operator2', 'control', { admin_password: 'Wrong-Pass-999' });
      expect(lastRow('add_webview_user')).toMatchObject({ result: 'current_password_error', target: 'webview.users:operator2' });
    });

    it('PW-03: the password is stored as a scrypt hash, never as text', async () => {
      await addUser('operator1');
      const hash = t.device.accounts.get('operator1')!.password_hash;
      expect(hash).not.toContain(PASSWORD);
      expect(hash).toMatch(/scrypt/);
    });
  });

  describe('updating a user', () => {
    beforeEach(async () => {
      await addUser('operator1');
    });

    it('SESS-02: disabling ends its sessions at once; it then signs in as a wrong password does', async () => {
      const pair = (await signIn('operator1')).json();
      const res = await t.call('PUT', `${usersUrl}/operator1`, admin, { enabled: false });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toContainEqual(expect.objectContaining({ username: 'operator1', enabled: false }));
      expect((await t.call('GET', '/api/v1/uac/account/userinfo', pair.access_token)).json()).toMatchObject({ error_code: 'invalid_token' });
      expect((await appToken({ grant_type: 'refresh_token', refresh_token: pair.refresh_token })).json()).toMatchObject({ error_code: 'invalid_token' });
      // AUTH-03: the same answer as a wrong password, whether the password is right or not
      const right = await signIn('operator1');
      const wrong = await signIn('operator1', 'Not-The-Pass-1');
      expect([right.statusCode, right.json().error_code]).toEqual([401, 'invalid_credentials']);
      expect([wrong.statusCode, wrong.json().error_code]).toEqual([401, 'invalid_credentials']);
      expect(webviewRoleOf(t.device, 'operator1')).toBeNull();
      // enabled again, it signs in
      await t.call('PUT', `${usersUrl}/operator1`, admin, { enabled: true });
      expect((await signIn('operator1')).statusCode).toBe(200);
    });

    it('SESS-02: a password reset needs the admin password, ends the sessions, and the new password works', async () => {
      const token = (await signIn('operator1')).json().access_token;
      const refused = await t.call('PUT', `${usersUrl}/operator1`, admin, { password: NEW_PASSWORD, admin_password: 'Wrong-Pass-999' });
      expect(refused.json()).toMatchObject({ error_code: 'current_password_error' });
      expect((await t.call('GET', '/api/v1/uac/account/userinfo', token)).statusCode).toBe(200);
      const res = await t.call('PUT', `${usersUrl}/operator1`, admin, { password: NEW_PASSWORD, admin_password: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect((await t.call('GET', '/api/v1/uac/account/userinfo', token)).json()).toMatchObject({ error_code: 'invalid_token' });
      expect((await signIn('operator1')).statusCode).toBe(401);
      expect((await signIn('operator1', NEW_PASSWORD)).statusCode).toBe(200);
      const row = lastRow('update_webview_user');
      expect(JSON.parse(row.after_value!)).toEqual({ password: '***', admin_password: '***' });
      expect(JSON.stringify(t.device.db.prepare('SELECT * FROM operation_log').all())).not.toContain(NEW_PASSWORD);
    });

    it('400 naming admin_password for a new password without it', async () => {
      const res = await t.call('PUT', `${usersUrl}/operator1`, admin, { password: NEW_PASSWORD });
      expect(res.json()).toMatchObject({ error_code: 'validation_failure', field: 'admin_password' });
    });

    it('JWT-03: a role change takes effect at the next call of a session already open', async () => {
      const token = (await signIn('operator1')).json().access_token;
      expect(webviewRoleOf(t.device, 'operator1')).toBe('control');
      await t.call('PUT', `${usersUrl}/operator1`, admin, { role: 'view_only' });
      expect(webviewRoleOf(t.device, 'operator1')).toBe('view_only');
      expect((await t.call('GET', '/api/v1/uac/account/userinfo', token)).json()).toMatchObject({ username: 'operator1' });
      expect(lastRow('update_webview_user')).toMatchObject({ target: 'webview.users:operator1', result: 'success' });
      expect(JSON.parse(lastRow('update_webview_user').before_value!)).toEqual({ enabled: true, role: 'control' });
    });

    it('404 for a name that is no WebView user (admin included)', async () => {
      expect((await t.call('PUT', `${usersUrl}/nobody`, admin, { enabled: false })).statusCode).toBe(404);
      expect((await t.call('PUT', `${usersUrl}/admin`, admin, { enabled: false })).statusCode).toBe(404);
      expect((await t.login('admin')).length).toBeGreaterThan(0);
    });
  });

  describe('removing a user', () => {
    it('removes an added user and ends its sessions', async () => {
      await addUser('operator1');
      const token = (await signIn('operator1')).json().access_token;
      const res = await t.call('DELETE', `${usersUrl}/operator1`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((u: { username: string }) => u.username)).not.toContain('operator1');
      expect((await t.call('GET', '/api/v1/uac/account/userinfo', token)).json()).toMatchObject({ error_code: 'invalid_token' });
      expect((await signIn('operator1')).json()).toMatchObject({ error_code: 'user_not_in_list' });
      expect(lastRow('remove_webview_user')).toMatchObject({ account: 'admin', target: 'webview.users:operator1', result: 'success' });
      // the name is free again
      expect((await addUser('operator1')).statusCode).toBe(200);
    });

    it('409 builtin_user for the two built-in users, which can be disabled instead', async () => {
      for (const name of ['cmt_default_control_user', 'cmt_default_view_only_user']) {
        const res = await t.call('DELETE', `${usersUrl}/${name}`, admin);
        expect({ name, status: res.statusCode, code: res.json().error_code }).toEqual({ name, status: 409, code: 'builtin_user' });
      }
      expect((await t.call('PUT', `${usersUrl}/cmt_default_control_user`, admin, { enabled: false })).statusCode).toBe(200);
      expect((await signIn('cmt_default_control_user', TEST_PASSWORD)).statusCode).toBe(401);
    });

    it('turns automatic sign-in off when its user goes', async () => {
      await addUser('operator1');
      await saveSettings({ auto_login: { enabled: true, username: 'operator1' } });
      await t.call('DELETE', `${usersUrl}/operator1`, admin);
      expect((await settings()).auto_login).toEqual({ enabled: false, username: null });
    });
  });

  describe('WebView Setting', () => {
    it('saves every field and answers it back', async () => {
      const next = {
        enabled: true,
        idle_timeout: { enabled: true, minutes: 1440 },
        home_page: true,
        password_free: true,
        auto_login: { enabled: true, username: 'cmt_default_view_only_user' },
        max_viewers: 12,
      };
      const res = await t.call('PUT', settingsUrl, admin, next);
      expect([res.statusCode, res.json()]).toEqual([200, next]);
      expect(await settings()).toEqual(next);
      const row = lastRow('set_webview_settings');
      expect(row).toMatchObject({ account: 'admin', target: 'webview.settings', result: 'success' });
      expect(JSON.parse(row.after_value!)).toEqual(next);
    });

    it('400 naming auto_login.username for an automatic sign-in user that is not an enabled WebView user', async () => {
      await addUser('operator1');
      await t.call('PUT', `${usersUrl}/operator1`, admin, { enabled: false });
      for (const username of ['operator1', 'admin', 'nobody', null]) {
        const res = await saveSettings({ auto_login: { enabled: true, username } });
        expect({ username, status: res.statusCode, body: res.json() }).toMatchObject({ username, status: 400, body: { error_code: 'validation_failure', field: 'auto_login.username' } });
      }
      expect((await settings()).auto_login).toEqual({ enabled: false, username: null });
    });

    it('[SESS-04] 400 for an idle timeout or a viewer limit out of range', async () => {
      expect((await saveSettings({ idle_timeout: { enabled: true, minutes: 0 } })).json()).toMatchObject({ field: 'idle_timeout.minutes' });
      expect((await saveSettings({ idle_timeout: { enabled: true, minutes: 1441 } })).json()).toMatchObject({ field: 'idle_timeout.minutes' });
      expect((await saveSettings({ max_viewers: 51 })).json()).toMatchObject({ field: 'max_viewers' });
    });

    it('tells the change hook: WebView turned off, users ended, roles changed', async () => {
      const changes: WebviewChange[] = [];
      const off = t.device.webviewUsers.onChange((c) => changes.push(c));
      await addUser('operator1');
      await saveSettings({ max_viewers: 3 });
      await saveSettings({ enabled: false });
      await t.call('PUT', `${usersUrl}/operator1`, admin, { role: 'view_only' });
      await t.call('PUT', `${usersUrl}/operator1`, admin, { enabled: false });
      await t.call('PUT', `${usersUrl}/cmt_default_control_user`, admin, { password: NEW_PASSWORD, admin_password: TEST_PASSWORD });
      await t.call('DELETE', `${usersUrl}/operator1`, admin);
      off();
      await saveSettings({ enabled: true });
      expect(changes.map(({ turnedOff, ended, roleChanged, settings: s }) => ({ turnedOff, ended, roleChanged, enabled: s.enabled }))).toEqual([
        { turnedOff: false, ended: [], roleChanged: [], enabled: true },
        { turnedOff: true, ended: [], roleChanged: [], enabled: false },
        { turnedOff: false, ended: [], roleChanged: ['operator1'], enabled: false },
        { turnedOff: false, ended: ['operator1'], roleChanged: [], enabled: false },
        { turnedOff: false, ended: ['cmt_default_control_user'], roleChanged: [], enabled: false },
        { turnedOff: false, ended: ['operator1'], roleChanged: [], enabled: false },
      ]);
    });
  });

  describe('user-mode sign-in', () => {
    it('403 webview_disabled for a WebView user while WebView is off; admin-mode accounts still sign in at /auth/token/app', async () => {
      await saveSettings({ enabled: false });
      const res = await signIn('cmt_default_control_user', TEST_PASSWORD);
      expect([res.statusCode, res.json().error_code]).toEqual([403, 'webview_disabled']);
      // a wrong password is still a wrong password
      expect((await signIn('cmt_default_control_user', 'Not-The-Pass-1')).json()).toMatchObject({ error_code: 'invalid_credentials' });
      expect((await signIn('admin', TEST_PASSWORD)).statusCode).toBe(200);
      expect(lastRow('login')).toMatchObject({ account: 'admin', result: 'success' });
    });

    it('password-free: 403 password_free_off while off; signs in an enabled WebView user by name while on', async () => {
      await addUser('operator1', 'view_only');
      const free = (username: string) => appToken({ grant_type: 'password_free', username });
      expect((await free('operator1')).json()).toMatchObject({ error_code: 'password_free_off' });
      await saveSettings({ password_free: true });
      const res = await free('operator1');
      expect(res.statusCode).toBe(200);
      const token = res.json().access_token;
      expect((await t.call('GET', '/api/v1/uac/account/userinfo', token)).json()).toMatchObject({ username: 'operator1' });
      // never for an admin-mode account, an unknown name or a disabled user
      for (const username of ['admin', 'update', 'nobody']) expect((await free(username)).json()).toMatchObject({ error_code: 'password_free_off' });
      await t.call('PUT', `${usersUrl}/operator1`, admin, { enabled: false });
      expect((await free('operator1')).json()).toMatchObject({ error_code: 'password_free_off' });
      // WebView off: refused too
      await saveSettings({ enabled: false });
      expect((await free('cmt_default_control_user')).json()).toMatchObject({ error_code: 'webview_disabled' });
      // refused sign-ins from one address are one row that counts them
      t.device.oplog.flush();
      const refused = t.device.db.prepare("SELECT result, repeat_results FROM operation_log WHERE action = 'login' AND result != 'success'").all();
      expect(JSON.stringify(refused)).toContain('webview_disabled');
    });

    it('automatic sign-in: the chosen user alone signs in without a password while password-free sign-in is off', async () => {
      await addUser('operator1');
      await saveSettings({ auto_login: { enabled: true, username: 'operator1' } });
      expect((await appToken({ grant_type: 'password_free', username: 'operator1' })).statusCode).toBe(200);
      expect((await appToken({ grant_type: 'password_free', username: 'cmt_default_control_user' })).json()).toMatchObject({ error_code: 'password_free_off' });
      await saveSettings({ auto_login: { enabled: false, username: 'operator1' } });
      expect((await appToken({ grant_type: 'password_free', username: 'operator1' })).json()).toMatchObject({ error_code: 'password_free_off' });
    });

    it('LOCK-01: five wrong passwords lock an added WebView user from that address, as for the others', async () => {
      await addUser('operator1');
      for (let i = 0; i < 5; i++) await signIn('operator1', `Wrong-Pass-${i}xx`, '10.1.1.1');
      const res = await signIn('operator1', PASSWORD, '10.1.1.1');
      expect([res.statusCode, res.json().error_code]).toEqual([429, 'login_locked']);
      expect((await signIn('operator1', PASSWORD, '10.1.1.2')).statusCode).toBe(200);
      // its failures are its own, not the unknown names' shared key
      expect(t.device.db.prepare('SELECT username FROM login_lockouts').pluck().all()).toEqual(['operator1']);
    });
  });

  describe('sign-in info', () => {
    it('answers the enabled users, password-free and the automatic sign-in user without a token', async () => {
      await addUser('operator1', 'view_only');
      await addUser('operator2');
      await t.call('PUT', `${usersUrl}/operator2`, admin, { enabled: false });
      await saveSettings({ password_free: true, home_page: true, auto_login: { enabled: true, username: 'operator1' } });
      const res = await t.call('GET', '/api/v1/webview/sign-in', null);
      expect(res.json()).toEqual({
        enabled: true,
        password_free: true,
        auto_login: 'operator1',
        home_page: true,
        users: [
          { username: 'cmt_default_control_user', role: 'control' },
          { username: 'cmt_default_view_only_user', role: 'view_only' },
          { username: 'operator1', role: 'view_only' },
        ],
      });
    });

    it('answers enabled:false and no users while WebView is off', async () => {
      await saveSettings({ enabled: false, password_free: true });
      expect((await t.call('GET', '/api/v1/webview/sign-in', null)).json()).toEqual({ enabled: false, password_free: false, auto_login: null, home_page: false, users: [] });
    });
  });
});

describe('migration 8 and the setting upgrade', () => {
  it('moves which built-in users were disabled from the stored setting to the accounts', async () => {
    const dataDir = makeDataDir();
    try {
      const older = openDatabase(dataDir, MIGRATIONS.filter((m) => m.id < 8));
      const put = older.prepare(
        "INSERT INTO accounts (username, mode, password_hash, state_code, password_updated_at, created_at) VALUES (?, ?, 'x', 1, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')",
      );
      for (const [u, mode] of [['admin', 'admin'], ['update', 'admin'], ['history', 'admin'], ['cmt_default_control_user', 'user'], ['cmt_default_view_only_user', 'user']]) put.run(u, mode);
      older
        .prepare('INSERT INTO settings (key, value) VALUES (?, ?)')
        .run('webview', JSON.stringify({ enabled: true, timeout_enabled: true, timeout_minutes: 20, password_free: false, auto_login: { enabled: false, username: null }, users_enabled: { cmt_default_control_user: true, cmt_default_view_only_user: false } }));
      older.close();

      const db = openDatabase(dataDir);
      expect(db.prepare('SELECT username, webview_role, enabled FROM accounts ORDER BY username').all()).toEqual([
        { username: 'admin', webview_role: null, enabled: 1 },
        { username: 'cmt_default_control_user', webview_role: 'control', enabled: 1 },
        { username: 'cmt_default_view_only_user', webview_role: 'view_only', enabled: 0 },
        { username: 'history', webview_role: null, enabled: 1 },
        { username: 'update', webview_role: null, enabled: 1 },
      ]);
      const settings = new SettingsService(db, SETTING_DEFS);
      expect(settings.get('webview')).toEqual({
        enabled: true,
        idle_timeout: { enabled: true, minutes: 20 },
        home_page: false,
        password_free: false,
        auto_login: { enabled: false, username: null },
        max_viewers: 4,
      });
      db.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps a saved idle timeout across restarts (the upgrade leaves the current shape alone)', async () => {
    const t = await startTestDevice();
    const dataDir = t.dataDir;
    const admin = await t.login('admin');
    const current = (await t.call('GET', '/api/v1/webview/settings', admin)).json();
    await t.call('PUT', '/api/v1/webview/settings', admin, { ...current, idle_timeout: { enabled: true, minutes: 30 } });
    await t.app.close();
    const again = await startTestDevice({ dataDir });
    try {
      expect(again.device.settings.get('webview').idle_timeout).toEqual({ enabled: true, minutes: 30 });
    } finally {
      await again.close();
    }
  });
});

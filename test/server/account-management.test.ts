/** Account Management (docs/decisions.md#account-management): the accounts as admin sees them,
 * enabling and disabling update and history, their extra roles (enforced at the next call), a
 * password reset confirmed by admin's own password, the live sessions with Sign out (the time
 * socket closes), and the lockouts with Unlock. The 400/401/403 of every call are also in the
 * shared matrix (test/support/call-cases/accounts.ts). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestDevice, TEST_PASSWORD, type TestDevice } from '../support/device';
import { startServer, type RunningServer } from '../../server/listen';
import { jsonRequest, loginOver, openSocket } from '../support/net';
import { DATETIME_SOCKET_PATH } from '../../contract/api';
import { ALL_CALLS } from '../../contract/api';
import { shortBrowser } from '../../server/services/account-management';
import { MAX_FAILURES } from '../../server/services/lockout';

const ACCOUNTS = '/api/v1/uac/accounts';
const SESSIONS = '/api/v1/uac/sessions';
const LOCKOUTS = '/api/v1/uac/lockouts';
const NEW_PASSWORD = 'Reset-Pass-2468';
const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('Account Management', () => {
  let t: TestDevice;
  let admin: string;

  beforeEach(async () => {
    t = await startTestDevice();
    admin = await t.login('admin');
  });
  afterEach(() => t.close());

  const signIn = (account: string, password = TEST_PASSWORD, source?: string, userAgent?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/token/${account}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(userAgent ? { 'user-agent': userAgent } : {}) },
      payload: new URLSearchParams({ grant_type: 'password', username: account, password }).toString(),
      ...(source === undefined ? {} : { remoteAddress: source }),
    });
  const accounts = async () => (await t.call('GET', ACCOUNTS, admin)).json() as Array<Record<string, unknown>>;
  const accountOf = async (name: string) => (await accounts()).find((a) => a.username === name)!;
  const lastRow = (action: string) =>
    t.device.db.prepare('SELECT * FROM operation_log WHERE action = ? ORDER BY id DESC LIMIT 1').get(action) as Record<string, string | null>;

  it('lists admin, update, history and the WebView users with their state', async () => {
    await signIn('history', TEST_PASSWORD, '192.0.2.44');
    const list = await accounts();
    expect(list.map((a) => [a.username, a.mode, a.enabled])).toEqual([
      ['admin', 'admin', true],
      ['update', 'admin', true],
      ['history', 'admin', true],
      ['cmt_default_control_user', 'user', true],
      ['cmt_default_view_only_user', 'user', true],
    ]);
    const history = list.find((a) => a.username === 'history')!;
    expect(history).toMatchObject({
      must_change_password: true,
      password_age_days: 0,
      last_sign_in: { source: '192.0.2.44' },
      locked: false,
      extra_roles: [],
      live_sessions: 1,
    });
    expect(list.find((a) => a.username === 'update')!.last_sign_in).toBeNull();
    expect(list.find((a) => a.username === 'cmt_default_control_user')!.webview_role).toBe('control');
  });

  describe('enabling and disabling', () => {
    it('admin cannot disable itself (409 own_account) nor take extra roles (400)', async () => {
      const res = await t.call('PUT', `${ACCOUNTS}/admin`, admin, { enabled: false });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error_code: 'own_account' });
      expect((await accountOf('admin')).enabled).toBe(true);
      expect(lastRow('update_account')).toMatchObject({ target: 'accounts.managed:admin', result: 'own_account' });
      const roles = await t.call('PUT', `${ACCOUNTS}/admin`, admin, { extra_roles: ['recipe'] });
      expect(roles.statusCode).toBe(400);
      expect(roles.json()).toMatchObject({ error_code: 'validation_failure', field: 'extra_roles' });
      // admin's own session still works
      expect((await t.call('GET', ACCOUNTS, admin)).statusCode).toBe(200);
    });

    it('refuses a WebView user, an unknown name and an empty change (400)', async () => {
      for (const [url, body, field] of [
        [`${ACCOUNTS}/cmt_default_control_user`, { enabled: false }, 'name'],
        [`${ACCOUNTS}/nobody`, { enabled: false }, 'name'],
        [`${ACCOUNTS}/update`, {}, 'body'],
        [`${ACCOUNTS}/update`, { enabled: 'no' }, 'enabled'],
        [`${ACCOUNTS}/update`, { extra_roles: ['recipe', 'recipe'] }, 'extra_roles'],
        [`${ACCOUNTS}/update`, { extra_roles: ['api'] }, 'extra_roles.0'],
      ] as const) {
        const res = await t.call('PUT', url, admin, body);
        expect({ url, status: res.statusCode, body: res.json() }).toMatchObject({ url, status: 400, body: { error_code: 'validation_failure', field } });
      }
    });

    it('SESS-02: a disabled account cannot sign in and its sessions end at once; enabled again, it signs in', async () => {
      const history = await t.login('history');
      expect((await t.call('GET', '/api/v1/uac/account/userinfo', history)).statusCode).toBe(200);
      const res = await t.call('PUT', `${ACCOUNTS}/history`, admin, { enabled: false });
      expect(res.statusCode).toBe(200);
      expect(res.json().find((a: { username: string }) => a.username === 'history')).toMatchObject({ enabled: false, live_sessions: 0 });
      const after = await t.call('GET', '/api/v1/uac/account/userinfo', history);
      expect(after.statusCode).toBe(400);
      expect(after.json()).toMatchObject({ error_code: 'invalid_token' });
      const refused = await signIn('history');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ error_code: 'invalid_credentials' });
      expect(lastRow('update_account')).toMatchObject({ account: 'admin', target: 'accounts.managed:history', result: 'success' });
      expect(JSON.parse(lastRow('update_account').after_value!)).toEqual({ enabled: false });
      expect(JSON.parse(lastRow('update_account').before_value!)).toEqual({ enabled: true, extra_roles: [] });

      expect((await t.call('PUT', `${ACCOUNTS}/history`, admin, { enabled: true })).statusCode).toBe(200);
      expect((await signIn('history')).statusCode).toBe(200);
    });
  });

  describe('extra roles', () => {
    it('JWT-03: a granted menu is enforced at the next call of a session already open, and the extra-role call answers it', async () => {
      const history = await t.login('history');
      expect((await t.call('GET', '/api/v1/recipe/books', history)).statusCode).toBe(403);
      const res = await t.call('PUT', `${ACCOUNTS}/history`, admin, { extra_roles: ['recipe', 'opcua'] });
      expect(res.statusCode).toBe(200);
      expect(res.json().find((a: { username: string }) => a.username === 'history').extra_roles).toEqual(['opcua', 'recipe']);
      expect((await t.call('GET', '/api/v1/recipe/books', history)).statusCode).not.toBe(403);
      expect((await t.call('GET', '/api/v1/uac/account/extra-role', history)).json()).toEqual(['opcua', 'recipe']);
      // still nothing admin alone may do
      expect((await t.call('GET', ACCOUNTS, history)).statusCode).toBe(403);

      expect((await t.call('PUT', `${ACCOUNTS}/history`, admin, { extra_roles: [] })).statusCode).toBe(200);
      expect((await t.call('GET', '/api/v1/recipe/books', history)).statusCode).toBe(403);
      expect((await t.call('GET', '/api/v1/uac/account/extra-role', history)).json()).toEqual([]);
    });
  });

  describe('password reset', () => {
    const reset = (name: string, body: Record<string, unknown>) => t.call('PUT', `${ACCOUNTS}/${name}/password`, admin, body);

    it("needs admin's own password (400 current_password_error, counted towards the lockout)", async () => {
      const res = await reset('update', { password: NEW_PASSWORD, admin_password: 'Wrong-Pass-1' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'current_password_error' });
      expect(t.device.db.prepare("SELECT COUNT(*) FROM login_failures WHERE username = 'admin'").pluck().get()).toBe(1);
      expect((await signIn('update')).statusCode).toBe(200);
    });

    it('applies the strength rules and the password history', async () => {
      const weak = await reset('update', { password: 'short', admin_password: TEST_PASSWORD });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({ error_code: 'password_too_weak', failures: ['min_length'], field: 'password' });
      const reused = await reset('update', { password: TEST_PASSWORD, admin_password: TEST_PASSWORD });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toMatchObject({ error_code: 'password_reused', field: 'password' });
      for (const [body, field] of [
        [{ password: NEW_PASSWORD }, 'admin_password'],
        [{ admin_password: TEST_PASSWORD }, 'password'],
        [{ password: '', admin_password: TEST_PASSWORD }, 'password'],
      ] as const) {
        const res = await reset('update', body);
        expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status: 400, body: { error_code: 'validation_failure', field } });
      }
      const own = await reset('admin', { password: NEW_PASSWORD, admin_password: TEST_PASSWORD });
      expect(own.json()).toMatchObject({ error_code: 'validation_failure', field: 'name' });
    });

    it("SESS-02: ends the account's sessions at once and it must change the password at its next sign-in", async () => {
      const update = await t.loginPair('update');
      await t.call('PATCH', '/api/v1/uac/account/state', update.access_token, { code: 1 });
      expect((await accountOf('update')).must_change_password).toBe(false);

      const res = await reset('update', { password: NEW_PASSWORD, admin_password: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json().find((a: { username: string }) => a.username === 'update')).toMatchObject({ must_change_password: true, live_sessions: 0 });
      expect((await t.call('GET', '/api/v1/uac/account/userinfo', update.access_token)).json()).toMatchObject({ error_code: 'invalid_token' });
      const renewal = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/token/update',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: update.refresh_token }).toString(),
      });
      expect(renewal.statusCode).toBe(400);

      expect((await signIn('update')).statusCode).toBe(401);
      const signed = await signIn('update', NEW_PASSWORD);
      expect(signed.statusCode).toBe(200);
      const info = (await t.call('GET', '/api/v1/uac/account/userinfo', signed.json().access_token)).json();
      // state_code 0: the first-run wizard (a new password) opens at this sign-in
      expect(info).toMatchObject({ username: 'update', state_code: 0 });
      // admin's own session stays
      expect((await t.call('GET', ACCOUNTS, admin)).statusCode).toBe(200);

      const row = lastRow('reset_account_password');
      expect(row).toMatchObject({ account: 'admin', target: 'accounts.managed:update', result: 'success' });
      expect(row.after_value).not.toContain(NEW_PASSWORD);
      expect(row.after_value).not.toContain(TEST_PASSWORD);
      expect(JSON.parse(row.after_value!)).toEqual({ password: '***', admin_password: '***' });
    });
  });

  describe('sessions', () => {
    it('SESS-05: lists every live session with its address, browser, start and last call', async () => {
      const before = t.device.clock.now();
      const pair = (await signIn('update', TEST_PASSWORD, '192.0.2.10', CHROME_UA)).json();
      await t.call('GET', '/api/v1/uac/account/userinfo', pair.access_token);
      const list = (await t.call('GET', SESSIONS, admin)).json() as Array<Record<string, unknown>>;
      expect(list.map((s) => s.username).sort()).toEqual(['admin', 'update']);
      const update = list.find((s) => s.username === 'update')!;
      expect(update).toMatchObject({ source: '192.0.2.10', browser: 'Chrome 131 on Linux', user_agent: CHROME_UA, current: false });
      expect(Date.parse(update.started_at as string)).toBeGreaterThanOrEqual(before - 1000);
      expect(list.find((s) => s.username === 'admin')!.current).toBe(true);
      // a signed-out session is not live
      await t.call('POST', '/api/v1/auth/logout', pair.access_token);
      expect(((await t.call('GET', SESSIONS, admin)).json() as unknown[]).length).toBe(1);
    });

    it('SESS-05: Sign out revokes the session at once: its next call and its renewal are refused; 404 for none', async () => {
      const pair = (await signIn('history', TEST_PASSWORD, '192.0.2.11')).json();
      const other = await t.login('history');
      const id = ((await t.call('GET', SESSIONS, admin)).json() as Array<{ id: string; source: string }>).find((s) => s.source === '192.0.2.11')!.id;
      const res = await t.call('DELETE', `${SESSIONS}/${id}`, admin);
      expect(res.statusCode).toBe(200);
      expect((res.json() as Array<{ id: string }>).some((s) => s.id === id)).toBe(false);
      const next = await t.call('GET', '/api/v1/uac/account/userinfo', pair.access_token);
      expect(next.statusCode).toBe(400);
      expect(next.json()).toMatchObject({ error_code: 'invalid_token' });
      const renewal = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/token/history',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: pair.refresh_token }).toString(),
      });
      expect(renewal.statusCode).toBe(400);
      // the account's other session goes on
      expect((await t.call('GET', '/api/v1/uac/account/userinfo', other)).statusCode).toBe(200);
      expect(lastRow('end_session')).toMatchObject({ account: 'admin', target: 'accounts.sessions', result: 'success' });
      expect(JSON.parse(lastRow('end_session').before_value!)).toMatchObject({ id, username: 'history', source: '192.0.2.11' });

      const again = await t.call('DELETE', `${SESSIONS}/${id}`, admin);
      expect(again.statusCode).toBe(404);
    });
  });

  describe('lockouts', () => {
    it('LOCK-05: lists an address locked out of an account; Unlock lets the account sign in from it at once', async () => {
      const source = '192.0.2.77';
      for (let i = 0; i < MAX_FAILURES; i++) await signIn('update', 'Wrong-Pass-1', source);
      expect((await signIn('update', TEST_PASSWORD, source)).statusCode).toBe(429);
      const list = (await t.call('GET', LOCKOUTS, admin)).json() as Array<{ id: string; source: string; username: string; minutes_left: number }>;
      expect(list).toEqual([expect.objectContaining({ source, username: 'update', minutes_left: 10 })]);
      expect((await accountOf('update')).locked).toBe(true);

      const res = await t.call('DELETE', `${LOCKOUTS}/${encodeURIComponent(list[0]!.id)}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect((await accountOf('update')).locked).toBe(false);
      expect((await signIn('update', TEST_PASSWORD, source)).statusCode).toBe(200);
      expect(lastRow('unlock_sign_in')).toMatchObject({ account: 'admin', target: 'accounts.lockouts', result: 'success' });

      const again = await t.call('DELETE', `${LOCKOUTS}/${encodeURIComponent(list[0]!.id)}`, admin);
      expect(again.statusCode).toBe(404);
    });

    it('shows the lockout all unknown names share without a name', async () => {
      for (let i = 0; i < MAX_FAILURES; i++) await signIn('update', 'x', '192.0.2.78').then(() => undefined);
      t.device.db.prepare("INSERT INTO login_lockouts (source, username, until) VALUES ('192.0.2.79', '*unknown*', ?)").run(t.device.clock.now() + 60_000);
      const list = (await t.call('GET', LOCKOUTS, admin)).json() as Array<{ source: string; username: string | null }>;
      expect(list.find((l) => l.source === '192.0.2.79')).toMatchObject({ username: null });
    });
  });

  it('AUTH-01, AUTH-02: answers 401 without a token and 403 to update, history and the WebView users on every call', async () => {
    const calls = ALL_CALLS.filter((c) => c.id.startsWith('accounts.'));
    expect(calls).toHaveLength(7);
    const tokens = await Promise.all((['update', 'history', 'cmt_default_control_user'] as const).map((a) => t.login(a)));
    for (const call of calls) {
      const url = call.path.replace(':name', 'update').replace(':id', '00000000-0000-0000-0000-000000000000');
      expect({ id: call.id, status: (await t.call(call.method, url, null)).statusCode }).toEqual({ id: call.id, status: 401 });
      for (const token of tokens) expect({ id: call.id, status: (await t.call(call.method, url, token)).statusCode }).toEqual({ id: call.id, status: 403 });
    }
  });

  it('shortens user agents to the browser and the system', () => {
    expect(shortBrowser(CHROME_UA)).toBe('Chrome 131 on Linux');
    expect(shortBrowser('Mozilla/5.0 (iPad; CPU OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1')).toBe('Safari 17 on iPad');
    expect(shortBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox 133 on Windows');
    expect(shortBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe('Edge 131 on Windows');
    expect(shortBrowser('curl/8.5.0')).toBe('curl/8.5.0');
    expect(shortBrowser(null)).toBeNull();
  });
});

describe('Account Management over real sockets', () => {
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-accounts-'));
    server = await startServer({ port: 0, httpsPort: 0, host: '127.0.0.1', dataDir, initialPassword: TEST_PASSWORD, logger: false });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("SESS-02: Sign out closes the session's time socket at once (4401)", async () => {
    const admin = await loginOver(server.httpUrl, 'admin');
    const victim = await loginOver(server.httpUrl, 'history');
    const s = openSocket(`${server.httpUrl.replace(/^http/, 'ws')}${DATETIME_SOCKET_PATH}`);
    await s.opened;
    s.ws.send(victim.access_token);
    await s.waitForMessages(1);
    const list = (await jsonRequest(`${server.httpUrl}${SESSIONS}`, 'GET', admin.access_token)).json() as Array<{ id: string; username: string }>;
    const id = list.find((x) => x.username === 'history')!.id;
    const before = performance.now();
    expect((await jsonRequest(`${server.httpUrl}${SESSIONS}/${id}`, 'DELETE', admin.access_token)).status).toBe(200);
    const { code, at } = await s.closed;
    expect(code).toBe(4401);
    expect(at - before).toBeLessThan(900);
  });
});

/** API keys (docs/decisions.md#api-keys): made, listed and revoked by admin; a call with a key is
 * checked as its account's token would be and by the key's own scope (its menus, read-only, its
 * expiry, its revocation); keys never sign in, renew, change passwords or keys, or open the
 * sockets; the secret is answered once and kept only as a hash. Tests of a security case are
 * named by its ID. */
import fs from 'node:fs';
import path from 'node:path';
import { startTestDevice, TEST_PASSWORD, type TestDevice } from '../support/device';
import { ManualClock } from '../../server/lib/clock';
import { LAST_USE_WRITE_MS } from '../../server/services/api-keys';

const KEYS = '/api/v1/uac/api-keys';
const EVENTS = '/api/v1/eventlog';

describe('API keys', () => {
  let t: TestDevice;
  let clock: ManualClock;
  let admin: string;

  beforeEach(async () => {
    clock = new ManualClock(Date.UTC(2026, 5, 1, 8, 0, 0));
    t = await startTestDevice({ clock });
    admin = await t.login('admin');
  });
  afterEach(() => t.close());

  const create = (body: Record<string, unknown>) => t.call('POST', KEYS, admin, { name: 'SCADA', account: 'history', menus: ['event_log'], access: 'read_only', ...body });
  const made = async (body: Record<string, unknown> = {}) => {
    const res = await create(body);
    expect(res.statusCode).toBe(200);
    return res.json() as { key: { id: string; state: string; last_used_at: string | null; last_used_from: string | null }; secret: string };
  };
  const withKey = (method: string, url: string, key: string, payload?: unknown, remoteAddress?: string) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${key}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const listed = async () => (await t.call('GET', KEYS, admin)).json().keys as Array<Record<string, unknown>>;

  it('makes a key whose secret is answered once, recognisable by its prefix and id', async () => {
    const { key, secret } = await made({ name: '  SCADA  ', expires_at: '2026-12-31T23:59:59Z' });
    expect(secret).toMatch(new RegExp(`^hmik_${key.id}_[A-Za-z0-9_-]{43}$`));
    expect(key).toMatchObject({ name: 'SCADA', account: 'history', menus: ['event_log'], access: 'read_only', prefix: `hmik_${key.id}_`, expires_at: '2026-12-31T23:59:59.000Z', created_by: 'admin', created_at: '2026-06-01T08:00:00.000Z', state: 'active', last_used_at: null, revoked_at: null });
    const all = await listed();
    expect(all).toHaveLength(1);
    expect(JSON.stringify(all)).not.toContain(secret.slice(-43));
  });

  it('refuses a name, menus or expiry the rules refuse, naming the field', async () => {
    const problem = async (body: Record<string, unknown>) => {
      const res = await create(body);
      expect(res.statusCode).toBe(400);
      return { field: res.json().field, problem: res.json().problem };
    };
    expect(await problem({ name: '' })).toEqual({ field: 'name', problem: undefined });
    expect(await problem({ name: '   ' })).toEqual({ field: 'name', problem: 'name_required' });
    expect(await problem({ name: 'x'.repeat(65) })).toMatchObject({ field: 'name' });
    expect(await problem({ name: 'a\r\nb' })).toEqual({ field: 'name', problem: 'name_invalid' });
    expect(await problem({ menus: [] })).toMatchObject({ field: 'menus' });
    expect(await problem({ menus: ['no_such_menu'] })).toMatchObject({ field: 'menus.0' });
    // History has no Network menu; no key is given account, password, security or key power.
    expect(await problem({ menus: ['ethernet'] })).toEqual({ field: 'menus', problem: 'menu_not_allowed' });
    expect(await problem({ account: 'admin', menus: ['api'] })).toEqual({ field: 'menus', problem: 'menu_not_allowed' });
    expect(await problem({ account: 'admin', menus: ['system_password'] })).toEqual({ field: 'menus', problem: 'menu_not_allowed' });
    expect(await problem({ account: 'cmt_default_control_user' })).toMatchObject({ field: 'account' });
    expect(await problem({ access: 'write_only' })).toMatchObject({ field: 'access' });
    expect(await problem({ expires_at: 'tomorrow' })).toMatchObject({ field: 'expires_at' });
    expect(await problem({ expires_at: '2026-06-01T07:59:59Z' })).toEqual({ field: 'expires_at', problem: 'expiry_past' });
    expect(await listed()).toEqual([]);
  });

  it('a key may be given the menus admin granted its account as extra roles: the list says which each account offers', async () => {
    const offered = async () => (await t.call('GET', KEYS, admin)).json().menus as Record<string, string[]>;
    expect((await offered()).history).toEqual(['system_info', 'dashboard', 'data_log', 'event_log', 'operation_log', 'backup_data']);
    expect((await offered()).admin).not.toEqual(expect.arrayContaining(['account_management', 'system_password', 'security', 'api', 'doc', 'machines']));
    expect((await offered()).update).not.toContain('event_log');
    expect((await create({ account: 'update', menus: ['event_log'] })).statusCode).toBe(400);
    t.device.db.prepare("INSERT INTO extra_roles (username, menu) VALUES ('update', 'event_log')").run();
    expect((await offered()).update).toContain('event_log');
    expect((await create({ account: 'update', menus: ['event_log'] })).statusCode).toBe(200);
  });

  it('AUTH-02: a read-only key lists the event log and is refused every write (403)', async () => {
    const { key, secret } = await made();
    const list = await withKey('GET', EVENTS, secret);
    expect(list.statusCode).toBe(200);
    expect((await withKey('POST', `${EVENTS}/ack-all`, secret, {})).statusCode).toBe(403);
    expect((await withKey('POST', `${EVENTS}/1/ack`, secret, {})).statusCode).toBe(403);
    // Each refusal is in the operation log, naming the key.
    const rows = t.device.db.prepare("SELECT account, source, result FROM operation_log WHERE action LIKE 'acknowledge%' ORDER BY id").all();
    expect(rows).toEqual([
      { account: 'history', source: `127.0.0.1 (API key ${key.id})`, result: 'forbidden' },
      { account: 'history', source: `127.0.0.1 (API key ${key.id})`, result: 'forbidden' },
    ]);
  });

  it('AUTH-02: a read-write key writes within its menus, as its account may; the row names the account and the key', async () => {
    const { key, secret } = await made({ account: 'admin', menus: ['event_log', 'operation_log'], access: 'read_write' });
    expect((await withKey('POST', `${EVENTS}/ack-all`, secret, {})).statusCode).toBe(200);
    const row = t.device.db.prepare("SELECT account, source, result FROM operation_log WHERE action = 'acknowledge_all_alarms' ORDER BY id DESC LIMIT 1").get();
    expect(row).toEqual({ account: 'admin', source: `127.0.0.1 (API key ${key.id})`, result: 'success' });
    // History may read the event log but never acknowledge: its key neither, read-write or not.
    const history = await made({ access: 'read_write' });
    expect((await withKey('POST', `${EVENTS}/ack-all`, history.secret, {})).statusCode).toBe(403);
  });

  it('AUTH-02: a key outside its menus is refused (403), even where its account may go', async () => {
    const { secret } = await made({ menus: ['event_log'] });
    expect((await withKey('GET', '/api/v1/operation-log', secret)).statusCode).toBe(403);
    expect((await withKey('GET', '/api/v1/datalog', secret)).statusCode).toBe(403);
    const adminKey = await made({ account: 'admin', menus: ['event_log'] });
    expect((await withKey('GET', '/api/v1/network/ethernet', adminKey.secret)).statusCode).toBe(403);
  });

  it("AUTH-02: a key loses what its account loses: an extra role taken back refuses the key's call at once", async () => {
    t.device.db.prepare("INSERT INTO extra_roles (username, menu) VALUES ('update', 'event_log')").run();
    const { secret } = await made({ account: 'update', menus: ['event_log'] });
    expect((await withKey('GET', EVENTS, secret)).statusCode).toBe(200);
    t.device.db.prepare("DELETE FROM extra_roles WHERE username = 'update'").run();
    expect((await withKey('GET', EVENTS, secret)).statusCode).toBe(403);
  });

  it('JWT-04: an expired key is refused (401) from its expiry on, by the device clock', async () => {
    const { key, secret } = await made({ expires_at: '2026-06-01T09:00:00Z' });
    expect((await withKey('GET', EVENTS, secret)).statusCode).toBe(200);
    clock.advance(60 * 60 * 1000);
    const res = await withKey('GET', EVENTS, secret);
    expect(res.statusCode).toBe(401);
    expect(res.json().error_code).toBe('unauthorized');
    admin = await t.login('admin');
    expect((await listed()).find((k) => k.id === key.id)!.state).toBe('expired');
  });

  it('SESS-01: a revoked key is refused at its next call (401), and the revocation is logged', async () => {
    const { key, secret } = await made();
    expect((await withKey('GET', EVENTS, secret)).statusCode).toBe(200);
    const res = await t.call('DELETE', `${KEYS}/${key.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: key.id, state: 'revoked', revoked_at: '2026-06-01T08:00:00.000Z' });
    expect((await withKey('GET', EVENTS, secret)).statusCode).toBe(401);
    const row = t.device.db.prepare("SELECT account, target, result FROM operation_log WHERE action = 'revoke_api_key'").get();
    expect(row).toEqual({ account: 'admin', target: `api_keys.${key.id}`, result: 'success' });
    expect((await t.call('DELETE', `${KEYS}/0123456789abcdef`, admin)).statusCode).toBe(404);
  });

  it("AUTH-01: a forged key, a key with another's id or a changed secret is refused (401)", async () => {
    const a = await made();
    const b = await made({ name: 'other' });
    const forged = [
      'hmik_',
      'hmik_0123456789abcdef_' + 'A'.repeat(43),
      `hmik_${a.key.id}_${b.secret.slice(-43)}`,
      a.secret.slice(0, -1) + (a.secret.endsWith('A') ? 'B' : 'A'),
      `${a.secret}x`,
    ];
    for (const key of forged) expect((await withKey('GET', EVENTS, key)).statusCode).toBe(401);
  });

  it('keys never sign in nor renew a session (JWT-04): the token calls refuse them', async () => {
    const { secret } = await made({ account: 'admin', menus: ['event_log'], access: 'read_write' });
    const form = (fields: Record<string, string>) => ({
      method: 'POST' as const,
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${secret}` },
      payload: new URLSearchParams(fields).toString(),
    });
    const refresh = await t.app.inject({ url: '/api/v1/auth/token/admin', ...form({ grant_type: 'refresh_token', refresh_token: secret }) });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json().error_code).toBe('invalid_token');
    const signIn = await t.app.inject({ url: '/api/v1/auth/token/admin', ...form({ grant_type: 'password', username: 'admin', password: secret }) });
    expect(signIn.statusCode).not.toBe(200);
    const app = await t.app.inject({ url: '/api/v1/auth/token/app', ...form({ grant_type: 'refresh_token', refresh_token: secret }) });
    expect(app.statusCode).toBe(400);
    expect((await withKey('GET', '/api/v1/auth/token/check', secret)).statusCode).toBe(403);
    expect((await withKey('POST', '/api/v1/auth/logout', secret, {})).statusCode).toBe(403);
  });

  it('keys never change passwords, read the user info or manage keys (403)', async () => {
    const { secret } = await made({ account: 'admin', menus: ['event_log'], access: 'read_write' });
    const password = await withKey('PATCH', '/api/v1/uac/account/admin/password', secret, { username: 'admin', current: TEST_PASSWORD, password: 'Another-Pass-99' });
    expect(password.statusCode).toBe(403);
    expect((await withKey('GET', '/api/v1/uac/account/userinfo', secret)).statusCode).toBe(403);
    expect((await withKey('GET', KEYS, secret)).statusCode).toBe(403);
    expect((await withKey('POST', KEYS, secret, { name: 'more', account: 'admin', menus: ['event_log'], access: 'read_write' })).statusCode).toBe(403);
    expect((await withKey('DELETE', `${KEYS}/0123456789abcdef`, secret)).statusCode).toBe(403);
    // A key stored with a menu it may not have (written around the rules) is still refused.
    t.device.db.prepare("UPDATE api_keys SET menus = '[\"api\",\"event_log\"]'").run();
    expect((await withKey('GET', KEYS, secret)).statusCode).toBe(403);
  });

  it('keys never open the sockets: the socket check (tokens.verifyAccess) refuses them', async () => {
    const { secret } = await made();
    expect(() => t.device.tokens.verifyAccess(secret)).toThrow();
  });

  it('records the last use (device time, address) at most once a second per key', async () => {
    t.device.settings.set('time_offset_ms', 3_600_000);
    const { key, secret } = await made();
    expect((await withKey('GET', EVENTS, secret, undefined, '10.0.0.7')).statusCode).toBe(200);
    const first = (await listed()).find((k) => k.id === key.id)!;
    expect(first).toMatchObject({ last_used_at: '2026-06-01T09:00:00.000Z', last_used_from: '10.0.0.7' });
    const writes = jest.spyOn(t.device.db, 'prepare');
    clock.advance(LAST_USE_WRITE_MS / 2);
    await withKey('GET', EVENTS, secret, undefined, '10.0.0.8');
    expect(writes.mock.calls.filter(([sql]) => /UPDATE api_keys SET last_used/.test(sql))).toHaveLength(0);
    writes.mockRestore();
    expect((await listed()).find((k) => k.id === key.id)!.last_used_from).toBe('10.0.0.7');
    clock.advance(LAST_USE_WRITE_MS);
    await withKey('GET', EVENTS, secret, undefined, '10.0.0.8');
    expect((await listed()).find((k) => k.id === key.id)).toMatchObject({ last_used_at: '2026-06-01T09:00:01.500Z', last_used_from: '10.0.0.8' });
  });

  it('PW-03: the secret is never in an answer but the first, nor in the operation log; the database keeps its hash only', async () => {
    const { key, secret } = await made();
    await t.call('DELETE', `${KEYS}/${key.id}`, admin);
    const part = secret.slice(-43);
    expect(JSON.stringify(await listed())).not.toContain(part);
    const log = await t.call('GET', '/api/v1/operation-log', admin);
    expect(log.statusCode).toBe(200);
    expect(log.body).not.toContain(part);
    const rows = t.device.db.prepare("SELECT * FROM operation_log WHERE action IN ('create_api_key', 'revoke_api_key')").all();
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(part);
    const stored = t.device.db.prepare('SELECT secret_hash FROM api_keys').pluck().get() as string;
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    t.device.db.pragma('wal_checkpoint(TRUNCATE)');
    for (const file of fs.readdirSync(t.dataDir).filter((f) => f.startsWith('device.sqlite'))) {
      expect(fs.readFileSync(path.join(t.dataDir, file)).includes(part)).toBe(false);
    }
  });

  it('AUTH-02: only admin lists, makes and revokes keys', async () => {
    for (const account of ['update', 'history'] as const) {
      const token = await t.login(account);
      expect((await t.call('GET', KEYS, token)).statusCode).toBe(403);
      expect((await t.call('POST', KEYS, token, { name: 'x', account, menus: ['system_info'], access: 'read_only' })).statusCode).toBe(403);
    }
    expect((await t.call('GET', KEYS, null)).statusCode).toBe(401);
  });
});

/** docs/decisions.md#operation-log-rows: every call that changes something writes one operation-log
 * row (UTC time, account, source address, action, target, before/after with secrets masked,
 * result); reads write none. */
import { ALL_CALLS, caseOf, requestOf, tokenCache, updatesIdle, WIFI_CONNECT } from '../support/call-cases';
import { ManualClock } from '../../server/lib/clock';
import { startTestDevice, TEST_PASSWORD, type TestDevice } from '../support/device';
import { expirationWire, hotspotSettings, strengthRulesWire } from '../support/settings';
import type { CallDef } from '../../contract/api';

interface Row {
  id: number;
  at: string;
  account: string | null;
  source: string;
  action: string;
  target: string;
  before_value: string | null;
  after_value: string | null;
  result: string;
}

const SOURCE = '10.4.0.7';
const mutating = ALL_CALLS.filter((c) => c.audit).map((c) => [c.id, c] as const);
const reading = ALL_CALLS.filter((c) => !c.audit).map((c) => [c.id, c] as const);

describe('[AUD-01] operation log', () => {
  let t: TestDevice;
  beforeAll(async () => {
    t = await startTestDevice();
  });
  afterAll(() => t.close());

  let readerTokens: ReturnType<typeof tokenCache> | null = null;
  const readers = () => (readerTokens ??= tokenCache(t));
  const lastId = () => (t.device.db.prepare('SELECT COALESCE(MAX(id), 0) FROM operation_log').pluck().get() as number);
  /** The rows a request wrote after row `id`. An update job of an earlier case writes its outcome
   * (`project_update_finished`, `device_rebooted`) when it ends, as the device (`source` 'device'):
   * not a row of this request, which must name where it came from. */
  const rowsAfter = (id: number) =>
    (t.device.db.prepare('SELECT * FROM operation_log WHERE id > ? ORDER BY id').all(id) as Row[]).filter((r) => r.source !== 'device');

  async function make(call: CallDef, token: string | null, override: { body?: unknown; url?: string } = {}) {
    const c = caseOf(call);
    if (call.upload) await updatesIdle(t);
    return t.app.inject(requestOf(call, { ...c, ...override }, token, { remoteAddress: SOURCE }));
  }

  /** The case's preparation (a pending change, the radio on), done before rows are counted. */
  async function prepared(call: CallDef): Promise<{ url?: string }> {
    const c = caseOf(call);
    return c.prepare ? c.prepare(t, await t.login('admin')) : {};
  }

  it('covers the mutating calls of the contract', () => {
    expect(mutating.map(([id]) => id)).toEqual(expect.arrayContaining(['auth.tokenApp', 'uac.changeAdminPassword', 'system.setHmiName']));
  });

  it.each(mutating)('%s writes exactly one row on success', async (_id, call) => {
    const c = caseOf(call);
    const token = c.account === null ? null : await t.login(c.account);
    const override = await prepared(call);
    const before = lastId();
    const res = await make(call, token, override);
    expect(res.statusCode).toBe(call.successStatus ?? 200);
    const rows = rowsAfter(before);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.action).toBe(call.audit!.action);
    expect(row.result).toBe('success');
    expect(row.source).toBe(SOURCE);
    expect(row.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(row.target.startsWith(call.audit!.target)).toBe(true);
    expect(row.account).toBe(c.account ?? (c.body as Record<string, string>).username);
    // no secret of the request, nor of the answer, ends up in the log
    const text = JSON.stringify(row);
    expect(text).not.toContain(TEST_PASSWORD);
    if (token) expect(text).not.toContain(token);
    // (A download answers the file, not JSON.)
    const answer = (call.download ? {} : res.json()) as Record<string, unknown>;
    for (const k of ['access_token', 'refresh_token']) if (typeof answer[k] === 'string') expect(text).not.toContain(answer[k]);
  });

  it.each(reading)('%s writes no row', async (_id, call) => {
    const c = caseOf(call);
    const token = c.account === null ? null : await readers().get(c.account);
    const override = await prepared(call);
    const before = lastId();
    expect((await make(call, token, override)).statusCode).toBe(200);
    expect(rowsAfter(before)).toEqual([]);
  });

  it('records a refused password change with its error code and no password', async () => {
    const token = await t.login('admin');
    const before = lastId();
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/uac/account/admin/password',
      headers: { authorization: `Bearer ${token}` },
      payload: { username: 'admin', current: 'Wrong-Current-77', password: 'Secret-New-Pass-99' },
      remoteAddress: SOURCE,
    });
    expect(res.json()).toMatchObject({ error_code: 'current_password_error' });
    const rows = rowsAfter(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'change_password', account: 'admin', result: 'current_password_error' });
    const text = JSON.stringify(rows[0]);
    expect(text).not.toContain('Wrong-Current-77');
    expect(text).not.toContain('Secret-New-Pass-99');
    expect(JSON.parse(rows[0]!.after_value!)).toMatchObject({ username: 'admin', password: '***', current: '***' });
  });

  it('records a failed sign-in with the account tried and no password', async () => {
    const before = lastId();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token/update',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=update&password=Guessed-Pass-5',
      remoteAddress: SOURCE,
    });
    const rows = rowsAfter(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'login', account: 'update', result: 'invalid_credentials', source: SOURCE });
    expect(JSON.stringify(rows[0])).not.toContain('Guessed-Pass-5');
  });

  it('records a refused change by an account without the right, without changing anything', async () => {
    const token = await t.login('update');
    const before = lastId();
    const res = await t.call('PUT', '/api/v1/system/hmi/name', token, { name: 'not-allowed' });
    expect(res.statusCode).toBe(403);
    const rows = rowsAfter(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'set_hmi_name', account: 'update', result: 'forbidden' });
  });

  it('records the values before and after a setting change', async () => {
    const token = await t.login('admin');
    await t.call('PUT', '/api/v1/system/hmi/name', token, { name: 'First' });
    const before = lastId();
    await t.call('PUT', '/api/v1/system/hmi/name', token, { name: 'Second' });
    const [row] = rowsAfter(before);
    expect(row).toMatchObject({ before_value: '"First"', after_value: '"Second"', target: 'system.hmi_name' });
  });

  it('records the refresh of a token without the refresh token', async () => {
    const pair = await t.loginPair('history');
    const before = lastId();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token/history',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: pair.refresh_token }).toString(),
      remoteAddress: SOURCE,
    });
    expect(res.statusCode).toBe(200);
    const rows = rowsAfter(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'login', account: 'history', result: 'success' });
    const text = JSON.stringify(rows[0]);
    expect(text).not.toContain(pair.refresh_token);
    expect(text).not.toContain(res.json().refresh_token);
  });
});

/** The contract marks the secrets; the log masks exactly those and keeps every other value. */
describe('operation log values', () => {
  let t: TestDevice;
  let admin: string;
  beforeAll(async () => {
    t = await startTestDevice();
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const lastRow = (action: string) =>
    t.device.db.prepare('SELECT * FROM operation_log WHERE action = ? ORDER BY id DESC LIMIT 1').get(action) as Row;
  const values = (row: Row) => ({
    before: row.before_value === null ? null : JSON.parse(row.before_value),
    after: row.after_value === null ? null : JSON.parse(row.after_value),
  });

  it('keeps the password strength rules before and after, none of them masked', async () => {
    const first = strengthRulesWire({
      password_rules_enable: true,
      password_rules_minimal_length: 14,
      password_rules_include_numbers: true,
      password_rules_include_special_characters: true,
    });
    const second = { ...first, password_rules_minimal_length: 16, password_rules_include_mixed_cases: true };
    expect((await t.call('PUT', '/api/v1/system/password-strength-rules', admin, first)).statusCode).toBe(200);
    expect((await t.call('PUT', '/api/v1/system/password-strength-rules', admin, second)).statusCode).toBe(200);
    expect(values(lastRow('set_password_strength_rules'))).toEqual({ before: first, after: second });
  });

  it('keeps the password expiration settings before and after, none of them masked', async () => {
    const first = expirationWire({ password_expiration_notification_enable: true, password_expiration_validity_period: 30 });
    const second = { ...first, password_expiration_validity_period: 45, password_expiration_allow_operations_before_update: true };
    expect((await t.call('PUT', '/api/v1/system/password-expiration-notification', admin, first)).statusCode).toBe(200);
    expect((await t.call('PUT', '/api/v1/system/password-expiration-notification', admin, second)).statusCode).toBe(200);
    expect(values(lastRow('set_password_expiration'))).toEqual({ before: first, after: second });
  });

  it('keeps the account of a password change and masks the current and new passwords', async () => {
    const token = await t.login('history');
    const res = await t.call('PATCH', '/api/v1/uac/account/admin/password', token, {
      username: 'history',
      current: 'Not-The-Current-1',
      password: 'Another-Pass-22',
    });
    expect(res.statusCode).toBe(400);
    expect(values(lastRow('change_password')).after).toEqual({ username: 'history', current: '***', password: '***', changeAll: false });
  });

  it('keeps the network of a Wi-Fi connection and masks its password, key and key password', async () => {
    expect((await t.call('PUT', '/api/v1/network/wifi/enabled', admin, { enabled: true })).statusCode).toBe(200);
    const form = { ...WIFI_CONNECT, private_key: '', key_password: '' };
    expect((await t.call('POST', '/api/v1/network/wifi/connect', admin, { settings: form, safe: false })).statusCode).toBe(200);
    expect(values(lastRow('connect_wifi')).after).toEqual({ ...form, password: '***', private_key: '***', key_password: '***', safe: false });
    // a refused attempt logs the request body as sent, masked at the same marks
    const refused = await t.call('POST', '/api/v1/network/wifi/connect', admin, { settings: { ...form, password: 'short' }, safe: false });
    expect(refused.statusCode).toBe(400);
    expect(values(lastRow('connect_wifi')).after).toEqual({
      settings: { ...form, password: '***', private_key: '***', key_password: '***' },
      safe: false,
    });
  });

  it('keeps the hotspot addresses before and after and masks its password', async () => {
    const before = (await t.call('GET', '/api/v1/network/hotspot', admin)).json().settings;
    const next = hotspotSettings({ enabled: true, address: '192.168.70.1', range_start: '192.168.70.10', range_end: '192.168.70.90', password: 'Hotspot-Pass-77' });
    expect((await t.call('PUT', '/api/v1/network/hotspot', admin, { settings: next, safe: false })).statusCode).toBe(200);
    expect(values(lastRow('set_hotspot'))).toEqual({
      before: { ...before, password: '***' },
      after: { ...next, password: '***', safe: false },
    });
  });

  it('masks the hotspot password in the row of a safe change that timed out, and keeps the rest', async () => {
    const before = (await t.call('GET', '/api/v1/network/hotspot', admin)).json().settings;
    const next = { ...before, address: '192.168.80.1', range_start: '192.168.80.10', range_end: '192.168.80.90' };
    expect((await t.call('PUT', '/api/v1/network/hotspot', admin, { settings: next, safe: true })).statusCode).toBe(200);
    (t.device.clock as ManualClock).advance(91_000);
    expect((await t.call('GET', '/api/v1/network/pending', admin)).json()).toEqual({ pending: null });
    const row = lastRow('network_change_timed_out');
    expect(row.target).toBe('network.hotspot');
    expect(values(row)).toEqual({ before: { ...next, password: '***' }, after: { ...before, password: '***' } });
  });
});

/** DESIGN §9: every call that changes something writes one operation-log row (UTC time, account,
 * source address, action, target, before/after with secrets masked, result); reads write none. */
import { ALL_CALLS, caseOf, requestOf, tokenCache } from '../support/call-cases';
import { startTestDevice, TEST_PASSWORD, type TestDevice } from '../support/device';
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

describe('operation log', () => {
  let t: TestDevice;
  beforeAll(async () => {
    t = await startTestDevice();
  });
  afterAll(() => t.close());

  let readerTokens: ReturnType<typeof tokenCache> | null = null;
  const readers = () => (readerTokens ??= tokenCache(t));
  const lastId = () => (t.device.db.prepare('SELECT COALESCE(MAX(id), 0) FROM operation_log').pluck().get() as number);
  const rowsAfter = (id: number) => t.device.db.prepare('SELECT * FROM operation_log WHERE id > ? ORDER BY id').all(id) as Row[];

  async function make(call: CallDef, token: string | null, override: { body?: unknown; url?: string } = {}) {
    const c = caseOf(call);
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
    expect(res.statusCode).toBe(200);
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
    const answer = res.json() as Record<string, unknown>;
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

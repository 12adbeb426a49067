import { startTestDevice, type TestDevice } from '../support/device';

describe('HMI name calls', () => {
  let t: TestDevice;
  beforeAll(async () => {
    t = await startTestDevice();
  });
  afterAll(() => t.close());

  it('reads the name with any account', async () => {
    const token = await t.login('history');
    const res = await t.call('GET', '/api/v1/system/hmi/name', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'HMI' });
  });

  it('[INJ-01] saves the cleaned name and logs the change', async () => {
    const token = await t.login('admin');
    const res = await t.call('PUT', '/api/v1/system/hmi/name', token, { name: '  Line 3_panel ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Linex3xpanel' });
    const row = t.device.db.prepare("SELECT * FROM operation_log WHERE action = 'set_hmi_name' ORDER BY id DESC").get() as Record<string, string>;
    expect(row).toMatchObject({ account: 'admin', result: 'success', before_value: '"HMI"', after_value: '"Linex3xpanel"' });
  });

  it('[INJ-01] refuses a name over 32 characters with validation_failure naming the field', async () => {
    const token = await t.login('admin');
    const res = await t.call('PUT', '/api/v1/system/hmi/name', token, { name: 'a'.repeat(33) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'validation_failure', field: 'name' });
  });

  it('answers 401 without a token and 403 for update', async () => {
    expect((await t.call('PUT', '/api/v1/system/hmi/name', null, { name: 'x' })).statusCode).toBe(401);
    const token = await t.login('update');
    const res = await t.call('PUT', '/api/v1/system/hmi/name', token, { name: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error_code: 'forbidden' });
  });

  it.each([
    ['Panel-01.line', 'Panel-01.line'],
    ['\tBäckerei 😀 ', 'Bxckereixx'],
    ['a/b\\c;d', 'axbxcxd'],
    ['<script>', 'xscriptx'],
    [`  ${'n'.repeat(32)}  `, 'n'.repeat(32)],
  ])('cleans %j to %j, and the next read answers the cleaned name', async (raw, clean) => {
    const token = await t.login('admin');
    const res = await t.call('PUT', '/api/v1/system/hmi/name', token, { name: raw });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: clean });
    expect((await t.call('GET', '/api/v1/system/hmi/name', await t.login('history'))).json()).toEqual({ name: clean });
  });

  it.each([
    ['empty', ''],
    ['only spaces', '   \t '],
    ['33 characters once cleaned', `a b${'c'.repeat(30)}`],
  ])('refuses a name that is %s and keeps the old one', async (_what, raw) => {
    const token = await t.login('admin');
    const before = (await t.call('GET', '/api/v1/system/hmi/name', token)).json();
    const res = await t.call('PUT', '/api/v1/system/hmi/name', token, { name: raw });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'validation_failure', field: 'name' });
    expect((await t.call('GET', '/api/v1/system/hmi/name', token)).json()).toEqual(before);
  });
});

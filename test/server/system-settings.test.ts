/** Device time, password strength and expiration settings, and the plain-HTTP switch. */
import { startTestDevice, type TestDevice } from '../support/device';
import { expirationWire, strengthRulesWire } from '../support/settings';
import { ManualClock } from '../../server/lib/clock';
import { localPartsToMs } from '../../contract/rules/device-time';

const STRENGTH = '/api/v1/system/password-strength-rules';
const EXPIRATION = '/api/v1/system/password-expiration-notification';

describe('device time', () => {
  const start = Date.UTC(2026, 0, 10, 12, 0, 0);
  const clock = new ManualClock(start);
  let t: TestDevice;
  let admin: string;
  beforeAll(async () => {
    t = await startTestDevice({ clock });
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('[INJ-02] sets the device time as an offset: GET /system/time follows it and keeps ticking with the host clock', async () => {
    const res = await t.call('PUT', '/api/v1/system/datetime', admin, { time: '2030.06.15-08:30:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ time: '2030/06/15 08:30:00' });
    expect((await t.call('GET', '/api/v1/system/time', admin)).json()).toEqual({ time: '2030/06/15 08:30:00' });

    // the host clock is untouched: the server only stores the difference
    expect(clock.now()).toBe(start);
    const expectedOffset = localPartsToMs({ year: 2030, month: 6, day: 15, hour: 8, minute: 30, second: 0 }) - start;
    expect(t.device.settings.get('time_offset_ms')).toBe(expectedOffset);

    clock.advance(65_000);
    expect((await t.call('GET', '/api/v1/system/time', await t.login('history'))).json()).toEqual({ time: '2030/06/15 08:31:05' });
  });

  it('can set a time in the past', async () => {
    const res = await t.call('PUT', '/api/v1/system/datetime', admin, { time: '2001.02.03-04:05:06' });
    expect(res.json()).toEqual({ time: '2001/02/03 04:05:06' });
    expect((await t.call('GET', '/api/v1/system/time', admin)).json()).toEqual({ time: '2001/02/03 04:05:06' });
  });

  it.each([
    ['31 February', '2026.02.31-10:00:00'],
    ['hour 25', '2026.01.01-25:00:00'],
    ['the display format', '2026/01/01 10:00:00'],
    ['an ISO date', '2026-01-01T10:00:00Z'],
    ['year 1969', '1969.12.31-23:59:59'],
    ['a command after the date', '2025.01.01-00:00:00;reboot'],
    ['a command substitution', '$(id)'],
    ['backquotes', '`id`'],
    ['a line break and a second line', '2025.01.01-00:00:00\nreboot'],
  ])('[INJ-02] refuses %s with 400 validation_failure on time, and keeps the time', async (_what, time) => {
    const before = (await t.call('GET', '/api/v1/system/time', admin)).json();
    const res = await t.call('PUT', '/api/v1/system/datetime', admin, { time });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'validation_failure', field: 'time' });
    expect((await t.call('GET', '/api/v1/system/time', admin)).json()).toEqual(before);
  });

  it('[INJ-02] refuses a time that is no string (400), and the time call to every account but admin (403); the change is logged old → new with the account', async () => {
    const before = (await t.call('GET', '/api/v1/system/time', admin)).json();
    for (const time of [1735689600, ['2025.01.01-00:00:00'], null, { $gt: '' }]) {
      const res = await t.call('PUT', '/api/v1/system/datetime', admin, { time });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failure', field: 'time' });
    }
    for (const account of ['update', 'history'] as const) {
      expect((await t.call('PUT', '/api/v1/system/datetime', await t.login(account), { time: '2031.01.01-00:00:00' })).statusCode).toBe(403);
    }
    expect((await t.call('GET', '/api/v1/system/time', admin)).json()).toEqual(before);
    expect((await t.call('PUT', '/api/v1/system/datetime', admin, { time: '2031.01.01-00:00:00' })).statusCode).toBe(200);
    const row = t.device.db.prepare("SELECT account, before_value, after_value, result FROM operation_log WHERE action = 'set_datetime' ORDER BY id DESC LIMIT 1").get() as Record<string, string>;
    expect(row).toMatchObject({ account: 'admin', result: 'success' });
    expect(row.after_value).toContain('2031');
    expect(row.before_value).not.toBeNull();
  });

  it('keeps the device time across a restart', async () => {
    await t.call('PUT', '/api/v1/system/datetime', admin, { time: '2033.03.03-03:03:03' });
    await t.app.close();
    t = await startTestDevice({ clock, dataDir: t.dataDir });
    admin = await t.login('admin');
    expect((await t.call('GET', '/api/v1/system/time', admin)).json()).toEqual({ time: '2033/03/03 03:03:03' });
  });
});

describe('password strength and expiration settings', () => {
  let t: TestDevice;
  let admin: string;
  beforeAll(async () => {
    t = await startTestDevice();
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const rules = strengthRulesWire({
    password_rules_enable: true,
    password_rules_minimal_length: 20,
    password_rules_include_numbers: true,
    password_rules_include_special_characters: true,
  });
  const expiration = expirationWire({
    password_expiration_notification_enable: true,
    password_expiration_validity_period: 30,
    password_expiration_allow_operations_before_update: true,
  });

  it('[PW-02] starts with the defaults of docs/decisions.md#passwords', async () => {
    expect((await t.call('GET', STRENGTH, admin)).json()).toEqual({
      password_rules_enable: false,
      password_rules_minimal_length: 12,
      password_rules_include_numbers: false,
      password_rules_include_mixed_cases: false,
      password_rules_include_special_characters: false,
    });
    expect((await t.call('GET', EXPIRATION, admin)).json()).toEqual({
      password_expiration_notification_enable: false,
      password_expiration_validity_period: 90,
      password_expiration_allow_operations_before_update: false,
    });
  });

  it('round-trips the strength rules, readable by every account', async () => {
    const res = await t.call('PUT', STRENGTH, admin, rules);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(rules);
    expect((await t.call('GET', STRENGTH, await t.login('cmt_default_view_only_user'))).json()).toEqual(rules);
  });

  it('round-trips the expiration settings, readable by every account', async () => {
    const res = await t.call('PUT', EXPIRATION, admin, expiration);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expiration);
    expect((await t.call('GET', EXPIRATION, await t.login('history'))).json()).toEqual(expiration);
  });

  it('drops unknown fields instead of storing them', async () => {
    const res = await t.call('PUT', STRENGTH, admin, { ...rules, extra: 'x' });
    expect(res.statusCode).toBe(200);
    expect((await t.call('GET', STRENGTH, admin)).json()).toEqual(rules);
  });

  it.each([
    [8, 200],
    [64, 200],
    // Under 8, the floor of every password (issue 20, item 13).
    [7, 400],
    [4, 400],
    [3, 400],
    [65, 400],
    [12.5, 400],
    ['12', 400],
  ])('minimal length %p answers %i', async (len, status) => {
    const res = await t.call('PUT', STRENGTH, admin, { ...rules, password_rules_minimal_length: len });
    expect(res.statusCode).toBe(status);
    if (status === 400) {
      expect(res.json()).toMatchObject({ error_code: 'validation_failure', field: 'password_rules_minimal_length' });
      expect((await t.call('GET', STRENGTH, admin)).json().password_rules_minimal_length).not.toBe(len);
    } else {
      expect((await t.call('GET', STRENGTH, admin)).json().password_rules_minimal_length).toBe(len);
    }
  });

  it.each([
    [1, 200],
    [3650, 200],
    [0, 400],
    [3651, 400],
    [-5, 400],
    [null, 400],
  ])('validity period %p answers %i', async (days, status) => {
    const res = await t.call('PUT', EXPIRATION, admin, { ...expiration, password_expiration_validity_period: days });
    expect(res.statusCode).toBe(status);
    if (status === 400) expect(res.json()).toMatchObject({ error_code: 'validation_failure', field: 'password_expiration_validity_period' });
  });

  it('refuses a body with a field missing, naming it', async () => {
    const { password_rules_include_numbers: _, ...missing } = rules;
    const res = await t.call('PUT', STRENGTH, admin, missing);
    expect(res.json()).toMatchObject({ error_code: 'validation_failure', field: 'password_rules_include_numbers' });
  });

  it('keeps the settings across a restart', async () => {
    await t.call('PUT', STRENGTH, admin, rules);
    await t.call('PUT', EXPIRATION, admin, expiration);
    await t.app.close();
    t = await startTestDevice({ dataDir: t.dataDir });
    admin = await t.login('admin');
    expect((await t.call('GET', STRENGTH, admin)).json()).toEqual(rules);
    expect((await t.call('GET', EXPIRATION, admin)).json()).toEqual(expiration);
  });
});

describe('[HTTP-01] plain HTTP switch', () => {
  let t: TestDevice;
  beforeAll(async () => {
    t = await startTestDevice({ httpsPort: 9443 });
  });
  afterAll(() => t.close());

  it('allows plain HTTP on a new device and reports the HTTPS port', async () => {
    const admin = await t.login('admin');
    expect((await t.call('GET', '/api/v1/system/http', admin)).json()).toEqual({ http: true, https_port: 9443, certificate_sha256: null });
    expect((await t.call('GET', '/api/v1/uac/account/userinfo', admin)).json()).toMatchObject({ http: true });
  });

  it('refuses plain API calls and redirects plain pages with 308 to the HTTPS port once switched off', async () => {
    const admin = await t.login('admin');
    const res = await t.call('PUT', '/api/v1/system/http', admin, { http: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ http: false, https_port: 9443, certificate_sha256: null });

    const get = await t.app.inject({ method: 'GET', url: '/api/v1/system/hmi/name?x=1', headers: { host: 'localhost:8080' } });
    expect(get.statusCode).toBe(403);
    expect(get.headers.location).toBeUndefined();
    expect(get.json()).toMatchObject({ error_code: 'https_required' });

    const post = await t.app.inject({ method: 'POST', url: '/api/v1/auth/token/admin', headers: { host: '127.0.0.1' }, payload: 'a=b' });
    expect(post.statusCode).toBe(403);
    expect(post.json()).toMatchObject({ error_code: 'https_required' });

    const page = await t.app.inject({ method: 'GET', url: '/admin/login?x=1', headers: { host: 'localhost:8080' } });
    expect(page.statusCode).toBe(308);
    expect(page.headers.location).toBe('https://localhost:9443/admin/login?x=1');
    // a name the device does not know as its own is not where it sends anyone
    const foreign = await t.app.inject({ method: 'GET', url: '/admin/login', headers: { host: 'panel.local' } });
    expect(foreign.statusCode).toBe(308);
    expect(foreign.headers.location).not.toContain('panel.local');
    // no answer of the API leaks over plain HTTP
    expect(get.body).not.toContain('HMI');
  });

  it('keeps the setting in the database', () => {
    expect(t.device.settings.get('http_enabled')).toBe(false);
    const row = t.device.db.prepare("SELECT value FROM settings WHERE key = 'http_enabled'").pluck().get();
    expect(row).toBe('false');
  });
});

/** Login lockout (docs/decisions.md#lockout): 5 failures within 10 minutes lock that account from
 * that address for 10 minutes; the answer carries the minutes left. */
import { startTestDevice, TEST_PASSWORD, type TestDevice } from '../support/device';
import { ManualClock } from '../../server/lib/clock';
import { ACCOUNT_THROTTLE_WINDOW_MS } from '../../server/services/sign-in-limits';

const MINUTE = 60_000;

describe('login lockout', () => {
  const clock = new ManualClock(Date.UTC(2026, 2, 1, 9, 0, 0));
  let t: TestDevice;
  let nextSource = 1;
  /** Each test uses its own source address, so the tests do not share counters. */
  const newSource = () => `10.9.0.${nextSource++}`;

  beforeAll(async () => {
    t = await startTestDevice({ clock });
  });
  afterAll(() => t.close());
  // The per-account throttle (sign-in-limits.test.ts) counts failures from every address: each
  // test here starts once the previous one's failures have left its window.
  beforeEach(() => clock.advance(ACCOUNT_THROTTLE_WINDOW_MS));

  function attempt(source: string, password: string, username = 'admin', path = username) {
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/token/${path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
      remoteAddress: source,
    });
  }

  async function failTimes(source: string, n: number, username = 'admin', path = username) {
    for (let i = 0; i < n; i++) {
      const res = await attempt(source, `wrong-${i}`, username, path);
      expect(res.statusCode).toBe(401);
    }
  }

  it('[LOCK-01] answers the first four failures with 401 and the fifth with 429 login_locked, qty 10', async () => {
    const src = newSource();
    await failTimes(src, 4);
    const fifth = await attempt(src, 'wrong-5');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({
      message: 'You reached the maximum login attempts. Please wait 10 minutes and try again',
      error_code: 'login_locked',
      qty: 10,
    });
  });

  it('[LOCK-01] refuses even the right password while locked, with the minutes left', async () => {
    const src = newSource();
    await failTimes(src, 4);
    expect((await attempt(src, 'wrong')).statusCode).toBe(429);
    expect((await attempt(src, TEST_PASSWORD)).json()).toMatchObject({ error_code: 'login_locked', qty: 10 });
    clock.advance(3 * MINUTE + 30_000);
    const later = await attempt(src, TEST_PASSWORD);
    expect(later.statusCode).toBe(429);
    expect(later.json()).toMatchObject({ qty: 7 });
    clock.advance(6 * MINUTE);
    expect((await attempt(src, TEST_PASSWORD)).json()).toMatchObject({ qty: 1 });
  });

  it('[LOCK-05] does not lock the same account from another address, nor another account from that address', async () => {
    const src = newSource();
    await failTimes(src, 5 - 1);
    expect((await attempt(src, 'wrong')).statusCode).toBe(429);
    expect((await attempt('10.0.0.9', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await attempt(src, TEST_PASSWORD, 'update')).statusCode).toBe(200);
    expect((await attempt(src, TEST_PASSWORD, 'cmt_default_control_user', 'app')).statusCode).toBe(200);
  });

  it('[LOCK-04] ignores a forwarded-for header: the socket address is the key', async () => {
    const src = newSource();
    for (let i = 0; i < 5; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/token/admin',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `192.168.7.${i}` },
        payload: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'wrong' }).toString(),
        remoteAddress: src,
      });
    }
    expect((await attempt(src, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('[LOCK-01] lets the right password in once 10 minutes have passed', async () => {
    const src = newSource();
    await failTimes(src, 4);
    expect((await attempt(src, 'wrong')).statusCode).toBe(429);
    clock.advance(10 * MINUTE - 1000);
    expect((await attempt(src, TEST_PASSWORD)).statusCode).toBe(429);
    clock.advance(1000);
    expect((await attempt(src, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('[LOCK-02] starts counting afresh after the lock ends', async () => {
    const src = newSource();
    await failTimes(src, 4);
    expect((await attempt(src, 'wrong')).statusCode).toBe(429);
    clock.advance(10 * MINUTE);
    await failTimes(src, 4);
    expect((await attempt(src, 'wrong')).statusCode).toBe(429);
  });

  it('[LOCK-02] clears the counter on a successful login', async () => {
    const src = newSource();
    await failTimes(src, 4);
    expect((await attempt(src, TEST_PASSWORD)).statusCode).toBe(200);
    await failTimes(src, 4);
    expect((await attempt(src, 'wrong')).statusCode).toBe(429);
  });

  it('[LOCK-02] does not count failures older than 10 minutes', async () => {
    const src = newSource();
    await failTimes(src, 4);
    clock.advance(10 * MINUTE + 1);
    await failTimes(src, 4);
    expect((await attempt(src, 'wrong')).statusCode).toBe(429);
  });

  it('[LOCK-02] counts failures spread within the window', async () => {
    const src = newSource();
    for (let i = 0; i < 4; i++) {
      await failTimes(src, 1);
      clock.advance(2 * MINUTE);
    }
    expect((await attempt(src, 'wrong')).statusCode).toBe(429);
  });

  it('[AUTH-03] counts unknown user names too, per name', async () => {
    const src = newSource();
    await failTimes(src, 4, 'mallory', 'app');
    const fifth = await attempt(src, 'x', 'mallory', 'app');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ error_code: 'login_locked', qty: 10 });
    expect((await attempt(src, TEST_PASSWORD, 'admin', 'app')).statusCode).toBe(200);
  });

  it('[LOCK-03] counts wrong current passwords of the change-password call against the same lock', async () => {
    const src = newSource();
    const token = await t.login('history', src);
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/uac/account/admin/password',
        headers: { authorization: `Bearer ${token}` },
        payload: { username: 'history', current: `guess-${i}`, password: 'New-Password-1' },
        remoteAddress: src,
      });
      expect(res.json()).toMatchObject({ error_code: 'current_password_error' });
    }
    expect((await attempt(src, 'wrong', 'history')).statusCode).toBe(429);
  });
  it('[LOCK-01] keeps a lock across a restart of the device, and lets the right password in once its 10 minutes are over', async () => {
    const src = newSource();
    await failTimes(src, 4);
    expect((await attempt(src, 'wrong')).statusCode).toBe(429);
    await t.app.close(); // (close() would remove the data folder)
    t = await startTestDevice({ clock, dataDir: t.dataDir });
    expect((await attempt(src, TEST_PASSWORD)).json()).toMatchObject({ error_code: 'login_locked', qty: 10 });
    clock.advance(10 * MINUTE);
    expect((await attempt(src, TEST_PASSWORD)).statusCode).toBe(200);
  });
  it('[REL-03] holds a lock its 10 minutes and keeps a session whatever the device time does (a year back, ten years on): both run on the host clock', async () => {
    const src = newSource();
    const session = await t.login('history', newSource());
    await failTimes(src, 4);
    expect((await attempt(src, 'wrong')).statusCode).toBe(429);
    const admin = await t.login('admin', newSource());
    for (const time of ['2025.03.01-09:00:00', '2036.03.01-09:00:00']) {
      expect((await t.call('PUT', '/api/v1/system/datetime', admin, { time })).statusCode).toBe(200);
      expect((await attempt(src, TEST_PASSWORD)).json()).toMatchObject({ error_code: 'login_locked', qty: 10 });
      expect((await t.call('GET', '/api/v1/auth/token/check', session)).statusCode).toBe(200);
    }
    clock.advance(10 * MINUTE);
    expect((await attempt(src, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

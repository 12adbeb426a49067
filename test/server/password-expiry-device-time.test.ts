/**
 * Issue 20, item 1: with expiry on and the device time set ahead, a password changed in the
 * expiry dialog must count as changed *now* by the device's clock. It was stamped with the host
 * clock while its age was read against the device clock: the dialog came back after every change,
 * every call answered 403 password_expired, and the time could not be set back.
 */
import { ManualClock } from '../../server/lib/clock';
import { formatSetTime, partsOfLocal } from '../../contract/rules/device-time';
import { passwordAgeDays } from '../../contract/rules/password-expiration';
import { startTestDevice, TEST_PASSWORD, type TestDevice } from '../support/device';
import { expirationWire } from '../support/settings';
import type { AccountName } from '../../contract/roles';

const DAY = 24 * 60 * 60 * 1000;
const EXPIRATION = '/api/v1/system/password-expiration-notification';
const NOW = Date.UTC(2026, 10, 25, 9, 0, 0);

async function setDeviceTime(t: TestDevice, token: string, ms: number): Promise<number> {
  const res = await t.call('PUT', '/api/v1/system/datetime', token, { time: formatSetTime(partsOfLocal(ms)) });
  return res.statusCode;
}

async function userInfo(t: TestDevice, token: string): Promise<{ password_updated_at: string }> {
  const res = await t.call('GET', '/api/v1/uac/account/userinfo', token);
  expect(res.statusCode).toBe(200);
  return res.json() as { password_updated_at: string };
}

describe.each([
  ['3 days ahead', 3 * DAY],
  ['ten years ahead', 3650 * DAY],
  ['a year back', -365 * DAY],
])('expiry on (1 day, no operations before the update), the device time set %s', (_label, offset) => {
  let t: TestDevice;
  const clock = new ManualClock(NOW);

  beforeAll(async () => {
    t = await startTestDevice({ clock });
    const admin = await t.login('admin');
    const set = await t.call(
      'PUT',
      EXPIRATION,
      admin,
      expirationWire({ password_expiration_notification_enable: true, password_expiration_validity_period: 1, password_expiration_allow_operations_before_update: false }),
    );
    expect(set.statusCode).toBe(200);
    expect(await setDeviceTime(t, admin, NOW + offset)).toBe(200);
  });
  afterAll(() => t.close());

  it.each<[AccountName, string]>([
    ['admin', 'Renewed-Admin-42'],
    ['update', 'Renewed-Update-42'],
    ['history', 'Renewed-History-42'],
  ])('%s changes the password in the dialog and every call answers again, the time setting included', async (account, password) => {
    const token = await t.login(account);
    const expired = (await t.call('GET', '/api/v1/system/info', token)).statusCode;
    // Ahead, the initial password is older than a day by the device's clock; back, it is not.
    expect(expired).toBe(offset > 0 ? 403 : 200);

    const changed = await t.call('PATCH', '/api/v1/uac/account/admin/password', token, { username: account, current: TEST_PASSWORD, password });
    expect(changed.statusCode).toBe(200);

    // Stamped by the device's clock: no age at all, whatever the host clock says.
    const info = await userInfo(t, token);
    expect(Date.parse(info.password_updated_at)).toBe(NOW + offset);
    expect(passwordAgeDays(info.password_updated_at, t.device.time.nowMs())).toBe(0);
    expect((await t.call('GET', '/api/v1/system/info', token)).statusCode).toBe(200);
    if (account === 'admin') {
      expect(await setDeviceTime(t, token, NOW)).toBe(200);
      if (offset > 0) {
        // Set back: the password was changed "in the future", and nothing refuses.
        expect((await t.call('GET', '/api/v1/system/info', token)).statusCode).toBe(200);
      } else {
        // Moved a year forward, the password is a year old: expired for real, and the dialog's
        // change gets the administrator in again at once.
        expect((await t.call('GET', '/api/v1/system/info', token)).statusCode).toBe(403);
        const again = await t.call('PATCH', '/api/v1/uac/account/admin/password', token, { username: 'admin', current: password, password: `${password}-2` });
        expect(again.statusCode).toBe(200);
        expect((await t.call('GET', '/api/v1/system/info', token)).statusCode).toBe(200);
      }
      expect(await setDeviceTime(t, token, NOW + offset)).toBe(200);
    }
  });

  it('the dates the device stamps for the change (the operation log) are the device clock too', async () => {
    const rows = t.device.db.prepare("SELECT at FROM operation_log WHERE action = 'change_password' ORDER BY id DESC LIMIT 1").pluck().all() as string[];
    expect(rows.length).toBe(1);
    expect(Math.abs(Date.parse(rows[0]!) - (NOW + offset))).toBeLessThan(DAY);
  });
});

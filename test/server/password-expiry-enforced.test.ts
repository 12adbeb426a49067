/** An expired password is enforced by the device, not only by the console's dialog. */
import { ManualClock } from '../../server/lib/clock';
import { ALL_CALLS } from '../../contract/api';
import { startTestDevice, TEST_PASSWORD, type TestDevice } from '../support/device';
import { expirationWire } from '../support/settings';

const DAY = 24 * 60 * 60 * 1000;
const EXPIRATION = '/api/v1/system/password-expiration-notification';

async function expiredDevice(allowOperations = false) {
  const clock = new ManualClock(Date.now());
  const t = await startTestDevice({ clock });
  const admin = await t.login('admin');
  const set = await t.call(
    'PUT',
    EXPIRATION,
    admin,
    expirationWire({ password_expiration_notification_enable: true, password_expiration_validity_period: 30, password_expiration_allow_operations_before_update: allowOperations }),
  );
  expect(set.statusCode).toBe(200);
  clock.advance(31 * DAY);
  return { t, clock, token: await t.login('admin') };
}

describe('[PW-02] with notifications on, the password older than the period and no operations allowed before the update', () => {
  let t: TestDevice;
  let token: string;
  beforeAll(async () => {
    ({ t, token } = await expiredDevice());
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/api/v1/system/info'],
    ['GET', '/api/v1/network/ethernet'],
    ['PUT', '/api/v1/system/hmi/name'],
    ['GET', '/api/v1/system/http'],
  ])('%s %s answers 403 password_expired', async (method, url) => {
    const res = await t.call(method as 'GET', url, token, method === 'PUT' ? { name: 'Press-9' } : undefined);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error_code: 'password_expired' });
  });

  it.each([
    ['GET', '/api/v1/uac/account/userinfo'],
    ['GET', '/api/v1/system/password-strength-rules'],
    ['GET', EXPIRATION],
    ['GET', '/api/v1/system/hmi/name'],
    ['GET', '/api/v1/project/management/logoname'],
    ['GET', '/api/v1/auth/token/check'],
  ])('%s %s still answers (what the expiry dialog needs)', async (method, url) => {
    const res = await t.call(method as 'GET', url, token);
    expect(res.statusCode).toBe(200);
  });

  it('the password change goes through, and everything answers again after it', async () => {
    const changed = await t.call('PATCH', '/api/v1/uac/account/admin/password', token, { username: 'admin', current: TEST_PASSWORD, password: 'Renewed-Pass-42' });
    expect(changed.statusCode).toBe(200);
    const res = await t.call('GET', '/api/v1/system/info', token);
    expect(res.statusCode).toBe(200);
  });

  it('sign-out answers too', async () => {
    const res = await t.call('POST', '/api/v1/auth/logout', token);
    expect(res.statusCode).toBe(200);
  });
});

test('[PW-02] with operations allowed before the update, an expired password still reaches every call', async () => {
  const { t, token } = await expiredDevice(true);
  try {
    expect((await t.call('GET', '/api/v1/system/info', token)).statusCode).toBe(200);
  } finally {
    await t.close();
  }
});

test('[PW-02] the calls left open while the password is expired are the few the dialog needs', () => {
  const open = ALL_CALLS.filter((call) => call.whilePasswordExpired === 'allowed').map((call) => `${call.method} ${call.path}`);
  expect(open.sort()).toEqual(
    [
      'GET /api/v1/auth/token/check',
      'POST /api/v1/auth/logout',
      'PATCH /api/v1/uac/account/admin/password',
      'PATCH /api/v1/uac/account/user/password',
      'GET /api/v1/uac/account/extra-role',
      'GET /api/v1/uac/account/userinfo',
      'GET /api/v1/system/hmi/name',
      'GET /api/v1/system/time',
      'GET /api/v1/system/legacyhash',
      'GET /api/v1/system/password-strength-rules',
      'GET /api/v1/system/password-expiration-notification',
      'GET /api/v1/system/web/specification',
      'GET /cgi/reset_pj.cgi',
      'GET /api/v1/webview/status',
      'GET /api/v1/project/management/logoname',
    ].sort(),
  );
});

/**
 * No setting may lock out the last administrator (issue 20, item 1). Whatever the settings say
 * (plain HTTP off, expiry with no operations before the update, the device time moved, admin
 * locked out of an address), whoever can start the device gets admin in again with
 * HMI_RECOVER_ADMIN=1: a new password printed at that start, the first-run wizard, no lockout,
 * plain HTTP on, old sessions ended, and a row in the operation log.
 */
import fs from 'node:fs';
import { createApp } from '../../server/app';
import { ManualClock } from '../../server/lib/clock';
import { readConfig } from '../../server/config';
import { formatSetTime, partsOfLocal } from '../../contract/rules/device-time';
import { INITIAL_CREDENTIALS_FILE } from '../../server/services/accounts';
import { makeDataDir, startTestDevice, TEST_PASSWORD } from '../support/device';
import { expirationWire } from '../support/settings';

const DAY = 24 * 60 * 60 * 1000;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

test('HMI_RECOVER_ADMIN=1 is read from the environment, and only when it is 1', () => {
  expect(readConfig({ HMI_RECOVER_ADMIN: '1' }, '/repo').recoverAdmin).toBe(true);
  expect(readConfig({ HMI_RECOVER_ADMIN: 'yes' }, '/repo').recoverAdmin).toBe(false);
  expect(readConfig({}, '/repo').recoverAdmin).toBe(false);
});

test('a start with recoverAdmin gets the administrator in, whatever the settings were', async () => {
  const dataDir = makeDataDir();
  const clock = new ManualClock(Date.UTC(2026, 10, 25, 9));
  const t = await startTestDevice({ clock, dataDir });
  const lockedOut = '10.1.2.3';
  const { refresh_token } = await t.loginPair('admin');
  const admin = await t.login('admin');
  // Expiry with nothing allowed before the update, the clock moved past it, plain HTTP off.
  expect(
    (
      await t.call(
        'PUT',
        '/api/v1/system/password-expiration-notification',
        admin,
        expirationWire({ password_expiration_notification_enable: true, password_expiration_validity_period: 1, password_expiration_allow_operations_before_update: false }),
      )
    ).statusCode,
  ).toBe(200);
  expect((await t.call('PUT', '/api/v1/system/datetime', admin, { time: formatSetTime(partsOfLocal(clock.now() + 30 * DAY)) })).statusCode).toBe(200);
  // Admin locked out of one address by wrong passwords.
  for (let i = 0; i < 5; i++) {
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/token/admin', headers: FORM, remoteAddress: lockedOut, payload: 'grant_type=password&username=admin&password=wrong-guess' });
  }
  const refused = await t.app.inject({ method: 'POST', url: '/api/v1/auth/token/admin', headers: FORM, remoteAddress: lockedOut, payload: `grant_type=password&username=admin&password=${TEST_PASSWORD}` });
  expect(refused.statusCode).toBe(429);
  t.device.settings.set('http_enabled', false);
  await t.app.close();

  const { app, device, recovered } = await createApp({ dataDir, clock, consoleDir: null, logger: false, recorder: false, recoverAdmin: true });
  try {
    await app.ready();
    expect(recovered).toMatch(/^\S{12,}$/);
    expect(fs.readFileSync(`${dataDir}/${INITIAL_CREDENTIALS_FILE}`, 'utf8')).toContain(`admin\t${recovered}\n`);
    expect(device.settings.get('http_enabled')).toBe(true);

    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/token/admin',
      headers: FORM,
      remoteAddress: lockedOut,
      payload: new URLSearchParams({ grant_type: 'password', username: 'admin', password: recovered! }).toString(),
    });
    expect(signIn.statusCode).toBe(200);
    const token = (signIn.json() as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${token}` };
    const info = await app.inject({ method: 'GET', url: '/api/v1/uac/account/userinfo', headers: auth });
    expect(info.json()).toMatchObject({ username: 'admin', state_code: 0, http: true });
    // Not expired: the new password is dated by the device's clock, 30 days ahead as it is.
    expect((await app.inject({ method: 'GET', url: '/api/v1/system/info', headers: auth })).statusCode).toBe(200);
    // The old password and the sessions of before are gone.
    const old = await app.inject({ method: 'POST', url: '/api/v1/auth/token/admin', headers: FORM, payload: `grant_type=password&username=admin&password=${TEST_PASSWORD}` });
    expect(old.statusCode).toBe(401);
    const renewed = await app.inject({ method: 'POST', url: '/api/v1/auth/token/admin', headers: FORM, payload: `grant_type=refresh_token&refresh_token=${refresh_token}` });
    expect(renewed.statusCode).toBe(400);
    const row = device.db.prepare("SELECT target, source, result FROM operation_log WHERE action = 'admin_access_recovered'").get();
    expect(row).toEqual({ target: 'account.admin', source: 'device', result: 'success' });
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a start without it changes nothing', async () => {
  const dataDir = makeDataDir();
  const first = await createApp({ dataDir, initialPassword: TEST_PASSWORD, consoleDir: null, logger: false, recorder: false });
  await first.app.close();
  const { app, recovered } = await createApp({ dataDir, consoleDir: null, logger: false, recorder: false });
  try {
    expect(recovered).toBeNull();
    const ok = await app.inject({ method: 'POST', url: '/api/v1/auth/token/admin', headers: FORM, payload: `grant_type=password&username=admin&password=${TEST_PASSWORD}` });
    expect(ok.statusCode).toBe(200);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

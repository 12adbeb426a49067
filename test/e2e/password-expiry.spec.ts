/**
 * Issue 20, item 1, as the audit walked it: password expiry on (1 day, no operations before the
 * update), the device time set 3 days ahead from the top bar, the expiry dialog changes the
 * password, the page reloads, and the dashboard is reached for good (the dialog came back after
 * every change, and every call answered 403, for every account). Then the device time goes back:
 * nothing refuses it. On a device of its own: it changes the admin password and the device time.
 */
import { expect, test, type Page } from '@playwright/test';
import { snap } from './support';
import { ownDeviceForFile } from './own-device';

const INITIAL = 'Expiry-Initial-Pass-1';
const CHANGED = 'Expiry-Changed-Pass-2';
const DAY = 24 * 60 * 60 * 1000;

const ownDevice = ownDeviceForFile(INITIAL);

/** The device time the top bar shows, in ms of its wall-clock fields (read as UTC). */
async function topBarTime(page: Page): Promise<number> {
  const text = await page.getByRole('banner').getByText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/).textContent();
  const [, y, mo, d, h, mi, s] = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text!)!.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
}

/** Sets the device time from the top bar's dialog: the picker's sections typed in, then OK. */
async function setDeviceTime(page: Page, ms: number): Promise<void> {
  const t = new Date(ms);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const digits = `${t.getUTCFullYear()}${p(t.getUTCMonth() + 1)}${p(t.getUTCDate())}${p(t.getUTCHours())}${p(t.getUTCMinutes())}${p(t.getUTCSeconds())}`;
  await page.getByRole('button', { name: 'Edit the device time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Device date and time' });
  await expect(dialog).toBeVisible();
  // The year section first; each section moves on to the next when it is full.
  await dialog.getByRole('spinbutton', { name: 'Year' }).click();
  await page.keyboard.type(digits);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

test('with expiry on and the device time 3 days ahead, the dialog changes the password and the dashboard is reached', async ({ page }, info) => {
  // A new administrator: sign in, put the first-run wizard off.
  await page.goto(`${ownDevice().url}/admin/login`);
  await page.getByLabel('Password').fill(INITIAL);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  const wizard = page.getByRole('dialog', { name: 'Welcome to your HMI' });
  await wizard.getByRole('button', { name: 'Skip' }).click();
  await expect(wizard).toBeHidden();

  // Administration / Security: expiry notifications on, 1 day, no operations before the update.
  await page.goto(`${ownDevice().url}/admin/account/security`);
  const expiration = page.getByRole('region', { name: 'Password expiration' });
  await expiration.getByRole('switch', { name: 'Notify when a password has expired' }).check();
  await expiration.getByLabel(/^Validity period/).fill('1');
  await expect(expiration.getByRole('switch', { name: 'Allow operations before the password is updated' })).not.toBeChecked();
  await expiration.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update settings successful')).toBeVisible();

  // The device time 3 days ahead, from the top bar of the dashboard.
  await page.goto(`${ownDevice().url}/admin/dashboard`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const now = await topBarTime(page);
  await setDeviceTime(page, now + 3 * DAY);

  // The dialog comes, alone: nothing behind it asks the device and fails.
  const dialog = page.getByRole('dialog', { name: 'Password expired' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toContainText('Your password is older than 1 day.');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await snap(page, info, 'expiry-01-dialog');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Current password').fill(INITIAL);
  await dialog.getByLabel('New password', { exact: false }).first().fill(CHANGED);
  await dialog.getByLabel('Confirm new password').fill(CHANGED);
  await dialog.getByRole('button', { name: 'Finish' }).click();

  // The page reloads; the dashboard answers and the dialog does not come back.
  await page.waitForEvent('load');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('OS version')).toBeVisible();
  await page.waitForTimeout(2000);
  await expect(page.getByRole('dialog', { name: 'Password expired' })).toHaveCount(0);
  await snap(page, info, 'expiry-02-dashboard');

  // The device time back to now: refused by nothing, and still no dialog.
  await setDeviceTime(page, now);
  await expect(page.getByText('Update settings successful')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.waitForTimeout(2000);
  await expect(page.getByRole('dialog', { name: 'Password expired' })).toHaveCount(0);
});

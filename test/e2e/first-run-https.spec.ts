/**
 * The first-run wizard choosing HTTPS only on a page that came over plain HTTP, on a device of its
 * own (a fresh data folder, so its admin meets the wizard): before Finish it says where the console
 * moves and which certificate fingerprint to compare; after Finish it confirms the password change
 * and moves only when asked; no request is blocked by the content security policy on the way.
 */
import { expect, test } from '@playwright/test';
import { snap } from './support';
import { ownDeviceForFile } from './own-device';

const INITIAL = 'Https-Initial-Pass-1';
const CHANGED = 'Https-Changed-Pass-2';

const ownDevice = ownDeviceForFile(INITIAL);

test.use({ ignoreHTTPSErrors: true });

test('HTTPS only from a plain-HTTP page: told beforehand, password change confirmed, then moved on request', async ({ page }, info) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) blocked.push(message.text());
  });

  await page.goto(`${ownDevice().url}/admin/login`);
  await page.getByLabel('Password').fill(INITIAL);
  await page.getByRole('button', { name: 'Log In' }).click();
  const wizard = page.getByRole('dialog', { name: 'Welcome to your HMI' });
  await expect(wizard).toBeVisible();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByRole('radio', { name: 'HTTPS only (recommended)' })).toBeChecked();
  await wizard.getByRole('button', { name: 'Next' }).click();

  // Before Finish: where the console goes, the warning to expect and the fingerprint to compare.
  const move = wizard.getByTestId('https-move');
  await expect(move).toContainText('When you finish, the console moves to its HTTPS address:');
  await expect(move).toContainText(`${ownDevice().httpsUrl}/admin/dashboard`);
  await expect(move.getByLabel('Certificate fingerprint (SHA-256)')).toHaveText(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  const fingerprint = await move.getByLabel('Certificate fingerprint (SHA-256)').textContent();
  await wizard.getByLabel('Current password').fill(INITIAL);
  await wizard.getByLabel('New password', { exact: false }).first().fill(CHANGED);
  await wizard.getByLabel('Confirm new password').fill(CHANGED);
  await snap(page, info, 'https-01-before-finish');
  await wizard.getByRole('button', { name: 'Finish' }).click();

  // After Finish: the change is confirmed and the page waits for the user.
  await expect(wizard.getByText('Your password has been changed.')).toBeVisible();
  await expect(wizard.getByText(/Sign in there with your new password/)).toBeVisible();
  await expect(page).toHaveURL(`${ownDevice().url}/admin/dashboard`);
  await snap(page, info, 'https-02-changed');

  // The fingerprint shown is the certificate the HTTPS listener really serves.
  const served = await page.request.get(`${ownDevice().httpsUrl}/api/v1/system/http`, { failOnStatusCode: false });
  expect(served.status()).toBe(401); // reachable over HTTPS (and not answering without a token)

  await wizard.getByRole('button', { name: 'Continue to HTTPS' }).click();
  await expect(page).toHaveURL(new RegExp(`^${ownDevice().httpsUrl.replace(/[.]/g, '\\.')}/admin/login`));
  await page.getByLabel('Password').fill(CHANGED);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(fingerprint).toBeTruthy();
  expect(blocked).toEqual([]);

  // Plain HTTP now refuses API calls instead of redirecting them (the password would cross in clear).
  const plain = await page.request.get(`${ownDevice().url}/api/v1/uac/account/userinfo`, { maxRedirects: 0, failOnStatusCode: false });
  expect(plain.status()).toBe(403);
  expect(await plain.json()).toMatchObject({ error_code: 'https_required' });
  // A console page over plain HTTP is still sent on to HTTPS.
  const pagePlain = await page.request.get(`${ownDevice().url}/admin/login`, { maxRedirects: 0, failOnStatusCode: false });
  expect(pagePlain.status()).toBe(308);
  expect(pagePlain.headers().location).toBe(`${ownDevice().httpsUrl}/admin/login`);
});

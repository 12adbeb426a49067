import { expect, test } from '@playwright/test';
import { E2E_PASSWORD } from '../../playwright.config';
import { snap } from './support';

test.describe('sign-in', () => {
  test('a visitor without a token is sent to the login page with the target kept', async ({ page, request }, info) => {
    const { hmi_name } = (await (await request.get('/api/v1/auth/login-info')).json()) as { hmi_name: string };
    await page.goto('/admin/account/security');
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Faccount%2Fsecurity$/);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await expect(page.getByLabel('HMI name')).toHaveValue(hmi_name);
    await expect(page.getByText('Projects need design software V6.04.01 or later.')).toBeVisible();
    await snap(page, info, 'admin-login');
  });

  test('a wrong password says so, the right one signs in and keeps the token', async ({ page }, info) => {
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).toHaveText('User does not exist or password is incorrect');
    await snap(page, info, 'wrong-password');

    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    const token = await page.evaluate(() => localStorage.getItem('ihmi_user_token'));
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  test('user mode signs in a WebView user and refuses an unknown one', async ({ page }) => {
    await page.goto('/app/login');
    await page.getByRole('button', { name: 'Another account' }).click();
    await page.getByLabel('Username').fill('somebody');
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).toHaveText('User is not in the user list');
    await page.getByLabel('Username').fill('cmt_default_view_only_user');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('the login page switches to German and back', async ({ page }, info) => {
    await page.goto('/admin/login');
    await page.getByLabel('Language').selectOption('de');
    await expect(page.getByText('Sprache erfolgreich geändert')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await snap(page, info, 'login-german');
    await page.getByLabel('Sprache').selectOption('en');
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  });
});

test('five wrong passwords lock the account out with the minutes left', async ({ page }, info) => {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'History' }).click();
  for (let i = 1; i <= 4; i++) {
    await page.getByLabel('Password').fill(`wrong-${i}`);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).toHaveText('User does not exist or password is incorrect');
  }
  await page.getByLabel('Password').fill('wrong-5');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('You reached the maximum login attempts. Please wait 10 minutes and try again');
  await snap(page, info, 'lockout');
});

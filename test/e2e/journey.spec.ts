import { expect, test, type Page } from '@playwright/test';
import { E2E_PASSWORD } from '../../playwright.config';
import { JOURNEY_PASSWORD, snap } from './support';

const NEW_PASSWORD = JOURNEY_PASSWORD;

async function deviceTime(page: Page): Promise<string> {
  return (await page.getByTestId('device-time').textContent()) ?? '';
}

/** Opens the sidebar on a tablet (a drawer there); on a desktop it is already open. */
async function openMenu(page: Page, tablet: boolean): Promise<void> {
  if (tablet) await page.getByRole('button', { name: 'Show or hide the menu' }).click();
}

test('a newcomer signs in, walks the wizard, and uses the shell', async ({ page }, info) => {
  const tablet = info.project.name.startsWith('tablet');

  // Sign in with the initial password printed at first start.
  await page.goto('/');
  await expect(page).toHaveURL(/\/app\/login\?redirect=/);
  await page.goto('/admin/login');
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The first-run wizard: welcome, connection, password.
  const wizard = page.getByRole('dialog', { name: 'Welcome to your HMI' });
  await expect(wizard).toBeVisible();
  await snap(page, info, '01-wizard-welcome');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(wizard.getByRole('radio', { name: 'HTTPS only (recommended)' })).toBeChecked();
  // Stay on plain HTTP here: HTTPS would move this browser to the self-signed listener.
  await wizard.getByRole('radio', { name: 'Allow HTTP as well' }).check();
  await snap(page, info, '02-wizard-connection');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'Finish' }).click();
  await expect(wizard.getByText('Please enter your password')).toBeVisible();
  await wizard.getByLabel('Current password').fill(E2E_PASSWORD);
  await wizard.getByLabel('New password', { exact: false }).first().fill(NEW_PASSWORD);
  await wizard.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await snap(page, info, '03-wizard-password');
  await wizard.getByRole('button', { name: 'Finish' }).click();
  await expect(wizard).toBeHidden();

  // The dashboard's facts, and the device clock ticking in the top bar.
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('fact-os_version')).not.toBeEmpty();
  await expect(page.getByTestId('device-time')).toHaveText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
  const first = await deviceTime(page);
  await expect.poll(() => deviceTime(page), { timeout: 5000 }).not.toBe(first);
  await snap(page, info, '04-dashboard');

  // German and back.
  await page.getByLabel('Language').selectOption('de');
  await expect(page.getByText('Sprache erfolgreich geändert')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Übersicht' })).toBeVisible();
  await snap(page, info, '05-german');
  await page.getByLabel('Sprache').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // The HMI name: the editor shows the cleaned name, OK saves it, the top bar shows it.
  await page.getByRole('button', { name: 'Edit the HMI name' }).click();
  const nameDialog = page.getByRole('dialog', { name: 'HMI name' });
  await nameDialog.getByLabel('HMI name').fill('Line 3 panel');
  await expect(nameDialog.getByText('It will be saved as Linex3xpanel')).toBeVisible();
  await snap(page, info, '06-hmi-name');
  await nameDialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('hmi-name')).toHaveText('Linex3xpanel');

  // The device time: set the year to 2031 in the picker, confirm, watch the clock follow.
  await page.getByRole('button', { name: 'Edit the device time' }).click();
  const timeDialog = page.getByRole('dialog', { name: 'Device date and time' });
  await expect(timeDialog).toBeVisible();
  const year = timeDialog.getByRole('spinbutton', { name: 'Year' });
  await year.click();
  await page.keyboard.type('2031');
  await snap(page, info, '07-device-time');
  await timeDialog.getByRole('button', { name: 'OK' }).click();
  await expect(timeDialog).toBeHidden();
  await expect(page.getByTestId('device-time')).toHaveText(/^2031\//, { timeout: 5000 });

  // The menu: on a tablet a drawer that closes after choosing a screen.
  await openMenu(page, tablet);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('button', { name: 'Administration' }).click();
  await nav.getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/admin\/account\/security$/);
  if (tablet) await expect(nav).toBeHidden();
  await snap(page, info, '08-security');

  // Log out: back to the admin login, the page kept as redirect; the new password works.
  await page.getByRole('button', { name: /Account menu of admin/ }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Faccount%2Fsecurity$/);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/admin\/account\/security$/);
  await expect(page.getByRole('dialog')).toBeHidden();
  await snap(page, info, '09-back-in');
});

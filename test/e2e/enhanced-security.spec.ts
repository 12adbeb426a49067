import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { E2E_PASSWORD } from '../../playwright.config';
import { JOURNEY_PASSWORD, skipWizardIfShown, snap } from './support';

/** Signs in as admin; answers the password in force (the journey changes the initial one). */
async function signIn(page: Page): Promise<string> {
  for (const password of [JOURNEY_PASSWORD, E2E_PASSWORD]) {
    await page.goto('/admin/login');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    if (await page.waitForURL(/\/admin\/dashboard/, { timeout: 4000 }).then(() => true, () => false)) return password;
  }
  throw new Error('admin could not sign in');
}

test('Enhanced Security: add an operator account, the duplicate is refused with "Account is exist", export the list', async ({ page }, info) => {
  test.setTimeout(90_000);
  const tablet = info.project.name.startsWith('tablet');
  const name = tablet ? 'line_op_tablet' : 'line_op_desktop';
  const admin = await signIn(page);
  await skipWizardIfShown(page);
  await page.goto('/admin/project/enhanced-security');
  await expect(page.getByRole('heading', { level: 1, name: 'Enhanced Security' })).toBeVisible();
  await expect(page.getByText('Sample Bottling Line', { exact: false }).first()).toBeVisible();

  // Add an account with classes A and C.
  await page.getByRole('button', { name: 'Add account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add operator account' });
  await dialog.getByTestId('account-name').fill(name);
  await dialog.getByTestId('account-password').fill('Operator-Pass-1');
  await dialog.getByTestId('account-confirm').fill('Operator-Pass-1');
  const classA = dialog.getByRole('checkbox', { name: 'Class A' });
  if (tablet) {
    // A touch target of 44 px at least.
    const box = await classA.boundingBox();
    expect(Math.min(box!.width, box!.height)).toBeGreaterThanOrEqual(44);
  }
  await classA.click();
  await dialog.getByRole('checkbox', { name: 'Class C' }).click();
  // A wrong administrator password first: said under its field, nothing typed is lost.
  await dialog.getByTestId('admin-password').fill('Not-The-Password-1');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('Current password error, please retry')).toBeVisible();
  await expect(dialog.getByTestId('account-name')).toHaveValue(name);
  await snap(page, info, 'security-01-wrong-admin-password');
  await dialog.getByTestId('admin-password').fill(admin);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId(`security-account-${name}`);
  await expect(row).toContainText('A C');
  await snap(page, info, 'security-02-list');

  // The same name again, in another case: "Account is exist".
  await page.getByRole('button', { name: 'Add account' }).click();
  await dialog.getByTestId('account-name').fill(name.toUpperCase());
  await dialog.getByTestId('account-password').fill('Operator-Pass-2');
  await dialog.getByTestId('account-confirm').fill('Operator-Pass-2');
  await dialog.getByTestId('admin-password').fill(admin);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('Account is exist')).toBeVisible();
  await expect(dialog.getByTestId('account-name')).toHaveValue(name.toUpperCase());
  await snap(page, info, 'security-03-account-is-exist');
  // The device refuses it too, whatever the form says.
  const refused = await page.evaluate(
    async ({ account, password }) => {
      const token = localStorage.getItem('ihmi_user_token');
      const res = await fetch('/api/v1/security/accounts', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ account, password: 'Operator-Pass-2', classes: [], admin_password: password }),
      });
      return { status: res.status, body: (await res.json()) as { error_code: string; message: string } };
    },
    { account: name.toUpperCase(), password: admin },
  );
  expect(refused).toEqual({ status: 409, body: { message: 'Account is exist', error_code: 'account_exists', field: 'account' } });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Export: a JSON file with the hash, never the password.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('security-accounts-Sample_Bottling_Line.json');
  const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as { format: string; accounts: { account: string; password_hash: string }[] };
  expect(file.format).toBe('hmi-security-accounts');
  const exported = file.accounts.find((a) => a.account === name)!;
  expect(exported.password_hash).toMatch(/^scrypt\$/);
  expect(JSON.stringify(file)).not.toContain('Operator-Pass-1');
  await expect(page.getByText(/^Saved as security-accounts-.+\.json\.$/)).toBeVisible();
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInAsAdmin, skipWizardIfShown, snap } from './support';

/** Runs the newcomer's tool: `npm run make:os-image -- …`. */
function makeImage(args: string[]): void {
  execFileSync('npm', ['run', '-s', 'make:os-image', '--', ...args], { stdio: 'pipe' });
}

test('OS Update: a refused image changes nothing; a valid one installs through the reboot, then sign in again', async ({ page }, info) => {
  test.setTimeout(120_000);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-e2e-os-'));
  const version = info.project.name.startsWith('tablet') ? '20270102' : '20270101';
  makeImage(['--out', path.join(out, 'bad.bin'), '--version', version, '--bad-signature']);
  makeImage(['--out', path.join(out, `panel-${version}.bin`), '--version', version, '--size-mb', '4']);

  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  await page.goto('/admin/account/os-update');
  await expect(page.getByRole('heading', { level: 1, name: 'OS Update' })).toBeVisible();
  const before = (await page.getByTestId('os-version').textContent())!;
  await snap(page, info, 'os-01-installed');

  // A badly signed image: refused before anything changes.
  await page.getByTestId('image-input').setInputFiles(path.join(out, 'bad.bin'));
  await page.getByRole('button', { name: 'Update OS' }).click();
  await page.getByRole('dialog', { name: 'Update the OS?' }).getByRole('button', { name: 'Update and restart' }).click();
  const overlay = page.getByRole('dialog', { name: 'Updating the OS' });
  await expect(overlay.getByText('Invalid image')).toBeVisible({ timeout: 20_000 });
  await expect(overlay.getByText('The installed OS was not changed.')).toBeVisible();
  await snap(page, info, 'os-02-invalid');
  await overlay.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('os-version')).toHaveText(before);

  // A valid image: the steps, the restart waited through, the new version, sign in again.
  await page.getByTestId('image-input').setInputFiles(path.join(out, `panel-${version}.bin`));
  await page.getByRole('button', { name: 'Update OS' }).click();
  await page.getByRole('dialog', { name: 'Update the OS?' }).getByRole('button', { name: 'Update and restart' }).click();
  await expect(overlay.getByTestId('os-step-restart')).toHaveAttribute('data-state', 'running', { timeout: 20_000 });
  await expect(overlay.getByText(/The panel is restarting/)).toBeVisible();
  await snap(page, info, 'os-03-restarting');
  await expect(overlay.getByText(`The OS was updated to version ${version}.`)).toBeVisible({ timeout: 30_000 });
  await snap(page, info, 'os-04-updated');
  await overlay.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/admin\/login/);

  await signInAsAdmin(page);
  await page.goto('/admin/account/os-update');
  await expect(page.getByTestId('os-version')).toHaveText(version);
  // The dashboard reads it from GET /system/info.
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('fact-os_version')).toHaveText(version);
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInAsAdmin, skipWizardIfShown, snap } from './support';

/** Runs the newcomer's tool: `npm run make:project -- …`. */
function makeProject(args: string[]): void {
  execFileSync('npm', ['run', '-s', 'make:project', '--', ...args], { stdio: 'pipe' });
}

test('Project Management: update from the browser and from a USB stick, a refused project, a backup', async ({ page }, info) => {
  test.setTimeout(120_000);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-e2e-project-'));
  const device = info.project.name.startsWith('tablet') ? 'tablet' : 'desktop';
  makeProject(['--out', out, '--name', 'Line 2', '--tags', '50']);
  makeProject(['--out', out, '--name', 'Other Model', '--model', 'HMI-X0700']);
  // The USB stick of this viewport's device: a folder of its data directory.
  makeProject(['--out', path.join('.e2e-data', device, 'media', 'usb'), '--name', 'From USB', '--tags', '5']);

  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  await page.goto('/admin/project/management');
  await expect(page.getByRole('heading', { level: 1, name: 'Project Management' })).toBeVisible();
  await expect(page.getByTestId('project-state')).toHaveText('Running');
  await snap(page, info, 'project-01-running');

  // From the browser: the pair, then the five steps behind the overlay.
  await page.getByTestId('file-app').setInputFiles(path.join(out, 'Line 2.app'));
  await page.getByTestId('file-crc').setInputFiles(path.join(out, 'Line 2.crc'));
  await expect(page.getByTestId('chosen-app')).toContainText('Line 2.app');
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  const overlay = page.getByRole('dialog', { name: 'Updating the project' });
  await expect(overlay.getByText(/Do not operate the panel/)).toBeVisible();
  await expect(overlay.getByTestId('step-stop_project')).toHaveAttribute('data-state', /running|done/);
  await snap(page, info, 'project-02-steps');
  await expect(overlay.getByText('The project was updated: Line 2 is running.')).toBeVisible({ timeout: 20_000 });
  for (const step of ['prepare', 'stop_project', 'update_project', 'decompress_project', 'start_project']) {
    await expect(overlay.getByTestId(`step-${step}`)).toHaveAttribute('data-state', 'done');
  }
  await snap(page, info, 'project-03-updated');
  await overlay.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('project-name')).toHaveText('Line 2');

  // Another model: refused in prepare, nothing changed.
  await page.getByTestId('file-app').setInputFiles(path.join(out, 'Other Model.app'));
  await page.getByTestId('file-crc').setInputFiles(path.join(out, 'Other Model.crc'));
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(overlay.getByRole('alert')).toContainText('This project was made for another panel model. In the design software, choose this panel’s model');
  await expect(overlay.getByRole('alert')).toContainText('Nothing was changed on the panel.');
  await snap(page, info, 'project-04-incompatible');
  await overlay.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('project-name')).toHaveText('Line 2');

  // From the USB stick.
  await page.getByRole('button', { name: 'Refresh' }).click();
  const usb = page.getByRole('region', { name: 'USB stick' });
  await usb.getByRole('button', { name: 'Update from From USB' }).click();
  await page.getByRole('dialog', { name: 'Update from USB stick' }).getByRole('button', { name: 'Update' }).click();
  await expect(overlay.getByText('The project was updated: From USB is running.')).toBeVisible({ timeout: 20_000 });
  await overlay.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('project-name')).toHaveText('From USB');

  // The backup: a .cxob the browser saves.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Back up' }).click();
  expect((await download).suggestedFilename()).toMatch(/^From USB-\d{8}\.cxob$/);
  await expect(page.getByText(/^Saved From USB-\d{8}\.cxob$/)).toBeVisible();
  await snap(page, info, 'project-05-backup');
  fs.rmSync(out, { recursive: true, force: true });
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInAsAdmin, skipWizardIfShown, snap } from './support';

/** Runs one of the newcomer's tools: `npm run <script> -- …`; answers what it printed. */
function tool(script: string, args: string[]): string {
  return execFileSync('npm', ['run', '-s', script, '--', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The activation code `make:plc-activation` prints for a panel. */
function codeFrom(printed: string): string {
  const m = /Activation code \(panel [^)]+\):\s+([0-9A-Z-]+)/.exec(printed);
  if (!m) throw new Error(`no activation code in:\n${printed}`);
  return m[1]!;
}

test('PLC Runtime: a wrong code refused, the right one activates; LAN1 fixed and saved; a firmware update runs through the HMI restart', async ({ page }, info) => {
  test.setTimeout(150_000);
  const device = info.project.name.startsWith('tablet') ? 'tablet' : 'desktop';
  const version = device === 'tablet' ? '3.5.20.1' : '3.5.20.0';
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-e2e-plc-'));
  tool('make:plc-firmware', ['--out', path.join(out, 'needs-new-os.bin'), '--version', '3.6.0.0', '--requires-os', '29991231']);
  tool('make:plc-firmware', ['--out', path.join(out, `plc-runtime-${version}.bin`), '--version', version, '--size-mb', '2']);

  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  await page.goto('/admin/features/plc-runtime');
  await expect(page.getByRole('heading', { level: 1, name: 'PLC Runtime' })).toBeVisible();
  await expect(page.getByTestId('activation-state')).toHaveText('Not activated');
  const before = (await page.getByTestId('plc-version').textContent())!;
  await snap(page, info, 'plc-01-not-activated');

  // A code issued for another panel: refused, with the reason.
  await page.getByRole('radio', { name: 'Activation code' }).check();
  const field = page.getByRole('textbox', { name: 'Activation code' });
  await field.fill(codeFrom(tool('make:plc-activation', ['--device-serial', 'X107099999999'])));
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('This activation code is not valid for this panel')).toBeVisible();
  await expect(page.getByTestId('activation-state')).toHaveText('Not activated');
  await snap(page, info, 'plc-02-wrong-code');

  // The code the tool prints for this device's data folder: activated.
  await field.fill(codeFrom(tool('make:plc-activation', ['--data-dir', `.e2e-data/${device}`])));
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByTestId('activation-state')).toHaveText('Activated');
  await expect(page.getByTestId('plc-state')).toHaveText('Running');

  // LAN1: a gateway outside the subnet is said at once; fixed, saved, kept.
  const lan1 = page.getByRole('region', { name: 'LAN1' });
  await lan1.getByRole('textbox', { name: 'IP address' }).fill('10.20.30.40');
  await lan1.getByRole('textbox', { name: 'Subnet mask' }).fill('255.255.0.0');
  await lan1.getByRole('textbox', { name: 'Gateway' }).fill('10.21.0.1');
  await expect(lan1.getByText("The gateway must be another address in LAN1's subnet")).toBeVisible();
  await expect(lan1.getByRole('button', { name: 'Save' })).toBeDisabled();
  await snap(page, info, 'plc-03-lan1-gateway-error');
  await lan1.getByRole('textbox', { name: 'Gateway' }).fill('10.20.0.1');
  await lan1.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update settings successful')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'LAN1' }).getByRole('textbox', { name: 'Gateway' })).toHaveValue('10.20.0.1');
  await expect(page.getByRole('region', { name: 'LAN1' }).getByRole('textbox', { name: 'IP address' })).toHaveValue('10.20.30.40');

  // A firmware the installer refuses: the update fails, the version stays.
  const overlay = page.getByRole('dialog', { name: 'Updating the PLC runtime' });
  await page.getByTestId('firmware-input').setInputFiles(path.join(out, 'needs-new-os.bin'));
  await page.getByRole('button', { name: 'Update firmware' }).click();
  await page.getByRole('dialog', { name: 'Update the PLC runtime firmware?' }).getByRole('button', { name: 'Update and restart' }).click();
  await expect(overlay.getByText('Firmware update failed')).toBeVisible({ timeout: 30_000 });
  await expect(overlay.getByText(`The PLC runtime keeps version ${before}.`)).toBeVisible();
  await snap(page, info, 'plc-04-update-failed');
  await overlay.getByRole('button', { name: 'Close' }).click();
  await expect(overlay).toBeHidden();

  // A valid firmware: the steps, the HMI restart waited through, the new version.
  await page.getByTestId('firmware-input').setInputFiles(path.join(out, `plc-runtime-${version}.bin`));
  await page.getByRole('button', { name: 'Update firmware' }).click();
  await page.getByRole('dialog', { name: 'Update the PLC runtime firmware?' }).getByRole('button', { name: 'Update and restart' }).click();
  await expect(overlay.getByTestId('plc-step-restart_hmi')).toHaveAttribute('data-state', 'running', { timeout: 30_000 });
  await expect(overlay.getByText(/The HMI is restarting/)).toBeVisible();
  await snap(page, info, 'plc-05-restarting');
  await expect(overlay.getByText(`The PLC runtime was updated to version ${version}.`)).toBeVisible({ timeout: 60_000 });
  await snap(page, info, 'plc-06-updated');
  await overlay.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('plc-version')).toHaveText(version);
  await expect(page.getByTestId('activation-state')).toHaveText('Activated');

  // What the panel says after a fresh read.
  await page.reload();
  await expect(page.getByTestId('plc-version')).toHaveText(version);
  await expect(page.getByTestId('plc-state')).toHaveText('Running');
});

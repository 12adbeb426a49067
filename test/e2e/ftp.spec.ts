import net from 'node:net';
import { expect, test } from '@playwright/test';
import { signInAsAdmin, skipWizardIfShown, snap } from './support';

/** A port of 3000–4999 nobody listens on now (engineers run their tests side by side). */
async function freeFtpPort(): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const port = 3000 + Math.floor(Math.random() * 2000);
    const free = await new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 3000–4999');
}

test('FTP: a wrong port names the rule; enabled on a free port of 3000–4999 it runs at its ftp:// address; turned off again', async ({ page }, info) => {
  const port = await freeFtpPort();
  const passive = 20_000 + Math.floor(Math.random() * 40_000);
  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  await page.goto('/admin/features/ftp');
  await expect(page.getByRole('heading', { level: 1, name: 'FTP' })).toBeVisible();
  // The sample project enables FTP: no notice; the server is off until turned on.
  await expect(page.getByTestId('ftp-not-enabled')).toHaveCount(0);
  await expect(page.getByTestId('ftp-state')).toHaveText('Stopped');

  await page.getByLabel('FTP server on').check();
  const portField = page.getByRole('textbox', { name: 'Port', exact: true });
  await portField.fill('2999');
  await expect(page.getByText('Use port 21, or a port from 3000 to 4999.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await snap(page, info, 'ftp-01-wrong-port');

  await portField.fill(String(port));
  await page.getByRole('textbox', { name: 'Passive ports from' }).fill(String(passive));
  await page.getByRole('textbox', { name: 'Passive ports to' }).fill(String(passive + 19));
  await expect(page.getByText('Use port 21, or a port from 3000 to 4999.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update settings successful')).toBeVisible();
  await expect(page.getByTestId('ftp-state')).toHaveText('Running');
  await expect(page.getByTestId('ftp-address')).toContainText(`ftp://127.0.0.1:${port}`);
  await expect(page.getByText('Sign-in only over TLS (AUTH TLS).')).toBeVisible();
  await expect(page.getByTestId('ftp-insecure')).toHaveCount(0);
  await snap(page, info, 'ftp-02-running');

  // Every control reachable by touch: at least 44 px high on the tablet.
  if (info.project.name.startsWith('tablet')) {
    for (const control of await page.locator('main input[type=checkbox], main button, main input[type=text]').all()) {
      const box = await control.evaluate((el) => (el.closest('label') ?? el.closest('.MuiInputBase-root') ?? el).getBoundingClientRect().height);
      expect(box).toBeGreaterThanOrEqual(40);
    }
  }

  // Off again: the next spec finds the device as it was.
  await page.getByLabel('FTP server on').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('ftp-state')).toHaveText('Stopped');
});

import net from 'node:net';
import { expect, test } from '@playwright/test';
import { signInAsAdmin, skipWizardIfShown, snap } from './support';
import { HsmsPeer } from '../support/secs';
import { STYPE } from '../../server/services/secs/hsms';
import { decodeItem } from '../../server/services/secs/secs-ii';

/** A port of 40000–49999 nobody listens on now (engineers run their tests side by side). */
async function freeHsmsPort(): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const port = 40000 + Math.floor(Math.random() * 10000);
    const free = await new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 40000–49999');
}

test('SECS/GEM: in the Features menu with the licence; a timer out of range names its range; enabled, a host selects and asks S1F1, and the screen shows it', async ({ page }, info) => {
  const port = await freeHsmsPort();
  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  // The e2e device starts with HMI_SECS_LICENSE=true (playwright.config.ts): the menu has the item.
  // On a tablet the menu is a drawer behind the menu button.
  if (info.project.name.startsWith('tablet')) await page.getByRole('button', { name: 'Show or hide the menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('button', { name: 'Features' }).click();
  await nav.getByRole('link', { name: 'SECS/GEM' }).click();
  await expect(page).toHaveURL(/\/admin\/features\/secs-gem$/);
  await expect(page.getByRole('heading', { level: 1, name: 'SECS/GEM' })).toBeVisible();
  await expect(page.getByTestId('secs-state')).toHaveText('Not connected');
  await expect(page.getByTestId('secs-endpoint')).toHaveText('The endpoint is turned off: no host can connect.');

  await page.getByLabel('SECS/GEM endpoint enabled').check();
  const t3 = page.getByRole('textbox', { name: 'T3 reply timeout' });
  await t3.fill('121');
  await expect(page.getByText('Enter a whole number of seconds from 1 to 120.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  // Active mode needs the host's address.
  await page.getByLabel('Active (the panel connects)').check();
  await expect(page.getByRole('textbox', { name: 'Host address' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).focus();
  await snap(page, info, 'secs-01-wrong-input');

  await page.getByLabel('Passive (the host connects)').check();
  await t3.fill('45');
  await page.getByRole('textbox', { name: 'HSMS port' }).fill(String(port));
  await page.getByRole('textbox', { name: 'Device ID' }).fill('3');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update settings successful')).toBeVisible();
  await expect(page.getByTestId('secs-endpoint')).toHaveText(`Passive: listening on port ${port}.`);

  // A host connects and selects: the screen follows within its 2 s refresh.
  const host = await HsmsPeer.connect(port);
  try {
    await expect(page.getByTestId('secs-state')).toHaveText('Connected');
    host.control(STYPE.selectReq, 1);
    expect((await host.next()).header).toMatchObject({ stype: STYPE.selectRsp, byte3: 0 });
    await expect(page.getByTestId('secs-state')).toHaveText('Selected');
    await expect(page.getByTestId('secs-peer')).toHaveText(`Host: 127.0.0.1, port ${host.socket.localPort}`);
    host.data(3, 1, 1, 2);
    const s1f2 = await host.next();
    expect(JSON.stringify(decodeItem(s1f2.data))).toContain('HMI-X1070');
    await snap(page, info, 'secs-02-selected');

    if (info.project.name.startsWith('tablet')) {
      for (const control of await page.locator('main input[type=checkbox], main input[type=radio], main button, main input[type=text]').all()) {
        const box = await control.evaluate((el) => (el.closest('label') ?? el.closest('.MuiInputBase-root') ?? el).getBoundingClientRect().height);
        expect(box).toBeGreaterThanOrEqual(40);
      }
    }
  } finally {
    host.close();
  }
  await expect(page.getByTestId('secs-state')).toHaveText('Not connected');

  // Off again: the next spec finds the device as it was.
  await page.getByLabel('SECS/GEM endpoint enabled').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('secs-endpoint')).toHaveText('The endpoint is turned off: no host can connect.');
});

import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin, skipWizardIfShown, snap } from './support';
import { startCloudService, type HostedCloudService } from '../support/cloud-service';

/** The development cloud service, hosted by this test on loopback as `npm run remote-access-service`
 * hosts it: the device reaches it through the Custom region. */
let cloud: HostedCloudService;
/** How far the device clock is from this machine's: the journey moves the device to 2031. The
 * cloud's clock is set to agree with the panel's, as a real panel's clock agrees with the vendor's;
 * the days left are the device's count. */
let deviceOffsetMs = 0;
test.beforeAll(async () => {
  cloud = await startCloudService({ now: () => Date.now() + deviceOffsetMs });
});
test.afterAll(async () => {
  await cloud.close();
});

/** The device time the top bar shows (device-local wall time, read in this machine's zone, which is
 * the device's: both run here). */
async function deviceNow(page: Page): Promise<number> {
  const text = await page.getByRole('banner').getByText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/).textContent();
  const [, y, mo, d, h, mi, s] = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text!)!.map(Number) as number[];
  return new Date(y!, mo! - 1, d!, h!, mi!, s!).getTime();
}

/** Every control of the Cloud Service screen is at least 44 px high and wide enough to touch. */
async function touchTargetsOk(page: Page): Promise<void> {
  const main = page.locator('main');
  const small = await main.locator('button:visible, input[type="radio"]:visible, input[type="text"]:visible, a:visible').evaluateAll((els) =>
    els
      .map((el) => {
        // A radio's target is its whole label row; a text input's, its field.
        const target = el.closest('label') ?? el.closest('.MuiInputBase-root') ?? el;
        const r = target.getBoundingClientRect();
        return { what: el.outerHTML.slice(0, 80), w: Math.round(r.width), h: Math.round(r.height) };
      })
      .filter((b) => b.h < 44 || b.w < 44),
  );
  expect(small).toEqual([]);
}

test('Cloud Service: Global cannot be resolved; Custom to the development cloud, activation starts a trial with its QR code; the cloud says expired and a refresh shows it', async ({ page }, info) => {
  test.setTimeout(90_000);
  const tablet = info.project.name.startsWith('tablet');
  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  await page.goto('/admin/features/cloud');
  await expect(page.getByRole('heading', { level: 1, name: 'Cloud Service' })).toBeVisible();
  deviceOffsetMs = (await deviceNow(page)) - Date.now();
  const region = page.getByRole('region', { name: 'Region' });

  // A new device: Global, whose host name does not resolve here: a real failed look-up, said with
  // what to check.
  await expect(region.getByRole('radio', { name: 'Global' })).toBeChecked();
  const error = page.getByTestId('cloud-error');
  await expect(error).toContainText('The cloud service at dashboard.global.hmi-cloud.invalid:443 cannot be reached.');
  await expect(error).toContainText('set DNS in Network settings');
  await expect(page.getByRole('button', { name: 'Activate' })).toBeDisabled();
  await snap(page, info, 'cloud-01-global-dns');

  // Custom: a wrong host is said as it is typed, and nothing is sent.
  await region.getByRole('radio', { name: 'Custom' }).check();
  await region.getByRole('textbox', { name: 'Host' }).fill('http://127.0.0.1');
  await expect(region.getByText('Enter a host name such as cloud.example.com or an IPv4 address, without spaces or http://')).toBeVisible();
  await expect(region.getByRole('button', { name: 'Save' })).toBeDisabled();
  await snap(page, info, 'cloud-02-wrong-host');
  await region.getByRole('textbox', { name: 'Host' }).fill(cloud.host);
  await region.getByRole('textbox', { name: 'Port' }).fill(String(cloud.port));
  await region.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update settings successful')).toBeVisible();

  // The cloud answers: this panel is not activated, never subscribed; Activate starts its trial.
  await expect(page.getByTestId('cloud-error')).toBeHidden();
  await expect(page.getByTestId('cloud-activation')).toHaveText('Not Activated');
  await expect(page.getByTestId('cloud-subscription')).toHaveText('Unsubscribed');
  await expect(page.getByTestId('cloud-next')).toContainText('Activate it to start a free trial of 30 days');
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByTestId('cloud-activation')).toHaveText('Already Activated');
  await expect(page.getByTestId('cloud-subscription')).toHaveText('Trial');
  await expect(page.getByTestId('cloud-days-left')).toHaveText('30 days');
  await expect(page.getByTestId('cloud-next')).toContainText('Trial: 30 days left.');
  const qr = page.getByRole('img', { name: 'QR code of the dashboard address' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  // The QR code's address is the development cloud's dashboard page of this panel.
  const panelId = (await page.getByText('Panel ID', { exact: true }).locator('xpath=following-sibling::dd').textContent())!.trim();
  await expect(page.getByTestId('cloud-dashboard-url')).toHaveText(`${cloud.url}/cloud/dashboard/${panelId}`);
  expect(cloud.service.panel(panelId)).toMatchObject({ activation: 'activated', subscription: 'trial', region: 'custom' });
  await snap(page, info, 'cloud-03-trial');
  if (tablet) await touchTargetsOk(page);

  // The cloud is told the subscription expired; Refresh shows it, with what to do next.
  const told = await fetch(`${cloud.url}/cloud/dev/panels/${panelId}`, { method: 'PUT', body: JSON.stringify({ subscription: 'expired' }) });
  expect(told.status).toBe(200);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('cloud-subscription')).toHaveText('Expired');
  await expect(page.getByTestId('cloud-days-left')).toHaveText('—');
  await expect(page.getByTestId('cloud-next')).toContainText('The subscription has expired. Renew it');
  await snap(page, info, 'cloud-04-expired');

  // A grace period, in Japanese.
  await fetch(`${cloud.url}/cloud/dev/panels/${panelId}`, { method: 'PUT', body: JSON.stringify({ subscription: 'grace_period', days: 5 }) });
  await page.context().addCookies([{ name: 'language', value: 'ja', url: page.url() }]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Cloud Service');
  await expect(page.getByTestId('cloud-subscription')).toHaveText('猶予期間');
  await expect(page.getByTestId('cloud-next')).toContainText('5 日後に停止されます');
  await snap(page, info, 'cloud-05-grace-ja');

  // The service stops: the screen says why and keeps trying.
  await page.context().addCookies([{ name: 'language', value: 'en', url: page.url() }]);
  await page.reload();
  await expect(page.getByTestId('cloud-subscription')).toHaveText('Grace period');
  await cloud.close();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('cloud-error')).toContainText('Nothing answers at the cloud service');
  await expect(page.getByTestId('cloud-retry-state')).toHaveText('The panel tries again automatically.');
  await snap(page, info, 'cloud-06-refused');
  // The device's settings go back to Global, so that other specs meet a new device's cloud page.
  await region.getByRole('radio', { name: 'Global' }).check();
  await region.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update settings successful')).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { signInAsAdmin, skipWizardIfShown, snap } from './support';

const frameAncestors = (csp: string | undefined) => /frame-ancestors ([^;]+)/.exec(csp ?? '')?.[1];

test('Misc: a wrong origin names the rule; a listed origin is saved, kept and sent in the headers; a failed save keeps what was typed', async ({ page }, info) => {
  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  await page.goto('/admin/features/misc');
  await expect(page.getByRole('heading', { level: 1, name: 'Misc' })).toBeVisible();
  // The sample project enables Misc: no notice.
  await expect(page.getByTestId('misc-not-enabled')).toHaveCount(0);
  await expect(page.getByTestId('frame-hint')).toHaveText("Only pages of the console's own address may show it in a frame.");

  await page.getByRole('button', { name: 'Add an origin' }).click();
  const origin = page.getByRole('textbox', { name: 'Origin 1' });
  await origin.fill('https://scada.example/hmi');
  await expect(page.getByText('Write an origin as scheme://host or scheme://host:port')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await snap(page, info, 'misc-01-wrong-origin');

  await origin.fill('https://scada.example:8443');
  await expect(page.getByText('Write an origin as scheme://host or scheme://host:port')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update settings successful')).toBeVisible();
  // The headers follow at once.
  const listed = await page.request.get('/admin/login');
  expect(frameAncestors(listed.headers()['content-security-policy'])).toBe("'self' https://scada.example:8443");
  expect(listed.headers()['x-frame-options']).toBeUndefined();

  // Kept after a reload.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Origin 1' })).toHaveValue('https://scada.example:8443');
  await snap(page, info, 'misc-02-saved');

  // Every control reachable by touch: at least 44 px high on the tablet, and nothing sideways.
  if (info.project.name.startsWith('tablet')) {
    for (const control of await page.locator('main button, main input[type=checkbox]').all()) {
      const box = await control.evaluate((el) => (el.closest('label') ?? el).getBoundingClientRect().height);
      expect(box).toBeGreaterThanOrEqual(40);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }

  // A save that does not reach the device: said, and the port typed stays.
  await page.getByRole('textbox', { name: 'Port' }).fill('5901');
  await page.route('**/api/v1/misc/settings', (route) => (route.request().method() === 'PUT' ? route.abort('connectionrefused') : route.continue()));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /./ }).first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Port' })).toHaveValue('5901');
  await snap(page, info, 'misc-03-save-failed');
  await page.unroute('**/api/v1/misc/settings');

  // Back as it was: no other origin, the port as before; the headers say the same origin again.
  await page.getByRole('textbox', { name: 'Port' }).fill('5900');
  await page.getByRole('button', { name: 'Remove https://scada.example:8443' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update settings successful')).toBeVisible();
  const same = await page.request.get('/admin/login');
  expect(frameAncestors(same.headers()['content-security-policy'])).toBe("'self'");
  expect(same.headers()['x-frame-options']).toBe('SAMEORIGIN');
});

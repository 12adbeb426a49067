import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E_PASSWORD } from '../../playwright.config';

// journey.spec.ts (run before this file) changes the admin password; either may be in force.
const PASSWORDS = ['Newcomer-Pass-42', E2E_PASSWORD];

async function signIn(page: Page): Promise<void> {
  for (const password of PASSWORDS) {
    await page.goto('/admin/login');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    if (await page.waitForURL(/\/admin\/dashboard/, { timeout: 4000 }).then(() => true, () => false)) return;
  }
  throw new Error('admin could not sign in');
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')})`);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`axe-core finds no serious or critical violation (${colorScheme})`, () => {
    test.use({ colorScheme });

    test('sign-in pages', async ({ page }) => {
      await page.goto('/admin/login');
      await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/app/login');
      await expect(page.getByLabel('Username')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('dashboard, system password and security', async ({ page }) => {
      await signIn(page);
      // On a device whose first run is not done the wizard is open over each page (and hides the
      // page from assistive technology): axe then checks the page with the dialog, as users get it.
      for (const path of ['/admin/dashboard', '/admin/account/password', '/admin/account/security']) {
        await page.goto(path);
        await expect(page.locator('main h1')).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });
  });
}

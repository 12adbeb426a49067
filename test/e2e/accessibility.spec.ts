/**
 * The sign-in pages, signed out, in both colour schemes. Every screen behind them is checked by
 * axe-core too, in the walk of tablet-layout.spec.ts that checks its layout (light in English, dark
 * in Japanese, at both sizes), so that every screen is loaded once for both.
 */
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`axe-core finds no serious or critical violation (${colorScheme})`, () => {
    test.use({ colorScheme });

    test('sign-in pages', async ({ page }) => {
      await page.goto('/admin/login');
      await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/app/login');
      await expect(page.getByRole('group', { name: 'WebView user' })).toBeVisible();
      await expect(page.getByLabel('Password')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

/** A bookmark of a console page opened while signed out: sign-in first, and only its code. */
import { expect, test } from '@playwright/test';

test('a deep link while signed out lands on sign-in without downloading the page it points to', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fdashboard$/);
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  // Neither the signed-in frame nor the dashboard screen came down the wire.
  expect(scripts.filter((s) => /\/(shell|dashboard)\.[0-9a-f]+\.js$/.test(s))).toEqual([]);
});

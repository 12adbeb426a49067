/**
 * The signed-in frame as a new user meets it: the sidebar back after the window narrows and widens
 * (or a tablet turns), one page padding on every screen, a title that follows the screen and the
 * language, a skip link first, robots kept out, and Japanese shown in a CJK font.
 */
import { expect, test, type Page } from '@playwright/test';
import { skipWizardIfShown, snap, signInAsAdmin } from './support';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

test('the sidebar comes back when the window widens again (or the tablet turns to landscape)', async ({ page }, info) => {
  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  const start = page.viewportSize()!;
  await page.setViewportSize({ width: 800, height: 1024 });
  await expect(menu(page)).toBeHidden();
  // Wide again: a desktop layout, the sidebar on screen without pressing the menu button.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(menu(page)).toBeVisible();
  const box = (await menu(page).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  await snap(page, info, 'shell-01-widened');
  await page.setViewportSize(start);
});

test('every screen has the same page padding: the titles of System Info, System Password and State Machines line up', async ({ page }) => {
  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  const titleX = async (path: string) => {
    await page.goto(path);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toBeVisible();
    return (await h1.boundingBox())!.x;
  };
  const info = await titleX('/admin/system/info');
  expect(await titleX('/admin/account/password')).toBeCloseTo(info, 0);
  expect(await titleX('/admin/account/machines')).toBeCloseTo(info, 0);
});

test('the title follows the screen and the language; a skip link is the first Tab stop', async ({ page, context, baseURL }, info) => {
  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  await page.goto('/admin/account/password');
  await expect(page).toHaveTitle('System Password · HMI Console');
  // The first Tab stop skips to the screen (from the top of the page, as after loading it).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // In Japanese: the title too, and text in a CJK font rather than boxes.
  await context.addCookies([{ name: 'language', value: 'ja', url: baseURL! }]);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveTitle(/ · HMI コンソール$/);
  await snap(page, info, 'shell-02-japanese');
});

test('robots.txt keeps crawlers out, as text', async ({ request }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await res.text()).toContain('Disallow: /');
});

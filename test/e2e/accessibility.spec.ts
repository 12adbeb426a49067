/**
 * The sign-in pages, signed out, in both colour schemes. Every screen behind them is checked by
 * axe-core too, in the walk of tablet-layout.spec.ts that checks its layout (light in English, dark
 * in Japanese, at both sizes), so that every screen is loaded once for both.
 */
import { expect, test } from '@playwright/test';
import { SCHEME_AND_LANGUAGE_RULES, seriousViolations } from './support';

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

test('the axe-core check itself finds what it must: an image without a text, a button without a name, a page without a language', async ({ page }) => {
  await page.setContent('<html><head><title>t</title></head><body><main><h1>x</h1><img src="data:,"><button></button></main></body></html>');
  const all = await seriousViolations(page);
  expect(all.map((v) => v.split(':')[0])).toEqual(expect.arrayContaining(['image-alt', 'button-name', 'html-has-lang']));
  // A second check of the same document (axe-core is already in it), with the scheme and language rules only.
  expect((await seriousViolations(page, SCHEME_AND_LANGUAGE_RULES)).map((v) => v.split(':')[0])).toEqual(['html-has-lang']);
});

test('the axe-core check judges a control by the colour it settles to, not a colour it passes through', async ({ page }) => {
  // A button fading from a pale grey (which fails contrast) to a dark blue over 20 s, checked early.
  await page.setContent(
    '<html lang="en"><head><title>t</title></head><body><main><h1>x</h1><button id="b" style="color: #d0d0d0; background: #fff; transition: color 20s linear">Refresh</button></main></body></html>',
  );
  await page.evaluate(() => {
    const button = document.getElementById('b')!;
    void button.getBoundingClientRect();
    button.style.color = '#0d47a1';
  });
  await page.waitForTimeout(200);
  // Mid-way, the colour on screen still fails contrast...
  expect(await page.locator('#b').evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(13, 71, 161)');
  // ...but the check reads the settled one, and the page goes on with its transition after.
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.querySelectorAll('style').length)).toBe(0);
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from './support';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')})`);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`axe-core finds no serious or critical violation (${colorScheme})`, () => {
    test.use({ colorScheme });
    // Twenty screens, each loaded, settled and analysed: about 3 s each on a busy 2-core machine.
    test.describe.configure({ timeout: 180_000 });

    test('sign-in pages', async ({ page }) => {
      await page.goto('/admin/login');
      await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/app/login');
      await expect(page.getByLabel('Username')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('dashboard, system info, network, project management, recipe, backup recipe, system password, security, OS update, the four Data screens and the Features screens (PLC Runtime, Communication, the three OPC UA tabs)', async ({ page }) => {
      await signInAsAdmin(page);
      // On a device whose first run is not done the wizard is open over each page (and hides the
      // page from assistive technology): axe then checks the page with the dialog, as users get it.
      for (const path of [
        '/admin/dashboard',
        '/admin/system/info',
        '/admin/network/ethernet',
        '/admin/network/wifi',
        '/admin/network/hotspot',
        '/admin/project/management',
        '/admin/project/recipe',
        '/admin/project/backup-recipe',
        '/admin/account/password',
        '/admin/account/security',
        '/admin/account/os-update',
        '/admin/data/datalog',
        '/admin/data/event-log',
        '/admin/data/operation-log',
        '/admin/data/backup',
        '/admin/features/plc-runtime',
        '/admin/features/communication',
        '/admin/features/opcua?tab=server',
        '/admin/features/opcua?tab=tags',
        '/admin/features/opcua?tab=certificates',
      ]) {
        await page.goto(path);
        await expect(page.locator('main h1')).toBeVisible();
        await page.waitForLoadState('networkidle');
        // A dialog fading in (the first-run wizard) is measured mid-fade otherwise.
        await page.waitForFunction(() =>
          document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
        );
        expect(await seriousViolations(page), path).toEqual([]);
      }
    });
  });
}

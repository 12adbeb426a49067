/**
 * Account Management (issue 24, docs/decisions.md#account-management): admin grants History the
 * Recipe menu and History's sidebar shows it (the server allows it at once); admin signs out
 * History's session from another browser, and that browser is sent to sign-in. At 1280×800 and at
 * 768×1024 with touch, each on its own device.
 */
import { expect, test, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { E2E_PASSWORD } from '../../playwright.config';
import { signInAsAdmin, skipWizardIfShown, snap } from './support';

/** A browser of its own, as the project's page is (size, touch, address, language). */
async function newBrowser(browser: Browser, info: TestInfo): Promise<{ context: BrowserContext; page: Page }> {
  const { baseURL, viewport, hasTouch, isMobile, locale } = info.project.use;
  const context = await browser.newContext({ baseURL, viewport, hasTouch, isMobile, locale });
  return { context, page: await context.newPage() };
}

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('ihmi_user_token'));

/** The session id an access token names (its `sid` claim). */
function sessionOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string };
  return payload.sid;
}

/** The sidebar, shown (on a tablet the menu is a drawer, opened first). */
async function showMenu(page: Page): Promise<void> {
  const system = page.getByRole('button', { name: 'System', exact: true });
  if (!(await system.isVisible())) await page.getByRole('button', { name: 'Show or hide the menu' }).click();
  await expect(system).toBeVisible();
}

/** The sidebar's group, opened. */
async function openGroup(page: Page, group: string): Promise<void> {
  await showMenu(page);
  const button = page.getByRole('button', { name: group, exact: true });
  if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
}

test('admin grants History the Recipe menu, then signs History out from another browser', async ({ browser, page }, info) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  const admin = (await tokenOf(page))!;
  const api = (method: 'GET' | 'PUT' | 'DELETE', path: string, data?: unknown) =>
    page.request.fetch(`/api/v1${path}`, { method, headers: { authorization: `Bearer ${admin}` }, ...(data === undefined ? {} : { data }) });
  // Another spec on this device may have locked History out of this address: Unlock clears it.
  for (const lockout of (await (await api('GET', '/uac/lockouts')).json()) as Array<{ id: string; username: string | null }>) {
    if (lockout.username === 'history') expect((await api('DELETE', `/uac/lockouts/${encodeURIComponent(lockout.id)}`)).status()).toBe(200);
  }

  const history = await newBrowser(browser, info);
  try {
    // History signs in; Project shows no Recipe yet.
    await history.page.goto('/admin/login');
    await history.page.getByRole('button', { name: 'History' }).click();
    await history.page.getByLabel('Password').fill(E2E_PASSWORD);
    await history.page.getByRole('button', { name: 'Log In' }).click();
    await history.page.waitForURL(/\/admin\/dashboard/);
    await skipWizardIfShown(history.page);
    await showMenu(history.page);
    await expect(history.page.getByRole('button', { name: 'Data', exact: true })).toBeVisible();
    await expect(history.page.getByRole('button', { name: 'Project', exact: true })).toHaveCount(0);

    // Admin grants History the Recipe menu.
    await page.goto('/admin/account/management');
    await expect(page.getByRole('heading', { level: 1, name: 'Account Management' })).toBeVisible();
    await page.getByRole('button', { name: 'Extra menus of History' }).click();
    const dialog = page.getByRole('dialog', { name: 'Extra menus of History' });
    await dialog.getByRole('checkbox', { name: 'Recipe', exact: true }).check();
    await snap(page, info, 'accounts-01-extra-menus');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The menus of History are saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('account-history')).toContainText('Recipe');

    // History's sidebar follows at its next read of its account; the page opens.
    await history.page.reload();
    await expect(history.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await openGroup(history.page, 'Project');
    await history.page.getByRole('link', { name: 'Recipe', exact: true }).click();
    await history.page.waitForURL(/\/admin\/project\/recipe/);
    await expect(history.page.getByRole('heading', { level: 1, name: 'Recipe' })).toBeVisible();
    await snap(history.page, info, 'accounts-02-history-recipe');

    // Admin signs History's session out.
    const sid = sessionOf((await tokenOf(history.page))!);
    await page.reload();
    const row = page.getByTestId(`session-${sid}`);
    await expect(row).toContainText('history');
    await expect(row).toContainText('127.0.0.1');
    await snap(page, info, 'accounts-03-sessions');
    await row.getByRole('button', { name: /^Sign out history/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out history?' });
    await expect(confirm).toContainText('that browser returns to the sign-in page');
    await confirm.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('history is signed out')).toBeVisible();
    await expect(page.getByTestId(`session-${sid}`)).toHaveCount(0);

    // History's browser learns by itself (its time channel is closed, its next read refused) and
    // is sent to sign-in.
    const relogin = history.page.getByRole('dialog', { name: 'Confirm logout' });
    await expect(relogin).toBeVisible({ timeout: 40_000 });
    await snap(history.page, info, 'accounts-04-history-signed-out');
    await relogin.getByRole('button', { name: 'Re-Login' }).click();
    await history.page.waitForURL(/\/admin\/login/);
    await expect(history.page.getByRole('button', { name: 'Log In' })).toBeVisible();
  } finally {
    await history.context.close();
    // The other specs on this device meet History with its own menus only.
    await api('PUT', '/uac/accounts/history', { extra_roles: [] });
  }
});

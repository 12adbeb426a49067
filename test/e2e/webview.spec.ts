/**
 * The operator's tablet (issue 23): WebView users sign in at /app/login and watch the running
 * project's WebView screen live; the control user runs the pump, the view-only user watches it
 * and cannot, not even with a write forged over the socket; WebView turned off in admin mode
 * sends the viewer to "WebView is turned off". At 1280×800 and at 768×1024 with touch (the
 * project decides), each on its own shared device.
 */
import { expect, test, type Browser, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { E2E_PASSWORD } from '../../playwright.config';
import { WEBVIEW_SOCKET_PATH } from '../../contract/api/webview.routes';
import { signInAsAdmin, skipWizardIfShown, snap } from './support';

const CONTROL = 'cmt_default_control_user';
const VIEW_ONLY = 'cmt_default_view_only_user';

/** A browser of its own, as the project's page is (size, touch, address, language). */
async function newViewer(browser: Browser, info: TestInfo): Promise<{ context: BrowserContext; page: Page }> {
  const { baseURL, viewport, hasTouch, isMobile, locale } = info.project.use;
  const context = await browser.newContext({ baseURL, viewport, hasTouch, isMobile, locale });
  return { context, page: await context.newPage() };
}

/** Signs in at /app/login as a WebView user (its initial password; its first-sign-in wizard skipped). */
async function signInAsWebviewUser(page: Page, username: string): Promise<void> {
  await page.goto('/app/login');
  await page.getByRole('button', { name: username, exact: true }).click();
  await expect(page.getByRole('button', { name: username, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/app\/dashboard/);
  await skipWizardIfShown(page);
}

/** Opens WebView from the menu, as an operator does, and waits for the first values. */
async function openWebview(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const link = page.getByRole('link', { name: 'WebView', exact: true });
  const features = page.getByRole('button', { name: 'Features', exact: true });
  // On a tablet the menu is a drawer, opened first; at 1280 px it is open beside the page.
  if (!(await features.isVisible())) await page.getByRole('button', { name: 'Show or hide the menu' }).click();
  if ((await features.getAttribute('aria-expanded')) === 'false') await features.click();
  await link.click();
  await page.waitForURL(/\/app\/web-view/);
  await expect(page.getByTestId('webview-canvas')).toBeVisible();
  await expect(lampOf(page)).toHaveAttribute('data-on', /^(true|false)$/);
}

const LAMP = '[data-kind="lamp"][data-tag="Pump1_Running"]';
const lampOf = (page: Page): Locator => page.locator(LAMP);
const pumpButtonOf = (page: Page): Locator => page.getByRole('button', { name: 'Pump 1 on/off' });

async function press(page: Page, button: Locator, info: TestInfo): Promise<void> {
  if (info.project.use.hasTouch) await button.tap();
  else await button.click();
}

test('the control user runs the pump and its lamp follows within a second; the view-only user sees it and cannot press, nor write over the socket', async ({ browser, page }, info) => {
  test.setTimeout(90_000);
  await signInAsWebviewUser(page, CONTROL);
  await openWebview(page);
  await snap(page, info, 'webview-01-control');

  const watcher = await newViewer(browser, info);
  try {
    await signInAsWebviewUser(watcher.page, VIEW_ONLY);
    await watcher.page.goto('/app/web-view');
    await expect(watcher.page.getByText('You are signed in as a view-only user')).toBeVisible();
    await expect(lampOf(watcher.page)).toHaveAttribute('data-on', /^(true|false)$/);
    await expect(pumpButtonOf(watcher.page)).toBeDisabled();

    // Twice, so that the pump is both started and stopped whatever it was doing: each press flips
    // the lamp within a second, on the operator's screen and on the watcher's.
    for (const step of [1, 2]) {
      const before = await lampOf(page).getAttribute('data-on');
      const after = before === 'true' ? 'false' : 'true';
      // Timed in the page, from the finger (or the mouse button) going down to the lamp's change:
      // the browser's own clock, not the test runner's round trips.
      const flipped = page.evaluate(
        ([selector, want]) =>
          new Promise<number>((resolve) => {
            let downAt: number | undefined;
            document.addEventListener('pointerdown', () => (downAt ??= performance.now()), { capture: true });
            const observer = new MutationObserver(() => {
              if (downAt !== undefined && document.querySelector(selector)?.getAttribute('data-on') === want) {
                observer.disconnect();
                resolve(performance.now() - downAt);
              }
            });
            observer.observe(document.body, { attributes: true, subtree: true, attributeFilter: ['data-on'] });
          }),
        [LAMP, after] as const,
      );
      await press(page, pumpButtonOf(page), info);
      await expect(lampOf(page)).toHaveAttribute('data-on', after, { timeout: 2000 });
      expect(await flipped).toBeLessThan(1000);
      await expect(lampOf(watcher.page)).toHaveAttribute('data-on', after, { timeout: 1000 });
      await snap(page, info, `webview-02-control-pressed-${step}`);
    }
    await snap(watcher.page, info, 'webview-03-view-only');

    // The view-only user's page cannot press; a write forged over the socket is refused by the device.
    const forged = await watcher.page.evaluate(async (path) => {
      const token = localStorage.getItem('ihmi_user_token');
      const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`);
      return await new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no write_result within 5 s')), 5000);
        ws.onopen = () => {
          ws.send(token ?? '');
          ws.send(JSON.stringify({ type: 'screen', id: 10 }));
          ws.send(JSON.stringify({ type: 'write', id: 'forged-1', tag: 'Pump1_Running', value: 1 }));
        };
        ws.onmessage = (e) => {
          const message = JSON.parse(String(e.data)) as { type: string };
          if (message.type === 'write_result') {
            clearTimeout(timer);
            ws.close();
            resolve(message);
          }
        };
        ws.onclose = (e) => reject(new Error(`closed ${e.code}`));
      });
    }, WEBVIEW_SOCKET_PATH);
    expect(forged).toEqual({ type: 'write_result', id: 'forged-1', ok: false, error_code: 'view_only' });
  } finally {
    await watcher.context.close();
  }
});

test('WebView turned off in admin mode sends the viewer to "turned off"; on again, Retry brings the screen back', async ({ browser, page }, info) => {
  test.setTimeout(90_000);
  await signInAsWebviewUser(page, CONTROL);
  await page.goto('/app/web-view');
  await expect(lampOf(page)).toHaveAttribute('data-on', /^(true|false)$/);

  const admin = await newViewer(browser, info);
  const setWebview = async (on: boolean) => {
    const enable = admin.page.getByRole('switch', { name: 'Enable WebView' });
    await (on ? enable.check() : enable.uncheck());
    await admin.page.getByRole('button', { name: 'Save' }).first().click();
    await expect(admin.page.getByRole('button', { name: 'Save' }).first()).toBeDisabled();
  };
  try {
    await signInAsAdmin(admin.page);
    await skipWizardIfShown(admin.page);
    await admin.page.goto('/admin/features/webview-setting');
    await expect(admin.page.getByRole('heading', { level: 1, name: 'WebView Setting' })).toBeVisible();
    await setWebview(false);
    await snap(admin.page, info, 'webview-04-setting-off');

    await expect(page.getByText('WebView is turned off on this panel')).toBeVisible();
    // What it showed stays, marked stale, and nothing can be pressed.
    await expect(lampOf(page)).toHaveAttribute('data-stale', 'true');
    await expect(pumpButtonOf(page)).toBeDisabled();
    await snap(page, info, 'webview-05-viewer-turned-off');

    await setWebview(true);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('WebView is turned off on this panel')).toBeHidden();
    await expect(lampOf(page)).not.toHaveAttribute('data-stale', 'true');
    await expect(pumpButtonOf(page)).toBeEnabled();
  } finally {
    // Whatever happened, WebView is on again for the specs after this one.
    await admin.page.evaluate(async () => {
      const token = localStorage.getItem('ihmi_user_token');
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const settings = (await (await fetch('/api/v1/webview/settings', { headers })).json()) as Record<string, unknown>;
      if (settings.enabled !== true) await fetch('/api/v1/webview/settings', { method: 'PUT', headers, body: JSON.stringify({ ...settings, enabled: true }) });
    }).catch(() => undefined);
    await admin.context.close();
  }
});

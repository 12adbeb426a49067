/**
 * What a new user found walking the frame at 1280×800 and on a 768×1024 touch tablet, in English
 * and Japanese (issue 20, items 8, 10, 11, 12), on a device of its own (a fresh data folder, so
 * its admin meets the first-run wizard and its HMI name can be made long):
 * - the wizard's password step fits the window, the change-all switch in view without scrolling;
 * - the not-secure warning never covers a control, and can be put away for the session;
 * - the language notice leaves the HMI name uncovered, and nothing is read again;
 * - in user mode the top bar shows a long HMI name in full beside a long account name.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { snap } from './support';
import { ownDeviceForFile } from './own-device';

const INITIAL = 'Fit-Initial-Pass-1';
const CHANGED = 'Fit-Changed-Pass-2';
/** A name as long as the device takes (32 characters), with no spaces to break at. */
const LONG_NAME = 'Linex3xPress-Hall2-Cell4-Stn0707';

const ownDevice = ownDeviceForFile(INITIAL);

async function useLanguage(page: Page, language: 'en' | 'ja'): Promise<void> {
  await page.context().addCookies([{ name: 'language', value: language, url: ownDevice().url }]);
}

/** Forgets the session and the language, as a new browser would come. */
async function forget(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
}

async function signInAdmin(page: Page, password: string): Promise<void> {
  await page.goto(`${ownDevice().url}/admin/login`);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
}

/** Renames the panel (signed in as admin), as the HMI name dialog would. */
async function nameTheHmi(page: Page, name: string): Promise<void> {
  const status = await page.evaluate(async (name) => {
    const res = await fetch('/api/v1/system/hmi/name', {
      method: 'PUT',
      headers: { authorization: `Bearer ${localStorage.getItem('ihmi_user_token')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    return res.status;
  }, name);
  expect(status).toBe(200);
}

/** Nothing lies over the middle of `target`: what the browser would hit there is the target itself. */
async function uncovered(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (el === hit || el.contains(hit) || hit.contains(el));
  });
}

/** A box fully inside the window (no scrolling needed to see it). */
async function inWindow(page: Page, target: Locator): Promise<boolean> {
  const box = (await target.boundingBox())!;
  const view = page.viewportSize()!;
  return box.y >= 0 && box.x >= 0 && box.y + box.height <= view.height && box.x + box.width <= view.width;
}

test('the wizard’s password step fits the window: the change-all switch is in view without scrolling (item 12)', async ({ page }, info) => {
  for (const language of ['en', 'ja'] as const) {
    await useLanguage(page, language);
    await signInAdmin(page, INITIAL);
    const wizard = page.getByRole('dialog');
    await expect(wizard).toBeVisible();
    await wizard.locator('button.MuiButton-contained').click(); // Next
    await expect(wizard.getByRole('radio').first()).toBeChecked(); // HTTPS only, the default
    await wizard.locator('button.MuiButton-contained').click(); // Next
    // HTTPS only from a plain-HTTP page: where the console moves is said beside the form.
    await expect(wizard.getByTestId('https-move')).toBeVisible();
    await expect(wizard.getByRole('switch')).toBeAttached();
    const label = wizard.locator('label').filter({ has: page.getByRole('switch') });
    expect(await inWindow(page, label)).toBe(true);
    expect(await uncovered(label)).toBe(true);
    // The dialog itself needs no scrolling to reach it either.
    const content = wizard.locator('.MuiDialogContent-root');
    expect(await content.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    expect(await inWindow(page, wizard.locator('button.MuiButton-contained'))).toBe(true); // Finish
    await snap(page, info, `fit-01-wizard-password-${language}`);
    await forget(page);
  }
  // Finish it (HTTP still allowed, so that this device stays reachable as it is).
  await useLanguage(page, 'en');
  await signInAdmin(page, INITIAL);
  const wizard = page.getByRole('dialog', { name: 'Welcome to your HMI' });
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('radio', { name: 'Allow HTTP as well' }).check();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Current password').fill(INITIAL);
  await wizard.getByLabel('New password', { exact: false }).first().fill(CHANGED);
  await wizard.getByLabel('Confirm new password').fill(CHANGED);
  await wizard.getByRole('button', { name: 'Finish' }).click();
  await expect(wizard).toBeHidden();
});

test('the not-secure warning never covers a control, and can be put away for the session (item 8)', async ({ page }, info) => {
  for (const language of ['en', 'ja'] as const) {
    await useLanguage(page, language);
    await signInAdmin(page, CHANGED);
    await page.goto(`${ownDevice().url}/admin/network/ethernet`);
    const warning = page.getByTestId('insecure-warning');
    await expect(warning).toBeVisible();
    // Each control of the screen, brought into view, is what a tap there reaches.
    const main = page.getByRole('main');
    // The safety net's switch and its label, the control the warning covered at 1280×800.
    const safety = main.locator('label').filter({ has: page.getByRole('switch') }).last();
    const controls = [safety, ...(await main.getByRole('button').all())];
    for (const control of controls) {
      if (!(await control.isVisible())) continue;
      await control.scrollIntoViewIfNeeded();
      expect({ control: await control.textContent(), uncovered: await uncovered(control) }).toEqual({ control: await control.textContent(), uncovered: true });
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, info, `fit-02-warning-ethernet-${language}`);

    // Put away: gone, also after a reload; the top bar offers it again.
    await warning.getByRole('button').click();
    await expect(warning).toBeHidden();
    await page.reload();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('insecure-warning')).toBeHidden();
    const show = page.getByTestId('show-insecure-warning');
    await expect(show).toBeVisible();
    const box = (await show.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await snap(page, info, `fit-03-warning-hidden-${language}`);
    await show.click();
    await expect(page.getByTestId('insecure-warning')).toBeVisible();
    await forget(page);
  }
});

test('the language notice leaves the HMI name uncovered, and the screen reads nothing again (item 10)', async ({ page }, info) => {
  await useLanguage(page, 'en');
  await signInAdmin(page, CHANGED);
  // A name as long as the panel takes reaches towards the middle, where the notice opens.
  await nameTheHmi(page, LONG_NAME);
  await page.goto(`${ownDevice().url}/admin/account/password`);
  await expect(page.getByTestId('hmi-name')).toHaveText(LONG_NAME);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(1000);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await page.locator('header select').selectOption('ja');
  const notice = page.getByText('言語を変更しました');
  await expect(notice).toBeVisible();
  const name = (await page.getByTestId('hmi-name').boundingBox())!;
  const box = (await notice.boundingBox())!;
  const overlaps = box.x < name.x + name.width && name.x < box.x + box.width && box.y < name.y + name.height && name.y < box.y + box.height;
  expect(overlaps).toBe(false);
  expect(await uncovered(page.getByTestId('hmi-name'))).toBe(true);
  await snap(page, info, 'fit-04-language-notice-ja');
  await page.waitForTimeout(1500);
  expect(calls).toEqual([]);
});

test('in user mode the top bar shows a long HMI name in full beside a long account name (item 11)', async ({ page }, info) => {
  await useLanguage(page, 'en');
  await signInAdmin(page, CHANGED);
  await nameTheHmi(page, LONG_NAME);
  await forget(page);

  for (const language of ['en', 'ja'] as const) {
    await useLanguage(page, language);
    await page.goto(`${ownDevice().url}/app/login`);
    // The control user is the first WebView user, chosen until another is.
    await expect(page.locator('button[aria-pressed="true"]')).toHaveText('cmt_default_control_user');
    await page.locator('input[type="password"]').fill(INITIAL);
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/app\/dashboard/);
    // This account's first sign-in: its own wizard, skipped here.
    const wizard = page.getByRole('dialog');
    if (await wizard.waitFor({ state: 'visible', timeout: 4000 }).then(() => true, () => false)) {
      await wizard.locator('.MuiDialogActions-root button').first().click();
      await expect(wizard).toBeHidden();
    }
    const name = page.getByTestId('hmi-name');
    await expect(name).toHaveText(LONG_NAME);
    // Nothing of it cut off: no ellipsis, no clipped line.
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    expect(await inWindow(page, name)).toBe(true);
    await snap(page, info, `fit-05-user-mode-top-bar-${language}`);
    await forget(page);
  }
});

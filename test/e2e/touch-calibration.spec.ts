import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin, skipWizardIfShown, snap } from './support';

/**
 * Features / Touch Calibration: started and followed from the console; the five touches are played
 * by this test on the simulated panel (the simulate-touch call, HMI_SIMULATE_TOUCH=1 in
 * playwright.config.ts: the test's own requests, never the console's). A full run to done, a
 * cancel from the console, an inconsistent run with Try again; a run in Japanese.
 */

const BASE = '/api/v1/touch-calibration';
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('ihmi_user_token'));

interface Status {
  state: string;
  touched: number;
  targets: { x: number; y: number }[];
}

/** The panel's touch screen, played by the test as the admin signed in on the page. */
async function panel(page: Page) {
  const token = await tokenOf(page);
  const headers = { authorization: `Bearer ${token}` };
  const status = async () => (await (await page.request.get(`${BASE}/status`, { headers })).json()) as Status;
  return {
    status,
    /** Touches target `i` off by (dx, dy), as a slightly worn screen reads it. */
    touch: async (i: number, dx = 0, dy = 0) => {
      const { targets } = await status();
      const p = targets[i]!;
      const res = await page.request.post(`${BASE}/simulate-touch`, { headers, data: { x: Math.round(p.x * 0.98 + 9 + dx), y: Math.round(p.y * 1.01 - 4 + dy) } });
      expect(res.status()).toBe(200);
    },
  };
}

/** Every control on the screen is at least 44 px high and wide. */
async function touchTargetsOk(page: Page): Promise<void> {
  const small = await page
    .locator('main button:visible, [role="dialog"] button:visible')
    .evaluateAll((els) => els.map((el) => ({ what: el.textContent, ...el.getBoundingClientRect().toJSON() })).filter((b) => b.height < 44 || b.width < 44));
  expect(small).toEqual([]);
}

async function open(page: Page) {
  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  await page.goto('/admin/features/touch-calibration');
  await expect(page.getByRole('heading', { level: 1, name: 'Touch Calibration' })).toBeVisible();
}

async function start(page: Page) {
  await page.getByTestId('touch-start').click();
  const dialog = page.getByRole('dialog', { name: 'Start touch calibration?' });
  await expect(dialog).toContainText("the panel's screen shows only the targets and cannot be used to operate the machine");
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('touch-phase')).toHaveText('Calibrating');
  await expect(page.getByTestId('touch-screen-locked')).toHaveText("The panel's screen cannot be used while it is being calibrated.");
}

test('Touch Calibration: confirm, five touches on the panel, done; the calibration in use shown', async ({ page }, info) => {
  test.setTimeout(60_000);
  await open(page);
  await expect(page.getByTestId('touch-phase')).toBeVisible();
  await snap(page, info, 'touch-01-idle');

  await page.getByTestId('touch-start').click();
  await expect(page.getByRole('dialog', { name: 'Start touch calibration?' })).toBeVisible();
  await touchTargetsOk(page);
  await snap(page, info, 'touch-02-confirm');
  await page.getByRole('dialog').getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  await start(page);
  await expect(page.getByTestId('touch-progress')).toHaveText('0 of 5 targets');
  const p = await panel(page);
  for (const i of [0, 1, 2]) await p.touch(i);
  await expect(page.getByTestId('touch-progress')).toHaveText('3 of 5 targets');
  await expect(page.getByTestId('touch-target-2')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('touch-target-3')).toHaveAttribute('data-state', 'next');
  await touchTargetsOk(page);
  await snap(page, info, 'touch-03-progress');

  for (const i of [3, 4]) await p.touch(i);
  await expect(page.getByTestId('touch-phase')).toHaveText('Done');
  await expect(page.getByTestId('touch-outcome')).toContainText('Calibrated. The new calibration is in use');
  await expect(page.getByTestId('touch-stored')).toContainText('Calibrated on');
  await expect(page.getByTestId('touch-screen-locked')).toBeHidden();
  expect((await p.status()).state).toBe('done');
  await snap(page, info, 'touch-04-done');
});

test('Touch Calibration: a start that does not reach the panel, Retry; cancelled from the console after one touch', async ({ page }, info) => {
  await open(page);
  // The first start is lost on the way: the dialog says so and keeps its Retry.
  let failures = 1;
  await page.route(`**${BASE}/start`, (route) => (failures-- > 0 ? route.abort('connectionreset') : route.continue()));
  await page.getByTestId('touch-start').click();
  const confirm = page.getByRole('dialog', { name: 'Start touch calibration?' });
  await confirm.getByRole('button', { name: 'Start' }).click();
  await expect(confirm.getByRole('alert').filter({ hasText: 'The panel cannot be reached.' })).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Retry' })).toBeEnabled();
  await snap(page, info, 'touch-05a-start-failed');
  await confirm.getByRole('button', { name: 'Retry' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('touch-phase')).toHaveText('Calibrating');
  await page.unroute(`**${BASE}/start`);
  const p = await panel(page);
  await p.touch(0);
  await expect(page.getByTestId('touch-progress')).toHaveText('1 of 5 targets');
  await page.getByTestId('touch-cancel').click();
  const dialog = page.getByRole('dialog', { name: 'Cancel the calibration?' });
  await expect(dialog).toBeVisible();
  await snap(page, info, 'touch-05-cancel-confirm');
  // Keep calibrating first: nothing is cancelled.
  await dialog.getByRole('button', { name: 'Keep calibrating' }).click();
  await expect(page.getByTestId('touch-phase')).toHaveText('Calibrating');
  expect((await p.status()).state).toBe('calibrating');
  await page.getByTestId('touch-cancel').click();
  await page.getByRole('dialog', { name: 'Cancel the calibration?' }).getByRole('button', { name: 'Cancel calibration' }).click();
  await expect(page.getByTestId('touch-phase')).toHaveText('Cancelled');
  await expect(page.getByTestId('touch-outcome')).toHaveText('Cancelled. The previous calibration is still in use.');
  expect((await p.status()).state).toBe('cancelled');
});

test('Touch Calibration: inconsistent points fail, Try again starts over; in Japanese', async ({ page }, info) => {
  test.setTimeout(60_000);
  await open(page);
  await start(page);
  const p = await panel(page);
  for (const i of [0, 1, 2, 3]) await p.touch(i);
  await p.touch(4, 160, -90);
  await expect(page.getByTestId('touch-phase')).toHaveText('Failed');
  await expect(page.getByTestId('touch-outcome')).toContainText('The points are inconsistent');
  await touchTargetsOk(page);
  await snap(page, info, 'touch-06-inconsistent');

  // Try again: no second confirmation, a new run at once.
  await page.getByTestId('touch-retry').click();
  await expect(page.getByTestId('touch-phase')).toHaveText('Calibrating');
  await expect(page.getByTestId('touch-progress')).toHaveText('0 of 5 targets');
  await p.touch(0);

  // The same run, followed in Japanese.
  await page.context().addCookies([{ name: 'language', value: 'ja', url: page.url() }]);
  await page.reload();
  await expect(page.getByTestId('touch-phase')).toHaveText('キャリブレーション中');
  await expect(page.getByTestId('touch-progress')).toHaveText('5 個中 1 個のターゲット');
  await snap(page, info, 'touch-07-progress-ja');
  await page.getByTestId('touch-cancel').click();
  await page.getByRole('dialog').getByRole('button', { name: 'キャリブレーションをキャンセル' }).click();
  await expect(page.getByTestId('touch-phase')).toHaveText('キャンセル済み');
  await page.context().addCookies([{ name: 'language', value: 'en', url: page.url() }]);
});

import { expect, test, type Page } from '@playwright/test';
import { E2E_PASSWORD } from '../../playwright.config';
import { signInAsAdmin, skipWizardIfShown, snap } from './support';

/** Waits until the running project's alarms have raised at least one event (its tags change every
 * second: the tank temperature passes 25 °C within seconds). */
async function waitForEvents(page: Page): Promise<void> {
  await expect
    .poll(
      async () =>
        page.evaluate(async () => {
          const token = localStorage.getItem('ihmi_user_token');
          const res = await fetch('/api/v1/eventlog?limit=1', { headers: { authorization: `Bearer ${token}` } });
          return ((await res.json()) as { total: number }).total;
        }),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
}

test('Data: a trend zoomed, live and exported; alarms acknowledged by admin but not by History; an operation-log diff; History backs up to the USB stick', async ({ page }, info) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await skipWizardIfShown(page);

  // The trend of the sample project's first data log, over the last hour.
  await page.goto('/admin/data/datalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Data Log and Trend Display' })).toBeVisible();
  await expect(page.getByTestId('trend-records')).toContainText(/records/);
  const chart = page.getByTestId('zoom-brush');
  await expect(chart).toBeVisible();
  await snap(page, info, 'data-01-trend');

  // A drag across the chart zooms to that span.
  const box = (await chart.boundingBox())!;
  const dragged = page.waitForResponse((r) => r.url().includes('/trend?') && r.status() === 200);
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await dragged;

  // Zoom in: the range halves and the device is asked again.
  const from = page.getByRole('group', { name: 'From' }).locator('input');
  const before = await from.inputValue();
  const zoomed = page.waitForResponse((r) => r.url().includes('/trend?') && r.status() === 200);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await zoomed;
  await expect(from).not.toHaveValue(before);
  // Live follows the newest samples.
  await page.getByLabel('Live').check();
  await expect(page.getByText('Following new samples')).toBeVisible();
  await snap(page, info, 'data-02-live');
  await page.getByLabel('Live').uncheck();

  // The table view, then the whole range as CSV.
  await page.getByRole('tab', { name: 'Table' }).click();
  await expect(page.getByTestId('records-shown')).toContainText(/newest first|No records/);
  await page.getByRole('button', { name: 'All', exact: true }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Tank_trend-\d{8}-\d{6}\.csv$/);
  await expect(page.getByText(/^Saved Tank_trend-.+\.csv/)).toBeVisible();

  // Event log: admin acknowledges an alarm.
  await waitForEvents(page);
  await page.goto('/admin/data/event-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Event Log' })).toBeVisible();
  await page.getByRole('tab', { name: 'History' }).click();
  const ack = page.getByRole('button', { name: /^Acknowledge .+ raised at / }).first();
  await expect(ack).toBeVisible();
  await ack.click();
  await expect(page.getByText(/Acknowledged by admin at/).first()).toBeVisible();
  await snap(page, info, 'data-03-events');

  // Operation log: the acknowledgement is a row; it opens with its before and after.
  await page.goto('/admin/data/operation-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Operation Log' })).toBeVisible();
  await page.getByRole('button', { name: /^Details of Acknowledge alarm at / }).first().click();
  const diff = page.getByRole('dialog');
  await expect(diff).toBeVisible();
  await expect(diff).toContainText('acknowledged');
  await snap(page, info, 'data-04-diff');
  await diff.getByRole('button', { name: 'Close' }).click();

  // History reads the event log but acknowledges nothing: no button, and the device refuses.
  await page.evaluate(() => localStorage.removeItem('ihmi_user_token'));
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'History' }).click();
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/admin\/dashboard/);
  await skipWizardIfShown(page);
  await page.goto('/admin/data/event-log');
  await page.getByRole('tab', { name: 'History' }).click();
  // A table on a desktop, a card per event on a tablet.
  await expect(page.getByTestId(/^event-\d+$/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Acknowledge/ })).toHaveCount(0);
  const refused = await page.evaluate(async () => {
    const token = localStorage.getItem('ihmi_user_token');
    const res = await fetch('/api/v1/eventlog/ack-all', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    return res.status;
  });
  expect(refused).toBe(403);

  // History takes a backup of the last 7 days to the USB stick: a job that says what it wrote.
  await page.goto('/admin/data/backup');
  await expect(page.getByRole('heading', { level: 1, name: 'Backup Data' })).toBeVisible();
  await page.getByRole('radio', { name: 'USB stick' }).check();
  await page.getByRole('button', { name: 'Back up' }).click();
  await expect(page.getByText(/^Backup data-.+\.tar\.gz \(.+\) written to the USB stick\.$/)).toBeVisible({ timeout: 20_000 });
  await snap(page, info, 'data-05-backup');
});

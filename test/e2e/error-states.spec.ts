/**
 * What a screen shows when the panel cannot be reached, and the QA explorer's first view: the page
 * frame stays with a "cannot be reached" message and Retry; the explorer's chart opens fitted and
 * above the fold, payload buttons stay in their card, and the Live tab shows the actor chosen.
 */
import { expect, test } from '@playwright/test';
import { skipWizardIfShown, snap, signInAsAdmin } from './support';

const SCREENS = [
  { path: '/admin/dashboard', title: 'Dashboard', calls: '**/api/v1/system/info' },
  { path: '/admin/network/ethernet', title: 'Ethernet', calls: '**/api/v1/network/**' },
  { path: '/admin/network/wifi', title: /Wi-?Fi/, calls: '**/api/v1/network/**' },
  { path: '/admin/network/hotspot', title: 'Hotspot', calls: '**/api/v1/network/**' },
  { path: '/admin/project/management', title: 'Project Management', calls: '**/api/v1/project/management/**' },
  { path: '/admin/project/recipe', title: 'Recipe', calls: '**/api/v1/recipe/**' },
  { path: '/admin/project/backup-recipe', title: 'Backup Recipe', calls: '**/api/v1/recipe/**' },
  { path: '/admin/account/os-update', title: 'OS Update', calls: '**/api/v1/os/**' },
  { path: '/admin/data/datalog', title: 'Data Log and Trend Display', calls: '**/api/v1/datalog**' },
  { path: '/admin/data/event-log', title: 'Event Log', calls: '**/api/v1/eventlog**' },
  { path: '/admin/data/operation-log', title: 'Operation Log', calls: '**/api/v1/operation-log**' },
  { path: '/admin/features/plc-runtime', title: 'PLC Runtime', calls: '**/api/v1/plc-runtime' },
  { path: '/admin/features/communication', title: 'Communication', calls: '**/api/v1/communication/**' },
  { path: '/admin/features/opcua', title: 'OPC UA', calls: '**/api/v1/opcua/**' },
];

test('a screen whose data cannot be fetched keeps its frame, says the panel cannot be reached, and Retry recovers', async ({ page }, info) => {
  // Fourteen screens, each waiting out its retries before it says so: about 36 s alone, more while
  // the other device's suite runs beside it.
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  for (const screen of SCREENS) {
    await page.route(screen.calls, (route) => route.abort('connectionrefused'));
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
    const alert = page.getByRole('alert').filter({ hasText: 'The panel cannot be reached' }).first();
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('HMI error, please reload this page')).toHaveCount(0);
    await snap(page, info, `unreachable-${screen.path.split('/').pop()}`);
    await page.unroute(screen.calls);
    await page.getByRole('button', { name: 'Retry' }).first().click();
    await expect(page.getByText('The panel cannot be reached')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
  }
});

test('the QA explorer opens its chart fitted and in view, keeps payloads in their card, and the Live tab shows the actor chosen', async ({ page }, info) => {
  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  await page.goto('/admin/account/machines');
  await page.getByRole('button', { name: 'First-run wizard', exact: true }).click();
  const chart = page.getByTestId('statechart');
  // The first chart waits for elkjs in its worker (see machines-explorer.spec.ts).
  await expect(chart).toBeVisible({ timeout: 30_000 });
  const viewport = page.viewportSize()!;
  const frame = (await chart.boundingBox())!;
  // The chart starts within the first screen.
  expect(frame.y).toBeLessThan(viewport.height);
  // Every state box lies inside the chart frame without pressing Fit.
  const boxes = chart.getByRole('button', { name: /^State / });
  await expect(boxes.first()).toBeVisible();
  for (const box of await boxes.all()) {
    const b = (await box.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(frame.x - 1);
    expect(b.y).toBeGreaterThanOrEqual(frame.y - 1);
    expect(b.x + b.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
    expect(b.y + b.height).toBeLessThanOrEqual(frame.y + frame.height + 1);
  }
  await snap(page, info, 'explorer-01-fitted');

  // An event with a JSON payload stays inside its card.
  const events = page.getByRole('group', { name: 'Enabled events' });
  await events.getByRole('button', { name: 'wizard.next', exact: true }).click();
  const payload = events.getByRole('button', { name: /wizard\.chooseProtocol/ }).first();
  const card = (await events.boundingBox())!;
  const button = (await payload.boundingBox())!;
  expect(button.x + button.width).toBeLessThanOrEqual(card.x + card.width + 1);

  // Live: the actors running in this console; the chart shown is the one chosen.
  await page.getByRole('tab', { name: 'Live' }).click();
  await expect(page.getByTestId('statechart')).toHaveCount(0);
  await snap(page, info, 'explorer-02-live');
});

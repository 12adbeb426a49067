/**
 * What a screen shows when the panel cannot be reached, and the QA explorer's first view: on every
 * screen that reads answers of the device (the app's list of screens, each with the calls its area
 * declares it reads) the page frame stays with a "cannot be reached" message and Retry; the
 * explorer's chart opens fitted and above the fold, payload buttons stay in their card, and the
 * Live tab shows the actor chosen.
 */
import { expect, test, type Page } from '@playwright/test';
import { ALL_CALLS } from '../../contract/api';
import type { CallId } from '../../contract/api/calls';
import { ADMIN_SCREENS } from '../../src/app/screens';
import { AREAS } from '../../src/features/areas';
import shellEn from '../../public/locales/shell/en.json';
import { skipWizardIfShown, snap, signInAsAdmin } from './support';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a URL's path is one of the calls' (a `:param` matches any one segment). */
function callsMatcher(ids: readonly CallId[]): (url: URL) => boolean {
  const patterns = ids.map((id) => {
    const call = ALL_CALLS.find((c) => c.id === id);
    if (!call) throw new Error(`no call ${id} in the contract`);
    return new RegExp(`^${escaped(call.path).replace(/:[a-z_]+/gi, '[^/]+')}$`);
  });
  return (url) => patterns.some((p) => p.test(url.pathname));
}

/** Every admin screen that reads answers of the device, from the app's own list: its path, its
 * English menu title (the shell's `menu.<id>`, which the document's title begins with) and the
 * calls its area declares it reads as it opens. */
const READS = new Map(AREAS.flatMap((a) => a.screens).map((s) => [s.menu, s.reads ?? []]));
const MENU_TITLES: Record<string, string> = shellEn.menu;
const SCREENS = ADMIN_SCREENS.flatMap((s) => {
  const reads = READS.get(s.menu) ?? [];
  return reads.length === 0 ? [] : [{ menu: s.menu, path: s.path, title: MENU_TITLES[s.menu]!, calls: callsMatcher(reads) }];
});

const UNREACHABLE = 'The panel cannot be reached';

/** Presses every Retry until no part of the screen says the panel cannot be reached (a screen made
 * of cards that each read on their own has a Retry in each). The last one first: a Retry pressed
 * takes its alert away, and the buttons after it would move up a place. */
async function retryAll(page: Page): Promise<void> {
  await expect(async () => {
    for (const retry of (await page.getByRole('button', { name: 'Retry' }).all()).reverse()) await retry.click({ timeout: 1000 }).catch(() => undefined);
    await expect(page.getByText(UNREACHABLE)).toHaveCount(0, { timeout: 1000 });
  }).toPass({ intervals: [100], timeout: 20_000 });
}

test('every admin screen but two declares the answers it reads', () => {
  // Backup Data needs no answer to show itself (whether a medium is in only tells which buttons
  // may work) and the QA explorer reads none: a new screen that reads nothing is added here on
  // purpose, one that reads declares `reads` in its area.
  expect(ADMIN_SCREENS.filter((s) => (READS.get(s.menu) ?? []).length === 0).map((s) => s.menu)).toEqual(['backup_data', 'machines']);
  for (const screen of SCREENS) expect(screen.title, screen.menu).toBeTruthy();
});

test('a screen whose data cannot be fetched keeps its frame, says the panel cannot be reached, and Retry recovers', async ({ page }, info) => {
  // Seventeen screens, each waiting out its retries before it says so: about 45 s alone, more while
  // the other device's suite runs beside it.
  test.setTimeout(240_000);
  await signInAsAdmin(page);
  await skipWizardIfShown(page);
  for (const screen of SCREENS) {
    await page.route(screen.calls, (route) => route.abort('connectionrefused'));
    await page.goto(screen.path);
    await expect(page).toHaveTitle(new RegExp(`^${escaped(screen.title)} · `));
    await expect(page.locator('main h1')).toBeVisible();
    const alert = page.getByRole('alert').filter({ hasText: UNREACHABLE }).first();
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('HMI error, please reload this page')).toHaveCount(0);
    await snap(page, info, `unreachable-${screen.path.split('/').pop()}`);
    await page.unroute(screen.calls);
    await retryAll(page);
    await expect(page.locator('main h1')).toBeVisible();
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

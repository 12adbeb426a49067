/**
 * Every screen admin can open, as a new user meets it on a 768×1024 touch tablet (and at 1280×800):
 * nothing scrolls sideways, not the page and not a list inside it; on a touch screen every control
 * has a hit box of at least 44×44 px; no text is cut short by an ellipsis or squeezed to a few
 * characters a line, and a chart leaves room for its last time label. Each screen is checked in
 * English and in Japanese, and its Japanese screenshot is kept as test output
 * (`<project>-ja-<screen>.png`) to be looked at. axe-core checks each screen on the same walk: all
 * its WCAG rules in the light scheme in English, its contrast and language rules in the dark one in
 * Japanese. The screens are opened as the console's links open them, without a reload (so axe-core,
 * put into the page once, checks every screen of a part in the page it is already in).
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { ADMIN_SCREENS } from '../../src/app/screens';
import { SCHEME_AND_LANGUAGE_RULES, seriousViolations, signInAsAdmin, skipWizardIfShown } from './support';

/** A screen, or one state of a screen that shows other controls (a tab, a view). */
interface View {
  name: string;
  path: string;
  /** Brings the screen into this state after it loaded. */
  open?(page: Page): Promise<void>;
  /** A dialog over the screen: the screenshot is of the window, where the dialog is. */
  dialog?: boolean;
}

/** Every admin screen from the app's own list, and the tabs and views that show other lists. */
const VIEWS: readonly View[] = [
  ...ADMIN_SCREENS.map((s) => ({ name: s.menu, path: s.path })),
  { name: 'opcua-tags', path: '/admin/features/opcua?tab=tags' },
  { name: 'opcua-certificates', path: '/admin/features/opcua?tab=certificates' },
  { name: 'event_log-history', path: '/admin/data/event-log', open: (page) => page.getByRole('tab').nth(1).click() },
  { name: 'data_log-table', path: '/admin/data/datalog', open: (page) => page.getByRole('tab').nth(1).click() },
  // A date picker open (a dialog on a touch screen, a popper on a desktop): its days and buttons.
  // The first range field is a light one until the pickers load (its open button loads them and
  // opens the picker), the picker's own field after.
  {
    name: 'operation_log-picker',
    path: '/admin/data/operation-log',
    dialog: true,
    open: async (page) => {
      await page.getByRole('group').filter({ has: page.getByRole('spinbutton').or(page.getByRole('textbox')) }).first().getByRole('button').click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
];

/** The requests a page has under way (a walk's screens are opened without a reload, where
 * Playwright's `networkidle` no longer applies). */
function requestsUnderWay(page: Page): { size: number } {
  const open = new Set<unknown>();
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return open;
}

/** Waits until no request has been under way for half a second (at most 5 s: some screens poll),
 * then for the transitions to end (a tab's indicator, a card growing). */
async function settle(page: Page, underWay: { size: number }): Promise<void> {
  const end = Date.now() + 5000;
  for (let quietSince = Date.now(); Date.now() < end; await page.waitForTimeout(50)) {
    if (underWay.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) break;
  }
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await page.waitForTimeout(300);
}

/** Opens a view as the console's links do, without reloading the page (the first with one). */
async function openView(page: Page, view: View, underWay: { size: number }, reload: boolean): Promise<void> {
  if (reload) await page.goto(view.path);
  else {
    await page.evaluate((path) => {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, view.path);
  }
  await expect(page).toHaveURL(view.path);
  await expect(page.locator('main h1')).toBeVisible();
  await settle(page, underWay);
  if (view.open) {
    await view.open(page);
    await settle(page, underWay);
  }
}

/**
 * What is wrong with the layout of the page now, each problem naming its element:
 * - `scroll`: the page, the main content or a box inside it scrolls sideways;
 * - `target` (when `minTarget` is given): an interactive element's hit box is smaller. A native
 *   input hidden in a MUI ButtonBase (checkbox, radio, switch) is measured by that ButtonBase, a
 *   text field, select or date field by its input box; a link inside running text is exempt
 *   (WCAG 2.5.8's inline exception);
 * - `text`: text cut short by an ellipsis (CSS text-overflow or a chart label shortened to "…"),
 *   a word of up to eight characters broken onto two lines (デバイ/ス), or a short text squeezed to
 *   fewer than four characters a line over three lines or more.
 */
async function layoutProblems(page: Page, minTarget: number | null): Promise<string[]> {
  return page.evaluate((min) => {
    const problems: string[] = [];
    const describe = (el: Element): string => {
      const html = el as HTMLElement;
      const labelled = el.getAttribute('aria-labelledby');
      const name =
        el.getAttribute('aria-label') ??
        (labelled ? labelled.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : null) ??
        ((el as HTMLInputElement).labels?.[0]?.textContent || null) ??
        el.getAttribute('title') ??
        (html.innerText || el.textContent || '').trim().slice(0, 60);
      const role = el.getAttribute('role');
      const testId = el.closest('[data-testid]')?.getAttribute('data-testid');
      const classes = [...el.classList].filter((c) => c.startsWith('Mui') && !c.includes('-focus')).slice(0, 2).join('.');
      return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}${classes ? ` .${classes}` : ''}> "${name.replace(/\s+/g, ' ').trim()}"${testId ? ` in [${testId}]` : ''}`;
    };
    const visible = (el: Element) => {
      if (!el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)) return false;
      if (el.closest('[aria-hidden="true"], [inert]')) return false;
      const r = el.getBoundingClientRect();
      return r.width > 2 && r.height > 2 && r.bottom > 0 && r.right > 0;
    };

    // Sideways scrolling.
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) problems.push(`scroll: the page is ${root.scrollWidth} px wide in ${root.clientWidth} px`);
    const main = document.getElementById('main-content');
    if (main) {
      if (main.scrollWidth > main.clientWidth + 1) problems.push(`scroll: the main content is ${main.scrollWidth} px wide in ${main.clientWidth} px`);
      for (const el of main.querySelectorAll('*')) {
        if (el.matches('input, textarea, .MuiTabs-scroller, .MuiTabs-scroller *') || !visible(el)) continue;
        const overflowX = getComputedStyle(el).overflowX;
        if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
          problems.push(`scroll: ${describe(el).slice(0, 120)} scrolls sideways (${el.scrollWidth} px in ${el.clientWidth} px)`);
        }
      }
    }

    // A dialog (a date picker's) cuts nothing off and scrolls nothing sideways.
    for (const dialog of document.querySelectorAll('[role="dialog"]')) {
      if (!visible(dialog)) continue;
      for (const el of [dialog, ...dialog.querySelectorAll('*')]) {
        if (el.matches('input, textarea, .MuiTabs-scroller, .MuiTabs-scroller *') || !visible(el)) continue;
        if (getComputedStyle(el).overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) {
          problems.push(`scroll: in a dialog, ${describe(el).slice(0, 100)} cuts off or scrolls sideways what it holds (${el.scrollWidth} px in ${el.clientWidth} px)`);
        }
      }
    }

    // Hit boxes.
    if (min !== null) {
      const selector = [
        'button', 'a[href]', 'input:not([type="hidden"])', 'select', 'textarea', '.MuiButtonBase-root',
        ...['button', 'link', 'tab', 'checkbox', 'radio', 'switch', 'combobox', 'spinbutton', 'slider', 'menuitem', 'option', 'treeitem'].map((r) => `[role="${r}"]`),
      ].join(', ');
      const measured = new Set<Element>();
      for (const el of document.querySelectorAll(selector)) {
        let box: Element = el;
        if (el.matches('input[type="checkbox"], input[type="radio"]')) box = el.closest('.MuiButtonBase-root') ?? el;
        // A tree item holds its children: its own row is what a finger presses.
        else if (el.matches('[role="treeitem"]')) box = el.firstElementChild ?? el;
        else if (el.matches('input, select, textarea, [role="combobox"], [role="spinbutton"], [contenteditable="true"]')) {
          box = el.closest('.MuiInputBase-root, .MuiPickersInputBase-root') ?? el;
        }
        if (measured.has(box) || !visible(box)) continue;
        measured.add(box);
        const inSentence = box.tagName === 'A' && getComputedStyle(box).display === 'inline' && box.parentElement?.textContent?.trim() !== box.textContent?.trim();
        if (inSentence) continue;
        const r = box.getBoundingClientRect();
        if (r.width < min - 0.5 || r.height < min - 0.5) problems.push(`target: ${describe(el)} is ${Math.round(r.width)}×${Math.round(r.height)} px`);
      }
    }

    // Text cut or squeezed.
    const scope = main ?? document.body;
    for (const el of scope.querySelectorAll('*')) {
      if (!(el instanceof HTMLElement) || !visible(el)) continue;
      const style = getComputedStyle(el);
      if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) problems.push(`text: "${el.textContent}" is cut short (${describe(el).slice(0, 100)})`);
    }
    for (const text of scope.querySelectorAll('svg text')) {
      if (visible(text) && /…$/.test(text.textContent ?? '')) problems.push(`text: the chart label "${text.textContent}" is cut short`);
    }
    // A time axis: a tick at the plot's right end has its label centred on it, so there must be room
    // beside the plot for half of the widest label, or that label is cut ("13:0…").
    for (const axis of scope.querySelectorAll('.MuiChartsAxis-directionX')) {
      const svg = axis.closest('svg');
      const line = axis.querySelector('.MuiChartsAxis-line');
      if (!svg || !line || !visible(svg)) continue;
      const widest = Math.max(0, ...[...axis.querySelectorAll('.MuiChartsAxis-tickLabel')].map((l) => l.getBoundingClientRect().width));
      const room = svg.getBoundingClientRect().right - line.getBoundingClientRect().right;
      if (room < widest / 2) problems.push(`text: a time label at the chart's right end would be cut: ${Math.round(room)} px right of the plot for half of a ${Math.round(widest)} px label`);
    }
    const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const chars = [...(node.textContent ?? '').trim()].length;
      if (chars < 3 || !node.parentElement || !visible(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      const word = !/\s/.test(node.textContent!.trim());
      if (word && chars <= 8 && lines >= 2) problems.push(`text: the word "${node.textContent?.trim()}" is broken onto ${lines} lines (${describe(node.parentElement).slice(0, 100)})`);
      else if (lines >= 3 && chars / lines < 4) problems.push(`text: "${node.textContent?.trim()}" is squeezed onto ${lines} lines (${describe(node.parentElement).slice(0, 100)})`);
    }
    return problems;
  }, minTarget);
}

function isTablet(info: TestInfo): boolean {
  return info.project.name.startsWith('tablet');
}

/** The walk in parts, each a test of its own with its own time: a whole walk (about 40 views, each
 * settled, measured and checked by axe-core) took 3 to 5 minutes on the 2-core CI machine. */
const PARTS = 3;
const PART_SIZE = Math.ceil(VIEWS.length / PARTS);
const VIEW_PARTS = Array.from({ length: PARTS }, (_, i) => VIEWS.slice(i * PART_SIZE, (i + 1) * PART_SIZE));
const partName = (i: number) => `part ${i + 1} of ${PARTS}: ${VIEW_PARTS[i]![0]!.name} to ${VIEW_PARTS[i]!.at(-1)!.name}`;

/** Checks every view in the language now set and in `colorScheme`, layout and axe-core (all its
 * WCAG rules, or only `axeRules`); a screenshot of each with `shotPrefix`. */
async function checkEveryView(
  page: Page,
  info: TestInfo,
  views: readonly View[],
  colorScheme: 'light' | 'dark',
  shotPrefix: string | null,
  axeRules?: readonly string[],
): Promise<void> {
  const minTarget = isTablet(info) ? 44 : null;
  const failures: string[] = [];
  const underWay = requestsUnderWay(page);
  await page.emulateMedia({ colorScheme });
  for (const [i, view] of views.entries()) {
    await openView(page, view, underWay, i === 0);
    if (shotPrefix) await page.screenshot({ path: info.outputPath(`${info.project.name}-${shotPrefix}-${view.name}.png`), fullPage: !view.dialog });
    for (const problem of await layoutProblems(page, minTarget)) failures.push(`${view.name} (${view.path}): ${problem}`);
    for (const violation of await seriousViolations(page, axeRules)) failures.push(`${view.name} (${view.path}): axe (${colorScheme}): ${violation}`);
  }
  expect(failures, failures.join('\n')).toEqual([]);
}

test.describe('layout of every screen', () => {
  test.describe.configure({ timeout: 300_000 });

  test('the sign-in pages, in English and Japanese: the subtitle on one line under the title', async ({ page, context, baseURL }, info) => {
    const minTarget = isTablet(info) ? 44 : null;
    const failures: string[] = [];
    const underWay = requestsUnderWay(page);
    for (const language of ['en', 'ja'] as const) {
      await context.addCookies([{ name: 'language', value: language, url: baseURL! }]);
      for (const path of ['/admin/login', '/app/login']) {
        await page.goto(path);
        await expect(page.locator('h1')).toBeVisible();
        await settle(page, underWay);
        if (language === 'ja') await page.screenshot({ path: info.outputPath(`${info.project.name}-ja-${path.split('/')[1]}-login.png`), fullPage: true });
        for (const problem of await layoutProblems(page, minTarget)) failures.push(`${language} ${path}: ${problem}`);
        // The subtitle ("Sign in to configure this panel") has the card's width, not a narrow
        // column beside the language select.
        const subtitle = page.getByText(language === 'en' ? /^Sign in to / : /^このパネルを/).first();
        const lines = await subtitle.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
        if (lines !== 1) failures.push(`${language} ${path}: the subtitle takes ${lines} lines`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  for (const [i, views] of VIEW_PARTS.entries()) {
    test(`every admin screen in English, light (${partName(i)}): no sideways scrolling, touch targets, text whole, no serious axe-core violation`, async ({ page }, info) => {
      if (i === 0) {
        // A refused sign-in: its row's result, a long text, is in the Operation Log the walk opens.
        await page.goto('/admin/login');
        await page.getByRole('button', { name: 'Update' }).click();
        await page.getByLabel('Password').fill('not-the-password');
        await page.getByRole('button', { name: 'Log In' }).click();
        await expect(page.getByRole('alert')).toBeVisible();
      }
      await signInAsAdmin(page);
      await skipWizardIfShown(page);
      await checkEveryView(page, info, views, 'light', null);
    });
  }

  for (const [i, views] of VIEW_PARTS.entries()) {
    test(`every admin screen in Japanese, dark (${partName(i)}): the same (axe-core on contrast and language), with a screenshot of each`, async ({ page, context, baseURL }, info) => {
      await signInAsAdmin(page);
      await skipWizardIfShown(page);
      await context.addCookies([{ name: 'language', value: 'ja', url: baseURL! }]);
      // The markup is the English walk's: axe's rules on contrast and language are what can differ.
      await checkEveryView(page, info, views, 'dark', 'ja', SCHEME_AND_LANGUAGE_RULES);
    });
  }
});

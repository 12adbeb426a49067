import axe, { type AxeResults, type RunOnly, type RunOptions } from 'axe-core';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { E2E_PASSWORD } from '../../playwright.config';
import { userInfo, userInfoSchema } from '../../contract/api/uac';

/** The admin password journey.spec.ts sets in the first-run wizard. */
export const JOURNEY_PASSWORD = 'Newcomer-Pass-42';

/** Keeps a screenshot of the step as test output, named by project and step. */
export async function snap(page: Page, info: TestInfo, step: string): Promise<void> {
  await page.screenshot({ path: info.outputPath(`${info.project.name}-${step}.png`), fullPage: true });
}

/** Whether the account a page signed in with has its first run still to do, as the device's user
 * info answered at that sign-in: the console shows the first-run wizard exactly then. */
const firstRunDue = new WeakMap<Page, boolean>();

/** Signs in as admin with whichever password is in force on this device: the journey (which
 * runs before the specs that use this) changes it from the initial one. */
export async function signInAsAdmin(page: Page): Promise<void> {
  for (const password of [JOURNEY_PASSWORD, E2E_PASSWORD]) {
    await page.goto('/admin/login');
    const info = page
      .waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === userInfo.path && r.ok(), { timeout: 10_000 })
      .catch(() => null);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log In' }).click();
    if (await page.waitForURL(/\/admin\/dashboard/, { timeout: 4000 }).then(() => true, () => false)) {
      const answer = await info;
      if (answer) firstRunDue.set(page, userInfoSchema.parse(await answer.json()).state_code === 0);
      return;
    }
  }
  throw new Error('admin could not sign in');
}

/** On a device of its own (a spec run alone) the first-run wizard is still due, and modal: skip it,
 * which only marks the first run done. After journey.spec.ts it does not come. */
export async function skipWizardIfShown(page: Page): Promise<void> {
  // Known from the sign-in's user info (signInAsAdmin): no wizard is coming, so none is waited for.
  const due = firstRunDue.get(page);
  if (due === false) return;
  // Admin's wizard, or the password step alone that Update and History are given.
  const wizard = page.getByRole('dialog', { name: /^(Welcome to your HMI|Choose your own password)$/ });
  if (await wizard.waitFor({ state: 'visible', timeout: due ? 10_000 : 3000 }).then(() => true, () => false)) {
    await wizard.getByRole('button', { name: 'Skip' }).click();
    await expect(wizard).toBeHidden();
    firstRunDue.set(page, false);
  }
}

/** The axe-core rules whose findings change with the colour scheme or the language (contrast,
 * the page's language); the others read the same markup in either. */
export const SCHEME_AND_LANGUAGE_RULES = ['color-contrast', 'html-has-lang', 'html-lang-valid', 'valid-lang'];

/** The WCAG levels the console is held to. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * What axe-core finds serious or critical on the page now, under WCAG 2.1 A and AA (or only
 * `rules`), one line each.
 *
 * axe-core runs in the page itself (`axe.run`), put there once a document: the walk of
 * tablet-layout.spec.ts opens its screens without a reload, so one injection serves every screen.
 * @axe-core/playwright injected its 600 kB again at each call and finished each run in a new blank
 * page; on the 2-core CI machine that was 2.5 s a screen, three quarters of the walk's time. The
 * console has no frames, which that library would also have visited.
 */
export async function seriousViolations(page: Page, rules?: readonly string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const runOnly: RunOnly = rules ? { type: 'rule', values: [...rules] } : { type: 'tag', values: WCAG_TAGS };
  const results = await page.evaluate(
    async (options) => {
      // Contrast is judged on the colours the page settles to: a transition under way (a button a
      // poll has just enabled again fades from grey for 250 ms) is ended for the check, else the
      // colour axe reads is a blend that no user is left with.
      const settled = document.createElement('style');
      settled.textContent = '*, *::before, *::after { transition: none !important; }';
      document.head.append(settled);
      try {
        return await (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(document, options);
      } finally {
        settled.remove();
      }
    },
    { runOnly, resultTypes: ['violations'] } satisfies RunOptions,
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}): ${v.nodes[0]?.html.slice(0, 160) ?? ''} ${(v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`);
}

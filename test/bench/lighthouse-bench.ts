/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, its default throttling, and desktop) on the built
 * console against the real server, on loopback, in the machine's Chromium: the sign-in page signed
 * out, and the signed-in screens below as a returning administrator opens them (a token in the
 * browser, the first-run wizard done). Each page is measured LIGHTHOUSE_RUNS times (3) and the
 * median run (by performance score) is printed: performance, LCP, TBT, CLS and the JS transferred,
 * next to the goals. Then the first visit of another screen from the sidebar at 768×1024 with
 * touch and 4× CPU throttling, from the click to the screen's heading.
 *
 * Goals (issue 22): mobile performance >= 90, TBT < 200 ms, LCP < 2.5 s on every page; CLS <= 0.1
 * on mobile and desktop; the sidebar move under 500 ms. Issue 23: accessibility 100 on the user-mode
 * pages (/app/login signed out, /app/web-view as the WebView control user); every page's
 * accessibility score is printed. Prints `met`/`MISSED` beside each figure;
 * exits 1 when a goal is missed (LIGHTHOUSE_NO_EXIT_CODE=1 only reports).
 *
 * A screen added later goes into PAGES. LIGHTHOUSE_PAGES=dashboard,opcua measures a few;
 * LIGHTHOUSE_FORM=mobile or desktop only one form factor.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { chromium, type Browser, type Page } from '@playwright/test';
import { ROOT, startServer } from './device-process';
import { CHROMIUM_ARGS, markFirstRunDone } from './bundle-bench';

const PASSWORD = 'Lighthouse-Bench-1';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Who has the page open: nobody (a sign-in page), the administrator, or the WebView control user. */
type Viewer = 'nobody' | 'admin' | 'webview';

/** The pages measured, each with who opens it, and accessibility's goal where an issue sets one
 * (issue 23: 100 on the user-mode pages). Add a new screen here. */
const PAGES: readonly { id: string; path: string; viewer: Viewer; a11yGoal?: number }[] = [
  { id: 'login', path: '/admin/login', viewer: 'nobody' },
  { id: 'app-login', path: '/app/login', viewer: 'nobody', a11yGoal: 100 },
  { id: 'dashboard', path: '/admin/dashboard', viewer: 'admin' },
  { id: 'datalog', path: '/admin/data/datalog', viewer: 'admin' },
  { id: 'opcua', path: '/admin/features/opcua', viewer: 'admin' },
  { id: 'project', path: '/admin/project/management', viewer: 'admin' },
  { id: 'web-view', path: '/app/web-view', viewer: 'webview', a11yGoal: 100 },
];

const GOALS = { performance: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1, sidebarMs: 500 } as const;

interface Figures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  /** Lighthouse's measure of the machine's speed during the run (higher is faster). */
  benchmarkIndex: number;
}

type Form = 'mobile' | 'desktop';

interface LighthouseResult {
  categories: { performance: { score: number | null }; accessibility: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }>;
  runtimeError?: { message: string };
  environment?: { benchmarkIndex?: number };
}

/** LIGHTHOUSE_SAVE=<folder>: each run's full report (JSON) is kept there, for its treemap, long tasks
 * and request chains (open it in the Lighthouse viewer, or read it with jq). */
const SAVE = process.env.LIGHTHOUSE_SAVE;
let saved = 0;

async function runLighthouse(url: string, port: number, form: Form): Promise<Figures> {
  const { default: lighthouse } = await import('lighthouse');
  const config = form === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true }, config);
  const lhr = result?.lhr as unknown as LighthouseResult | undefined;
  if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
  if (SAVE) {
    fs.mkdirSync(SAVE, { recursive: true });
    const name = `${String(++saved).padStart(2, '0')}-${new URL(url).pathname.replace(/\W+/g, '_')}-${form}.json`;
    fs.writeFileSync(path.join(SAVE, name), typeof result!.report === 'string' ? result!.report : JSON.stringify(lhr));
  }
  const script = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script');
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    jsKb: (script?.transferSize ?? 0) / 1000,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
  };
}

const median = <T>(runs: T[], by: (t: T) => number): T => [...runs].sort((a, b) => by(a) - by(b))[Math.floor(runs.length / 2)]!;

/** Signs in through the sign-in page as a person would and marks the first run done. */
async function signInAdmin(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/admin/dashboard');
  await markFirstRunDone(page);
}

/** Signs in at /app/login as the WebView control user and marks its first run done. */
async function signInWebview(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/app/login`);
  await page.getByRole('button', { name: 'cmt_default_control_user', exact: true }).click();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/app/dashboard');
  await markFirstRunDone(page);
}

async function signOut(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/admin/login`);
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
}

/** From the dashboard, a click on the data log's sidebar item at 768×1024 with touch and 4× CPU
 * throttling, to the data log's heading: the first visit of a screen (its chunk not yet loaded,
 * unless the console prefetched it while idle). Median of RUNS fresh page loads. */
async function sidebarMove(browser: Browser, base: string): Promise<{ ms: number; inPageMs: number; nextFrameMs: number }> {
  const times: { ms: number; inPageMs: number; nextFrameMs: number }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: false });
    const page = await context.newPage();
    await signInAdmin(page, base);
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // As a person would: the dashboard has been open for a moment before the next tap.
    await page.waitForTimeout(Number(process.env.LIGHTHOUSE_DWELL_MS ?? 3000));
    // Below 992 px the sidebar is a drawer: open it, then the Data group.
    await page.getByRole('button', { name: 'Show or hide the menu' }).tap();
    await page.getByRole('button', { name: 'Data', exact: true }).tap();
    const link = page.getByRole('link', { name: 'Data Log and Trend Display' });
    await link.waitFor();
    // Also timed in the page: from the finger coming down to the start of the frame that paints the
    // data log's heading. Playwright notices the heading only when the page lets it in between its
    // tasks, which at 4x CPU can be after the chart's long task that follows the heading's paint.
    await page.evaluate(() => {
      const w = window as unknown as { __move: { down: number; painted: number; next: number } };
      w.__move = { down: 0, painted: 0, next: 0 };
      document.addEventListener('pointerdown', () => (w.__move.down ||= performance.now()), { capture: true });
      const observer = new MutationObserver(() => {
        if (![...document.querySelectorAll('h1')].some((h) => h.textContent?.startsWith('Data Log'))) return;
        observer.disconnect();
        // The frame that paints the heading begins at `painted`; the one after it, `next`, cannot
        // begin before that paint is done: the heading was painted between the two.
        requestAnimationFrame((frame) => {
          w.__move.painted = frame;
          requestAnimationFrame((after) => (w.__move.next = after));
        });
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const started = Date.now();
    await link.tap();
    await page.getByRole('heading', { name: 'Data Log' }).first().waitFor();
    const ms = Date.now() - started;
    await page.waitForFunction(() => (window as unknown as { __move: { next: number } }).__move.next > 0);
    const inPage = await page.evaluate(() => (window as unknown as { __move: { down: number; painted: number; next: number } }).__move);
    times.push({ ms, inPageMs: Math.round(inPage.painted - inPage.down), nextFrameMs: Math.round(inPage.next - inPage.down) });
    await context.close();
  }
  return { ms: median(times, (t) => t.ms).ms, inPageMs: median(times, (t) => t.inPageMs).inPageMs, nextFrameMs: median(times, (t) => t.nextFrameMs).nextFrameMs };
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'dist/index.html')) || !fs.existsSync(path.join(ROOT, 'build/server/main.js'))) {
    execSync('npm run --silent build', { cwd: ROOT, stdio: 'inherit' });
  }
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const pages = PAGES.filter((p) => !only || only.includes(p.id));
  const forms: Form[] = process.env.LIGHTHOUSE_FORM ? [process.env.LIGHTHOUSE_FORM as Form] : ['mobile', 'desktop'];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-lighthouse-'));
  const { child, base: baseP } = startServer(dataDir, { HMI_INITIAL_PASSWORD: PASSWORD });
  // One Chromium, started as Lighthouse starts it, driven by Lighthouse over its debugging port
  // and by Playwright (over the same port) to sign in and to time the sidebar.
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  const port = chrome.port;
  let browser: Browser | undefined;
  let missed = false;
  const speeds: number[] = [];
  const line = (label: string, value: string) => process.stdout.write(`${label.padEnd(34)}${value}\n`);
  try {
    const base = await baseP;
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    // Lighthouse opens its own tab in the browser's default context, whose storage this page shares.
    const context = browser.contexts()[0]!;
    const page = context.pages()[0] ?? (await context.newPage());
    process.stdout.write(`Lighthouse ${(JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version}, ${RUNS} runs a page, the median run; goals: performance >= ${GOALS.performance} (mobile), LCP < ${GOALS.lcpMs / 1000} s, TBT < ${GOALS.tbtMs} ms (mobile), CLS <= ${GOALS.cls}\n\n`);
    process.stdout.write(`${'page'.padEnd(28)}${'form'.padEnd(9)}${'perf'.padStart(5)}${'LCP'.padStart(9)}${'TBT'.padStart(9)}${'CLS'.padStart(7)}${'JS'.padStart(10)}${'a11y'.padStart(6)}   verdict\n`);
    const cdp = await context.newCDPSession(page);
    let viewer: Viewer = 'nobody';
    for (const p of pages) {
      if (p.viewer !== viewer) {
        if (viewer !== 'nobody') await signOut(page, base);
        if (p.viewer === 'admin') await signInAdmin(page, base);
        if (p.viewer === 'webview') await signInWebview(page, base);
        viewer = p.viewer;
      }
      // The page that signed in stays out of the way (its live calls) while Lighthouse measures.
      await page.goto('about:blank');
      for (const form of forms) {
        const runs: Figures[] = [];
        for (let r = 0; r < RUNS; r++) {
          // Storage stays (the session), the cache goes: each run loads the console as a first visit.
          await cdp.send('Network.clearBrowserCache');
          // Lighthouse now and then fails to record a trace (NO_NAVSTART): that run is taken again.
          runs.push(await runLighthouse(`${base}${p.path}`, port, form).catch(() => runLighthouse(`${base}${p.path}`, port, form)));
        }
        speeds.push(...runs.map((f) => f.benchmarkIndex).filter((b) => Number.isFinite(b)));
        const m = median(runs, (f) => f.performance);
        const misses = [
          form === 'mobile' && m.performance < GOALS.performance ? 'performance' : '',
          form === 'mobile' && !(m.lcpMs < GOALS.lcpMs) ? 'LCP' : '',
          form === 'mobile' && !(m.tbtMs < GOALS.tbtMs) ? 'TBT' : '',
          !(m.cls <= GOALS.cls) ? 'CLS' : '',
          p.a11yGoal !== undefined && m.accessibility < p.a11yGoal ? `accessibility < ${p.a11yGoal}` : '',
        ].filter(Boolean);
        missed ||= misses.length > 0;
        process.stdout.write(
          `${p.path.padEnd(28)}${form.padEnd(9)}${String(m.performance).padStart(5)}${`${(m.lcpMs / 1000).toFixed(2)} s`.padStart(9)}${`${Math.round(m.tbtMs)} ms`.padStart(9)}${m.cls.toFixed(3).padStart(7)}${`${m.jsKb.toFixed(0)} KB`.padStart(10)}${String(m.accessibility).padStart(6)}   ${misses.length ? `MISSED (${misses.join(', ')})` : 'met'}  [perf of the runs: ${runs.map((f) => f.performance).join(', ')}]\n`,
        );
      }
    }
    // Lighthouse simulates a slow tablet from a trace taken at this machine's speed: the same build
    // scores several points apart when the machine is busier. Its speed over the runs, to read the
    // figures above with.
    if (speeds.length > 0) {
      process.stdout.write(`\nmachine speed over the runs (Lighthouse's benchmark index, higher is faster): ${Math.round(Math.min(...speeds))} to ${Math.round(Math.max(...speeds))}, median ${Math.round(median(speeds, (b) => b))}\n`);
    }
    process.stdout.write('\n');
    const move = await sidebarMove(browser, base);
    const ok = move.ms < GOALS.sidebarMs;
    missed ||= !ok;
    line('sidebar: dashboard -> Data Log', `${move.ms} ms at 768x1024, touch, 4x CPU (goal < ${GOALS.sidebarMs} ms) ${ok ? 'met' : 'MISSED'}`);
    line('', `(in the page, after the finger came down: the frame painting the heading began at ${move.inPageMs} ms, the next frame at ${move.nextFrameMs} ms)`);
  } finally {
    await browser?.close().catch(() => undefined);
    chrome.kill();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.stdout.write(missed ? 'bench:lighthouse: a goal MISSED\n' : 'bench:lighthouse: every goal met\n');
  process.exitCode = missed && !process.env.LIGHTHOUSE_NO_EXIT_CODE ? 1 : 0;
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

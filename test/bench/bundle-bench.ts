/**
 * `npm run bench:bundle`: the gzipped JS and CSS a browser loads for /admin/login and for
 * /admin/dashboard (signed in, first run done), for a deep link to /admin/dashboard opened while
 * signed out (it must cost no more than the sign-in page it lands on), and for every other menu
 * screen opened by its address, measured in Chromium against the built console and the real
 * server. Budgets (issue 22): 200 KB, 260 KB, 200 KB, and 350 KB for every other route (1 KB =
 * 1000 bytes). Exits 1 above any.
 */
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Page } from '@playwright/test';

const ROOT = path.resolve(__dirname, '..', '..');
const DIST = path.join(ROOT, 'dist');
const PASSWORD = 'Bundle-Bench-1';
export const BUDGETS_KB = { '/admin/login': 200, '/admin/dashboard': 260, 'signed-out deep link': 200 } as const;
/** Every other route: the most a screen may load, shell included. */
export const ROUTE_BUDGET_KB = 350;
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The gzipped size of a built file: its .gz copy, or gzip now when the build kept none (tiny files). */
export function gzippedSize(urlPath: string): number {
  const file = path.join(DIST, decodeURIComponent(urlPath));
  if (!file.startsWith(DIST) || !fs.existsSync(file)) throw new Error(`not a built file: ${urlPath}`);
  return fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

function waitForUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('server did not start')), 60_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Console \(HTTP\):\s+(http:\/\/[^/\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

/** Records the JS and CSS files a navigation loads, until the network has been idle. */
export async function assetsOf(page: Page, action: () => Promise<unknown>): Promise<string[]> {
  const seen = new Set<string>();
  const listener = (response: { url(): string; request(): { resourceType(): string } }) => {
    const type = response.request().resourceType();
    const url = new URL(response.url());
    if (type === 'script' || type === 'stylesheet' || /\.(js|css)$/.test(url.pathname)) seen.add(url.pathname);
  };
  page.on('response', listener);
  await action();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  page.off('response', listener);
  return [...seen];
}

/** Marks the signed-in page's account as past the first-run wizard (as finishing it does), so the
 * benches measure the console as every later visit opens it. */
export async function markFirstRunDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const token = localStorage.getItem('ihmi_user_token');
    await fetch('/api/v1/uac/account/state', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code: 1 }),
    });
  });
}

/** Prints a route's gzipped JS and CSS against its budget, then its files, largest first;
 * answers whether it is within the budget (bench:data reports the trend route with it too). */
export function reportRoute(route: string, files: string[], budgetKb: number, listFiles: boolean | 'when-over' = true): boolean {
  const bytes = files.reduce((sum, f) => sum + gzippedSize(f), 0);
  const kb = bytes / 1000;
  const ok = kb <= budgetKb;
  process.stdout.write(`${route.padEnd(34)} ${kb.toFixed(1).padStart(6)} KB gzipped in ${String(files.length).padStart(2)} files (budget ${budgetKb} KB) ${ok ? 'ok' : 'OVER BUDGET'}\n`);
  if (listFiles === true || (listFiles === 'when-over' && !ok)) for (const f of files.sort((a, b) => gzippedSize(b) - gzippedSize(a))) {
    process.stdout.write(`    ${(gzippedSize(f) / 1000).toFixed(1).padStart(6)} KB  ${f}\n`);
  }
  return ok;
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(DIST, 'index.html')) || !fs.existsSync(path.join(ROOT, 'build/server/main.js'))) {
    execSync('npm run --silent build', { cwd: ROOT, stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-bundle-'));
  const server = spawn(process.execPath, ['build/server/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PORT: '0', HTTPS_PORT: '0', HMI_DATA_DIR: dataDir, HMI_INITIAL_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' },
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  let failed = false;
  try {
    const base = await waitForUrl(server);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();

    // A bookmark of the dashboard opened without a session: it lands on sign-in, loading only that.
    const deepPage = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const deepLink = await assetsOf(deepPage, async () => {
      await deepPage.goto(`${base}/admin/dashboard`);
      await deepPage.waitForURL('**/admin/login?redirect=*');
    });
    await deepPage.context().close();

    const login = await assetsOf(page, () => page.goto(`${base}/admin/login`));
    await page.getByLabel('Password').fill(PASSWORD);
    // Signing in lands on the dashboard: what it adds on top of the login route is loaded then.
    const more = await assetsOf(page, async () => {
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.waitForURL('**/admin/dashboard');
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    });
    // The first sign-in also loads the first-run wizard; reported, not budgeted (it shows once).
    const firstRun = await assetsOf(page, () => page.reload());
    await markFirstRunDone(page);
    // The dashboard as every later visit loads it: a returning user with a token, first run done.
    const dashboard = await assetsOf(page, () => page.reload());

    // Every route is reported: \`failed ||= !reportRoute(...)\` would skip the rest after one over budget.
    const report = (route: keyof typeof BUDGETS_KB, files: string[]) => {
      const ok = reportRoute(route, files, BUDGETS_KB[route]);
      failed ||= !ok;
    };
    report('/admin/login', login);
    report('/admin/dashboard', dashboard);
    report('signed-out deep link', deepLink);
    // Every other menu screen as a bookmark opens it (signed in): shell, screen, texts, its reads.
    const { ADMIN_SCREENS } = await import('../../src/app/screens');
    for (const screen of ADMIN_SCREENS.filter((s) => s.path !== '/admin/dashboard')) {
      const files = await assetsOf(page, () => page.goto(`${base}${screen.path}`));
      const ok = reportRoute(screen.path, files, ROUTE_BUDGET_KB, 'when-over');
      failed ||= !ok;
    }
    const wizardKb = firstRun.filter((f) => !dashboard.includes(f)).reduce((sum, f) => sum + gzippedSize(f), 0) / 1000;
    process.stdout.write(`(first sign-in: the first-run wizard adds ${wizardKb.toFixed(1)} KB; signing in from the login page loaded ${more.length} more files)\n`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.stdout.write(failed ? 'bench:bundle: OVER BUDGET\n' : 'bench:bundle: within budget\n');
  process.exitCode = failed ? 1 : 0;
}

// Run as `npm run bench:bundle`; imported (by bench:data) for its measuring functions only.
if (require.main === module) {
  main().catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}

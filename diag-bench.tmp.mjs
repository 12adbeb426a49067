import { chromium } from '@playwright/test';
import fs from 'node:fs'; import zlib from 'node:zlib'; import path from 'node:path';
const base = 'http://127.0.0.1:19381';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await ctx.newPage();
await page.goto(`${base}/admin/login`);
await page.getByLabel('Password').fill('Shots-Pass-1');
await page.locator('button[type=submit]').click();
await page.waitForURL(/dashboard/);
const size = (p) => { const f = path.join('dist', decodeURIComponent(p)); return fs.existsSync(f + '.gz') ? fs.statSync(f + '.gz').size : zlib.gzipSync(fs.readFileSync(f), { level: 9 }).length; };
for (const route of process.argv.slice(2)) {
  const seen = new Set();
  const l = (r) => { const u = new URL(r.url()); if (/\.(js|css)$/.test(u.pathname)) seen.add(u.pathname); };
  page.on('response', l);
  await page.goto(`${base}${route}`);
  await page.waitForLoadState('networkidle'); await page.waitForTimeout(2500);
  page.off('response', l);
  const list = [...seen].map((p) => [p, size(p)]).sort((a, b) => b[1] - a[1]);
  console.log(route, (list.reduce((s, [, n]) => s + n, 0) / 1000).toFixed(1), 'KB');
  if (process.env.LIST) for (const [p, n] of list.slice(0, 14)) console.log('   ', (n / 1000).toFixed(1), p);
}
await browser.close();

/**
 * `npm run bench:data`: the data logs (issue 12) on the real server (built), on loopback.
 *
 * 1. A log of 10 million records, made by the bench in its own data folder: the sample project's
 *    "Tank trend" (2 tags) filled in-process through DataLogService.appendMany, one record a second
 *    ending now (a daily sine plus noise, a few one-record spikes). Then the server runs on that
 *    folder as `npm run serve` starts it (its node arguments included).
 * 2. GET /api/v1/datalog/:id/trend, 1000 points, over the whole range and over random one-day
 *    windows: p50/p95 of the request time over loopback (an upper bound of the server's time; the
 *    device sends no server timing), and of DataLogService.trend itself in-process before the
 *    server starts. Goal: p95 under 50 ms each.
 * 3. GET /api/v1/datalog/:id/export over exactly 1,000,000 records: rows/s and MB/s, against the
 *    Debian `sqlite3 -csv` program reading the same rows of the same database to /dev/null in the
 *    same run (installed with apt-get when missing). Goals: at least half its rows/s; the server's
 *    RSS grows less than 30 MB during the export.
 * 4. The trend route's (/admin/data/datalog, chunk "data-trend") gzipped JS and CSS next
 *    to the budgets of bench:bundle, measured with bench:bundle's own code in Chromium, when the
 *    console is built with that chunk ("not built" otherwise).
 *
 * Prints the figures next to their goals; asserts nothing (exits 0 unless the bench itself fails).
 * Smaller runs for trying it: DATA_BENCH_ROWS, DATA_BENCH_EXPORT_ROWS.
 */
import { spawn, spawnSync, execSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ROOT, rssMb, signIn, startServer } from './device-process';
import { closeDevice, createDevice } from '../../server/app';
import { assetsOf, BUDGETS_KB, CHROMIUM_ARGS, gzippedSize, markFirstRunDone, reportRoute } from './bundle-bench';

const DIST = path.join(ROOT, 'dist');
const PASSWORD = 'Data-Bench-Pass-1';
const ROWS = Number(process.env.DATA_BENCH_ROWS ?? 10_000_000);
const EXPORT_ROWS = Math.min(ROWS, Number(process.env.DATA_BENCH_EXPORT_ROWS ?? 1_000_000));
/** Records per appendMany call (one transaction each). */
const FILL_CHUNK = 500_000;
const POINTS = 1000;
const DAY_MS = 86_400_000;
const TREND_REQUESTS = 50;
const EXPORT_RUNS = 3;
const GOAL_TREND_P95_MS = 50;
const GOAL_EXPORT_RATIO = 0.5;
const GOAL_RSS_MB = 30;
const TREND_ROUTE = '/admin/data/datalog';
const TREND_CHUNK = 'data-trend';

const line = (label: string, value: string) => process.stdout.write(`${label.padEnd(52)}${value}\n`);
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
const int = (n: number) => n.toLocaleString('en-US');

/** A small seeded generator, so every run fills and asks the same. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const iso = (ms: number) => new Date(ms).toISOString();


/** The Debian sqlite3 program, installed when missing (as the issue asks); null when it cannot be. */
function sqlite3Binary(): string | null {
  const works = () => spawnSync('sqlite3', ['-version'], { stdio: 'ignore' }).status === 0;
  if (works()) return 'sqlite3';
  process.stdout.write('sqlite3 is missing: apt-get install -y sqlite3\n');
  const install = () => spawnSync('apt-get', ['install', '-y', '-q', 'sqlite3'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit' });
    install();
  }
  return works() ? 'sqlite3' : null;
}

// ---- 1. the log -------------------------------------------------------------------------------

interface Filled {
  logId: number;
  firstT: number;
  lastT: number;
  spikes: number;
  service: { whole: number[]; day: number[] };
}

/** Makes the device in-process (migrations, accounts, the sample project and its logs), fills the
 * first log with ROWS records one second apart ending now, times DataLogService.trend, closes. */
async function fill(dataDir: string): Promise<Filled> {
  const { device } = await createDevice({ dataDir, recorder: false, initialPassword: PASSWORD });
  try {
    const row = device.db.prepare("SELECT id, name, tags, sample_period_s FROM datalogs WHERE active = 1 ORDER BY position LIMIT 1").get() as { id: number; name: string; tags: string; sample_period_s: number };
    if (!row) throw new Error('the sample project has no data log');
    // The sample keeps 100,000 records a log; the bench's log keeps them all (set before the
    // service reads the log's state, and kept by the server: a restart does not switch projects),
    // and then some: the server's sampler goes on appending a record every sample period while the
    // bench runs. Were max_records exactly ROWS, each of those records would prune the oldest one,
    // and with ROWS = EXPORT_ROWS the export's range (which starts at the first record filled)
    // would hold one record fewer than it asks for. A day of the sampler's records is more than
    // the bench ever runs.
    device.db.prepare('UPDATE datalogs SET max_records = ? WHERE id = ?').run(ROWS + Math.ceil(86_400 / row.sample_period_s), row.id);
    const tags = (JSON.parse(row.tags) as string[]).length;
    const lastT = Math.floor(Date.now() / 1000) * 1000;
    const firstT = lastT - (ROWS - 1) * 1000;
    const random = mulberry32(12);
    const spikeAt = new Set(Array.from({ length: 7 }, (_, k) => Math.floor(((k + 0.5) / 7) * ROWS) + 17));
    function* records(from: number, to: number): Generator<readonly [number, number[]]> {
      for (let i = from; i < to; i++) {
        const level = spikeAt.has(i) ? 140 : 50 + 30 * Math.sin((2 * Math.PI * i) / 86_400) + (random() - 0.5) * 2;
        const temp = 20 + 5 * Math.sin((2 * Math.PI * i) / (7 * 86_400)) + (random() - 0.5);
        const values = [Math.round(level * 100) / 100, Math.round(temp * 10) / 10];
        yield [firstT + i * 1000, values.slice(0, tags)] as const;
      }
    }
    const started = performance.now();
    for (let from = 0; from < ROWS; from += FILL_CHUNK) {
      device.dataLogs.appendMany(row.id, records(from, Math.min(ROWS, from + FILL_CHUNK)));
      if (process.stderr.isTTY) process.stderr.write(`\r  filling ${row.name}: ${int(Math.min(ROWS, from + FILL_CHUNK))} / ${int(ROWS)} records`);
    }
    const took = (performance.now() - started) / 1000;
    if (process.stderr.isTTY) process.stderr.write('\n');
    const info = device.dataLogs.list().find((l) => l.id === row.id)!;
    if (info.records !== ROWS) throw new Error(`the log holds ${info.records} records, not ${ROWS}`);
    device.db.pragma('wal_checkpoint(TRUNCATE)');
    const dbMb = fs.statSync(path.join(dataDir, 'device.sqlite')).size / 1024 / 1024;
    process.stdout.write(`\nThe log: "${row.name}" (${tags} tags), ${int(ROWS)} records one second apart, ${iso(firstT)} to ${iso(lastT)}\n`);
    line('  filled in-process (appendMany, 500k a call)', `${took.toFixed(1)} s (${int(Math.round(ROWS / took))} records/s), database ${dbMb.toFixed(0)} MB`);

    // DataLogService.trend on its own, in this process (no HTTP, no JSON): the service's share.
    const whole: number[] = [];
    const day: number[] = [];
    const windows = dayWindows(firstT, lastT, TREND_REQUESTS, 99);
    for (let i = 0; i < 5; i++) device.dataLogs.trend(row.id, firstT, lastT, POINTS);
    for (let i = 0; i < TREND_REQUESTS; i++) {
      const t0 = performance.now();
      device.dataLogs.trend(row.id, firstT, lastT, POINTS);
      whole.push(performance.now() - t0);
    }
    for (const [from, to] of windows) {
      const t0 = performance.now();
      device.dataLogs.trend(row.id, from, to, POINTS);
      day.push(performance.now() - t0);
    }
    return { logId: row.id, firstT, lastT, spikes: spikeAt.size, service: { whole, day } };
  } finally {
    await closeDevice(device);
  }
}

/** `count` one-day windows inside [firstT, lastT], seeded. */
function dayWindows(firstT: number, lastT: number, count: number, seed: number): [number, number][] {
  const random = mulberry32(seed);
  const span = Math.max(0, lastT - firstT - DAY_MS);
  return Array.from({ length: count }, () => {
    const from = firstT + Math.floor((random() * span) / 1000) * 1000;
    return [from, Math.min(lastT, from + DAY_MS)] as [number, number];
  });
}

// ---- 2. trends over HTTP ----------------------------------------------------------------------

interface TrendAnswer {
  records: number;
  series: { tag: string; points: [number, number | null, number | null, number | null][] }[];
}

async function timedTrend(base: string, auth: string, logId: number, from: number, to: number): Promise<{ ms: number; bytes: number; trend: TrendAnswer }> {
  const url = `${base}/api/v1/datalog/${logId}/trend?from=${encodeURIComponent(iso(from))}&to=${encodeURIComponent(iso(to))}&points=${POINTS}`;
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${auth}` } });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`trend answered ${res.status}: ${body.slice(0, 300)}`);
  return { ms, bytes: Buffer.byteLength(body), trend: JSON.parse(body) as TrendAnswer };
}

function trendLine(label: string, times: number[], extra = '') {
  const p95 = percentile(times, 95);
  line(label, `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms${extra}   (goal p95 < ${GOAL_TREND_P95_MS} ms: ${verdict(p95 < GOAL_TREND_P95_MS)})`);
}

async function trends(base: string, auth: string, log: Filled): Promise<void> {
  const to = Date.now();
  for (let i = 0; i < 5; i++) await timedTrend(base, auth, log.logId, log.firstT, to);
  const whole: number[] = [];
  let first: { bytes: number; trend: TrendAnswer } | null = null;
  for (let i = 0; i < TREND_REQUESTS; i++) {
    const r = await timedTrend(base, auth, log.logId, log.firstT, to);
    whole.push(r.ms);
    first ??= r;
  }
  const day: number[] = [];
  let dayRecords = 0;
  for (const [from, until] of dayWindows(log.firstT, log.lastT, TREND_REQUESTS, 7)) {
    const r = await timedTrend(base, auth, log.logId, from, until);
    day.push(r.ms);
    dayRecords = r.trend.records;
  }
  const points = first!.trend.series[0]!.points;
  const highest = Math.max(...points.map((p) => p[2] ?? -Infinity));
  const spikes = points.filter((p) => (p[2] ?? 0) >= 140).length;
  process.stdout.write(`\nTrend, ${POINTS} points (GET /api/v1/datalog/${log.logId}/trend; ${TREND_REQUESTS} requests each, one at a time)\n`);
  trendLine('  whole range, request over loopback', whole, ` (${int(first!.trend.records)} records, ${(first!.bytes / 1024).toFixed(0)} KB JSON)`);
  trendLine('  one-day windows, request over loopback', day, ` (${int(dayRecords)} records each)`);
  trendLine('  whole range, DataLogService.trend in-process', log.service.whole);
  trendLine('  one-day windows, DataLogService.trend in-process', log.service.day);
  line('  spikes kept in the whole-range trend', `${spikes} of ${log.spikes} buckets reach the 140 spikes (max ${highest}), ${points.length} points`);
}

// ---- 3. the CSV export ------------------------------------------------------------------------

/** Streams one export, counting bytes and lines; answers the time to the last byte. */
function timedExport(base: string, auth: string, logId: number, from: number, to: number): Promise<{ ms: number; bytes: number; lines: number; count: number }> {
  const url = `${base}/api/v1/datalog/${logId}/export?from=${encodeURIComponent(iso(from))}&to=${encodeURIComponent(iso(to))}`;
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(url, { headers: { authorization: `Bearer ${auth}`, 'accept-encoding': 'identity' } }, (res) => {
        let bytes = 0;
        let lines = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          for (let i = c.indexOf(10); i !== -1; i = c.indexOf(10, i + 1)) lines++;
        });
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`export answered ${res.statusCode}`));
          resolve({ ms: performance.now() - t0, bytes, lines, count: Number(res.headers['x-record-count']) });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The anchor: `sqlite3 -csv` writing the same rows to /dev/null. */
function timedSqlite(binary: string, db: string, logId: number, firstSeq: number, lastSeq: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const devNull = fs.openSync('/dev/null', 'w');
    const t0 = performance.now();
    const child = spawn(binary, ['-csv', db, `SELECT t, v FROM datalog_records WHERE log_id=${logId} AND seq BETWEEN ${firstSeq} AND ${lastSeq}`], {
      stdio: ['ignore', devNull, 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.once('exit', (code) => {
      const ms = performance.now() - t0;
      fs.closeSync(devNull);
      if (code !== 0) reject(new Error(`sqlite3 exited ${code}: ${err}`));
      else resolve(ms);
    });
  });
}

async function exportBench(base: string, auth: string, pid: number, dataDir: string, log: Filled): Promise<void> {
  // Exactly EXPORT_ROWS records from the middle of the log: seq first..last, one second apart.
  const firstSeq = Math.floor((ROWS - EXPORT_ROWS) / 2);
  const lastSeq = firstSeq + EXPORT_ROWS - 1;
  const from = log.firstT + firstSeq * 1000;
  const to = log.firstT + lastSeq * 1000;
  process.stdout.write(`\nCSV export of ${int(EXPORT_ROWS)} records (GET /api/v1/datalog/${log.logId}/export, ${iso(from)} to ${iso(to)}; best of ${EXPORT_RUNS})\n`);

  const before = rssMb(pid);
  let runPeak = before;
  const sampler = setInterval(() => (runPeak = Math.max(runPeak, rssMb(pid))), 20);
  const runs: { ms: number; bytes: number }[] = [];
  const peaks: number[] = [];
  try {
    for (let i = 0; i < EXPORT_RUNS; i++) {
      runPeak = rssMb(pid);
      const r = await timedExport(base, auth, log.logId, from, to);
      peaks.push(Math.max(runPeak, rssMb(pid)));
      if (r.count !== EXPORT_ROWS || r.lines !== EXPORT_ROWS + 1) throw new Error(`the export answered ${r.count} (x-record-count) and ${r.lines} lines, not ${EXPORT_ROWS} + a header`);
      runs.push(r);
    }
  } finally {
    clearInterval(sampler);
  }
  const best = runs.reduce((a, b) => (b.ms < a.ms ? b : a));
  const serverRate = EXPORT_ROWS / (best.ms / 1000);
  line('  device server', `${(best.ms / 1000).toFixed(2)} s: ${int(Math.round(serverRate))} rows/s, ${(best.bytes / 1024 / 1024 / (best.ms / 1000)).toFixed(1)} MB/s (${(best.bytes / 1024 / 1024).toFixed(1)} MB; runs ${runs.map((r) => (r.ms / 1000).toFixed(2)).join(', ')} s)`);

  const binary = sqlite3Binary();
  if (!binary) {
    line('  sqlite3 -csv (anchor)', 'not available (apt-get install sqlite3 failed): no ratio');
  } else {
    const version = spawnSync(binary, ['-version'], { encoding: 'utf8' }).stdout.trim().split(' ')[0];
    const times: number[] = [];
    for (let i = 0; i < EXPORT_RUNS; i++) times.push(await timedSqlite(binary, path.join(dataDir, 'device.sqlite'), log.logId, firstSeq, lastSeq));
    const anchorMs = Math.min(...times);
    const anchorRate = EXPORT_ROWS / (anchorMs / 1000);
    const ratio = serverRate / anchorRate;
    line(`  sqlite3 ${version} -csv > /dev/null (anchor)`, `${(anchorMs / 1000).toFixed(2)} s: ${int(Math.round(anchorRate))} rows/s (runs ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} s)`);
    line('  ratio, device / sqlite3 (rows/s)', `${ratio.toFixed(2)}   (goal >= ${GOAL_EXPORT_RATIO}: ${verdict(ratio >= GOAL_EXPORT_RATIO)})`);
  }
  const peak = Math.max(before, ...peaks);
  const growth = peak - before;
  line('  server RSS before / peak during the exports', `${before.toFixed(1)} / ${peak.toFixed(1)} MB (peak of each run: ${peaks.map((p) => p.toFixed(1)).join(', ')} MB)`);
  line('  RSS growth during the export', `${growth.toFixed(1)} MB   (goal < ${GOAL_RSS_MB} MB: ${verdict(growth < GOAL_RSS_MB)})`);
}

// ---- 4. the trend route's bundle --------------------------------------------------------------

async function bundle(base: string): Promise<void> {
  process.stdout.write(`\nThe trend route ${TREND_ROUTE} (chunk "${TREND_CHUNK}"), gzipped JS and CSS (bench:bundle's measure)\n`);
  const assets = path.join(DIST, 'assets');
  const chunks = fs.existsSync(path.join(DIST, 'index.html')) && fs.existsSync(assets) ? fs.readdirSync(assets).filter((f) => f.startsWith(`${TREND_CHUNK}.`) && /\.(js|css)$/.test(f)) : [];
  if (chunks.length === 0) {
    line('  route', `not built (no ${TREND_CHUNK} chunk in dist/: npm run build:console once the route is in)`);
    return;
  }
  const chunkKb = chunks.reduce((sum, f) => sum + gzippedSize(`/assets/${f}`), 0) / 1000;
  line(`  the ${TREND_CHUNK} chunk itself`, `${chunkKb.toFixed(1)} KB gzipped (${chunks.join(', ')})`);
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) {
    line('  whole route', `not measured: no Chromium at ${executablePath} (set CHROMIUM_PATH)`);
    return;
  }
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const login = await assetsOf(page, () => page.goto(`${base}/admin/login`));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/admin/dashboard');
    // First run done, as bench:bundle measures its signed-in routes.
    await markFirstRunDone(page);
    // The route opened directly (a bookmark, a reload): everything it needs, as bench:bundle
    // measures the dashboard; held to the budget of a signed-in route.
    const route = await assetsOf(page, async () => {
      await page.goto(`${base}${TREND_ROUTE}`);
      await page.waitForURL(`**${TREND_ROUTE}`);
    });
    reportRoute('/admin/login', login, BUDGETS_KB['/admin/login']);
    reportRoute(TREND_ROUTE, route, BUDGETS_KB['/admin/dashboard']);
    if (!route.some((f) => f.includes(TREND_CHUNK))) process.stdout.write(`  (the route did not load ${TREND_CHUNK}: did the page open?)\n`);
    if (login.some((f) => f.includes(TREND_CHUNK))) process.stdout.write(`  (the sign-in page loads ${TREND_CHUNK}: it should not)\n`);
  } finally {
    await browser.close();
  }
}

// ---- main -------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const startedAt = performance.now();
  if (!fs.existsSync(path.join(ROOT, 'build/server/main.js'))) execSync('npm run --silent build:server', { cwd: ROOT, stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-data-bench-'));
  let child: ChildProcess | null = null;
  try {
    const log = await fill(dataDir);
    const server = startServer(dataDir);
    child = server.child;
    const base = await server.base;
    const auth = await signIn(base, PASSWORD);
    await trends(base, auth, log);
    await exportBench(base, auth, child.pid!, dataDir, log);
    await bundle(base);
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.stdout.write(`\n(on ${os.cpus().length} cores, Node ${process.versions.node}; the bench took ${((performance.now() - startedAt) / 1000).toFixed(0)} s)\n`);
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);

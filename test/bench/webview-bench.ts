/**
 * `npm run bench:webview`: the WebView socket (issue 23) on the real server (built, started as
 * `npm run serve` starts it), on loopback, with real WebSocket clients.
 *
 * 1. The sample project plus 1,000 generated tags (`make:project --tags 1000`: its WebView screen
 *    20 shows all of them), each made to change every 100 ms (a ramp over the hour whose value is
 *    the hour's 100 ms step, so a value says when it was reached), installed by the project update
 *    call. WebView's maximum number of viewers raised to 50 (the WebView settings call; a device
 *    that does not serve it yet has the setting written before a restart).
 * 2. 50 viewers signed in at once (the two WebView users), half following the sample screen (10),
 *    half the 1,000-tag screen (20). One control viewer of the sample screen writes Tank1_Setpoint
 *    every 100 ms.
 * 3. For WEBVIEW_BENCH_SECONDS (30): the time from each change to its message at each viewer (the
 *    ramp's step for screen 20, the write's sending for screen 10), p50/p95/max; `values` messages
 *    per viewer per second; the device's RSS before the viewers and its peak during the run.
 *
 * Prints the figures next to their goals; asserts nothing (exits 0 unless the bench itself fails).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import { rssMb, startServer } from './device-process';
import { makeProject, SIMULATED_SCREEN_ID } from '../../server/tools/make-project';
import { packProject } from '../../server/lib/project-file';
import { WEBVIEW_COALESCE_MS, WEBVIEW_SOCKET_PATH } from '../../contract/api/webview.routes';

const PASSWORD = 'Webview-Bench-Pass-1';
const TAGS = Number(process.env.WEBVIEW_BENCH_TAGS ?? 1000);
const VIEWERS = Number(process.env.WEBVIEW_BENCH_VIEWERS ?? 50);
const SECONDS = Number(process.env.WEBVIEW_BENCH_SECONDS ?? 30);
const STEP_MS = 100;
const HOUR_MS = 3_600_000;
const GOAL_P95_MS = 100;
const GOAL_RSS_GROWTH_MB = 30;
/** At most one `values` message per coalescing window. */
const RATE_BOUND = 1000 / WEBVIEW_COALESCE_MS;

const line = (label: string, value: string) => process.stdout.write(`${label.padEnd(64)}${value}\n`);
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
const ms = (n: number) => `${n.toFixed(1)} ms`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** When a generated tag reached `value`: the ramp's value is the hour's 100 ms step, rounded, so
 * step n begins at (n − 0.5) × 100 ms into the hour (the device clock is the host's: no offset). */
function changedAt(value: number, seenAt: number): number {
  let at = Math.floor(seenAt / HOUR_MS) * HOUR_MS + (value - 0.5) * STEP_MS;
  if (at > seenAt + 1) at -= HOUR_MS;
  return at;
}

async function signInApp(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/token/${username === 'admin' ? 'admin' : 'app'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

interface Viewer {
  ws: WebSocket;
  screen: number;
  values: number;
  counting: boolean;
  latencies: number[];
  closedWith: number | null;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'webview-bench-'));
  const env = { HMI_INITIAL_PASSWORD: PASSWORD };
  let { child, base: basePromise } = startServer(dataDir, env);
  const stop = async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
  };
  try {
    let base = await basePromise;
    let admin = await signInApp(base, 'admin');
    const api = async (method: string, url: string, body?: unknown) =>
      fetch(`${base}${url}`, {
        method,
        headers: { authorization: `Bearer ${admin}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    process.stdout.write(`WebView bench: sample screen + a ${TAGS.toLocaleString('en-US')}-tag screen, ${VIEWERS} viewers, ${SECONDS} s, Node ${process.version}, ${os.cpus().length} cores\n\n`);

    // 1. The project: make:project's tags, each a ramp that steps every 100 ms.
    const project = makeProject({ name: 'Webview bench', tags: TAGS });
    for (const t of project.tags) {
      if (!t.name.startsWith('Sim_')) continue;
      t.data_type = 'int32';
      t.simulation = { kind: 'ramp', min: 0, max: HOUR_MS / STEP_MS, period_s: HOUR_MS / 1000 };
    }
    const { app, crc } = packProject(project);
    const form = new FormData();
    form.append('app', new Blob([new Uint8Array(app)]), 'Webview bench.app');
    form.append('crc', new Blob([`${crc}\n`]), 'Webview bench.crc');
    const started = await fetch(`${base}/api/v1/project/management/update`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
    if (started.status !== 202) throw new Error(`update: ${started.status} ${await started.text()}`);
    const jobId = ((await started.json()) as { job_id: string }).job_id;
    for (;;) {
      const job = (await (await api('GET', `/api/v1/jobs/${jobId}`)).json()) as { state: string };
      if (job.state === 'failed') throw new Error(`update failed: ${JSON.stringify(job)}`);
      if (job.state === 'done') break;
      await sleep(100);
    }

    // The maximum number of viewers, raised to the bench's.
    const got = await api('GET', '/api/v1/webview/settings');
    let how: string;
    if (got.ok) {
      const settings = { ...((await got.json()) as Record<string, unknown>), enabled: true, max_viewers: VIEWERS };
      const put = await api('PUT', '/api/v1/webview/settings', settings);
      if (!put.ok) throw new Error(`webview settings: ${put.status} ${await put.text()}`);
      how = 'PUT /api/v1/webview/settings';
    } else {
      // This device does not serve WebView Setting's saves yet: the setting written while it is down.
      await stop();
      const db = new Database(path.join(dataDir, 'device.sqlite'));
      const row = db.prepare("SELECT value FROM settings WHERE key = 'webview'").get() as { value: string };
      db.prepare("UPDATE settings SET value = ? WHERE key = 'webview'").run(JSON.stringify({ ...JSON.parse(row.value), enabled: true, max_viewers: VIEWERS }));
      db.close();
      ({ child, base: basePromise } = startServer(dataDir, env));
      base = await basePromise;
      admin = await signInApp(base, 'admin');
      how = `the stored setting (GET settings answered ${got.status}), then a restart`;
    }
    line('Maximum viewers raised to', `${VIEWERS}   (${how})`);

    const screens = (await (await api('GET', '/api/v1/webview/screens')).json()) as { screens: { id: number; elements: unknown[] }[] };
    line('Screens', screens.screens.map((s) => `${s.id}: ${s.elements.length} elements`).join(', '));
    await sleep(1000);
    const rssBefore = rssMb(child.pid!);

    // 2. The viewers.
    const tokens = { control: await signInApp(base, 'cmt_default_control_user'), view: await signInApp(base, 'cmt_default_view_only_user') };
    const wsUrl = `${base.replace(/^http/, 'ws')}${WEBVIEW_SOCKET_PATH}`;
    const sentAt = new Map<number, number>();
    const viewers: Viewer[] = [];
    const connectStart = performance.now();
    await Promise.all(
      Array.from({ length: VIEWERS }, (_, i) => {
        const v: Viewer = { ws: new WebSocket(wsUrl), screen: i % 2 === 0 ? 10 : SIMULATED_SCREEN_ID, values: 0, counting: false, latencies: [], closedWith: null };
        viewers.push(v);
        let first = true;
        v.ws.on('message', (data) => {
          const seen = Date.now();
          const m = JSON.parse(data.toString()) as { type: string; values?: Record<string, number> };
          if (m.type !== 'values') return;
          if (first) {
            first = false;
            return; // every tag of the screen: no change to time
          }
          if (!v.counting) return;
          v.values++;
          if (v.screen === SIMULATED_SCREEN_ID) {
            const steps = Object.entries(m.values!).filter(([k]) => k.startsWith('Sim_')).map(([, n]) => n);
            if (steps.length > 0) v.latencies.push(seen - changedAt(Math.min(...steps), seen));
          } else if (m.values!.Tank1_Setpoint !== undefined) {
            const at = sentAt.get(m.values!.Tank1_Setpoint);
            if (at !== undefined) v.latencies.push(seen - at);
          }
        });
        v.ws.on('close', (code) => (v.closedWith = code));
        return new Promise<void>((resolve, reject) => {
          v.ws.once('open', () => {
            v.ws.send(i === 0 || i % 4 !== 0 ? tokens.control : tokens.view);
            v.ws.send(JSON.stringify({ type: 'screen', id: v.screen }));
            resolve();
          });
          v.ws.once('error', reject);
        });
      }),
    );
    await sleep(500);
    const refused = viewers.filter((v) => v.closedWith !== null);
    line(`${VIEWERS} viewers connected and following`, `${ms(performance.now() - connectStart)}   (${refused.length} closed: ${refused.map((v) => v.closedWith).join(', ') || 'none'})`);

    // 3. The run: the writer writes every 100 ms; RSS sampled.
    const writer = viewers[0]!;
    let n = 1000;
    const writes = setInterval(() => {
      n = (n + 1) % 65536;
      sentAt.set(n, Date.now());
      writer.ws.send(JSON.stringify({ type: 'write', id: `w${n}`, tag: 'Tank1_Setpoint', value: n }));
    }, STEP_MS);
    const rss: number[] = [];
    const rssTimer = setInterval(() => rss.push(rssMb(child.pid!)), 500);
    for (const v of viewers) v.counting = true;
    const t0 = Date.now();
    await sleep(SECONDS * 1000);
    for (const v of viewers) v.counting = false;
    const seconds = (Date.now() - t0) / 1000;
    clearInterval(writes);
    clearInterval(rssTimer);
    const rssEnd = rssMb(child.pid!);

    const report = (label: string, group: Viewer[]) => {
      const lat = group.flatMap((v) => v.latencies);
      const p95 = percentile(lat, 95);
      process.stdout.write(`${label}\n`);
      line(`  change → message at the viewer (${lat.length.toLocaleString('en-US')} messages)`, `p50 ${ms(percentile(lat, 50))}, p95 ${ms(p95)}, max ${ms(Math.max(...lat))}   goal p95 < ${GOAL_P95_MS} ms: ${verdict(p95 < GOAL_P95_MS)}`);
      const rates = group.map((v) => v.values / seconds);
      const top = Math.max(...rates);
      line('  values messages per viewer per second', `mean ${(rates.reduce((a, b) => a + b, 0) / rates.length).toFixed(1)}, max ${top.toFixed(1)}   bound ${RATE_BOUND}/s (one per ${WEBVIEW_COALESCE_MS} ms): ${verdict(top <= RATE_BOUND + 0.5)}`);
    };
    report(`Screen ${SIMULATED_SCREEN_ID}: ${TAGS.toLocaleString('en-US')} tags stepping every 100 ms, ${viewers.filter((v) => v.screen === SIMULATED_SCREEN_ID).length} viewers`, viewers.filter((v) => v.screen === SIMULATED_SCREEN_ID));
    report(`Screen 10: the sample screen, a write every 100 ms, ${viewers.filter((v) => v.screen === 10).length} viewers`, viewers.filter((v) => v.screen === 10));
    const peak = Math.max(...rss, rssEnd);
    line('Device RSS growth (peak during the run − before the viewers)', `${(peak - rssBefore).toFixed(1)} MB   goal < ${GOAL_RSS_GROWTH_MB} MB: ${verdict(peak - rssBefore < GOAL_RSS_GROWTH_MB)}`);
    line('  before / peak / at the end', `${[rssBefore, peak, rssEnd].map((v) => v.toFixed(1)).join(' / ')} MB`);
    const dropped = viewers.filter((v) => v.closedWith !== null).length;
    line('Viewers closed by the device during the run', `${dropped}`);
    for (const v of viewers) v.ws.close();
  } finally {
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`bench:webview failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

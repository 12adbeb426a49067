/**
 * `npm run bench:opcua`: the OPC UA server (issue 13) on the real server (built), on loopback,
 * with a real node-opcua client.
 *
 * 1. The sample project plus 10,000 generated tags (`make:project --tags 10000`: all published in
 *    the OPC UA folder "Simulated"), installed by the project update call as an administrator
 *    would. The client's certificate is uploaded to the trusted clients and a user is set up.
 * 2. Server start time: from the PUT that enables the server to the status call saying running.
 * 3. One Read of all 10,000 generated tags' values (one ReadRequest), three times.
 * 4. 1,000 monitored items at 100 ms (sampling and publishing) for 30 s: DataChange notifications
 *    received per second, against the changes the simulation makes at 100 ms steps over the same
 *    time (what a perfect server would send).
 * 5. Meanwhile, the device's RSS (goal: under 200 MB with the server up) and the API's p99
 *    latency (GET /api/v1/opcua/status and /api/v1/system/info, 20 requests a second; goal: under 50 ms).
 *
 * Prints the figures next to their goals; asserts nothing (exits 0 unless the bench itself fails).
 * Shorter runs for trying it: OPCUA_BENCH_SECONDS, OPCUA_BENCH_TAGS.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AttributeIds, ClientMonitoredItemGroup, ClientSubscription, TimestampsToReturn, type ReadValueIdOptions } from 'node-opcua';
import { rssMb, signIn, startServer } from './device-process';
import { makeProject } from '../../server/tools/make-project';
import { packProject } from '../../server/lib/project-file';
import { simulatedValue } from '../../server/services/tag-values';
import { disposeIdentity, freePort, makeClientIdentity, openSession } from '../support/opcua-client';
import { opcuaSettingsInput } from '../support/settings';

const PASSWORD = 'Opcua-Bench-Pass-1';
const USER = { userName: 'bench', password: 'Bench-User-Pass-1' };
const TAGS = Number(process.env.OPCUA_BENCH_TAGS ?? 10_000);
const SECONDS = Number(process.env.OPCUA_BENCH_SECONDS ?? 30);
const MONITORED = Math.min(1000, TAGS);
const INTERVAL_MS = 100;
const GOAL_RSS_MB = 200;
const GOAL_P99_MS = 50;

const line = (label: string, value: string) => process.stdout.write(`${label.padEnd(62)}${value}\n`);
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
const ms = (n: number) => `${n.toFixed(1)} ms`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

/** CPU time a process has used (user + system), in ms. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 1/100 s
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opcua-bench-'));
  const identity = await makeClientIdentity('bench-client');
  const { child, base: basePromise } = startServer(dataDir, { HMI_INITIAL_PASSWORD: PASSWORD, ...(process.env.OPCUA_BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.OPCUA_BENCH_NODE_OPTIONS } : {}), ...(process.env.OPCUA_BENCH_ARENAS ? { MALLOC_ARENA_MAX: process.env.OPCUA_BENCH_ARENAS } : {}) });
  if (process.env.OPCUA_BENCH_STDOUT) child.stdout!.pipe(fs.createWriteStream(process.env.OPCUA_BENCH_STDOUT));
  try {
    const base = await basePromise;
    const token = await signIn(base, PASSWORD);
    const auth = { authorization: `Bearer ${token}` };
    const api = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}${url}`, { method, headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<any>;
    };

    process.stdout.write(`OPC UA bench: sample project + ${TAGS.toLocaleString('en-US')} tags, Node ${process.version}, ${os.cpus().length} cores\n\n`);
    // 1. The project, installed by the update call.
    const project = makeProject({ name: 'Opcua bench', tags: TAGS });
    const { app, crc } = packProject(project);
    const form = new FormData();
    form.append('app', new Blob([new Uint8Array(app)]), 'Opcua bench.app');
    form.append('crc', new Blob([`${crc}\n`]), 'Opcua bench.crc');
    const started = await fetch(`${base}/api/v1/project/management/update`, { method: 'POST', headers: auth, body: form });
    if (started.status !== 202) throw new Error(`update: ${started.status} ${await started.text()}`);
    const jobId = ((await started.json()) as { job_id: string }).job_id;
    for (;;) {
      const job = await api('GET', `/api/v1/jobs/${jobId}`);
      if (job.state === 'failed') throw new Error(`update failed: ${JSON.stringify(job)}`);
      if (job.state === 'done') break;
      await sleep(100);
    }
    const trust = new FormData();
    trust.append('file', new Blob([new Uint8Array(identity.der())]), 'bench.der');
    const trusted = await fetch(`${base}/api/v1/opcua/certificates/trusted_clients`, { method: 'POST', headers: auth, body: trust });
    if (!trusted.ok) throw new Error(`trust: ${trusted.status}`);

    // 2. Start time.
    const port = await freePort();
    // One endpoint, the one the client opens (Basic256Sha256, Sign & Encrypt).
    const settings = opcuaSettingsInput({
      enabled: true,
      port,
      security: { basic256sha256: ['sign_encrypt'], aes128_sha256_rsaoaep: [], aes256_sha256_rsapss: [] },
      users: [{ username: USER.userName, password: USER.password, browse: true, read: true, write: false }],
    });
    const rssBefore = rssMb(child.pid!);
    const t0 = performance.now();
    await api('PUT', '/api/v1/opcua/settings', settings);
    let status = await api('GET', '/api/v1/opcua/status');
    while (status.state !== 'running') {
      if (status.error) throw new Error(`the server did not start: ${JSON.stringify(status.error)}`);
      await sleep(10);
      status = await api('GET', '/api/v1/opcua/status');
    }
    const startMs = performance.now() - t0;
    line('Server start (PUT enabled → status running)', `${ms(startMs)}   (${TAGS.toLocaleString('en-US')} + 7 tags published)`);
    const rssStarted = rssMb(child.pid!);

    const c = await openSession(status.endpoint_url, identity, { user: USER });
    try {
      // 3. One Read of every generated tag.
      const names = project.tags.filter((t) => t.name.startsWith('Sim_')).map((t) => t.name);
      const nodes: ReadValueIdOptions[] = names.map((n) => ({ nodeId: `ns=1;s=${n}`, attributeId: AttributeIds.Value }));
      const readTimes: number[] = [];
      let good = 0;
      for (let i = 0; i < 3; i++) {
        const r0 = performance.now();
        const values = await c.session.read(nodes);
        readTimes.push(performance.now() - r0);
        good = values.filter((v) => v.statusCode.isGood()).length;
      }
      line(`One Read of ${names.length.toLocaleString('en-US')} values (3 runs)`, `${readTimes.map(ms).join(', ')}   (${good.toLocaleString('en-US')} Good)`);
      const rssRead = rssMb(child.pid!);

      // 4 and 5. Monitored items, with API latency and RSS meanwhile.
      const monitored = project.tags.filter((t) => t.name.startsWith('Sim_') && t.simulation && t.simulation.kind !== 'random').slice(0, MONITORED);
      const subscription = ClientSubscription.create(c.session, {
        requestedPublishingInterval: INTERVAL_MS,
        requestedLifetimeCount: 600,
        requestedMaxKeepAliveCount: 20,
        maxNotificationsPerPublish: 0,
        publishingEnabled: true,
        priority: 10,
      });
      await new Promise<void>((resolve) => subscription.on('started', () => resolve()));
      let notifications = 0;
      let counting = false;
      const group = ClientMonitoredItemGroup.create(
        subscription,
        monitored.map((t) => ({ nodeId: `ns=1;s=${t.name}`, attributeId: AttributeIds.Value })),
        { samplingInterval: INTERVAL_MS, discardOldest: true, queueSize: 1 },
        TimestampsToReturn.Neither,
      );
      group.on('changed', () => {
        if (counting) notifications++;
      });
      await new Promise<void>((resolve) => group.on('initialized', () => resolve()));
      await sleep(1000);

      const latencies: number[] = [];
      let apiRunning = true;
      const apiLoad = (async () => {
        let i = 0;
        while (apiRunning) {
          const url = i++ % 2 === 0 ? '/api/v1/opcua/status' : '/api/v1/system/info';
          const q0 = performance.now();
          const res = await fetch(`${base}${url}`, { headers: auth });
          await res.arrayBuffer();
          latencies.push(performance.now() - q0);
          await sleep(50);
        }
      })();
      const cpuStart = cpuMs(child.pid!);
      const loadStart = os.loadavg()[0]!;
      const rss: number[] = [];
      const rssTimer = setInterval(() => rss.push(rssMb(child.pid!)), 500);
      // A new device's clock is the host's (no offset set): the simulation runs on Date.now().
      const windowStart = Date.now();
      counting = true;
      await sleep(SECONDS * 1000);
      counting = false;
      const windowEnd = Date.now();
      const deviceCpu = (cpuMs(child.pid!) - cpuStart) / (windowEnd - windowStart);
      const loadEnd = os.loadavg()[0]!;
      clearInterval(rssTimer);
      apiRunning = false;
      await apiLoad;
      await subscription.terminate();

      let expected = 0;
      for (const t of monitored) {
        let prev = simulatedValue(t, windowStart);
        for (let at = windowStart + INTERVAL_MS; at <= windowEnd; at += INTERVAL_MS) {
          const v = simulatedValue(t, at);
          if (v !== prev) expected++;
          prev = v;
        }
      }
      const seconds = (windowEnd - windowStart) / 1000;
      line(`${monitored.length} monitored items @ ${INTERVAL_MS} ms for ${SECONDS} s`, `${Math.round(notifications / seconds).toLocaleString('en-US')} notifications/s received`);
      line('  expected (the simulation\'s changes at 100 ms steps)', `${Math.round(expected / seconds).toLocaleString('en-US')} /s   ratio ${(notifications / expected).toFixed(2)}`);
      const peak = Math.max(...rss);
      line('Device RSS with the server up (peak during the run)', `${peak.toFixed(1)} MB   goal < ${GOAL_RSS_MB} MB: ${verdict(peak < GOAL_RSS_MB)}`);
      line('  before enabling / started / after the reads / at the end', `${[rssBefore, rssStarted, rssRead, rssMb(child.pid!)].map((v) => v.toFixed(1)).join(' / ')} MB`);
      const p99 = percentile(latencies, 99);
      line(`API latency meanwhile (${latencies.length} requests)`, `p50 ${ms(percentile(latencies, 50))}, p99 ${ms(p99)}   goal p99 < ${GOAL_P99_MS} ms: ${verdict(p99 < GOAL_P99_MS)}`);
      // The p99 waits on the device's main thread, which samples the monitored items in bursts:
      // what else this machine runs meanwhile moves it (the load average says how busy it was).
      line('  device CPU meanwhile; machine load (1 min) at start / end', `${(deviceCpu * 100).toFixed(0)}% of a core; ${loadStart.toFixed(2)} / ${loadEnd.toFixed(2)} on ${os.cpus().length} cores`);
    } finally {
      await c.close();
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await disposeIdentity(identity);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`bench:opcua failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

/**
 * `npm run bench:remote-access`: what the relay adds. A device listening on loopback (the test
 * device, with its console), the development remote-access service, the panel connected through it
 * (region Custom); then REMOTE_BENCH_REQUESTS (500) GETs of /api/v1/system/info one after the
 * other, straight to the device and through the session URL, each over one kept-alive connection
 * (after REMOTE_BENCH_WARMUP, 50, that are not counted). Prints p50/p95 of both and the difference
 * beside the goal: p95 added under 20 ms on loopback. Then the same with a new connection for each
 * request, where the relay first asks the panel for a data connection (one more round trip).
 *
 * Everything runs in this one process (the browser side, the service and the panel share one event
 * loop), so the figure is an upper bound of what the relay adds between machines on a fast network.
 * Asserts nothing (exits 0 unless the bench itself fails).
 */
import http from 'node:http';
import { startRemoteService } from '../../server/tools/remote-service/service';
import { PARTNER, remoteInput, startListeningDevice, waitForStatus } from '../support/remote-access';

const REQUESTS = Number(process.env.REMOTE_BENCH_REQUESTS ?? 500);
const WARMUP = Number(process.env.REMOTE_BENCH_WARMUP ?? 50);
const GOAL_ADDED_P95_MS = 20;

const line = (label: string, value: string) => process.stdout.write(`${label.padEnd(56)}${value}\n`);
const ms = (n: number) => `${n.toFixed(2)} ms`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function get(agent: http.Agent, url: URL, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`${url}: ${res.statusCode}`))));
    });
    req.on('error', reject);
  });
}

async function series(base: string, token: string, keepAlive = true): Promise<number[]> {
  const agent = new http.Agent({ keepAlive, maxSockets: 1 });
  const url = new URL('/api/v1/system/info', base);
  const times: number[] = [];
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const t = await get(agent, url, token);
    if (i >= WARMUP) times.push(t);
  }
  agent.destroy();
  return times;
}

async function main(): Promise<void> {
  const service = await startRemoteService({ partners: [PARTNER] });
  const device = await startListeningDevice();
  try {
    await device.call('PUT', '/api/v1/remote-access/settings', device.token, remoteInput({ region: 'custom', custom_host: '127.0.0.1', custom_port: service.port }));
    await device.call('POST', '/api/v1/remote-access/connect', device.token);
    const status = await waitForStatus<{ state: string; url?: string }>(device, (s) => s.state === 'connected');
    const direct = await series(`http://127.0.0.1:${device.port}/`, device.token);
    const relayed = await series(status.url!, device.token);
    const [d50, d95, r50, r95] = [percentile(direct, 50), percentile(direct, 95), percentile(relayed, 50), percentile(relayed, 95)];
    process.stdout.write(`GET /api/v1/system/info, ${REQUESTS} requests each (after ${WARMUP} not counted), one kept-alive connection\n`);
    line('direct to the device: p50 / p95', `${ms(d50)} / ${ms(d95)}`);
    line('through the session URL (relay): p50 / p95', `${ms(r50)} / ${ms(r95)}`);
    line('added by the relay: p50 / p95', `${ms(r50 - d50)} / ${ms(r95 - d95)}`);
    // A browser opening a new connection: the relay asks the panel for a data connection first.
    const [dn, rn] = [await series(`http://127.0.0.1:${device.port}/`, device.token, false), await series(status.url!, device.token, false)];
    line('a new connection each request, direct: p50 / p95', `${ms(percentile(dn, 50))} / ${ms(percentile(dn, 95))}`);
    line('a new connection each request, relayed: p50 / p95', `${ms(percentile(rn, 50))} / ${ms(percentile(rn, 95))}`);
    line('added by the relay to a new connection: p50 / p95', `${ms(percentile(rn, 50) - percentile(dn, 50))} / ${ms(percentile(rn, 95) - percentile(dn, 95))}`);
    line(`goal: p95 added < ${GOAL_ADDED_P95_MS} ms on loopback`, r95 - d95 < GOAL_ADDED_P95_MS ? 'met' : 'MISSED');
  } finally {
    await device.close();
    await service.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

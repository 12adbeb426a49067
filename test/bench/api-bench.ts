/**
 * `npm run bench:api`: requests per second of an authenticated GET /api/v1/system/hmi/name on the
 * built device server, against a bare Fastify hello-world, both in their own process and loaded
 * the same way by autocannon; then the device server's RSS after start and after the load. The
 * device runs as `npm run serve` starts it, its node arguments included (device-process.ts), as
 * in the other benches.
 * Goals: ratio >= 0.6, RSS <= 120 MB. Exits 1 when a goal is missed.
 */
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT, rssMb, serveArgs, signIn, startServer } from './device-process';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
/** Rounds of (hello-world, device) runs; the medians are compared, so one noisy run moves nothing. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PASSWORD = 'Bench-Pass-123';
const GOAL_RATIO = 0.6;
const GOAL_RSS_MB = 120;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** The hello-world's address, once it prints it. */
function helloAddress(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error('the hello-world did not start')), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const m = /LISTEN (http:\/\/\S+)/.exec(buffer);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the hello-world exited early (${code}): ${buffer}`));
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function load(url: string, headers: Record<string, string> = {}, duration = DURATION_S): Promise<number> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'build/server/main.js'))) execSync('npm run --silent build:server', { cwd: ROOT, stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-bench-'));

  const hello = spawn(
    process.execPath,
    ['-e', `const f=require('fastify')();f.get('/',async()=>({hello:'world'}));f.listen({port:0,host:'127.0.0.1'}).then(a=>console.log('LISTEN '+a))`],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const { child: device, base: deviceBase } = startServer(dataDir, { HMI_INITIAL_PASSWORD: PASSWORD }, 60_000);
  try {
    const [helloUrl, base] = await Promise.all([helloAddress(hello), deviceBase]);
    await new Promise((r) => setTimeout(r, 500));
    const rssStart = rssMb(device.pid!);
    const access_token = await signIn(base, PASSWORD);

    const deviceUrl = `${base}/api/v1/system/hmi/name`;
    const auth = { authorization: `Bearer ${access_token}` };
    // A short warm-up of each, so the JIT has compiled the hot paths before anything is measured.
    await load(helloUrl, {}, 2);
    await load(deviceUrl, auth, 2);
    const helloRates: number[] = [];
    const deviceRates: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      helloRates.push(await load(helloUrl));
      deviceRates.push(await load(deviceUrl, auth));
    }
    const helloRate = median(helloRates);
    const deviceRate = median(deviceRates);
    const rssAfter = rssMb(device.pid!);
    const ratio = deviceRate / helloRate;

    const lines = [
      `bare Fastify hello-world:              ${helloRate.toFixed(0)} req/s`,
      `GET /api/v1/system/hmi/name (bearer):  ${deviceRate.toFixed(0)} req/s`,
      `ratio:                                 ${ratio.toFixed(2)} (goal >= ${GOAL_RATIO}: ${verdict(ratio >= GOAL_RATIO)})`,
      `device server RSS after start:         ${rssStart.toFixed(1)} MB (goal <= ${GOAL_RSS_MB} MB: ${verdict(rssStart <= GOAL_RSS_MB)})`,
      `device server RSS after the load:      ${rssAfter.toFixed(1)} MB (goal <= ${GOAL_RSS_MB} MB: ${verdict(rssAfter <= GOAL_RSS_MB)})`,
      `(medians of ${ROUNDS} alternating runs of ${DURATION_S} s, ${CONNECTIONS} connections, on ${os.cpus().length} cores; device as npm run serve: node ${serveArgs().join(' ')};`,
      ` hello-world runs: ${helloRates.map((r) => r.toFixed(0)).join(', ')}; device runs: ${deviceRates.map((r) => r.toFixed(0)).join(', ')})`,
    ];
    process.stdout.write(lines.join('\n') + '\n');
    const ok = ratio >= GOAL_RATIO && rssAfter <= GOAL_RSS_MB && rssStart <= GOAL_RSS_MB;
    process.stdout.write(ok ? 'bench:api: goals met\n' : 'bench:api: GOAL MISSED\n');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await Promise.all([stop(hello), stop(device)]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

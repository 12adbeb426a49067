/**
 * `npm run bench:hash-rss`: ten sign-ins at the same moment against the real server (built), and
 * the server's peak resident memory (VmHWM) next to the goal of 150 MB. Password hashing runs at
 * most two scrypt computations at a time (32 MiB each), so the peak stays bounded however many
 * sign-ins arrive together. Exits 1 above the goal.
 */
import { spawn, execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const PASSWORD = 'Hash-Bench-Pass-1';
const GOAL_MB = 150;
const CONCURRENT = 10;

function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

function startServer(dataDir: string) {
  return spawn(process.execPath, ['build/server/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PORT: '0', HTTPS_PORT: '0', HMI_DATA_DIR: dataDir, HMI_INITIAL_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' },
  });
}

async function startAndStop(dataDir: string): Promise<void> {
  const first = startServer(dataDir);
  await new Promise<void>((resolve, reject) => {
    let out = '';
    first.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (/Console \(HTTP\):/.test(out)) resolve();
    });
    first.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
  first.kill('SIGTERM');
  await new Promise((r) => first.once('exit', r));
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'build/server/main.js'))) execSync('npm run --silent build:server', { cwd: ROOT, stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-hash-'));
  // The first start makes the certificate and the accounts (a one-off peak): measure a device
  // started again on its data, as it runs every day after.
  await startAndStop(dataDir);
  const server = startServer(dataDir);
  try {
    const base = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /Console \(HTTP\):\s+(http:\/\/[^/\s]+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      server.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
    });
    const before = peakRssMb(server.pid!);
    const signIn = (i: number) =>
      fetch(`${base}/api/v1/auth/token/admin`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        // Half right, half wrong: both cost one hash.
        body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: i % 2 === 0 ? PASSWORD : `wrong-${i}` }).toString(),
      }).then((r) => r.status);
    const started = Date.now();
    const statuses = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => signIn(i)));
    const ms = Date.now() - started;
    const peak = peakRssMb(server.pid!);
    const ok = peak <= GOAL_MB;
    process.stdout.write(`peak RSS before the sign-ins     ${before.toFixed(1)} MB\n`);
    process.stdout.write(`peak RSS with ${CONCURRENT} at once       ${peak.toFixed(1)} MB (goal <= ${GOAL_MB} MB) ${ok ? 'ok' : 'OVER'}\n`);
    process.stdout.write(`answers ${statuses.join(' ')} in ${ms} ms (${(ms / CONCURRENT).toFixed(0)} ms per sign-in)\n`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

/**
 * `npm run bench:sign-in-flood`: 60 s of failed sign-ins as fast as one client can send them
 * (16 at a time, wrong passwords and unknown user names in turn) against the real server (built),
 * then what the flood added to the database on disk next to the goal of 100 KB. Before the
 * sign-in limits, 20 s of this added 6.9 MB. Exits 1 above the goal.
 *
 * FLOOD_SECONDS=10 shortens the run (the goal then scales down with it).
 */
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

const ROOT = path.resolve(__dirname, '..', '..');
const PASSWORD = 'Flood-Bench-Pass-1';
const SECONDS = Number(process.env.FLOOD_SECONDS ?? 60);
const GOAL_KB = (100 * SECONDS) / 60;
const CONCURRENT = 16;
const DB_FILES = ['device.sqlite', 'device.sqlite-wal', 'device.sqlite-shm'];

function startServer(dataDir: string): { child: ChildProcess; base: Promise<string> } {
  const child = spawn(process.execPath, ['build/server/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PORT: '0', HTTPS_PORT: '0', HMI_DATA_DIR: dataDir, HMI_INITIAL_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' },
  });
  const base = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Console \(HTTP\):\s+(http:\/\/[^/\s]+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
  return { child, base };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Bytes of the database and its journal files, and the rows of the tables a flood writes to. */
function measure(dataDir: string) {
  const bytes = DB_FILES.reduce((sum, f) => {
    const file = path.join(dataDir, f);
    return sum + (fs.existsSync(file) ? fs.statSync(file).size : 0);
  }, 0);
  const db = new Database(path.join(dataDir, 'device.sqlite'), { readonly: true });
  const count = (table: string) => (db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number) ?? 0;
  const rows = { operation_log: count('operation_log'), login_failures: count('login_failures'), login_lockouts: count('login_lockouts') };
  const repeats = (db.prepare("SELECT coalesce(sum(repeat_count), 0) FROM operation_log WHERE action = 'login'").pluck().get() as number) ?? 0;
  db.close();
  return { bytes, rows, repeats };
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'build/server/main.js'))) execSync('npm run --silent build:server', { cwd: ROOT, stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-flood-'));
  try {
    // A device started once and stopped (the first start makes the certificate and the accounts),
    // measured with its journal written back: the flood's cost is what comes on top.
    const first = startServer(dataDir);
    await first.base;
    await stop(first.child);
    const before = measure(dataDir);

    const { child, base } = startServer(dataDir);
    const url = `${await base}/api/v1/auth/token/app`;
    const statuses = new Map<number, number>();
    const until = Date.now() + SECONDS * 1000;
    let sent = 0;
    const client = async () => {
      while (Date.now() < until) {
        const i = sent++;
        const username = i % 2 === 0 ? 'admin' : `nobody-${i}`;
        const status = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'password', username, password: `wrong-${i}` }).toString(),
        }).then(
          (r) => r.arrayBuffer().then(() => r.status),
          () => 0,
        );
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENT }, client));
    await stop(child);
    const after = measure(dataDir);

    const addedKb = (after.bytes - before.bytes) / 1024;
    const ok = addedKb < GOAL_KB;
    const answers = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${n} × ${s === 0 ? 'network error' : s}`).join(', ');
    const line = (label: string, value: string) => process.stdout.write(`${label.padEnd(34)}${value}\n`);
    line(`failed sign-ins sent in ${SECONDS} s`, `${sent} (${(sent / SECONDS).toFixed(0)} a second, ${CONCURRENT} at a time)`);
    line('answers', answers);
    line('operation-log rows added', `${after.rows.operation_log - before.rows.operation_log} (counting ${after.repeats - before.repeats} sign-ins)`);
    line('failure / lockout rows', `${after.rows.login_failures} / ${after.rows.login_lockouts}`);
    line('database bytes added', `${addedKb.toFixed(1)} KB (goal < ${GOAL_KB.toFixed(0)} KB) ${ok ? 'ok' : 'OVER'}`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

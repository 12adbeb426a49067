/**
 * `npm run bench:ftp`: the FTP server (issue 25) in the built device server, on loopback, with a
 * real client (basic-ftp) over explicit TLS, as a plant's client would pull files.
 *
 * 1. The bench makes its own data folder in-process: the sample project's first data log filled
 *    with 1,000,000 records (DataLogService.appendMany, as bench:data does), a 200 MB file on the
 *    simulated USB stick (data/media/usb), and the FTP server on (a free port of 3000–4999).
 * 2. The server runs on that folder as `npm run serve` starts it. The client downloads
 *    `usb/big.bin`, then the data log's CSV from `history/` (made while it is sent): MB/s of each,
 *    and the growth of the server's RSS during each (sampled every 50 ms, against its RSS before).
 *    Goal: RSS growth under 30 MB.
 *
 * Prints the figures next to their goals; asserts nothing. Smaller runs: FTP_BENCH_ROWS,
 * FTP_BENCH_FILE_MB.
 */
import { execSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Client } from 'basic-ftp';
import { ROOT, rssMb, startServer } from './device-process';
import { closeDevice, createDevice } from '../../server/app';
import { DEFAULT_FTP_SETTINGS } from '../../contract/rules/ftp';
import { fileLabel } from '../../server/services/ftp/history';
import { freePort } from '../support/ftp';

const PASSWORD = 'Ftp-Bench-Pass-1';
const ROWS = Number(process.env.FTP_BENCH_ROWS ?? 1_000_000);
const FILE_MB = Number(process.env.FTP_BENCH_FILE_MB ?? 200);
const FILL_CHUNK = 250_000;
const GOAL_RSS_MB = 30;

const line = (label: string, value: string) => process.stdout.write(`${label.padEnd(52)}${value}\n`);
const int = (n: number) => n.toLocaleString('en-US');

async function prepare(dataDir: string, port: number, passiveFrom: number): Promise<string> {
  const { device } = await createDevice({ dataDir, recorder: false, initialPassword: PASSWORD });
  try {
    // max_records is raised before the service reads the log's state (it caches it): the sample
    // keeps 100,000 records a log.
    const row = device.db.prepare('SELECT id, name, tags FROM datalogs WHERE active = 1 ORDER BY position LIMIT 1').get() as { id: number; name: string; tags: string };
    device.db.prepare('UPDATE datalogs SET max_records = ? WHERE id = ?').run(ROWS + 100_000, row.id);
    const log = { id: row.id, name: row.name, tags: JSON.parse(row.tags) as string[] };
    const lastT = Math.floor(Date.now() / 1000) * 1000;
    const firstT = lastT - (ROWS - 1) * 1000;
    function* records(from: number, to: number): Generator<readonly [number, number[]]> {
      for (let i = from; i < to; i++) yield [firstT + i * 1000, log.tags.map((_t, k) => Math.round((50 + 30 * Math.sin(i / 5000 + k)) * 100) / 100)] as const;
    }
    const started = performance.now();
    for (let from = 0; from < ROWS; from += FILL_CHUNK) device.dataLogs.appendMany(log.id, records(from, Math.min(ROWS, from + FILL_CHUNK)));
    line(`  "${log.name}" filled (${log.tags.length} tags)`, `${int(ROWS)} records in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    device.settings.set('ftp', { ...DEFAULT_FTP_SETTINGS, enabled: true, port, passive_from: passiveFrom, passive_to: passiveFrom + 19 });
    device.db.pragma('wal_checkpoint(TRUNCATE)');
    // The file on the stick: FILE_MB of pseudo-random bytes (not compressible, not sparse).
    const usb = path.join(dataDir, 'media', 'usb');
    fs.mkdirSync(usb, { recursive: true });
    const block = Buffer.alloc(1 << 20);
    for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((i * 2654435761) >>> 0, i);
    const fd = fs.openSync(path.join(usb, 'big.bin'), 'w');
    for (let i = 0; i < FILE_MB; i++) {
      block.writeUInt32LE(i, 0);
      fs.writeSync(fd, block);
    }
    fs.closeSync(fd);
    return `${fileLabel(log.name)}.csv`;
  } finally {
    await closeDevice(device);
  }
}

async function timedDownload(client: Client, remote: string, pid: number): Promise<{ bytes: number; seconds: number; rssGrowth: number }> {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _e, done) {
      bytes += chunk.length;
      done();
    },
  });
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const started = performance.now();
  try {
    await client.downloadTo(sink, remote);
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, rssMb(pid));
  return { bytes, seconds: (performance.now() - started) / 1000, rssGrowth: peak - before };
}

function report(label: string, r: { bytes: number; seconds: number; rssGrowth: number }) {
  line(`  ${label}`, `${(r.bytes / 1024 / 1024).toFixed(1)} MB in ${r.seconds.toFixed(2)} s: ${(r.bytes / 1024 / 1024 / r.seconds).toFixed(1)} MB/s`);
  line('    server RSS growth', `${r.rssGrowth.toFixed(1)} MB (goal < ${GOAL_RSS_MB} MB: ${r.rssGrowth < GOAL_RSS_MB ? 'met' : 'MISSED'})`);
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  const built = path.join(ROOT, 'build/server/main.js');
  const ftpSource = path.join(ROOT, 'server/services/ftp/server.ts');
  if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < fs.statSync(ftpSource).mtimeMs) execSync('npm run --silent build:server', { cwd: ROOT, stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-ftp-bench-'));
  let child: ChildProcess | null = null;
  const client = new Client(60_000);
  try {
    const port = await freePort();
    const passiveFrom = 20_000 + Math.floor(Math.random() * 40_000);
    process.stdout.write('The data folder:\n');
    const csvName = await prepare(dataDir, port, passiveFrom);
    line(`  usb/big.bin`, `${FILE_MB} MB`);
    const server = startServer(dataDir);
    child = server.child;
    await server.base;
    await client.access({ host: '127.0.0.1', port, user: 'history', password: PASSWORD, secure: true, secureOptions: { rejectUnauthorized: false } });
    process.stdout.write(`\nDownloads over loopback, explicit TLS (AUTH TLS), passive mode, port ${port}:\n`);
    report(`usb/big.bin (${FILE_MB} MB)`, await timedDownload(client, '/usb/big.bin', child.pid!));
    report(`history/${csvName} (${int(ROWS)} records)`, await timedDownload(client, `/history/${csvName}`, child.pid!));
  } finally {
    client.close();
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

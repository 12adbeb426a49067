/**
 * `npm run bench:upload`: project uploads against the real server (built), on loopback.
 *
 * 1. A 200 MB `.app` streamed to Project Management: throughput, and the server's RSS growth
 *    during the upload (goal: under 30 MB, i.e. streamed to disk, never buffered whole). The file
 *    is random bytes behind a gzip header with its true CRC (a project document of 200 MB gzipped
 *    would be gigabytes of JSON): the device takes the upload, then refuses it in *prepare* as no
 *    project file, which is not what is measured.
 * 2. The time from the last byte to "start project" done, for the sample project and for a
 *    10,000-tag one made by `make:project` (the simulated runtime's stop and start, 0.6 s and
 *    0.9 s, included: what a user waits for).
 *
 * Prints the figures next to their goals; exits 1 when the RSS goal is missed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { rssMb, signIn, startServer } from './device-process';
import { crc32ToHex, crc32Update } from '../../server/lib/crc32';
import { projectPair } from '../support/projects';

const PASSWORD = 'Upload-Bench-Pass-1';
const SIZE_MB = Number(process.env.UPLOAD_MB ?? 200);
const RSS_GOAL_MB = 30;


/** Streams a multipart upload of the files on disk; answers the status, the body and when the last byte left. */
function upload(base: string, auth: string, app: { path: string; name: string }, crc: string): Promise<{ status: number; body: string; lastByteAt: number }> {
  const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="app"; filename="${app.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="crc"; filename="x.crc"\r\n\r\n${crc}\n\r\n--${boundary}--\r\n`);
  const length = head.length + fs.statSync(app.path).size + tail.length;
  return new Promise((resolve, reject) => {
    let lastByteAt = 0;
    const req = http.request(`${base}/api/v1/project/management/update`, {
      method: 'POST',
      headers: { authorization: `Bearer ${auth}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
    }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, lastByteAt }));
    });
    req.on('error', reject);
    req.write(head);
    const file = fs.createReadStream(app.path, { highWaterMark: 1024 * 1024 });
    file.pipe(req, { end: false });
    file.on('end', () => {
      req.end(tail, () => (lastByteAt = performance.now()));
    });
  });
}

async function waitForJob(base: string, auth: string, id: string): Promise<{ state: string; error_code: string | null }> {
  for (;;) {
    const res = await fetch(`${base}/api/v1/jobs/${id}`, { headers: { authorization: `Bearer ${auth}` } });
    const job = (await res.json()) as { state: string; error_code: string | null };
    if (job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-upload-bench-'));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-upload-files-'));
  const { child, base: baseUrl } = startServer(dataDir, { HMI_INITIAL_PASSWORD: PASSWORD, HMI_MAX_PROJECT_MB: String(SIZE_MB + 16) });
  let failed = false;
  try {
    const base = await baseUrl;
    const auth = await signIn(base, PASSWORD);
    const line = (label: string, value: string) => process.stdout.write(`${label.padEnd(44)}${value}\n`);

    // 1. The large upload.
    const big = path.join(work, 'big.app');
    const fd = fs.openSync(big, 'w');
    let crc = 0;
    const chunk = crypto.randomBytes(1024 * 1024);
    chunk[0] = 0x1f;
    chunk[1] = 0x8b;
    for (let i = 0; i < SIZE_MB; i++) {
      if (i === 1) chunk[0] = 0x00;
      fs.writeSync(fd, chunk);
      crc = crc32Update(crc, chunk);
    }
    fs.closeSync(fd);
    const bytes = SIZE_MB * 1024 * 1024;
    const pid = child.pid!;
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
    const started = performance.now();
    const answer = await upload(base, auth, { path: big, name: 'big.app' }, crc32ToHex(crc));
    const took = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    const growth = peak - before;
    if (answer.status !== 202) throw new Error(`the large upload answered ${answer.status}: ${answer.body}`);
    const bigJob = await waitForJob(base, auth, (JSON.parse(answer.body) as { job_id: string }).job_id);
    process.stdout.write(`\nProject upload on loopback (${SIZE_MB} MB .app, streamed)\n`);
    line('  throughput', `${((bytes / 1024 / 1024) / took).toFixed(0)} MB/s (${took.toFixed(2)} s)`);
    line('  server RSS before / peak during upload', `${before.toFixed(1)} / ${peak.toFixed(1)} MB`);
    line('  RSS growth during the upload', `${growth.toFixed(1)} MB   (goal < ${RSS_GOAL_MB} MB: ${growth < RSS_GOAL_MB ? 'met' : 'MISSED'})`);
    line('  then the job', `${bigJob.state} (${bigJob.error_code ?? 'no error'}: random bytes are no project file)`);
    if (growth >= RSS_GOAL_MB) failed = true;

    // 2. From the last byte to "start project" done.
    process.stdout.write('\nFrom the last byte to "start project" done (runtime stop 0.6 s + start 0.9 s included)\n');
    for (const [label, tags] of [['sample project', 0], ['10,000-tag project', 10_000]] as const) {
      const pair = projectPair({ name: `Bench ${tags}`, tags });
      const app = path.join(work, `${pair.name}.app`);
      fs.writeFileSync(app, pair.app);
      const res = await upload(base, auth, { path: app, name: `${pair.name}.app` }, pair.crc);
      if (res.status !== 202) throw new Error(`${label}: ${res.status} ${res.body}`);
      const job = await waitForJob(base, auth, (JSON.parse(res.body) as { job_id: string }).job_id);
      const ms = performance.now() - res.lastByteAt;
      line(`  ${label} (${(pair.app.length / 1024).toFixed(0)} KB .app)`, `${(ms / 1000).toFixed(2)} s, ${job.state}`);
      if (job.state !== 'done') failed = true;
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

void main();

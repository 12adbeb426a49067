/** UP-02 (bombs), the audit of issue 20, item 16, on the real server process: a recipe backup
 * of 117 KB whose recipes.json unpacks to 120 MB of `[{},{},…]` (its manifest's size and SHA-256
 * matching) once took the device from 79 MB to 2.78 GB and kept it busy for minutes. Each bomb
 * below is refused at once, the device answers other calls meanwhile, and its resident memory stays
 * under 250 MB: the audit's recipe backup, a project .app of 63 MB of `{},` (under the document's
 * 64 MB), and a backup that unpacks past the archive's budget (entries nobody reads, of zeros). */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer, type ServerProcess } from '../support/server-process';
import { TEST_PASSWORD } from '../support/device';
import { jsonRequest, loginOver } from '../support/net';
import { entriesOf, repeated, streamedTarGz } from '../support/archives';
import { crc32Hex } from '../../server/lib/crc32';
import { jobSchema, type Job } from '../../contract/api/jobs';

jest.setTimeout(240_000);

const RSS_LIMIT_MB = 250;
/** Past this the server is stopped: a device without the fix would take gigabytes of a shared machine. */
const RSS_KILL_MB = 700;

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

const sha256 = (chunks: Iterable<Buffer>) => {
  const h = crypto.createHash('sha256');
  for (const c of chunks) h.update(c);
  return h.digest('hex');
};

interface Watched<T> {
  result: T | { error: string };
  peakMb: number;
  ms: number;
  /** Every answer to the calls made meanwhile: status and time. */
  probes: { status: number; ms: number }[];
}

describe('UP-02 bombs on the real server: refused at once, the device answering, RSS under 250 MB', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-bombs-'));
  let server: ServerProcess | undefined;
  let token: string;
  let baselineMb: number | undefined;

  /** The server running (again, when a bomb had it stopped), signed in, settled. */
  async function ensureServer(): Promise<void> {
    if (server && server.child.exitCode === null && server.child.signalCode === null) return;
    server = await spawnServer(dataDir, { HMI_INITIAL_PASSWORD: TEST_PASSWORD });
    token = (await loginOver(server.httpUrl, 'admin')).access_token;
    // Settled after its start (the first requests load what they need).
    for (let i = 0; i < 5; i++) await jsonRequest(`${server.httpUrl}/api/v1/recipe/books`, 'GET', token);
    baselineMb ??= rssMb(server.child.pid!);
  }
  beforeEach(ensureServer);
  const srv = (): ServerProcess => server!;
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    if (server) await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs `call` while sampling the server's RSS every 20 ms and asking for the recipe books
   * every 100 ms; stops the server if its RSS passes RSS_KILL_MB or the call `timeoutMs`. */
  async function watched<T>(call: () => Promise<T>, timeoutMs = 60_000): Promise<Watched<T>> {
    const pid = srv().child.pid!;
    let peakMb = rssMb(pid);
    let running = true;
    const probes: { status: number; ms: number }[] = [];
    const sampler = setInterval(() => {
      try {
        peakMb = Math.max(peakMb, rssMb(pid));
      } catch {
        return;
      }
      if (peakMb > RSS_KILL_MB) srv().child.kill('SIGKILL');
    }, 20);
    const prober = (async () => {
      while (running) {
        const t0 = performance.now();
        const status = await jsonRequest(`${srv().httpUrl}/api/v1/recipe/books`, 'GET', token).then(
          (r) => r.status,
          () => 0,
        );
        probes.push({ status, ms: Math.round(performance.now() - t0) });
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const t0 = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      call().catch((err: unknown) => ({ error: String(err) })),
      new Promise<{ error: string }>((resolve) => {
        timer = setTimeout(() => {
          srv().child.kill('SIGKILL');
          resolve({ error: `no answer within ${timeoutMs} ms` });
        }, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    const ms = Math.round(performance.now() - t0);
    // One more call after it: the device still answers.
    await new Promise((r) => setTimeout(r, 150));
    running = false;
    await prober;
    clearInterval(sampler);
    return { result, peakMb: Math.round(peakMb), ms, probes };
  }

  async function upload(url: string, parts: Record<string, { data: Buffer; name: string }>): Promise<{ status: number; body: any }> {
    const form = new FormData();
    for (const [field, p] of Object.entries(parts)) form.append(field, new Blob([new Uint8Array(p.data)]), p.name);
    const res = await fetch(`${srv().httpUrl}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: await res.json() };
  }

  const figures: string[] = [];
  afterAll(() => process.stdout.write(`RSS of the server (baseline ${Math.round(baselineMb ?? 0)} MB), peak per bomb:\n${figures.join('\n')}\n`));

  function expectHealthy(w: Watched<unknown>): void {
    figures.push(`  ${expect.getState().currentTestName}: peak ${w.peakMb} MB, answered in ${w.ms} ms, ${w.probes.length} other calls answered (slowest ${Math.max(...w.probes.map((p) => p.ms))} ms)`);
    expect({ peakMb: w.peakMb, underLimit: w.peakMb < RSS_LIMIT_MB, baselineMb }).toMatchObject({ underLimit: true });
    expect(w.probes.length).toBeGreaterThan(0);
    expect(w.probes.filter((p) => p.status !== 200 || p.ms > 2000)).toEqual([]);
  }

  /** A recipe backup whose recipes.json is `[{},{},…]` of `objects` empty objects, with a
   * manifest naming its true size and SHA-256. */
  async function emptyObjectsBackup(objects: number): Promise<{ cxob: Buffer; size: number }> {
    const books = repeated('{},', objects - 1, '[', '{}]');
    const manifest = Buffer.from(
      JSON.stringify({
        format: 'hmi-recipe-backup',
        format_version: 1,
        device: { model: 'HMI-X1070', serial: 'X', os_version: '1.0.0' },
        created_at: new Date().toISOString(),
        project: { name: 'Sample Bottling Line', design_software_version: '6.04.01' },
        books: [{ name: 'Bottle sizes', fields: [{ name: 'Volume_ml', data_type: 'uint16' }], records: 3 }],
        files: { 'recipes.json': { size: books.size, sha256: sha256(books.chunks()) } },
      }),
    );
    const cxob = await streamedTarGz([
      { name: 'manifest.json', size: manifest.length, chunks: () => [manifest] },
      { name: 'recipes.json', ...books },
    ]);
    return { cxob, size: books.size };
  }

  it("the audit's recipe backup: 117 KB, recipes.json 120 MB of [{},{},…] with the manifest's size and SHA-256", async () => {
    const { cxob, size } = await emptyObjectsBackup(40_000_000);
    expect(size).toBe(120_000_001);
    expect(cxob.length).toBeLessThan(200 * 1024);

    const w = await watched(() => upload('/api/v1/recipe/restore', { backup: { data: cxob, name: 'recipes.cxob' } }));
    // Refused from the entry's header: the books of a project are at most its document's 64 MB.
    expect(w.result).toMatchObject({ status: 400, body: { error_code: 'invalid_backup', message: 'Not a readable backup: recipes.json is larger than 64 MB' } });
    expect(w.ms).toBeLessThan(10_000);
    expectHealthy(w);
    // Signing in works after it.
    expect((await loginOver(srv().httpUrl, 'admin')).access_token).toEqual(expect.any(String));
  });

  it('the same within the size limits: 60 MB of [{},{},…], refused at its first book', async () => {
    const { cxob, size } = await emptyObjectsBackup(20_000_000);
    expect(size).toBeLessThan(64 * 1024 * 1024);
    const w = await watched(() => upload('/api/v1/recipe/restore', { backup: { data: cxob, name: 'recipes.cxob' } }));
    expect(w.result).toMatchObject({ status: 400, body: { error_code: 'invalid_backup', message: expect.stringMatching(/^recipes\.json: book 1: name /) } });
    expect(w.ms).toBeLessThan(10_000);
    expectHealthy(w);
  });

  it('a project .app of 63 MB of {},… in its tags (under the 64 MB document limit)', async () => {
    const head = '{"format":"hmi-project","format_version":1,"name":"Bomb","model":"HMI-X1070","design_software_version":"6.04.01","tags":[';
    const tail = '{}],"alarms":[],"recipes":[],"data_logs":[],"devices":[],"webview":{"screens":[]},"opcua":{"root":{"name":"Root","tags":[],"folders":[]}}}';
    const doc = repeated('{},', 21_000_000, head, tail);
    expect(doc.size).toBeLessThan(64 * 1024 * 1024);
    const zlib = await import('node:zlib');
    const gzip = zlib.createGzip({ level: 9 });
    const out: Buffer[] = [];
    gzip.on('data', (c: Buffer) => out.push(c));
    const ended = new Promise((r) => gzip.on('end', r));
    for (const c of doc.chunks()) gzip.write(c);
    gzip.end();
    await ended;
    const app = Buffer.concat(out);

    const w = await watched(async () => {
      const started = await upload('/api/v1/project/management/update', { app: { data: app, name: 'Bomb.app' }, crc: { data: Buffer.from(`${crc32Hex(app)}\n`), name: 'Bomb.crc' } });
      if (started.status !== 202) return started;
      let job: Job = jobSchema.parse((await jsonRequest(`${srv().httpUrl}/api/v1/jobs/${started.body.job_id}`, 'GET', token)).json());
      while (job.state === 'running') {
        await new Promise((r) => setTimeout(r, 50));
        job = jobSchema.parse((await jsonRequest(`${srv().httpUrl}/api/v1/jobs/${job.id}`, 'GET', token)).json());
      }
      return job;
    });
    expect(w.result).toMatchObject({ state: 'failed', error_code: 'project_file_missing', error_detail: expect.stringContaining('tags.0') });
    expect(w.ms).toBeLessThan(10_000);
    expectHealthy(w);
    const info = (await jsonRequest(`${srv().httpUrl}/api/v1/project/management/info`, 'GET', token)).json();
    expect(info).toMatchObject({ name: 'Sample Bottling Line', state: 'running' });
  });

  it("a backup that unpacks past the archive's budget: 4 entries nobody reads of 48 MiB of zeros each", async () => {
    const backup = (await jsonRequest(`${srv().httpUrl}/api/v1/recipe/backup`, 'GET', token)).status;
    expect(backup).toBe(200);
    const res = await fetch(`${srv().httpUrl}/api/v1/recipe/backup`, { headers: { authorization: `Bearer ${token}` } });
    const entries = await entriesOf(Buffer.from(await res.arrayBuffer()));
    const manifest = entries.get('manifest.json')!;
    const recipes = entries.get('recipes.json')!;
    const zeros = Buffer.alloc(1 << 20);
    const cxob = await streamedTarGz(
      [
        { name: 'manifest.json', size: manifest.length, chunks: () => [manifest] },
        // Each under the budget by its header: the bytes unpacked are what is counted.
        ...[1, 2, 3, 4].map((i) => ({ name: `padding-${i}.bin`, size: 48 << 20, chunks: () => Array.from({ length: 48 }, () => zeros) })),
        { name: 'recipes.json', size: recipes.length, chunks: () => [recipes] },
      ],
      6,
    );
    expect(cxob.length).toBeLessThan(2 << 20);

    const w = await watched(() => upload('/api/v1/recipe/restore', { backup: { data: cxob, name: 'recipes.cxob' } }));
    expect(w.result).toMatchObject({ status: 400, body: { error_code: 'invalid_backup', message: expect.stringContaining('unpacks to more than') } });
    expectHealthy(w);
    // The same backup without the padding restores.
    const fine = await streamedTarGz([
      { name: 'manifest.json', size: manifest.length, chunks: () => [manifest] },
      { name: 'recipes.json', size: recipes.length, chunks: () => [recipes] },
    ]);
    expect(await upload('/api/v1/recipe/restore', { backup: { data: fine, name: 'recipes.cxob' } })).toMatchObject({ status: 200, body: { books: [{ name: 'Bottle sizes', records: 3 }] } });
  });
});

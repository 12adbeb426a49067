/** REL-01 (crash consistency) on the real server process, at the three moments the audit named: a
 * data backup being written to the USB stick, an OPC UA settings save, a recipe restore replacing
 * the records. Each kill -9 falls at a spread moment of the work (measured once on this machine, as
 * test/server/update-kill.test.ts does), and after each the device must start and show: SQLite's
 * `PRAGMA integrity_check` ok, each value the old or the new one (never a mix), every answered
 * write present, and no zero-length or half-written file where the console lists files.
 * The number of kills: test/support/kill-budget.ts (HMI_KILLS). */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { spawnServer, type ServerProcess } from '../support/server-process';
import { TEST_PASSWORD } from '../support/device';
import { entriesOf, tarHeader } from '../support/archives';
import { killsFor } from '../support/kill-budget';
import { jsonRequest, loginOver } from '../support/net';
import { jobSchema } from '../../contract/api/jobs';

// Each kill costs a start of the server (about 2.5 s on an idle machine, more with every core busy).
jest.setTimeout(120_000 + Math.max(killsFor('media-backup'), killsFor('opcua-save'), killsFor('recipe-restore')) * 15_000);

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** One data folder and its server, killed and started again. */
class Rig {
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-rel01-'));
  server: ServerProcess | null = null;
  token = '';

  async start(first = false) {
    this.server = await spawnServer(this.dataDir, first ? { HMI_INITIAL_PASSWORD: TEST_PASSWORD } : {}, 60_000);
    this.token = (await loginOver(this.server.httpUrl, 'admin')).access_token;
  }

  get url() {
    return this.server!.httpUrl;
  }

  call(method: string, route: string, body?: unknown) {
    return jsonRequest(`${this.url}${route}`, method, this.token, body);
  }

  /** kill -9, then the checks every loop shares: the database whole, no zero-length file in it. */
  async kill() {
    this.server!.child.kill('SIGKILL');
    await this.server!.exited;
    const db = new Database(path.join(this.dataDir, 'device.sqlite'));
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
    expect(fs.statSync(path.join(this.dataDir, 'device.sqlite')).size).toBeGreaterThan(0);
  }

  async stop() {
    const s = this.server;
    if (s && s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    if (s) await s.exited;
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** The moment of kill `loop` of `loops`: spread over the work's measured time, the last ones
 * after it ended. */
const killAfter = (loop: number, loops: number, workMs: number) => Math.round(((loop + 0.5) / loops) * workMs * 1.25);

/** A tar.gz of the given entries, in order. */
function archiveOf(entries: [string, Buffer][]): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, data] of entries) blocks.push(tarHeader(name, data.length), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  blocks.push(Buffer.alloc(1024));
  return zlib.gzipSync(Buffer.concat(blocks));
}

describe('[REL-01] kill -9 at the moments that matter', () => {
  const MEDIA_KILLS = killsFor('media-backup');
  it(`[REL-01] a data backup being written to the USB stick: the job done and its file whole, or interrupted and no file listed (${MEDIA_KILLS} kills)`, async () => {
    const rig = new Rig();
    try {
      await rig.start(true);
      const usb = path.join(rig.dataDir, 'media', 'usb');
      const body = { what: ['datalog', 'eventlog', 'operationlog'], from: new Date(0).toISOString(), to: new Date(Date.now() + 86_400_000).toISOString(), target: 'usb' };
      const backup = async () => {
        const res = await rig.call('POST', '/api/v1/data/backup/media', body);
        return res.status === 202 ? (res.json() as { job_id: string }).job_id : null;
      };
      const waitDone = async (jobId: string) => {
        for (;;) {
          const job = jobSchema.parse((await rig.call('GET', `/api/v1/jobs/${jobId}`)).json());
          if (job.state !== 'running') return job;
          await sleep(5);
        }
      };
      const started = Date.now();
      expect((await waitDone((await backup())!)).state).toBe('done');
      const workMs = Math.max(Date.now() - started, 20);

      const outcomes = { done: 0, interrupted: 0, unanswered: 0 };
      for (let loop = 0; loop < MEDIA_KILLS; loop++) {
        let jobId: string | null = null;
        const sent = backup()
          .then((id) => (jobId = id))
          .catch(() => null);
        await sleep(killAfter(loop, MEDIA_KILLS, workMs));
        await rig.kill();
        await sent;
        await rig.start();
        // Every file the listing would show is a whole archive with its manifest; none is empty.
        for (const name of fs.readdirSync(usb).filter((n) => !n.startsWith('.'))) {
          const data = fs.readFileSync(path.join(usb, name));
          expect({ loop, name, empty: data.length === 0 }).toEqual({ loop, name, empty: false });
          expect((await entriesOf(data)).has('manifest.json')).toBe(true);
        }
        if (jobId === null) {
          outcomes.unanswered++;
          continue;
        }
        // An answered backup is known after the restart: done with its whole file, or interrupted.
        const job = jobSchema.parse((await rig.call('GET', `/api/v1/jobs/${jobId}`)).json());
        if (job.state === 'done') {
          outcomes.done++;
          expect(fs.statSync(path.join(usb, job.result!.file_name)).size).toBe(job.result!.size);
        } else {
          outcomes.interrupted++;
          expect({ loop, state: job.state, code: job.error_code }).toEqual({ loop, state: 'failed', code: 'interrupted' });
        }
      }
      if (MEDIA_KILLS >= 8) expect(outcomes.done + outcomes.interrupted).toBeGreaterThan(0);
      // The hidden parts the killed copies left on the stick go with the next backup written to it.
      expect((await waitDone((await backup())!)).state).toBe('done');
      expect(fs.readdirSync(usb).filter((n) => n.endsWith('.part'))).toEqual([]);
    } finally {
      await rig.stop();
    }
  });

  const OPCUA_KILLS = killsFor('opcua-save');
  it(`[REL-01] an OPC UA settings save: after the restart the old settings or the new ones, never a mix, the answered save kept (${OPCUA_KILLS} kills)`, async () => {
    const rig = new Rig();
    try {
      await rig.start(true);
      type Settings = Record<string, unknown> & { server_name: string; port: number };
      const read = async () => (await rig.call('GET', '/api/v1/opcua/settings')).json() as Settings;
      let current = await read();
      // A save changes two fields at once: the name carries the loop, the port follows from it.
      const next = (loop: number): Settings => ({ ...current, server_name: `Kill save ${loop}`, port: 20000 + (loop % 1000), trace_level: loop % 2 ? 'info' : 'warning' });
      const pair = (s: Settings) => ({ server_name: s.server_name, port: s.port, trace_level: s.trace_level });

      const started = Date.now();
      expect((await rig.call('PUT', '/api/v1/opcua/settings', next(-1))).status).toBe(200);
      const workMs = Math.max(Date.now() - started, 20);
      current = await read();
      expect(pair(current)).toEqual(pair(next(-1)));

      let answered = 0;
      for (let loop = 0; loop < OPCUA_KILLS; loop++) {
        const wanted = next(loop);
        let status = 0;
        const sent = rig
          .call('PUT', '/api/v1/opcua/settings', wanted)
          .then((r) => (status = r.status))
          .catch(() => 0);
        await sleep(killAfter(loop, OPCUA_KILLS, workMs));
        await rig.kill();
        await sent;
        await rig.start();
        const after = await read();
        if (status === 200) {
          answered++;
          expect({ loop, settings: pair(after) }).toEqual({ loop, settings: pair(wanted) });
        } else {
          expect([JSON.stringify(pair(current)), JSON.stringify(pair(wanted))]).toContain(JSON.stringify(pair(after)));
        }
        current = after;
      }
      if (OPCUA_KILLS >= 8) expect(answered).toBeGreaterThan(0);
    } finally {
      await rig.stop();
    }
  });

  const RECIPE_KILLS = killsFor('recipe-restore');
  it(`[REL-01] a recipe restore replacing the records: every record of the old book or every one of the new, the answered restore kept (${RECIPE_KILLS} kills)`, async () => {
    const rig = new Rig();
    try {
      await rig.start(true);
      const download = await fetch(`${rig.url}/api/v1/recipe/backup`, { headers: { authorization: `Bearer ${rig.token}` } });
      expect(download.status).toBe(200);
      const entries = await entriesOf(Buffer.from(await download.arrayBuffer()));
      const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
      const books = JSON.parse(entries.get('recipes.json')!.toString('utf8')) as { name: string; fields: unknown[]; records: { name: string; values: Record<string, unknown> }[] }[];
      const template = books[0]!.records[0]!;
      const RECORDS = 3000;
      // A backup of RECORDS records, each with `mark` as its volume: a restore is all of one mark.
      const backupMarked = (mark: number) => {
        const book = { ...books[0]!, records: Array.from({ length: RECORDS }, (_, i) => ({ ...template, name: `R${i}`, values: { ...template.values, Volume_ml: mark } })) };
        const text = Buffer.from(JSON.stringify([book]));
        const m = structuredClone(manifest);
        m.books = [{ name: book.name, fields: book.fields, records: RECORDS }];
        m.files['recipes.json'] = { size: text.length, sha256: crypto.createHash('sha256').update(text).digest('hex') };
        return archiveOf([
          ['manifest.json', Buffer.from(JSON.stringify(m))],
          ['recipes.json', text],
        ]);
      };
      const restore = (mark: number) => {
        const form = new FormData();
        form.append('backup', new Blob([new Uint8Array(backupMarked(mark))]), `marked-${mark}.cxob`);
        return fetch(`${rig.url}/api/v1/recipe/restore`, { method: 'POST', headers: { authorization: `Bearer ${rig.token}` }, body: form });
      };
      /** The marks of the book's records and how many there are. */
      const marks = async () => {
        const seen = new Set<unknown>();
        let total = 0;
        for (let offset = 0; ; offset += 1000) {
          const page = (await rig.call('GET', `/api/v1/recipe/books/1/records?offset=${offset}&limit=1000`)).json() as { total: number; records: { values: Record<string, unknown> }[] };
          total = page.total;
          for (const r of page.records) seen.add(r.values.Volume_ml);
          if (offset + 1000 >= total) break;
        }
        return { total, marks: [...seen] };
      };

      const started = Date.now();
      expect((await restore(1)).status).toBe(200);
      const workMs = Math.max(Date.now() - started, 20);
      expect(await marks()).toEqual({ total: RECORDS, marks: [1] });
      let current = 1;

      let answered = 0;
      for (let loop = 0; loop < RECIPE_KILLS; loop++) {
        const mark = loop + 2;
        let status = 0;
        const sent = restore(mark)
          .then((r) => (status = r.status))
          .catch(() => 0);
        await sleep(killAfter(loop, RECIPE_KILLS, workMs));
        await rig.kill();
        await sent;
        await rig.start();
        const after = await marks();
        if (status === 200) {
          answered++;
          expect({ loop, after }).toEqual({ loop, after: { total: RECORDS, marks: [mark] } });
        } else {
          expect({ loop, total: after.total, one: after.marks.length }).toEqual({ loop, total: RECORDS, one: 1 });
          expect([current, mark]).toContain(after.marks[0]);
        }
        current = after.marks[0] as number;
        // The spool of a killed restore is gone once the device started again.
        const spool = path.join(rig.dataDir, 'recipe-restore');
        expect(fs.existsSync(spool) ? fs.readdirSync(spool) : []).toEqual([]);
      }
      if (RECIPE_KILLS >= 8) expect(answered).toBeGreaterThan(0);
    } finally {
      await rig.stop();
    }
  });
});

/** Project Management on the device: what runs, restart, the update job and each refusal of §8
 * (nothing changed), the switch and the roll-back, backups, USB/SD, leftovers of a crash. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import type { LightMyRequestResponse } from 'fastify';
import { startTestDevice, makeDataDir, type TestDevice } from '../support/device';
import { multipartBody, type Part } from '../support/multipart';
import { projectPair, putOnMedium, uploadParts, type Pair } from '../support/projects';
import { jobSchema, type Job } from '../../contract/api/jobs';
import { projectInfoSchema } from '../../contract/api/project';
import { crc32Hex } from '../../server/lib/crc32';
import { PROJECT_UPDATE_STEPS } from '../../contract/api/project.routes';

jest.setTimeout(30_000);

async function upload(t: TestDevice, token: string, parts: readonly Part[]): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({ method: 'POST', url: '/api/v1/project/management/update', headers: { ...headers, authorization: `Bearer ${token}` }, payload });
}

async function waitForJob(t: TestDevice, token: string, id: string): Promise<Job> {
  for (let i = 0; i < 400; i++) {
    const res = await t.call('GET', `/api/v1/jobs/${id}`, token);
    const job = jobSchema.parse(res.json());
    if (job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('job did not end');
}

async function info(t: TestDevice, token: string) {
  return projectInfoSchema.parse((await t.call('GET', '/api/v1/project/management/info', token)).json());
}

function releases(t: TestDevice): string[] {
  return fs.readdirSync(path.join(t.dataDir, 'project', 'releases'));
}

function incoming(t: TestDevice): string[] {
  return fs.readdirSync(path.join(t.dataDir, 'project', 'incoming'));
}

function oplogRows(t: TestDevice, action: string) {
  return t.device.db.prepare('SELECT account, source, target, after_value, result FROM operation_log WHERE action = ? ORDER BY id').all(action) as Array<{
    account: string | null;
    source: string;
    target: string;
    after_value: string | null;
    result: string;
  }>;
}

describe('project management', () => {
  let t: TestDevice;
  let admin: string;
  beforeAll(async () => {
    t = await startTestDevice({ project: { maxUploadBytes: 2 * 1024 * 1024 } });
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  /** Uploads `pair` and waits for its job's end. */
  async function update(pair: Pair, password?: string): Promise<Job> {
    const res = await upload(t, admin, uploadParts(pair, password));
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 202, body: { job_id: expect.any(String) } });
    return waitForJob(t, admin, res.json().job_id);
  }

  /** What must not change after a refusal. */
  async function snapshot() {
    const i = await info(t, admin);
    return { name: i.name, crc: i.crc, state: i.state, releases: releases(t), incoming: incoming(t) };
  }

  it('says what runs: the sample project on a new device', async () => {
    const i = await info(t, admin);
    expect(i).toMatchObject({ name: 'Sample Bottling Line', model: 'HMI-X1070', design_software_version: '6.04.01', source: 'sample', state: 'running', protected: false, running_job: null, max_upload_bytes: 2 * 1024 * 1024 });
    expect(i.crc).toMatch(/^[0-9a-f]{8}$/);
    expect(releases(t)).toHaveLength(1);
  });

  it('updates the project through the five steps, switches, and logs it with the file names', async () => {
    const pair = projectPair({ name: 'Line 2', tags: 500 });
    const job = await update(pair);
    expect(job).toMatchObject({ kind: 'project_update', state: 'done', error_code: null, rolled_back: false });
    expect(job.steps).toEqual(PROJECT_UPDATE_STEPS.map((id) => ({ id, state: 'done' })));
    const i = await info(t, admin);
    expect(i).toMatchObject({ name: 'Line 2', file_name: 'Line 2', crc: pair.crc, app_size: pair.app.length, source: 'upload', tags: 507, state: 'running' });
    // The new release only; nothing left in staging.
    expect(releases(t)).toHaveLength(1);
    expect(fs.readFileSync(path.join(t.dataDir, 'project', 'releases', releases(t)[0]!, 'Line 2.app')).equals(pair.app)).toBe(true);
    expect(incoming(t)).toEqual([]);
    const call = oplogRows(t, 'update_project').at(-1)!;
    expect(call).toMatchObject({ account: 'admin', result: 'success' });
    expect(JSON.parse(call.after_value!)).toMatchObject({ file: 'Line 2.app', crc_file: 'Line 2.crc', app_size: pair.app.length, crc: pair.crc });
    const finished = oplogRows(t, 'project_update_finished').at(-1)!;
    expect(finished).toMatchObject({ source: 'device', result: 'success' });
    expect(JSON.parse(finished.after_value!)).toMatchObject({ requested_by: 'admin', name: 'Line 2', rolled_back: false });
  });

  it('runs a protected project with its password, and refuses it without or with a wrong one', async () => {
    const pair = projectPair({ name: 'Protected', password: 'Batch-42' });
    // No password is told apart from a wrong one (issue 20, item 5): the console asks for it.
    for (const [password, code] of [
      [undefined, 'password_required'],
      ['batch-42', 'wrong_password'],
    ] as const) {
      const before = await snapshot();
      const job = await update(pair, password);
      expect(job).toMatchObject({ state: 'failed', error_code: code, rolled_back: false });
      expect(job.steps[0]).toEqual({ id: 'prepare', state: 'failed' });
      expect(job.steps.slice(1).every((s) => s.state === 'pending')).toBe(true);
      expect(await snapshot()).toEqual(before);
    }
    expect(await update(pair, 'Batch-42')).toMatchObject({ state: 'done' });
    expect(await info(t, admin)).toMatchObject({ name: 'Protected', protected: true });
    // The password never reaches the log.
    const rows = JSON.stringify(t.device.db.prepare('SELECT * FROM operation_log').all());
    expect(rows).not.toContain('Batch-42');
  });

  it.each([
    ['another model', projectPair({ name: 'Other', model: 'HMI-X0700' }), 'incompatible_model'],
    ['design software older than 6.04.01', projectPair({ name: 'Old', designVersion: '6.03.02' }), 'design_version_too_old'],
    [
      'a gzip without a project document',
      (() => {
        const app = zlib.gzipSync(Buffer.from(JSON.stringify({ screens: [] })));
        return { name: 'Empty', app, crc: crc32Hex(app) };
      })(),
      'project_file_missing',
    ],
  ])('refuses %s in prepare and changes nothing', async (_what, pair, code) => {
    const before = await snapshot();
    const job = await update(pair as Pair);
    expect(job).toMatchObject({ state: 'failed', error_code: code, rolled_back: false });
    expect(job.steps.map((s) => s.state)).toEqual(['failed', 'pending', 'pending', 'pending', 'pending']);
    expect(await snapshot()).toEqual(before);
    expect(oplogRows(t, 'project_update_finished').at(-1)).toMatchObject({ result: code });
  });

  it('[UP-02] refuses a .crc that does not match at once (400 crc_mismatch) and changes nothing', async () => {
    const pair = projectPair({ name: 'Mismatch' });
    const before = await snapshot();
    const res = await upload(t, admin, uploadParts({ ...pair, crc: 'deadbeef' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'crc_mismatch' });
    expect(await snapshot()).toEqual(before);
    const row = oplogRows(t, 'update_project').at(-1)!;
    expect(row.result).toBe('crc_mismatch');
    expect(JSON.parse(row.after_value!)).toMatchObject({ file: 'Mismatch.app' });
  });

  it.each([
    ['an .app that is not gzip by its content', (p: Pair) => [{ name: 'app', filename: 'x.app', content: Buffer.from('PK\u0003\u0004 a zip file') }, { name: 'crc', filename: 'x.crc', content: p.crc }]],
    ['a .crc that is not hex', (p: Pair) => [{ name: 'app', filename: 'x.app', content: p.app }, { name: 'crc', filename: 'x.crc', content: 'not a crc' }]],
    ['a project renamed .app whose bytes are a PNG', (p: Pair) => [{ name: 'app', filename: 'x.app', content: Buffer.from('\u0089PNG\r\n\u001a\n....') }, { name: 'crc', filename: 'x.crc', content: p.crc }]],
  ])('refuses %s with 415 unsupported_file_type, by content not name', async (_what, parts) => {
    const before = await snapshot();
    const res = await upload(t, admin, parts(projectPair({ name: 'T' })));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error_code: 'unsupported_file_type' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an upload past the size limit with 413, streamed or declared, and keeps nothing', async () => {
    const before = await snapshot();
    const big = Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.alloc(3 * 1024 * 1024, 7)]);
    const res = await upload(t, admin, [{ name: 'app', filename: 'big.app', content: big }, { name: 'crc', filename: 'big.crc', content: crc32Hex(big) }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error_code: 'payload_too_large' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses missing parts and unknown parts as validation failures', async () => {
    const pair = projectPair({ name: 'Parts' });
    const onlyApp = await upload(t, admin, [uploadParts(pair)[0]!]);
    expect(onlyApp.json()).toMatchObject({ error_code: 'validation_failure', field: 'crc' });
    const extra = await upload(t, admin, [...uploadParts(pair), { name: 'script', content: 'rm -rf /' }]);
    expect(extra.json()).toMatchObject({ error_code: 'validation_failure', field: 'script' });
    const json = await t.call('POST', '/api/v1/project/management/update', admin, { app: 'x' });
    expect(json.statusCode).toBe(415);
    expect(incoming(t)).toEqual([]);
  });

  it('[REL-02] starts the previous project again when the new one cannot start, and says so', async () => {
    const before = await snapshot();
    const broken = projectPair({ name: 'Broken' }, (p) => {
      p.alarms.push({ id: 99, name: 'Ghost', tag: 'No_Such_Tag', condition: { op: '>', value: 1 }, severity: 'high', message: 'x' });
    });
    const job = await update(broken);
    expect(job).toMatchObject({ state: 'failed', error_code: 'start_failed', rolled_back: true });
    expect(job.error_detail).toContain('No_Such_Tag');
    expect(job.steps.map((s) => s.state)).toEqual(['done', 'done', 'done', 'done', 'failed']);
    expect(await snapshot()).toEqual(before);
  });

  it('restarts the project', async () => {
    const res = await t.call('POST', '/api/v1/project/management/restart', admin);
    expect(res.statusCode).toBe(200);
    expect(projectInfoSchema.parse(res.json()).state).toBe('running');
    expect(oplogRows(t, 'restart_project').at(-1)).toMatchObject({ account: 'admin', result: 'success' });
  });

  it('backs the running project up as a .cxob: its .app, its .crc and a manifest', async () => {
    const i = await info(t, admin);
    const res = await t.call('GET', '/api/v1/project/management/backup', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${i.file_name}-\\d{8}\\.cxob"$`));
    const files = new Map<string, Buffer>();
    const extract = tar.extract();
    extract.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: unknown) => chunks.push(c as Buffer));
      stream.on('end', () => {
        files.set(header.name, Buffer.concat(chunks));
        next();
      });
    });
    await new Promise<void>((resolve, reject) => {
      extract.on('finish', resolve).on('error', reject);
      extract.end(zlib.gunzipSync(res.rawPayload));
    });
    expect([...files.keys()].sort()).toEqual([`${i.file_name}.app`, `${i.file_name}.crc`, 'manifest.json'].sort());
    expect(crc32Hex(files.get(`${i.file_name}.app`)!)).toBe(i.crc);
    expect(JSON.parse(files.get('manifest.json')!.toString())).toMatchObject({
      format: 'hmi-project-backup',
      device: { model: 'HMI-X1070' },
      project: { name: i.name, crc: i.crc, app_size: i.app_size },
    });
    expect(oplogRows(t, 'backup_project').at(-1)).toMatchObject({ account: 'admin', result: 'success' });
  });

  it('lists the pairs on USB and SD, and updates from one with the same steps', async () => {
    const pair = projectPair({ name: 'From USB', tags: 3 });
    putOnMedium(t.dataDir, 'usb', pair);
    putOnMedium(t.dataDir, 'sd', projectPair({ name: 'No crc' }), false);
    fs.writeFileSync(path.join(t.dataDir, 'media', 'usb', 'notes.txt'), 'not a project');
    const media = (await t.call('GET', '/api/v1/project/management/media', admin)).json();
    expect(media.media).toEqual([
      { medium: 'usb', present: true, projects: [expect.objectContaining({ name: 'From USB', app_size: pair.app.length, crc_present: true })] },
      { medium: 'sd', present: true, projects: [expect.objectContaining({ name: 'No crc', crc_present: false })] },
    ]);
    const res = await t.call('POST', '/api/v1/project/management/update-from-media', admin, { medium: 'usb', name: 'From USB' });
    expect(res.statusCode).toBe(202);
    const job = await waitForJob(t, admin, res.json().job_id);
    expect(job).toMatchObject({ state: 'done' });
    expect(await info(t, admin)).toMatchObject({ name: 'From USB', source: 'usb', crc: pair.crc });
    // The medium keeps its files.
    expect(fs.existsSync(path.join(t.dataDir, 'media', 'usb', 'From USB.app'))).toBe(true);
    const noCrc = await t.call('POST', '/api/v1/project/management/update-from-media', admin, { medium: 'sd', name: 'No crc' });
    expect(noCrc.json()).toMatchObject({ error_code: 'crc_mismatch' });
    const missing = await t.call('POST', '/api/v1/project/management/update-from-media', admin, { medium: 'sd', name: 'Nothing' });
    expect(missing.statusCode).toBe(404);
  });

  it('[UP-01] never leaves the medium: traversal names are refused by the contract, links are not followed', async () => {
    for (const name of ['../../device.sqlite', '..', '.hidden', 'a/b', 'a\\b']) {
      const res = await t.call('POST', '/api/v1/project/management/update-from-media', admin, { medium: 'usb', name });
      expect({ name, code: res.json().error_code }).toEqual({ name, code: 'validation_failure' });
    }
    const usb = path.join(t.dataDir, 'media', 'usb');
    fs.symlinkSync(path.join(t.dataDir, 'device.sqlite'), path.join(usb, 'Link.app'));
    fs.writeFileSync(path.join(usb, 'Link.crc'), '00000000');
    const res = await t.call('POST', '/api/v1/project/management/update-from-media', admin, { medium: 'usb', name: 'Link' });
    expect(res.statusCode).toBe(404);
  });

  it('shows the OPC UA tree of the project that runs after an update', async () => {
    const tree = (await t.call('GET', '/api/v1/opcua/node-tree', admin)).json();
    // The USB project has three simulated tags more than the sample.
    expect(JSON.stringify(tree)).toContain('Sim_00003');
  });
});

describe('one update at a time, and who may', () => {
  let t: TestDevice;
  beforeAll(async () => {
    t = await startTestDevice({ project: { runtime: { stopMs: 300, startMs: 300 } } });
  });
  afterAll(() => t.close());

  it('answers 409 busy to a second update or a restart while one runs; the console finds the running job in info', async () => {
    const admin = await t.login('admin');
    const first = await upload(t, admin, uploadParts(projectPair({ name: 'Slow' })));
    expect(first.statusCode).toBe(202);
    const second = await upload(t, admin, uploadParts(projectPair({ name: 'Second' })));
    expect({ status: second.statusCode, code: second.json().error_code }).toEqual({ status: 409, code: 'busy' });
    const restart = await t.call('POST', '/api/v1/project/management/restart', admin);
    expect(restart.json().error_code).toBe('busy');
    expect((await info(t, admin)).running_job).toBe(first.json().job_id);
    const job = await waitForJob(t, admin, first.json().job_id);
    expect(job.state).toBe('done');
    expect((await info(t, admin)).running_job).toBeNull();
  });

  it('[UP-03] lets update follow its jobs and refuses history every call (and hides jobs from it)', async () => {
    const update = await t.login('update');
    const history = await t.login('history');
    const res = await upload(t, update, uploadParts(projectPair({ name: 'By update' })));
    expect(res.statusCode).toBe(202);
    expect((await waitForJob(t, update, res.json().job_id)).state).toBe('done');
    expect((await t.call('GET', `/api/v1/jobs/${res.json().job_id}`, history)).statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', '/api/v1/project/management/info'],
      ['POST', '/api/v1/project/management/restart'],
      ['GET', '/api/v1/project/management/backup'],
      ['GET', '/api/v1/project/management/media'],
    ] as const) {
      expect((await t.call(method, url, history)).statusCode).toBe(403);
    }
    expect((await upload(t, history, uploadParts(projectPair({ name: 'No' })))).statusCode).toBe(403);
  });
});

describe('a device that starts after a crash', () => {
  it('ends a job left running as interrupted, logs it, runs the committed project and removes leftovers', async () => {
    const dataDir = makeDataDir();
    const first = await startTestDevice({ dataDir });
    const name = (await info(first, await first.login('admin'))).name;
    const job = first.device.jobs.create('project_update', 'admin', { file: 'Half.app' });
    first.device.jobs.step(job.id, 'update_project');
    // What a kill -9 in the middle of an update leaves: a release no row names, a staged upload.
    fs.mkdirSync(path.join(dataDir, 'project', 'releases', 'half-written'));
    fs.writeFileSync(path.join(dataDir, 'project', 'releases', 'half-written', 'Half.app'), 'partial');
    fs.mkdirSync(path.join(dataDir, 'project', 'incoming', 'u-left'));
    await first.app.close();

    const second = await startTestDevice({ dataDir });
    try {
      const admin = await second.login('admin');
      const ended = jobSchema.parse((await second.call('GET', `/api/v1/jobs/${job.id}`, admin)).json());
      expect(ended).toMatchObject({ state: 'failed', error_code: 'interrupted', current_step: 'update_project' });
      expect(ended.steps.find((s) => s.id === 'update_project')!.state).toBe('failed');
      expect(await info(second, admin)).toMatchObject({ name, state: 'running', running_job: null });
      expect(fs.readdirSync(path.join(dataDir, 'project', 'releases'))).toHaveLength(1);
      expect(fs.readdirSync(path.join(dataDir, 'project', 'incoming'))).toEqual([]);
      const row = second.device.db.prepare(`SELECT source, result, after_value FROM operation_log WHERE action = 'job_interrupted'`).get() as { source: string; result: string; after_value: string };
      expect(row).toMatchObject({ source: 'device', result: 'interrupted' });
      expect(JSON.parse(row.after_value)).toMatchObject({ job: job.id, requested_by: 'admin', step: 'update_project', running: name });
    } finally {
      await second.close();
    }
  });
});

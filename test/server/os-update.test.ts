/** OS Update on the device: an image verified while it streams in, refused before anything changes
 * (bad signature, another model, truncated, SHA-256 mismatch, not an image, too large), the job's
 * steps, the version committed with the job's end, the reboot that makes the device vanish and
 * come back, roles and the operation log. */
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { startTestDevice, makeDataDir, TEST_PASSWORD, type TestDevice } from '../support/device';
import { multipartBody, type Part } from '../support/multipart';
import { imageParts, osImage } from '../support/os-images';
import { jobSchema, type Job } from '../../contract/api/jobs';
import { osInfoSchema, osUpdateStartedSchema } from '../../contract/api/os';
import { FACTORY_OS_VERSION } from '../../server/hardware/system-info';
import { startServer, type RunningServer } from '../../server/listen';

jest.setTimeout(30_000);

async function upload(t: TestDevice, token: string | null, parts: readonly Part[]): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({ method: 'POST', url: '/api/v1/os/update', headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }, payload });
}

async function waitForJob(t: TestDevice, token: string, id: string): Promise<Job> {
  for (let i = 0; i < 500; i++) {
    const job = jobSchema.parse((await t.call('GET', `/api/v1/jobs/${id}`, token)).json());
    if (job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('job did not end');
}

function oplog(t: TestDevice, action: string) {
  return t.device.db.prepare('SELECT account, source, before_value, after_value, result FROM operation_log WHERE action = ? ORDER BY id').all(action) as Array<{
    account: string | null;
    source: string;
    before_value: string | null;
    after_value: string | null;
    result: string;
  }>;
}

describe('OS update', () => {
  let t: TestDevice;
  let admin: string;
  const MAX = 256 * 1024;
  beforeAll(async () => {
    t = await startTestDevice({ os: { maxImageBytes: MAX, rebootMs: 100 } });
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const version = async () => osInfoSchema.parse((await t.call('GET', '/api/v1/os/info', admin)).json()).os_version;
  const incoming = () => fs.readdirSync(path.join(t.dataDir, 'os', 'incoming'));
  const jobCount = () => t.device.db.prepare("SELECT COUNT(*) FROM jobs WHERE kind = 'os_update'").pluck().get() as number;

  it('tells the installed version, the model, the limit and the reboot time', async () => {
    const res = await t.call('GET', '/api/v1/os/info', await t.login('update'));
    expect(res.statusCode).toBe(200);
    expect(osInfoSchema.parse(res.json())).toEqual({ os_version: FACTORY_OS_VERSION, model: 'HMI-X1070', max_image_bytes: MAX, reboot_seconds: 0, running_job: null });
  });

  it.each([
    ['a bad signature', osImage({ version: '20270201', badSignature: true }), 'bad_signature'],
    ['another model', osImage({ version: '20270201', model: 'HMI-X0500' }), 'wrong_model'],
    ['a truncated image', osImage({ version: '20270201', truncate: true }), 'truncated'],
    ['a payload that does not match its SHA-256', osImage({ version: '20270201', tamper: true }), 'sha256_mismatch'],
    ['a file that is no OS image', Buffer.from('MZ this is an .exe renamed to .bin'.repeat(10)), 'not an OS image'],
  ])('[UP-04] refuses %s as invalid_image before anything changes', async (_label, image, reason) => {
    const jobs = jobCount();
    const res = await upload(t, admin, imageParts(image));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'invalid_image' });
    expect(res.json().message).toContain(reason);
    expect(await version()).toBe(FACTORY_OS_VERSION);
    expect(jobCount()).toBe(jobs);
    expect(incoming()).toEqual([]);
    expect(oplog(t, 'update_os').at(-1)).toMatchObject({ account: 'admin', result: 'invalid_image' });
  });

  it('refuses an image past the limit as image_too_large (413), nothing changed', async () => {
    const jobs = jobCount();
    const res = await upload(t, admin, imageParts(osImage({ version: '20270301', payloadBytes: MAX + 1024 })));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error_code: 'image_too_large' });
    expect(await version()).toBe(FACTORY_OS_VERSION);
    expect(jobCount()).toBe(jobs);
    expect(incoming()).toEqual([]);
  });

  it('[UP-03] refuses without a token (401) and to History (403)', async () => {
    const image = imageParts(osImage({ version: '20270401' }));
    expect((await upload(t, null, image)).statusCode).toBe(401);
    expect((await upload(t, await t.login('history'), image)).statusCode).toBe(403);
    expect(await version()).toBe(FACTORY_OS_VERSION);
  });

  it('installs a valid image: the steps, the version in system info, the reboot, the log', async () => {
    const res = await upload(t, await t.login('update'), imageParts(osImage({ version: '20270501', payloadBytes: 64 * 1024 }), 'panel-20270501.bin'));
    expect(res.statusCode).toBe(202);
    const started = osUpdateStartedSchema.parse(res.json());
    expect(started.version).toBe('20270501');
    const job = await waitForJob(t, admin, started.job_id);
    expect(job).toMatchObject({ kind: 'os_update', state: 'done', error_code: null });
    expect(job.steps).toEqual([
      { id: 'prepare', state: 'done' },
      { id: 'upload_image', state: 'done' },
      { id: 'update_os', state: 'done' },
    ]);
    expect(await version()).toBe('20270501');
    expect((await t.call('GET', '/api/v1/system/info', admin)).json()).toMatchObject({ os_version: '20270501' });
    expect(incoming()).toEqual([]);
    expect(oplog(t, 'update_os').at(-1)).toMatchObject({ account: 'update', result: 'success' });
    expect(JSON.parse(oplog(t, 'update_os').at(-1)!.after_value!)).toMatchObject({ file: 'panel-20270501.bin', version: '20270501', from_version: FACTORY_OS_VERSION });
    const finished = oplog(t, 'os_update_finished').at(-1)!;
    expect(finished).toMatchObject({ account: null, source: 'device', result: 'success' });
    expect(JSON.parse(finished.before_value!)).toEqual({ os_version: FACTORY_OS_VERSION });
    // The device went down and is back (100 ms here).
    await new Promise((r) => setTimeout(r, 300));
    expect(t.device.power.rebooting).toBe(false);
    expect(oplog(t, 'device_rebooted').at(-1)).toMatchObject({ source: 'device', result: 'success' });
  });

  it('tells a console opened mid-update which job runs and what it installs; refuses a second update (409 busy)', async () => {
    const running = t.device.jobs.create('os_update', 'admin', { version: '20270601' });
    try {
      expect(osInfoSchema.parse((await t.call('GET', '/api/v1/os/info', admin)).json()).running_job).toEqual({ id: running.id, version: '20270601' });
      const res = await upload(t, admin, imageParts(osImage({ version: '20270601' })));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error_code: 'busy' });
    } finally {
      t.device.jobs.finish(running.id);
    }
  });

  it('[REL-02] keeps the installed version across a restart; a job cut short by a crash ends as interrupted', async () => {
    const dataDir = makeDataDir();
    const first = await startTestDevice({ dataDir });
    const token = await first.login('admin');
    const job = await waitForJob(first, token, osUpdateStartedSchema.parse((await upload(first, token, imageParts(osImage({ version: '20270701' })))).json()).job_id);
    expect(job.state).toBe('done');
    const cut = first.device.jobs.create('os_update', 'admin', { version: '20270801' });
    await first.app.close(); // (close() would remove the data folder)
    const second = await startTestDevice({ dataDir });
    try {
      const again = await second.login('admin');
      expect(osInfoSchema.parse((await second.call('GET', '/api/v1/os/info', again)).json()).os_version).toBe('20270701');
      expect(jobSchema.parse((await second.call('GET', `/api/v1/jobs/${cut.id}`, again)).json())).toMatchObject({ state: 'failed', error_code: 'interrupted' });
    } finally {
      await second.close();
    }
  });
});

describe('the reboot over real connections', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ dataDir: makeDataDir(), initialPassword: TEST_PASSWORD, port: 0, httpsPort: 0, host: '127.0.0.1', consoleDir: null, logger: false, os: { writeMs: 0, rebootMs: 1500 } });
  });
  afterAll(() => server.close());

  it('makes the device unreachable for the reboot time, then it answers with the new version', async () => {
    const base = server.httpUrl;
    const token = ((await (await fetch(`${base}/api/v1/auth/token/admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: TEST_PASSWORD }),
    })).json()) as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${token}` };
    const { payload, headers } = multipartBody(imageParts(osImage({ version: '20271001' })));
    const res = await fetch(`${base}/api/v1/os/update`, { method: 'POST', headers: { ...headers, ...auth }, body: new Uint8Array(payload) });
    expect(res.status).toBe(202);
    // Soon the device is gone: requests fail at the connection.
    const wentDown = Date.now();
    let refused = false;
    for (let i = 0; i < 100 && !refused; i++) {
      try {
        await fetch(`${base}/api/v1/os/info`, { headers: auth });
        await new Promise((r) => setTimeout(r, 20));
      } catch {
        refused = true;
      }
    }
    expect(refused).toBe(true);
    // Then it is back, with the new version.
    let back: { os_version: string } | null = null;
    while (!back && Date.now() - wentDown < 10_000) {
      try {
        back = (await (await fetch(`${base}/api/v1/system/info`, { headers: auth })).json()) as { os_version: string };
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    expect(back?.os_version).toBe('20271001');
    expect(Date.now() - wentDown).toBeGreaterThanOrEqual(1000);
  });
});

/** PLC Runtime on the device: activation by serial number or by code (the shared rule first, then
 * the licence), its reset, LAN1 by the network rules, a firmware verified while it streams in and
 * refused before anything changes, the update job through the HMI restart, roles and the
 * operation log. */
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { startTestDevice, makeDataDir, type TestDevice } from '../support/device';
import { multipartBody, type Part } from '../support/multipart';
import { osImage } from '../support/os-images';
import { firmwareParts, plcFirmware, validActivationCode, validSerialNumber } from '../support/plc-firmware';
import { jobSchema, type Job } from '../../contract/api/jobs';
import { plcRuntimeStatusSchema, plcUpdateStartedSchema } from '../../contract/api/plc-runtime';
import { FACTORY_PLC_RUNTIME_VERSION } from '../../server/hardware/plc-runtime';
import { plcLan1 } from '../support/settings';
import { FACTORY_OS_VERSION } from '../../server/hardware/system-info';
import { activationCodeFor } from '../../server/lib/plc-licence';
import { DEFAULT_PLC_LAN1, groupLicenceText, licenceCheckCharacter } from '../../contract/rules/plc-runtime';
import { deviceSerialOf } from '../../server/tools/make-plc-activation';
import { writePlcFirmware } from '../../server/tools/make-plc-firmware';

jest.setTimeout(30_000);

const BASE = '/api/v1/plc-runtime';

function oplog(t: TestDevice, action: string) {
  return t.device.db.prepare('SELECT account, source, target, before_value, after_value, result FROM operation_log WHERE action = ? ORDER BY id').all(action) as Array<{
    account: string | null;
    source: string;
    target: string;
    before_value: string | null;
    after_value: string | null;
    result: string;
  }>;
}

async function waitFor<T>(what: string, probe: () => T | null | Promise<T | null>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > until) throw new Error(`${what} did not happen`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('PLC runtime', () => {
  let t: TestDevice;
  let admin: string;
  const MAX = 256 * 1024;
  beforeAll(async () => {
    t = await startTestDevice({ plcRuntime: { maxFirmwareBytes: MAX, restartMs: 300 } });
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const status = async () => plcRuntimeStatusSchema.parse((await t.call('GET', BASE, admin)).json());
  const activate = (body: unknown, token: string | null = admin) => t.call('POST', `${BASE}/activate`, token, body);
  const reset = (token: string | null = admin) => t.call('POST', `${BASE}/reset`, token);
  const setLan1 = (body: unknown, token: string | null = admin) => t.call('PUT', `${BASE}/lan1`, token, body);
  const upload = async (parts: readonly Part[], token: string | null = admin): Promise<LightMyRequestResponse> => {
    const { payload, headers } = multipartBody(parts);
    return t.app.inject({ method: 'POST', url: `${BASE}/update`, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }, payload });
  };
  const deviceSerial = () => t.device.settings.get('device_identity').serial_number;

  describe('status', () => {
    it('tells a new panel: not activated, stopped, the factory version, LAN1 controlled by the PLC runtime OS', async () => {
      const res = await t.call('GET', BASE, admin);
      expect(res.statusCode).toBe(200);
      expect(plcRuntimeStatusSchema.parse(res.json())).toEqual({
        activation: { state: 'not_activated', method: null, activated_at: null, licence_hint: null },
        runtime: { state: 'stopped', version: FACTORY_PLC_RUNTIME_VERSION },
        device_serial_number: deviceSerial(),
        lan1: DEFAULT_PLC_LAN1,
        max_firmware_bytes: MAX,
        restart_seconds: 0,
        running_job: null,
      });
    });

    it('refuses without a token (401), and to Update and History (403) unless granted the menu', async () => {
      expect((await t.call('GET', BASE, null)).statusCode).toBe(401);
      for (const account of ['update', 'history'] as const) {
        expect((await t.call('GET', BASE, await t.login(account))).statusCode).toBe(403);
      }
    });

    it('lets an account granted the menu read it, never change it', async () => {
      t.device.db.prepare('INSERT INTO extra_roles (username, menu) VALUES (?, ?)').run('update', 'plc_runtime');
      try {
        const update = await t.login('update');
        expect((await t.call('GET', BASE, update)).statusCode).toBe(200);
        expect((await activate({ method: 'serial_number', value: validSerialNumber() }, update)).statusCode).toBe(403);
        expect((await reset(update)).statusCode).toBe(403);
        expect((await setLan1({ ...DEFAULT_PLC_LAN1 }, update)).statusCode).toBe(403);
        expect((await upload(firmwareParts(plcFirmware({ version: '3.5.20.9' })), update)).statusCode).toBe(403);
        expect((await status()).activation.state).toBe('not_activated');
      } finally {
        t.device.db.prepare('DELETE FROM extra_roles WHERE username = ?').run('update');
      }
    });
  });

  describe('activation', () => {
    afterEach(async () => {
      if ((await status()).activation.state === 'activated') expect((await reset()).statusCode).toBe(200);
    });

    it('activates with a serial number the vendor issued: method, time and the last characters of the licence', async () => {
      const serial = validSerialNumber('00000000AB');
      const res = await activate({ method: 'serial_number', value: serial.toLowerCase() });
      expect(res.statusCode).toBe(200);
      const after = plcRuntimeStatusSchema.parse(res.json());
      expect(after.activation).toEqual({ state: 'activated', method: 'serial_number', activated_at: expect.any(String), licence_hint: serial.replace(/-/g, '').slice(-4) });
      expect(after.runtime.state).toBe('running');
      expect(await status()).toEqual(after);
      // The licence as typed is a secret of the log; the row keeps its last characters only.
      const row = oplog(t, 'activate_plc_runtime').at(-1)!;
      expect(row).toMatchObject({ account: 'admin', target: 'plc_runtime.activation', result: 'success' });
      expect(row.after_value).not.toContain(serial.replace(/-/g, '').slice(0, 8));
      expect(JSON.parse(row.after_value!)).toMatchObject({ state: 'activated', method: 'serial_number' });
    });

    it('activates with the code issued for this panel', async () => {
      const res = await activate({ method: 'code', value: validActivationCode(t) });
      expect(res.statusCode).toBe(200);
      expect(plcRuntimeStatusSchema.parse(res.json()).activation).toMatchObject({ state: 'activated', method: 'code' });
    });

    it('refuses a second activation (409 plc_already_activated)', async () => {
      expect((await activate({ method: 'serial_number', value: validSerialNumber() })).statusCode).toBe(200);
      const res = await activate({ method: 'code', value: validActivationCode(t) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error_code: 'plc_already_activated' });
    });

    it.each([
      ['serial_number', '', 'required'],
      ['serial_number', 'ABCD-EFGH', 'serial_format'],
      ['serial_number', 'ABCD-EFGH-JKMN-PQRU', 'serial_format'],
      ['code', validSerialNumber(), 'code_format'],
    ])('refuses %s "%s" by the shared rule: 400 naming value (%s)', async (method, value, problem) => {
      const res = await activate({ method, value });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failure', field: 'value', problem });
      expect((await status()).activation.state).toBe('not_activated');
    });

    it('refuses a typing mistake by its check character', async () => {
      const serial = validSerialNumber().replace(/-/g, '');
      const typo = serial.slice(0, 5) + (serial[5] === '7' ? '8' : '7') + serial.slice(6);
      expect((await activate({ method: 'serial_number', value: typo })).json()).toMatchObject({ field: 'value', problem: 'serial_check' });
    });

    it('refuses a well-formed serial number the vendor did not issue (400 invalid_serial_number), the value masked in the log', async () => {
      const forged = '0000000042ZZZZZ';
      const res = await activate({ method: 'serial_number', value: forged + licenceCheckCharacter(forged) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'invalid_serial_number' });
      expect((await status()).activation.state).toBe('not_activated');
      const row = oplog(t, 'activate_plc_runtime').at(-1)!;
      expect(row).toMatchObject({ account: 'admin', result: 'invalid_serial_number' });
      expect(row.after_value).not.toContain(forged);
    });

    it('refuses the code of another panel (400 invalid_activation_code)', async () => {
      const res = await activate({ method: 'code', value: groupLicenceText('code', activationCodeFor('X107099999999')) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'invalid_activation_code' });
      expect(res.json().message).toContain(deviceSerial());
      expect((await status()).activation.state).toBe('not_activated');
    });

    it('resets the activation: the runtime stops; a reset with nothing activated is 409 plc_not_activated', async () => {
      expect((await activate({ method: 'serial_number', value: validSerialNumber() })).statusCode).toBe(200);
      const res = await reset();
      expect(res.statusCode).toBe(200);
      expect(plcRuntimeStatusSchema.parse(res.json())).toMatchObject({ activation: { state: 'not_activated', method: null }, runtime: { state: 'stopped' } });
      expect(oplog(t, 'reset_plc_runtime').at(-1)).toMatchObject({ account: 'admin', result: 'success' });
      const again = await reset();
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error_code: 'plc_not_activated' });
      expect(oplog(t, 'reset_plc_runtime').at(-1)).toMatchObject({ result: 'plc_not_activated' });
    });

    it('refuses without a token (401) and to Update and History (403)', async () => {
      expect((await activate({ method: 'serial_number', value: validSerialNumber() }, null)).statusCode).toBe(401);
      expect((await reset(null)).statusCode).toBe(401);
      for (const account of ['update', 'history'] as const) {
        const token = await t.login(account);
        expect((await activate({ method: 'serial_number', value: validSerialNumber() }, token)).statusCode).toBe(403);
        expect((await reset(token)).statusCode).toBe(403);
      }
    });
  });

  describe('LAN1', () => {
    const good = plcLan1({ ip: '10.1.2.3', netmask: '255.255.0.0', gateway: '10.1.0.1' });

    it('stores the address the PLC runtime OS sets, trimmed, and logs before and after', async () => {
      const res = await setLan1({ ...good, ip: ' 10.1.2.3 ' });
      expect(res.statusCode).toBe(200);
      expect(plcRuntimeStatusSchema.parse(res.json()).lan1).toEqual(good);
      expect((await status()).lan1).toEqual(good);
      const row = oplog(t, 'set_plc_lan1').at(-1)!;
      expect(row).toMatchObject({ account: 'admin', target: 'plc_runtime.lan1', result: 'success' });
      expect(JSON.parse(row.after_value!)).toEqual(good);
    });

    it.each([
      ['ip', { ip: '10.1.2' }, 'ipv4_format'],
      ['ip', { ip: '10.1.255.255' }, 'address_not_host'],
      ['netmask', { netmask: '255.0.255.0' }, 'netmask_contiguous'],
      ['gateway', { gateway: '192.168.1.1' }, 'gateway_subnet'],
      ['gateway', { gateway: '10.1.2.3' }, 'gateway_subnet'],
    ])('refuses a wrong %s by the network rules (400 naming it, %s), nothing changed', async (field, patch, problem) => {
      const before = (await status()).lan1;
      const res = await setLan1({ ...good, ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failure', field, problem });
      expect((await status()).lan1).toEqual(before);
      expect(oplog(t, 'set_plc_lan1').at(-1)).toMatchObject({ result: 'validation_failure' });
    });

    it('refuses an owner it does not know', async () => {
      const res = await setLan1({ ...good, owner: 'plc' });
      expect(res.json()).toMatchObject({ error_code: 'validation_failure', field: 'owner' });
    });

    it('gives LAN1 to the gateway OS and keeps the runtime address for when it takes LAN1 back', async () => {
      expect((await setLan1(good)).statusCode).toBe(200);
      const res = await setLan1(plcLan1({ owner: 'gateway_os', ip: '', netmask: '', gateway: '' }));
      expect(res.statusCode).toBe(200);
      expect(plcRuntimeStatusSchema.parse(res.json()).lan1).toEqual({ ...good, owner: 'gateway_os' });
    });

    it('refuses without a token (401) and to Update and History (403)', async () => {
      expect((await setLan1(good, null)).statusCode).toBe(401);
      for (const account of ['update', 'history'] as const) expect((await setLan1(good, await t.login(account))).statusCode).toBe(403);
    });
  });

  describe('firmware update', () => {
    const incoming = () => fs.readdirSync(path.join(t.dataDir, 'plc-runtime', 'incoming'));
    const jobCount = () => t.device.db.prepare("SELECT COUNT(*) FROM jobs WHERE kind = 'plc_runtime_update'").pluck().get() as number;
    const job = async (id: string, token = admin): Promise<Job> => jobSchema.parse((await t.call('GET', `/api/v1/jobs/${id}`, token)).json());

    it.each([
      ['a bad signature', plcFirmware({ version: '3.5.20.1', badSignature: true }), 'bad_signature'],
      ['another model', plcFirmware({ version: '3.5.20.1', model: 'HMI-X0500' }), 'wrong_model'],
      ['another product', plcFirmware({ version: '3.5.20.1', product: 'gateway' }), 'wrong_product'],
      ['a truncated firmware', plcFirmware({ version: '3.5.20.1', truncate: true }), 'truncated'],
      ['a payload that does not match its SHA-256', plcFirmware({ version: '3.5.20.1', tamper: true }), 'sha256_mismatch'],
      ['an OS image', osImage({ version: '20270101' }), 'os_image'],
      ['a file that is no firmware', Buffer.from('MZ this is an .exe renamed to .bin'.repeat(10)), 'not_firmware'],
      ['a file of three bytes', Buffer.from('MZ!'), 'not_firmware'],
      ['the first bytes of a firmware', plcFirmware({ version: '3.5.20.1' }).subarray(0, 40), 'truncated'],
    ])('refuses %s as invalid_firmware before anything changes', async (_label, file, reason) => {
      const jobs = jobCount();
      const res = await upload(firmwareParts(file));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'invalid_firmware' });
      expect(res.json().message).toContain(reason);
      expect((await status()).runtime.version).toBe(FACTORY_PLC_RUNTIME_VERSION);
      expect(jobCount()).toBe(jobs);
      expect(incoming()).toEqual([]);
      expect(oplog(t, 'update_plc_runtime').at(-1)).toMatchObject({ account: 'admin', result: 'invalid_firmware' });
    });

    it('refuses a firmware past the limit as firmware_too_large (413), nothing changed', async () => {
      const jobs = jobCount();
      const res = await upload(firmwareParts(plcFirmware({ version: '3.5.20.2', payloadBytes: MAX + 1024 })));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ error_code: 'firmware_too_large' });
      expect((await status()).runtime.version).toBe(FACTORY_PLC_RUNTIME_VERSION);
      expect(jobCount()).toBe(jobs);
      expect(incoming()).toEqual([]);
    });

    it('refuses without a token (401) and to Update and History (403)', async () => {
      const parts = firmwareParts(plcFirmware({ version: '3.5.20.3' }));
      expect((await upload(parts, null)).statusCode).toBe(401);
      for (const account of ['update', 'history'] as const) expect((await upload(parts, await t.login(account))).statusCode).toBe(403);
      expect((await status()).runtime.version).toBe(FACTORY_PLC_RUNTIME_VERSION);
    });

    it('fails the job when the installer refuses the firmware (it needs a newer OS): firmware_update_failed, version and panel unchanged', async () => {
      const res = await upload(firmwareParts(plcFirmware({ version: '3.6.0.0', requiresOs: '29991231' })));
      expect(res.statusCode).toBe(202);
      const { job_id } = plcUpdateStartedSchema.parse(res.json());
      const ended = await waitFor('the job to end', async () => {
        const j = await job(job_id);
        return j.state === 'running' ? null : j;
      });
      expect(ended).toMatchObject({ kind: 'plc_runtime_update', state: 'failed', error_code: 'firmware_update_failed' });
      expect(ended.error_detail).toContain(`needs OS version 29991231 or newer; the panel runs ${FACTORY_OS_VERSION}`);
      expect(ended.steps).toEqual([
        { id: 'prepare', state: 'done' },
        { id: 'upload_firmware', state: 'done' },
        { id: 'update_firmware', state: 'failed' },
        { id: 'restart_hmi', state: 'pending' },
      ]);
      expect(t.device.power.rebooting).toBe(false);
      expect((await status()).runtime.version).toBe(FACTORY_PLC_RUNTIME_VERSION);
      expect(incoming()).toEqual([]);
      expect(oplog(t, 'plc_runtime_update_finished').at(-1)).toMatchObject({ account: null, source: 'device', result: 'firmware_update_failed' });
    });

    it('installs a valid firmware: the steps, the HMI restart, the new version, the log', async () => {
      expect((await activate({ method: 'serial_number', value: validSerialNumber() })).statusCode).toBe(200);
      const rebootsBefore = oplog(t, 'device_rebooted').length;
      const res = await upload(firmwareParts(plcFirmware({ version: '3.5.20.0', payloadBytes: 64 * 1024 }), 'plc-runtime-3.5.20.0.bin'));
      expect(res.statusCode).toBe(202);
      const started = plcUpdateStartedSchema.parse(res.json());
      expect(started.version).toBe('3.5.20.0');

      // The restart: the new version committed, the job at its last step, the panel away.
      const restarting = await waitFor('the restart', async () => {
        const j = await job(started.job_id);
        return j.current_step === 'restart_hmi' ? j : null;
      });
      expect(restarting.steps.map((s) => s.state)).toEqual(['done', 'done', 'done', 'running']);
      expect(t.device.power.rebooting).toBe(true);
      const during = await status();
      expect(during.runtime).toEqual({ state: 'updating', version: '3.5.20.0' });
      expect(during.running_job).toEqual({ id: started.job_id, version: '3.5.20.0' });
      // Nothing else changes meanwhile.
      expect((await reset()).json()).toMatchObject({ error_code: 'plc_runtime_busy' });
      expect((await setLan1({ ...DEFAULT_PLC_LAN1 })).json()).toMatchObject({ error_code: 'plc_runtime_busy' });
      const second = await upload(firmwareParts(plcFirmware({ version: '3.5.21.0' })));
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ error_code: 'busy' });

      // Back: the job ends with the panel.
      const done = await waitFor('the end of the job', async () => {
        const j = await job(started.job_id);
        return j.state === 'done' ? j : null;
      });
      expect(done.steps.every((s) => s.state === 'done')).toBe(true);
      expect(t.device.power.rebooting).toBe(false);
      expect(await status()).toMatchObject({ runtime: { state: 'running', version: '3.5.20.0' }, activation: { state: 'activated' }, running_job: null });
      expect(incoming()).toEqual([]);

      const requested = oplog(t, 'update_plc_runtime').at(-2)!;
      expect(requested).toMatchObject({ account: 'admin', target: 'plc_runtime.firmware', result: 'success' });
      expect(JSON.parse(requested.after_value!)).toMatchObject({ file: 'plc-runtime-3.5.20.0.bin', version: '3.5.20.0', from_version: FACTORY_PLC_RUNTIME_VERSION });
      const finished = oplog(t, 'plc_runtime_update_finished').at(-1)!;
      expect(finished).toMatchObject({ account: null, source: 'device', result: 'success' });
      expect(JSON.parse(finished.before_value!)).toEqual({ version: FACTORY_PLC_RUNTIME_VERSION });
      expect(JSON.parse(finished.after_value!)).toMatchObject({ job: started.job_id, requested_by: 'admin', version: '3.5.20.0', away_ms: expect.any(Number) });
      expect(oplog(t, 'device_rebooted').length).toBe(rebootsBefore + 1);
    });

    it('shows the job to the accounts that may start it only', async () => {
      const running = t.device.jobs.create('plc_runtime_update', 'admin', { version: '3.5.22.0' });
      try {
        expect((await t.call('GET', `/api/v1/jobs/${running.id}`, admin)).statusCode).toBe(200);
        expect((await t.call('GET', `/api/v1/jobs/${running.id}`, await t.login('update'))).statusCode).toBe(404);
      } finally {
        t.device.jobs.finish(running.id);
      }
    });
  });
});

describe('the tools a tester uses', () => {
  it('make:plc-activation reads the panel of a data folder (while the device runs); its code activates that panel', async () => {
    const t = await startTestDevice();
    try {
      const serial = deviceSerialOf(t.dataDir);
      expect(serial).toBe(t.device.settings.get('device_identity').serial_number);
      expect(deviceSerialOf(makeDataDir())).toBeNull();
      const res = await t.call('POST', `${BASE}/activate`, await t.login('admin'), { method: 'code', value: groupLicenceText('code', activationCodeFor(serial!)) });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('make:plc-firmware writes a firmware the device installs, and the refusals it promises', async () => {
    const t = await startTestDevice({ plcRuntime: { restartMs: 20 } });
    const dir = makeDataDir();
    try {
      const token = await t.login('admin');
      const send = async (file: string) => {
        const { payload, headers } = multipartBody(firmwareParts(fs.readFileSync(file)));
        return t.app.inject({ method: 'POST', url: `${BASE}/update`, headers: { ...headers, authorization: `Bearer ${token}` }, payload });
      };
      const bytes = writePlcFirmware(path.join(dir, 'good.bin'), { version: '3.5.40.0', sizeMb: 0.25 });
      expect(fs.statSync(path.join(dir, 'good.bin')).size).toBe(bytes);
      writePlcFirmware(path.join(dir, 'bad.bin'), { version: '3.5.40.0', sizeMb: 0.01, badSignature: true });
      writePlcFirmware(path.join(dir, 'cut.bin'), { version: '3.5.40.0', sizeMb: 0.01, truncate: true });
      writePlcFirmware(path.join(dir, 'other.bin'), { version: '3.5.40.0', sizeMb: 0.01, model: 'HMI-X0500' });
      for (const [file, reason] of [['bad.bin', 'bad_signature'], ['cut.bin', 'truncated'], ['other.bin', 'wrong_model']]) {
        const res = await send(path.join(dir, file!));
        expect({ file, status: res.statusCode, message: res.json().message as string }).toEqual({ file, status: 400, message: expect.stringContaining(reason!) });
      }
      const res = await send(path.join(dir, 'good.bin'));
      expect(res.statusCode).toBe(202);
      const { job_id } = plcUpdateStartedSchema.parse(res.json());
      await waitFor('the update', () => (t.device.jobs.get(job_id)?.state === 'done' ? true : null));
      expect(t.device.plcRuntime.version).toBe('3.5.40.0');
    } finally {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('PLC runtime across a restart of the device', () => {
  it('keeps the activation, LAN1 and the installed version; a job cut short ends as interrupted', async () => {
    const dataDir = makeDataDir();
    const first = await startTestDevice({ dataDir, plcRuntime: { restartMs: 50 } });
    const token = await first.login('admin');
    expect((await first.call('POST', `${BASE}/activate`, token, { method: 'code', value: validActivationCode(first) })).statusCode).toBe(200);
    const lan1 = plcLan1({ owner: 'gateway_os', ip: '172.16.0.5', netmask: '255.255.0.0' });
    expect((await first.call('PUT', `${BASE}/lan1`, token, { ...lan1, owner: 'plc_runtime_os' })).statusCode).toBe(200);
    expect((await first.call('PUT', `${BASE}/lan1`, token, lan1)).statusCode).toBe(200);
    const { payload, headers } = multipartBody(firmwareParts(plcFirmware({ version: '3.5.30.0' })));
    const res = await first.app.inject({ method: 'POST', url: `${BASE}/update`, headers: { ...headers, authorization: `Bearer ${token}` }, payload });
    const { job_id } = plcUpdateStartedSchema.parse(res.json());
    await waitFor('the update', () => (first.device.jobs.get(job_id)?.state === 'done' ? true : null));
    const cut = first.device.jobs.create('plc_runtime_update', 'admin', { version: '3.5.31.0' });
    await first.app.close(); // (close() would remove the data folder)
    const second = await startTestDevice({ dataDir });
    try {
      const again = await second.login('admin');
      const after = plcRuntimeStatusSchema.parse((await second.call('GET', BASE, again)).json());
      expect(after).toMatchObject({ activation: { state: 'activated', method: 'code' }, runtime: { version: '3.5.30.0', state: 'running' }, lan1, running_job: null });
      expect(jobSchema.parse((await second.call('GET', `/api/v1/jobs/${cut.id}`, again)).json())).toMatchObject({ state: 'failed', error_code: 'interrupted' });
      expect(second.device.db.prepare("SELECT target FROM operation_log WHERE action = 'job_interrupted'").pluck().all()).toEqual(['plc_runtime.firmware']);
    } finally {
      await second.close();
    }
  });
});

/**
 * SECS/GEM: the licence gate, the settings' rules beyond the shared matrix
 * (test/server/contract-calls.test.ts), and the HSMS-SS endpoint against a host on a real socket
 * (test/support/secs.ts): Select, Linktest, Separate, S1F1 and S1F13, Reject and S9 for what it does
 * not take, T7, T8, T6 and the active mode. One configured second is 40 ms here.
 */
import net from 'node:net';
import { startTestDevice, type TestDevice } from '../support/device';
import { freePort } from '../support/ftp';
import { HsmsPeer, secsSettingsOf } from '../support/secs';
import type { SecsSettings, SecsStatus } from '../../contract/api/secs';
import { DEFAULT_SECS_SETTINGS, type SecsSettingsFields } from '../../contract/rules/secs';
import { CONTROL_SESSION, dataParts, REJECT_REASON, SELECT_STATUS, STYPE, type HsmsMessage } from '../../server/services/secs/hsms';
import { A, B, decodeItem, encodeItem, L } from '../../server/services/secs/secs-ii';
import { DEVICE_MODEL } from '../../server/hardware/system-info';
import { readConfig } from '../../server/config';

const SECOND_MS = 40;
const DEVICE_ID = 12;

const freeHsmsPort = () => freePort(40000, 49999);

describe('the licence (specification §2)', () => {
  it('HMI_SECS_LICENSE=true|false is read at start; unset keeps the stored licence; anything else stops the start', () => {
    expect(readConfig({ HMI_SECS_LICENSE: 'true' }, '/repo').secsLicense).toBe(true);
    expect(readConfig({ HMI_SECS_LICENSE: 'false' }, '/repo').secsLicense).toBe(false);
    expect(readConfig({}, '/repo').secsLicense).toBeUndefined();
    expect(() => readConfig({ HMI_SECS_LICENSE: 'yes' }, '/repo')).toThrow(/HMI_SECS_LICENSE/);
  });

  describe('without it', () => {
    let t: TestDevice;
    let admin: string;
    beforeAll(async () => {
      t = await startTestDevice();
      admin = await t.login('admin');
    });
    afterAll(() => t.close());

    it('the reset call says so, every call answers 403 secs_not_licensed, nothing is stored or listens', async () => {
      expect((await t.call('GET', '/cgi/reset_pj.cgi?resetsele=28', admin)).json()).toEqual({ resetsele: 28, secs: 'false' });
      const port = await freeHsmsPort();
      for (const [method, url, body] of [
        ['GET', '/api/v1/secs/settings', undefined],
        ['PUT', '/api/v1/secs/settings', secsSettingsOf({ enabled: true, port })],
        ['GET', '/api/v1/secs/status', undefined],
      ] as const) {
        const res = await t.call(method, url, admin, body);
        expect({ url, method, status: res.statusCode, code: res.json().error_code }).toEqual({ url, method, status: 403, code: 'secs_not_licensed' });
      }
      expect(t.device.settings.get('secs')).toEqual(DEFAULT_SECS_SETTINGS);
      await expect(HsmsPeer.connect(port)).rejects.toThrow(/ECONNREFUSED/);
    });

    it('an enabled endpoint does not run once the licence is gone', async () => {
      const port = await freeHsmsPort();
      t.device.settings.set('secs', secsSettingsOf({ enabled: true, port }));
      t.device.secsGem.reconcile();
      await t.device.secsGem.settled();
      await expect(HsmsPeer.connect(port)).rejects.toThrow(/ECONNREFUSED/);
      expect(t.device.secsGem.health().state).toBe('disabled');
    });
  });

  it('a device started with the licence (HMI_SECS_LICENSE=true) reports it and answers admin', async () => {
    const t = await startTestDevice({ secsLicense: true });
    try {
      const admin = await t.login('admin');
      expect((await t.call('GET', '/cgi/reset_pj.cgi?resetsele=28', admin)).json()).toEqual({ resetsele: 28, secs: 'true' });
      expect((await t.call('GET', '/api/v1/secs/settings', admin)).statusCode).toBe(200);
      // The licence does not open the calls to another account.
      expect((await t.call('GET', '/api/v1/secs/status', await t.login('update'))).statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});

describe('with the licence', () => {
  let t: TestDevice;
  let admin: string;
  const peers: HsmsPeer[] = [];
  const servers: net.Server[] = [];

  beforeAll(async () => {
    t = await startTestDevice({ secsLicense: true, secs: { secondMs: SECOND_MS } });
    admin = await t.login('admin');
  });
  afterAll(() => t.close());
  afterEach(async () => {
    while (peers.length) peers.pop()!.close();
    while (servers.length) {
      const s = servers.pop()!;
      await new Promise((r) => s.close(r));
    }
    await put(secsSettingsOf({ enabled: false }));
  });

  async function put(body: SecsSettingsFields): Promise<SecsSettings> {
    const res = await t.call('PUT', '/api/v1/secs/settings', admin, body);
    expect(res.statusCode).toBe(200);
    return res.json();
  }
  const status = async (): Promise<SecsStatus> => (await t.call('GET', '/api/v1/secs/status', admin)).json();

  /** The endpoint listening on a free port (passive), with the test's settings. */
  async function listening(overrides: Parameters<typeof secsSettingsOf>[0] = {}): Promise<number> {
    const port = await freeHsmsPort();
    await put(secsSettingsOf({ enabled: true, port, device_id: DEVICE_ID, linktest_interval: 0, ...overrides }));
    return port;
  }
  async function peerOn(port: number): Promise<HsmsPeer> {
    const peer = await HsmsPeer.connect(port);
    peers.push(peer);
    return peer;
  }
  async function selected(port: number): Promise<HsmsPeer> {
    const peer = await peerOn(port);
    peer.control(STYPE.selectReq, 100);
    const rsp = await peer.next();
    expect(rsp.header).toMatchObject({ session: CONTROL_SESSION, stype: STYPE.selectRsp, byte3: SELECT_STATUS.ok, system: 100 });
    return peer;
  }
  /** Waits until the status says `state` (the endpoint answers before the status is read again). */
  async function until(check: (s: SecsStatus) => boolean, ms = 2000): Promise<SecsStatus> {
    const deadline = Date.now() + ms;
    for (;;) {
      const s = await status();
      if (check(s)) return s;
      if (Date.now() > deadline) throw new Error(`status never matched: ${JSON.stringify(s)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const s9 = (m: HsmsMessage) => ({ ...dataParts(m.header), session: m.header.session, mhead: decodeItem(m.data) });

  describe('settings', () => {
    it('[SVC-01] a new device: off, passive on 5000, E37 default timers, nothing connected', async () => {
      expect((await t.call('GET', '/api/v1/secs/settings', admin)).json()).toEqual({
        enabled: false, device_id: 0, mode: 'passive', port: 5000, remote_host: '', remote_port: 5000,
        t3: 45, t5: 10, t6: 5, t7: 10, t8: 5, linktest_interval: 60,
      });
      expect(await status()).toMatchObject({ running: false, state: 'not_connected', peer: null, last_error: null });
    });

    it.each([
      ['device_id', { device_id: 32768 }],
      ['t3', { t3: 121 }],
      ['t5', { t5: 0 }],
      ['t6', { t6: 241 }],
      ['t7', { t7: 0 }],
      ['t8', { t8: 121 }],
      ['linktest_interval', { linktest_interval: 3601 }],
      ['remote_host', { mode: 'active' as const, remote_host: '' }],
      ['remote_host', { mode: 'active' as const, remote_host: 'host name with spaces' }],
    ])('refuses %s out of its range or rule (400 naming it), storing nothing', async (field, patch) => {
      const res = await t.call('PUT', '/api/v1/secs/settings', admin, secsSettingsOf(patch));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failure', field });
      expect(t.device.settings.get('secs')).toEqual(secsSettingsOf({ enabled: false }));
    });

    it('refuses a port the panel\'s own HTTP server holds (409 secs_port_reserved); an active endpoint may name any local port', async () => {
      // The test device's console is on the default port (8080).
      const http = 8080;
      expect(t.device.secsGem.portHolder(http)).toBe('HTTP');
      const res = await t.call('PUT', '/api/v1/secs/settings', admin, secsSettingsOf({ port: http }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error_code: 'secs_port_reserved', field: 'port' });
      await put(secsSettingsOf({ mode: 'active', port: http, remote_host: 'mes.example', remote_port: 5000 }));
    });

    it('a change writes an operation-log row with before and after', async () => {
      await put(secsSettingsOf({ device_id: 3 }));
      const row = t.device.db.prepare("SELECT before_value, after_value, result, target FROM operation_log WHERE action = 'set_secs_settings' ORDER BY id DESC LIMIT 1").get() as { before_value: string; after_value: string; result: string; target: string };
      expect(row.result).toBe('success');
      expect(row.target).toBe('secs.settings');
      expect(JSON.parse(row.after_value)).toMatchObject({ device_id: 3 });
    });
  });

  describe('passive HSMS-SS endpoint', () => {
    it('accepts a connection, selects, answers Linktest, S1F1 with the model name and S1F13, and ends on Separate', async () => {
      const port = await listening();
      expect(await status()).toMatchObject({ running: true, state: 'not_connected' });
      expect(t.device.secsGem.health()).toMatchObject({ state: 'running' });

      const peer = await peerOn(port);
      const connected = await until((s) => s.state === 'connected');
      expect(connected.peer).toEqual({ address: '127.0.0.1', port: peer.socket.localPort });

      // Data before Select: Reject.req, reason "entity not selected", the same system bytes.
      peer.data(DEVICE_ID, 1, 1, 7);
      expect((await peer.next()).header).toMatchObject({ stype: STYPE.rejectReq, byte2: STYPE.data, byte3: REJECT_REASON.notSelected, system: 7 });

      peer.control(STYPE.selectReq, 100);
      expect((await peer.next()).header).toMatchObject({ session: CONTROL_SESSION, stype: STYPE.selectRsp, byte3: SELECT_STATUS.ok, system: 100 });
      expect(await until((s) => s.state === 'selected')).toMatchObject({ peer: { address: '127.0.0.1' } });
      // A second Select on the selected connection: "communication already active".
      peer.control(STYPE.selectReq, 101);
      expect((await peer.next()).header).toMatchObject({ stype: STYPE.selectRsp, byte3: SELECT_STATUS.alreadyActive, system: 101 });

      peer.control(STYPE.linktestReq, 200);
      expect((await peer.next()).header).toMatchObject({ session: CONTROL_SESSION, stype: STYPE.linktestRsp, system: 200 });

      peer.data(DEVICE_ID, 1, 1, 300);
      const s1f2 = await peer.next();
      expect({ ...dataParts(s1f2.header), session: s1f2.header.session, system: s1f2.header.system }).toEqual({ stream: 1, func: 2, wbit: false, session: DEVICE_ID, system: 300 });
      expect(decodeItem(s1f2.data)).toEqual(L(A(DEVICE_MODEL), A(t.device.settings.get('os_version'))));

      peer.data(DEVICE_ID, 1, 13, 301, encodeItem(L()));
      const s1f14 = await peer.next();
      expect({ ...dataParts(s1f14.header), system: s1f14.header.system }).toEqual({ stream: 1, func: 14, wbit: false, system: 301 });
      expect(decodeItem(s1f14.data)).toEqual(L(B(0), L(A(DEVICE_MODEL), A(t.device.settings.get('os_version')))));

      peer.control(STYPE.separateReq, 400);
      await peer.closesWithin(1000);
      expect(await until((s) => s.state === 'not_connected')).toMatchObject({ peer: null, last_error: null });
    });

    it('refuses what it does not take: another device ID (S9F1), stream (S9F3), function (S9F5), data (S9F7), SType and PType (Reject)', async () => {
      const port = await listening();
      const peer = await selected(port);
      peer.data(DEVICE_ID + 1, 1, 1, 10);
      expect(s9(await peer.next())).toMatchObject({ stream: 9, func: 1, session: DEVICE_ID });
      peer.data(DEVICE_ID, 2, 17, 11);
      const f3 = await peer.next();
      expect(s9(f3)).toMatchObject({ stream: 9, func: 3, wbit: false });
      // MHEAD: the offending message's header, 10 bytes.
      expect(Buffer.from((decodeItem(f3.data) as { value: Uint8Array }).value).readUInt32BE(6)).toBe(11);
      peer.data(DEVICE_ID, 1, 3, 12);
      expect(s9(await peer.next())).toMatchObject({ stream: 9, func: 5 });
      peer.data(DEVICE_ID, 1, 1, 13, Buffer.from([0x41, 0x05, 0x41]));
      expect(s9(await peer.next())).toMatchObject({ stream: 9, func: 7 });
      peer.control(8, 14);
      expect((await peer.next()).header).toMatchObject({ stype: STYPE.rejectReq, byte2: 8, byte3: REJECT_REASON.stypeNotSupported, system: 14 });
      peer.send({ header: { session: CONTROL_SESSION, byte2: 0, byte3: 0, ptype: 3, stype: STYPE.linktestReq, system: 15 }, data: Buffer.alloc(0) });
      expect((await peer.next()).header).toMatchObject({ stype: STYPE.rejectReq, byte2: 3, byte3: REJECT_REASON.ptypeNotSupported, system: 15 });
      // A response to nothing the panel asked.
      peer.control(STYPE.linktestRsp, 16);
      expect((await peer.next()).header).toMatchObject({ stype: STYPE.rejectReq, byte3: REJECT_REASON.transactionNotOpen, system: 16 });
      // Still selected and answering.
      peer.data(DEVICE_ID, 1, 1, 17);
      expect(dataParts((await peer.next()).header)).toMatchObject({ stream: 1, func: 2 });
    });

    it('holds one connection: a second one is closed at once, the first goes on', async () => {
      const port = await listening();
      const first = await selected(port);
      const second = await peerOn(port);
      await second.closesWithin(1000);
      first.control(STYPE.linktestReq, 5);
      expect((await first.next()).header).toMatchObject({ stype: STYPE.linktestRsp, system: 5 });
    });

    it('T7: a connection not selected within T7 is closed', async () => {
      const port = await listening({ t7: 3 });
      const peer = await peerOn(port);
      const open = await peer.closesWithin(3000);
      expect(open).toBeGreaterThanOrEqual(3 * SECOND_MS - 20);
      expect(await until((s) => s.state === 'not_connected')).toMatchObject({ last_error: 't7_timeout' });
    });

    it('T8: a message whose bytes stop arriving for T8 ends the connection; one sent in pieces in time is read', async () => {
      const port = await listening({ t8: 3 });
      const peer = await selected(port);
      // In pieces, each within T8: answered.
      const bytes = Buffer.from([0, 0, 0, 10, 0xff, 0xff, 0, 0, 0, STYPE.linktestReq, 0, 0, 0, 9]);
      peer.sendRaw(bytes.subarray(0, 5));
      await new Promise((r) => setTimeout(r, SECOND_MS));
      peer.sendRaw(bytes.subarray(5));
      expect((await peer.next()).header).toMatchObject({ stype: STYPE.linktestRsp, system: 9 });
      // Cut short: closed after T8.
      peer.sendRaw(bytes.subarray(0, 6));
      await peer.closesWithin(3000);
      expect(await until((s) => s.state === 'not_connected')).toMatchObject({ last_error: 't8_timeout' });
    });

    it('sends a Linktest every interval while selected; one unanswered within T6 ends the connection', async () => {
      const port = await listening({ linktest_interval: 2, t6: 2 });
      const peer = await selected(port);
      const first = await peer.next();
      expect(first.header).toMatchObject({ session: CONTROL_SESSION, stype: STYPE.linktestReq });
      peer.control(STYPE.linktestRsp, first.header.system);
      const second = await peer.next();
      expect(second.header).toMatchObject({ stype: STYPE.linktestReq });
      expect(second.header.system).not.toBe(first.header.system);
      // Not answered: T6 ends it.
      await peer.closesWithin(2000);
      expect(await until((s) => s.state === 'not_connected')).toMatchObject({ last_error: 't6_timeout' });
    });

    it('a change while connected ends the connection and listens anew; disabling stops listening', async () => {
      const port = await listening();
      const peer = await selected(port);
      const port2 = await listening();
      await peer.closesWithin(2000);
      const again = await selected(port2);
      expect(again.closed).toBe(false);
      await put(secsSettingsOf({ enabled: false, port: port2 }));
      await again.closesWithin(2000);
      await expect(HsmsPeer.connect(port2)).rejects.toThrow(/ECONNREFUSED/);
      expect(await status()).toMatchObject({ running: false, state: 'not_connected' });
      expect(t.device.secsGem.health()).toMatchObject({ state: 'disabled' });
    });

    it('a port another program holds: stored, the status says port_in_use and the health error; freed and saved again, it listens', async () => {
      const port = await freeHsmsPort();
      const holder = net.createServer();
      servers.push(holder);
      await new Promise<void>((r) => holder.listen(port, '127.0.0.1', () => r()));
      const settings = secsSettingsOf({ enabled: true, port, device_id: DEVICE_ID, linktest_interval: 0 });
      await put(settings);
      expect(await status()).toMatchObject({ running: false, state: 'not_connected', last_error: 'port_in_use' });
      expect(t.device.secsGem.health()).toMatchObject({ state: 'error', last_error: { message: expect.stringMatching(/^port_in_use/) } });
      expect(t.device.settings.get('secs')).toEqual(settings);
      await new Promise((r) => holder.close(r));
      servers.pop();
      await put(settings);
      expect(await status()).toMatchObject({ running: true });
      await selected(port);
    });
  });

  describe('active mode', () => {
    it('connects to the host, selects, answers S1F1; connects again after T5 when the host closes', async () => {
      const port = await freeHsmsPort();
      const accepted: HsmsPeer[] = [];
      let arrived: () => void = () => undefined;
      const host = net.createServer((socket) => {
        const peer = new HsmsPeer(socket);
        peers.push(peer);
        accepted.push(peer);
        arrived();
      });
      servers.push(host);
      await new Promise<void>((r) => host.listen(port, '127.0.0.1', () => r()));
      const nextConnection = (n: number) => new Promise<void>((r) => (arrived = () => accepted.length >= n && r()));

      const first = nextConnection(1);
      await put(secsSettingsOf({ enabled: true, mode: 'active', remote_host: '127.0.0.1', remote_port: port, device_id: DEVICE_ID, linktest_interval: 0, t5: 3 }));
      await first;
      const peer = accepted[0]!;
      const select = await peer.next();
      expect(select.header).toMatchObject({ session: CONTROL_SESSION, stype: STYPE.selectReq });
      peer.control(STYPE.selectRsp, select.header.system, SELECT_STATUS.ok);
      expect(await until((s) => s.state === 'selected')).toMatchObject({ mode: 'active', peer: { address: '127.0.0.1', port } });
      peer.data(DEVICE_ID, 1, 1, 50);
      expect(decodeItem((await peer.next()).data)).toEqual(L(A(DEVICE_MODEL), A(t.device.settings.get('os_version'))));

      const second = nextConnection(2);
      const closedAt = Date.now();
      peer.close();
      await second;
      expect(Date.now() - closedAt).toBeGreaterThanOrEqual(3 * SECOND_MS - 20);
      expect((await accepted[1]!.next()).header).toMatchObject({ stype: STYPE.selectReq });
    });

    it('a host that does not answer Select within T6 is left, and one that does not listen is tried again after T5', async () => {
      const port = await freeHsmsPort();
      await put(secsSettingsOf({ enabled: true, mode: 'active', remote_host: '127.0.0.1', remote_port: port, t5: 2, t6: 2, linktest_interval: 0 }));
      expect(await until((s) => s.last_error === 'connect_failed')).toMatchObject({ running: true, state: 'not_connected' });
      expect(t.device.secsGem.health()).toMatchObject({ state: 'running', last_error: { message: expect.stringMatching(/^connect_failed/) } });
      // Now a host listens but never answers Select.
      const silent: HsmsPeer[] = [];
      const host = net.createServer((socket) => {
        const p = new HsmsPeer(socket);
        peers.push(p);
        silent.push(p);
      });
      servers.push(host);
      await new Promise<void>((r) => host.listen(port, '127.0.0.1', () => r()));
      expect(await until((s) => s.last_error === 't6_timeout', 3000)).toMatchObject({ state: 'not_connected' });
      expect(silent.length).toBeGreaterThanOrEqual(1);
    });
  });
});

/** Network settings through the HTTP API: Ethernet, the safe-apply safety net, the simulated Wi-Fi
 * radio, the hotspot, their permissions and operation-log rows; then the identification light and
 * the identity fields of the system information. */
import type { FastifyInstance } from 'fastify';
import { createApp } from '../../server/app';
import { ManualClock } from '../../server/lib/clock';
import type { Device } from '../../server/device';
import type { NetworkTiming } from '../../server/services/network';
import { makeDataDir, startTestDevice, TEST_PASSWORD, type TestDevice } from '../support/device';
import { addressSettings, ethernetSettings, hotspotSettings, wifiConnect, type DeepPartial } from '../support/settings';
import type { EthernetInterfaceSettings, EthernetSettings, HotspotSettings, WifiConnectSettings } from '../../contract/rules/network';
import fs from 'node:fs';

const API = '/api/v1';
const ETHERNET = `${API}/network/ethernet`;
const PENDING = `${API}/network/pending`;
const WIFI = `${API}/network/wifi`;
const WIFI_ENABLED = `${API}/network/wifi/enabled`;
const SCAN = `${API}/network/wifi/scan`;
const CONNECT = `${API}/network/wifi/connect`;
const DISCONNECT = `${API}/network/wifi/disconnect`;
const HOTSPOT = `${API}/network/hotspot`;
const LED = `${API}/system/led`;
const INFO = `${API}/system/info`;

const confirmUrl = (id: string) => `${PENDING}/${encodeURIComponent(id)}/confirm`;
const revertUrl = (id: string) => `${PENDING}/${encodeURIComponent(id)}/revert`;

const MAC = /^02:1a:7c:[0-9a-f]{2}:[0-9a-f]{2}:[0-9a-f]{2}$/;

const DHCP: EthernetInterfaceSettings = addressSettings();
/** A new device's Ethernet: LAN1 on DHCP, LAN2 at 192.168.2.10/24. */
const DEFAULT_ETHERNET: EthernetSettings = ethernetSettings();
const DEFAULT_LAN2 = DEFAULT_ETHERNET.interfaces[1]!;

const staticIface = (ip: string, over: Partial<EthernetInterfaceSettings> = {}): EthernetInterfaceSettings =>
  addressSettings({ mode: 'static', ip, netmask: '255.255.255.0', ...over });

const MOVED_LAN2: EthernetSettings = ethernetSettings({ interfaces: [DHCP, staticIface('192.168.3.10')] });

const WIFI_DHCP = addressSettings();

/** A WPA-PSK network on DHCP, and what a test changes of it. */
const wifiForm = (over: DeepPartial<WifiConnectSettings>): WifiConnectSettings => wifiConnect({ ssid: 'Plant-Floor', security: 'wpa_psk', password: 'conveyor-line-7', ...over });

const PEAP = wifiForm({ ssid: 'Maintenance', security: 'wpa2_enterprise', eap_method: 'peap', identity: 'technician', password: 'Torque-Wrench-42' });

interface OpRow {
  id: number;
  account: string | null;
  source: string;
  action: string;
  target: string;
  before_value: string | null;
  after_value: string | null;
  result: string;
}

const rows = (device: Device, action: string, afterId = 0): OpRow[] =>
  device.db.prepare('SELECT * FROM operation_log WHERE action = ? AND id > ? ORDER BY id').all(action, afterId) as OpRow[];
const lastRowId = (device: Device): number => device.db.prepare('SELECT COALESCE(MAX(id), 0) FROM operation_log').pluck().get() as number;
const allRows = (device: Device): OpRow[] => device.db.prepare('SELECT * FROM operation_log ORDER BY id').all() as OpRow[];

/** A device on a given data directory that `close` leaves in place, to start again on it. */
async function startOn(dataDir: string, clock: ManualClock, networkTiming?: Partial<NetworkTiming>) {
  const { app, device } = await createApp({
    dataDir,
    clock,
    initialPassword: TEST_PASSWORD,
    consoleDir: null,
    logger: false,
    ...(networkTiming ? { networkTiming } : {}),
  });
  await app.ready();
  const res = await app.inject({
    method: 'POST',
    url: `${API}/auth/token/admin`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username: 'admin', password: TEST_PASSWORD }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const token = (res.json() as { access_token: string }).access_token;
  const call = (method: string, url: string, payload?: unknown) =>
    app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { app: app as FastifyInstance, device, call };
}

// ------------------------------------------------------------------------------------ Ethernet

describe('Ethernet settings', () => {
  let t: TestDevice;
  let admin: string;
  let mark: number;
  beforeAll(async () => {
    t = await startTestDevice({ clock: new ManualClock() });
    admin = await t.login('admin');
  });
  afterAll(() => t.close());
  // One device for the whole block: each test starts from the default settings.
  beforeEach(() => {
    t.device.settings.set('ethernet', DEFAULT_ETHERNET);
    mark = lastRowId(t.device);
  });

  const put = (settings: EthernetSettings, safe = false) => t.call('PUT', ETHERNET, admin, { settings, safe });

  it('starts with LAN1 on DHCP (showing its lease) and LAN2 static, each with its MAC address', async () => {
    const res = await t.call('GET', ETHERNET, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.settings).toEqual(DEFAULT_ETHERNET);
    expect(body.pending).toBeNull();
    expect(body.interfaces).toHaveLength(2);
    expect(body.interfaces[0]).toEqual({
      name: 'LAN1',
      mac: expect.stringMatching(MAC),
      link: true,
      ip: '192.168.1.57',
      netmask: '255.255.255.0',
      gateway: '192.168.1.1',
      dns: ['192.168.1.1'],
    });
    expect(body.interfaces[1]).toEqual({
      name: 'LAN2',
      mac: expect.stringMatching(MAC),
      link: true,
      ip: '192.168.2.10',
      netmask: '255.255.255.0',
      gateway: '',
      dns: [],
    });
    expect(body.interfaces[0].mac).not.toBe(body.interfaces[1].mac);
    // the MACs are those of the device identity
    expect(body.interfaces[0].mac).toBe(t.device.settings.get('device_identity').macs.LAN1);
  });

  it('applies valid static settings: the interfaces show the new addresses, and the change is logged', async () => {
    const next: EthernetSettings = ethernetSettings({
      interfaces: [
        staticIface('10.1.0.20', { netmask: '255.255.0.0', gateway: '10.1.0.1', dns1: '10.1.0.2', dns2: '8.8.8.8' }),
        staticIface('192.168.7.5', { gateway: '192.168.7.1' }),
      ],
    });
    const res = await put(next);
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toEqual(next);
    expect(res.json().pending).toBeNull();
    const got = (await t.call('GET', ETHERNET, admin)).json();
    expect(got.settings).toEqual(next);
    expect(got.interfaces[0]).toMatchObject({ name: 'LAN1', ip: '10.1.0.20', netmask: '255.255.0.0', gateway: '10.1.0.1', dns: ['10.1.0.2', '8.8.8.8'] });
    expect(got.interfaces[1]).toMatchObject({ name: 'LAN2', ip: '192.168.7.5', netmask: '255.255.255.0', gateway: '192.168.7.1', dns: [] });

    const [row] = rows(t.device, 'set_ethernet', mark);
    expect(row).toMatchObject({ account: 'admin', target: 'network.ethernet', result: 'success' });
    expect(JSON.parse(row!.before_value!)).toEqual(DEFAULT_ETHERNET);
    expect(JSON.parse(row!.after_value!)).toEqual({ ...next, safe: false });
  });

  it('switches an interface back to DHCP: it shows the lease again', async () => {
    expect((await put(ethernetSettings({ interfaces: [DHCP, DHCP] }))).statusCode).toBe(200);
    const got = (await t.call('GET', ETHERNET, admin)).json();
    expect(got.interfaces[1]).toMatchObject({ name: 'LAN2', ip: '10.20.0.57', netmask: '255.255.0.0', gateway: '10.20.0.1', dns: ['10.20.0.1'] });
  });

  it.each([
    ['a malformed address', ethernetSettings({ interfaces: [DHCP, staticIface('192.168.2.300')] }), 'settings.interfaces.1.ip', 'ipv4_format'],
    ['an address with a leading zero', ethernetSettings({ interfaces: [DHCP, staticIface('192.168.02.1')] }), 'settings.interfaces.1.ip', 'ipv4_format'],
    ['a missing address', ethernetSettings({ interfaces: [DHCP, staticIface('')] }), 'settings.interfaces.1.ip', 'required'],
    [
      'a non-contiguous netmask',
      ethernetSettings({ interfaces: [staticIface('10.0.0.5', { netmask: '255.0.255.0' }), DEFAULT_LAN2] }),
      'settings.interfaces.0.netmask',
      'netmask_contiguous',
    ],
    [
      'a /32 netmask',
      ethernetSettings({ interfaces: [staticIface('10.0.0.5', { netmask: '255.255.255.255' }), DEFAULT_LAN2] }),
      'settings.interfaces.0.netmask',
      'netmask_contiguous',
    ],
    [
      'a gateway outside the subnet',
      ethernetSettings({ interfaces: [DHCP, staticIface('192.168.2.10', { gateway: '192.168.3.1' })] }),
      'settings.interfaces.1.gateway',
      'gateway_subnet',
    ],
    [
      'a gateway equal to the address',
      ethernetSettings({ interfaces: [DHCP, staticIface('192.168.2.10', { gateway: '192.168.2.10' })] }),
      'settings.interfaces.1.gateway',
      'gateway_subnet',
    ],
    ['the broadcast address', ethernetSettings({ interfaces: [DHCP, staticIface('192.168.2.255')] }), 'settings.interfaces.1.ip', 'address_not_host'],
    ['a malformed DNS server', ethernetSettings({ interfaces: [DHCP, staticIface('192.168.2.10', { dns2: 'dns.local' })] }), 'settings.interfaces.1.dns2', 'ipv4_format'],
    [
      'two interfaces in one subnet',
      ethernetSettings({ interfaces: [staticIface('192.168.2.20'), DEFAULT_LAN2] }),
      'settings.interfaces.1.ip',
      'subnet_overlap',
    ],
  ])('refuses %s with 400 naming the field and the problem, and keeps the settings', async (_what, settings, field, problem) => {
    const res = await put(settings as EthernetSettings);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'validation_failure', field, problem });
    expect((await t.call('GET', ETHERNET, admin)).json().settings).toEqual(DEFAULT_ETHERNET);
    // a refused change is logged with its error code
    expect(rows(t.device, 'set_ethernet', mark).map((r) => r.result)).toEqual(['validation_failure']);
  });

  it('allows one subnet on both interfaces in bridge mode: LAN2 then shows LAN1 address', async () => {
    const settings: EthernetSettings = ethernetSettings({ bridge: true, interfaces: [staticIface('192.168.2.20', { gateway: '192.168.2.1' }), DEFAULT_LAN2] });
    const res = await put(settings);
    expect(res.statusCode).toBe(200);
    const got = (await t.call('GET', ETHERNET, admin)).json();
    expect(got.settings.bridge).toBe(true);
    expect(got.interfaces.map((i: { ip: string }) => i.ip)).toEqual(['192.168.2.20', '192.168.2.20']);
  });

  it.each([
    ['one interface', [DHCP]],
    ['three interfaces', [DHCP, DEFAULT_LAN2, DHCP]],
  ])('refuses %s: the panel has two', async (_what, interfaces) => {
    const res = await put(ethernetSettings({ interfaces }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'validation_failure', field: 'settings.interfaces' });
  });

  it('[INJ-03] refuses a body outside the schema with the field path', async () => {
    const res = await t.call('PUT', ETHERNET, admin, { settings: { ...DEFAULT_ETHERNET, interfaces: [{ ...DHCP, mode: 'auto' }, DEFAULT_LAN2] }, safe: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'validation_failure', field: 'settings.interfaces.0.mode' });
    const noSafe = await t.call('PUT', ETHERNET, admin, { settings: DEFAULT_ETHERNET });
    expect(noSafe.statusCode).toBe(400);
    expect(noSafe.json()).toMatchObject({ error_code: 'validation_failure', field: 'safe' });
  });
});

// ------------------------------------------------------------------------------------ safe apply

describe('safe apply', () => {
  const clock = new ManualClock();
  let t: TestDevice;
  let admin: string;
  let mark: number;
  beforeAll(async () => {
    t = await startTestDevice({ clock });
    admin = await t.login('admin');
  });
  afterAll(() => t.close());
  // One device for the whole block: each test starts from the defaults with nothing waiting.
  beforeEach(() => {
    t.device.settings.set('network_pending', null);
    t.device.settings.set('ethernet', DEFAULT_ETHERNET);
    mark = lastRowId(t.device);
  });

  const safePut = async () => {
    const res = await t.call('PUT', ETHERNET, admin, { settings: MOVED_LAN2, safe: true });
    expect(res.statusCode).toBe(200);
    return res.json().pending as { id: string; section: string; seconds_left: number; moved: unknown[] };
  };

  it('applies at once and waits 90 s for a confirmation, naming the interface whose address moves', async () => {
    const pending = await safePut();
    expect(pending).toEqual({
      id: expect.any(String),
      section: 'ethernet',
      seconds_left: 90,
      moved: [{ name: 'LAN2', before: '192.168.2.10', after: '192.168.3.10' }],
    });
    const got = (await t.call('GET', ETHERNET, admin)).json();
    expect(got.settings).toEqual(MOVED_LAN2);
    expect(got.interfaces[1].ip).toBe('192.168.3.10');
    expect(got.pending).toEqual(pending);
    expect((await t.call('GET', PENDING, admin)).json()).toEqual({ pending });

    clock.advance(30_000);
    expect((await t.call('GET', PENDING, admin)).json().pending.seconds_left).toBe(60);
    clock.advance(29_500);
    expect((await t.call('GET', PENDING, admin)).json().pending.seconds_left).toBe(31);
  });

  it('names no interface when no address moves', async () => {
    const res = await t.call('PUT', ETHERNET, admin, {
      settings: ethernetSettings({ interfaces: [DHCP, { ...DEFAULT_LAN2, gateway: '192.168.2.1' }] }),
      safe: true,
    });
    expect(res.json().pending).toMatchObject({ section: 'ethernet', moved: [] });
  });

  it('refuses a second change while one waits, in any section, with 409 change_pending', async () => {
    await safePut();
    const again = await t.call('PUT', ETHERNET, admin, { settings: DEFAULT_ETHERNET, safe: false });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error_code: 'change_pending' });
    const safeAgain = await t.call('PUT', ETHERNET, admin, { settings: DEFAULT_ETHERNET, safe: true });
    expect(safeAgain.statusCode).toBe(409);
    const hotspot = (await t.call('GET', HOTSPOT, admin)).json().settings as HotspotSettings;
    const hs = await t.call('PUT', HOTSPOT, admin, { settings: { ...hotspot, enabled: true }, safe: false });
    expect(hs.statusCode).toBe(409);
    expect(hs.json()).toMatchObject({ error_code: 'change_pending' });
    expect((await t.call('GET', ETHERNET, admin)).json().settings).toEqual(MOVED_LAN2);
    expect(rows(t.device, 'set_ethernet', mark).map((r) => r.result)).toEqual(['success', 'change_pending', 'change_pending']);
  });

  it('keeps the change when confirmed with its id', async () => {
    const { id } = await safePut();
    const res = await t.call('POST', confirmUrl(id), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success' });
    const got = (await t.call('GET', ETHERNET, admin)).json();
    expect(got.settings).toEqual(MOVED_LAN2);
    expect(got.pending).toBeNull();
    // long after the deadline, it stays
    clock.advance(200_000);
    expect((await t.call('GET', ETHERNET, admin)).json().settings).toEqual(MOVED_LAN2);
    expect(rows(t.device, 'network_change_timed_out', mark)).toHaveLength(0);
    expect(rows(t.device, 'confirm_network_change', mark)).toEqual([
      expect.objectContaining({ account: 'admin', target: 'network.pending', result: 'success', after_value: JSON.stringify({ id, section: 'ethernet' }) }),
    ]);
    // a new change is allowed again
    expect((await t.call('PUT', ETHERNET, admin, { settings: DEFAULT_ETHERNET, safe: false })).statusCode).toBe(200);
  });

  it('answers 409 no_pending_change to a wrong id, or when nothing waits', async () => {
    const nothing = await t.call('POST', confirmUrl('00000000-0000-0000-0000-000000000000'), admin);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ error_code: 'no_pending_change' });

    const { id } = await safePut();
    for (const url of [confirmUrl('not-the-id'), revertUrl('not-the-id')]) {
      const res = await t.call('POST', url, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error_code: 'no_pending_change' });
    }
    // the change still waits
    expect((await t.call('GET', PENDING, admin)).json().pending.id).toBe(id);

    expect((await t.call('POST', confirmUrl(id), admin)).statusCode).toBe(200);
    const twice = await t.call('POST', confirmUrl(id), admin);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error_code: 'no_pending_change' });
  });

  it('restores the previous settings on revert', async () => {
    const { id } = await safePut();
    const res = await t.call('POST', revertUrl(id), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success' });
    const got = (await t.call('GET', ETHERNET, admin)).json();
    expect(got.settings).toEqual(DEFAULT_ETHERNET);
    expect(got.interfaces[1].ip).toBe('192.168.2.10');
    expect(got.pending).toBeNull();
    expect(rows(t.device, 'revert_network_change', mark)).toEqual([expect.objectContaining({ account: 'admin', result: 'success' })]);
    // the revert is the console's: no device row
    expect(rows(t.device, 'network_change_timed_out', mark)).toHaveLength(0);
    expect((await t.call('POST', revertUrl(id), admin)).statusCode).toBe(409);
  });

  it('restores the previous settings once the 90 s have passed unconfirmed, and logs it', async () => {
    const { id } = await safePut();
    clock.advance(89_000);
    expect((await t.call('GET', ETHERNET, admin)).json().settings).toEqual(MOVED_LAN2);
    clock.advance(2_000);
    const got = (await t.call('GET', ETHERNET, admin)).json();
    expect(got.settings).toEqual(DEFAULT_ETHERNET);
    expect(got.pending).toBeNull();
    const timedOut = rows(t.device, 'network_change_timed_out', mark);
    expect(timedOut).toHaveLength(1);
    expect(timedOut[0]).toMatchObject({ account: null, source: 'device', target: 'network.ethernet', result: 'success' });
    expect(JSON.parse(timedOut[0]!.before_value!)).toEqual(MOVED_LAN2);
    expect(JSON.parse(timedOut[0]!.after_value!)).toEqual(DEFAULT_ETHERNET);
    // too late to confirm
    const late = await t.call('POST', confirmUrl(id), admin);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error_code: 'no_pending_change' });
    expect(rows(t.device, 'network_change_timed_out', mark)).toHaveLength(1);
  });

  it('a late confirmation restores first, then answers 409 (the deadline is checked on every call)', async () => {
    const { id } = await safePut();
    clock.advance(90_000);
    const res = await t.call('POST', confirmUrl(id), admin);
    expect(res.statusCode).toBe(409);
    expect(t.device.settings.get('ethernet')).toEqual(DEFAULT_ETHERNET);
    expect(rows(t.device, 'network_change_timed_out', mark)).toHaveLength(1);
  });

  it('GET /network/pending is for admin only', async () => {
    await safePut();
    expect((await t.call('GET', PENDING, null)).statusCode).toBe(401);
    for (const account of ['update', 'history'] as const) {
      const token = await t.login(account);
      expect((await t.call('GET', PENDING, token)).statusCode).toBe(403);
    }
  });
});

describe('safe apply across a restart and with custom timing', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = makeDataDir();
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('a change still waiting when the panel restarts is not confirmed: the previous settings come back', async () => {
    const clock = new ManualClock();
    const first = await startOn(dataDir, clock);
    const res = await first.call('PUT', ETHERNET, { settings: MOVED_LAN2, safe: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().pending).not.toBeNull();
    await first.app.close();

    clock.advance(5_000);
    const second = await startOn(dataDir, clock);
    try {
      const got = (await second.call('GET', ETHERNET)).json();
      expect(got.settings).toEqual(DEFAULT_ETHERNET);
      expect(got.pending).toBeNull();
      expect((await second.call('GET', PENDING)).json()).toEqual({ pending: null });
      const reverted = rows(second.device, 'network_change_reverted_at_start');
      expect(reverted).toHaveLength(1);
      expect(reverted[0]).toMatchObject({ account: null, source: 'device', target: 'network.ethernet', result: 'success' });
      expect(JSON.parse(reverted[0]!.after_value!)).toEqual(DEFAULT_ETHERNET);
    } finally {
      await second.app.close();
    }
  });

  it('a confirmed change survives a restart', async () => {
    const clock = new ManualClock();
    const first = await startOn(dataDir, clock);
    const { id } = (await first.call('PUT', ETHERNET, { settings: MOVED_LAN2, safe: true })).json().pending;
    expect((await first.call('POST', confirmUrl(id))).statusCode).toBe(200);
    await first.app.close();
    const second = await startOn(dataDir, clock);
    try {
      expect((await second.call('GET', ETHERNET)).json().settings).toEqual(MOVED_LAN2);
      expect(rows(second.device, 'network_change_reverted_at_start')).toHaveLength(0);
    } finally {
      await second.app.close();
    }
  });

  it('follows the rollback delay given in networkTiming', async () => {
    const clock = new ManualClock();
    const d = await startOn(dataDir, clock, { rollbackMs: 5_000 });
    try {
      const pending = (await d.call('PUT', ETHERNET, { settings: MOVED_LAN2, safe: true })).json().pending;
      expect(pending.seconds_left).toBe(5);
      clock.advance(5_000);
      expect((await d.call('GET', ETHERNET)).json()).toMatchObject({ settings: DEFAULT_ETHERNET, pending: null });
    } finally {
      await d.app.close();
    }
  });
});

// ------------------------------------------------------------------------------------ Wi-Fi

describe('Wi-Fi', () => {
  let clock: ManualClock;
  let t: TestDevice;
  let admin: string;
  beforeAll(async () => {
    clock = new ManualClock();
    t = await startTestDevice({ clock });
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const state = async () => (await t.call('GET', WIFI, admin)).json();
  const connect = (settings: WifiConnectSettings, safe = false) => t.call('POST', CONNECT, admin, { settings, safe });
  /** Connects, checks the radio says connecting, lets the attempt run its course, returns the state. */
  const connectAndWait = async (settings: WifiConnectSettings) => {
    const res = await connect(settings);
    expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status: 200, body: { state: 'connecting' } });
    clock.advance(3_000);
    return state();
  };

  it('is off by default', async () => {
    expect(await state()).toEqual({
      enabled: false,
      state: 'disabled',
      mac: expect.stringMatching(MAC),
      ssid: null,
      security: null,
      eap_method: null,
      identity: '',
      ip: WIFI_DHCP,
      address: { ip: '', netmask: '', gateway: '' },
      pending: null,
    });
    expect((await state()).mac).toBe(t.device.settings.get('device_identity').macs.WLAN);
  });

  it('refuses to scan, connect or disconnect while off', async () => {
    for (const [method, url, body] of [
      ['GET', SCAN, undefined],
      ['POST', CONNECT, { settings: wifiForm({}), safe: false }],
      ['POST', DISCONNECT, undefined],
    ] as const) {
      const res = await t.call(method, url, admin, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error_code: 'wifi_disabled' });
    }
  });

  it("reports 'unknown' just after power-up, then 'disconnected'", async () => {
    const res = await t.call('PUT', WIFI_ENABLED, admin, { enabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ enabled: true, state: 'unknown' });
    clock.advance(2_000);
    expect(await state()).toMatchObject({ enabled: true, state: 'disconnected', ssid: null });
    expect(rows(t.device, 'set_wifi_enabled')).toEqual([expect.objectContaining({ before_value: 'false', after_value: 'true', result: 'success' })]);
  });

  it('scans the four simulated networks, strongest first', async () => {
    const res = await t.call('GET', SCAN, admin);
    expect(res.statusCode).toBe(200);
    const networks = res.json() as { ssid: string; signal: number; security: string; connected: boolean }[];
    expect(networks.map((n) => n.ssid).sort()).toEqual(['Line3-Legacy', 'Maintenance', 'Plant-Floor', 'Visitors']);
    expect(Object.fromEntries(networks.map((n) => [n.ssid, n.security]))).toEqual({
      'Plant-Floor': 'wpa_psk',
      Maintenance: 'wpa2_enterprise',
      Visitors: 'open',
      'Line3-Legacy': 'wep',
    });
    for (const n of networks) {
      expect(Number.isInteger(n.signal)).toBe(true);
      expect(n.signal).toBeGreaterThanOrEqual(1);
      expect(n.signal).toBeLessThanOrEqual(100);
      expect(n.connected).toBe(false);
    }
    const signals = networks.map((n) => n.signal);
    expect(signals).toEqual([...signals].sort((a, b) => b - a));
  });

  it("goes 'connecting' then 'password_error' with a wrong WPA password", async () => {
    const res = await connect(wifiForm({ password: 'wrong-password-1' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'connecting', ssid: 'Plant-Floor', security: 'wpa_psk', eap_method: null });
    clock.advance(1_000);
    expect((await state()).state).toBe('connecting');
    clock.advance(2_000);
    expect(await state()).toMatchObject({ state: 'password_error', ssid: 'Plant-Floor', address: { ip: '', netmask: '', gateway: '' } });
  });

  it("goes 'connecting' then 'connected' with the right password, with the access point's lease", async () => {
    const after = await connectAndWait(wifiForm({}));
    expect(after).toMatchObject({
      state: 'connected',
      ssid: 'Plant-Floor',
      security: 'wpa_psk',
      address: { ip: '172.16.20.57', netmask: '255.255.255.0', gateway: '172.16.20.1' },
    });
    const scan = (await t.call('GET', SCAN, admin)).json() as { ssid: string; connected: boolean }[];
    expect(Object.fromEntries(scan.map((n) => [n.ssid, n.connected]))).toEqual({
      'Plant-Floor': true,
      Maintenance: false,
      Visitors: false,
      'Line3-Legacy': false,
    });
  });

  it.each([
    ['a WPA password of 7 characters', wifiForm({ password: 'conveyo' }), 'settings.password', 'wpa_length'],
    ['a WPA password of 64 characters', wifiForm({ password: 'a'.repeat(64) }), 'settings.password', 'wpa_length'],
    ['a WPA password with non-ASCII characters', wifiForm({ password: 'förderband-7' }), 'settings.password', 'invalid_characters'],
    ['a WEP key of 11 characters', wifiForm({ ssid: 'Line3-Legacy', security: 'wep', password: 'A1B2C3D4E5F' }), 'settings.password', 'wep_length'],
    ['an empty SSID', wifiForm({ ssid: '' }), 'settings.ssid', 'required'],
    ['an SSID of 33 bytes', wifiForm({ ssid: 'é'.repeat(16) + 'x' }), 'settings.ssid', 'ssid_length'],
    ['PEAP without identity', { ...PEAP, identity: '' }, 'settings.identity', 'required'],
    ['PEAP without password', { ...PEAP, password: '' }, 'settings.password', 'required'],
    ['a CA certificate not in PEM form', { ...PEAP, ca_certificate: 'MIIB' }, 'settings.ca_certificate', 'certificate_format'],
    [
      'a static address outside its gateway subnet',
      wifiForm({ ip: { mode: 'static', ip: '172.16.20.80', netmask: '255.255.255.0', gateway: '172.16.21.1' } }),
      'settings.gateway',
      'gateway_subnet',
    ],
  ])('refuses %s with 400 naming the field, and stays connected', async (_what, settings, field, problem) => {
    const res = await connect(settings);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'validation_failure', field, problem });
    expect(await state()).toMatchObject({ state: 'connected', ssid: 'Plant-Floor' });
  });

  it('connects to the enterprise network with PEAP and the right identity and password', async () => {
    const after = await connectAndWait(PEAP);
    expect(after).toMatchObject({
      state: 'connected',
      ssid: 'Maintenance',
      security: 'wpa2_enterprise',
      eap_method: 'peap',
      identity: 'technician',
      address: { ip: '10.44.8.57', netmask: '255.255.252.0', gateway: '10.44.8.1' },
    });
  });

  it("reports 'password_error' for PEAP with a wrong identity or password", async () => {
    expect((await connectAndWait({ ...PEAP, identity: 'visitor' })).state).toBe('password_error');
    expect((await connectAndWait({ ...PEAP, password: 'Torque-Wrench-41' })).state).toBe('password_error');
  });

  it('connects to the open and the WEP networks', async () => {
    expect(await connectAndWait(wifiForm({ ssid: 'Visitors', security: 'open', password: '' }))).toMatchObject({
      state: 'connected',
      address: { ip: '192.168.77.57' },
    });
    expect(await connectAndWait(wifiForm({ ssid: 'Line3-Legacy', security: 'wep', password: 'A1B2C3D4E5' }))).toMatchObject({
      state: 'connected',
      address: { ip: '192.168.3.57' },
    });
    expect((await connectAndWait(wifiForm({ ssid: 'Line3-Legacy', security: 'wep', password: 'A1B2C3D4E6' }))).state).toBe('password_error');
  });

  it("ends 'disconnected' for a network out of range", async () => {
    expect((await connectAndWait(wifiForm({ ssid: 'Nowhere' }))).state).toBe('disconnected');
  });

  it('uses a static address when given one', async () => {
    const ip = addressSettings({ mode: 'static', ip: '172.16.20.80', netmask: '255.255.255.0', gateway: '172.16.20.1', dns1: '172.16.20.1' });
    const after = await connectAndWait(wifiForm({ ip }));
    expect(after).toMatchObject({ state: 'connected', ip, address: { ip: '172.16.20.80', netmask: '255.255.255.0', gateway: '172.16.20.1' } });
  });

  describe('enterprise TLS', () => {
    let pair: { cert: string; private: string };
    let other: { cert: string; private: string };
    beforeAll(async () => {
      const selfsigned = await import('selfsigned');
      const opts = { keyType: 'ec' as const, algorithm: 'sha256' };
      pair = await selfsigned.generate([{ name: 'commonName', value: 'panel-1' }], opts);
      other = await selfsigned.generate([{ name: 'commonName', value: 'panel-2' }], opts);
    });
    const tls = (over: Partial<WifiConnectSettings> = {}) =>
      wifiForm({
        ssid: 'Maintenance',
        security: 'wpa2_enterprise',
        eap_method: 'tls',
        identity: 'panel-1',
        password: '',
        user_certificate: pair.cert,
        private_key: pair.private,
        ...over,
      });

    it('connects with a certificate and its own key', async () => {
      expect(await connectAndWait(tls())).toMatchObject({ state: 'connected', ssid: 'Maintenance', eap_method: 'tls', identity: 'panel-1' });
    });

    it('connects with a valid CA certificate too', async () => {
      expect((await connectAndWait(tls({ ca_certificate: other.cert }))).state).toBe('connected');
    });

    it('refuses a key from another pair with 400 key_mismatch on the private key', async () => {
      const res = await connect(tls({ private_key: other.private }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'key_mismatch', field: 'settings.private_key' });
    });

    it('refuses files not in PEM form', async () => {
      const noCert = await connect(tls({ user_certificate: '' }));
      expect(noCert.json()).toMatchObject({ error_code: 'validation_failure', field: 'settings.user_certificate', problem: 'required' });
      const keyAsCert = await connect(tls({ user_certificate: pair.private }));
      expect(keyAsCert.json()).toMatchObject({ error_code: 'validation_failure', field: 'settings.user_certificate', problem: 'certificate_format' });
      const certAsKey = await connect(tls({ private_key: pair.cert }));
      expect(certAsKey.json()).toMatchObject({ error_code: 'validation_failure', field: 'settings.private_key', problem: 'key_format' });
    });

    it("accepts a PEM-armored CA certificate with garbage inside, then the radio reports 'file_open_error'", async () => {
      const garbage = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----';
      const res = await connect(tls({ ca_certificate: garbage }));
      expect(res.statusCode).toBe(200);
      expect(res.json().state).toBe('connecting');
      clock.advance(3_000);
      expect((await state()).state).toBe('file_open_error');
      // the same for PEAP
      expect((await connectAndWait({ ...PEAP, ca_certificate: garbage })).state).toBe('file_open_error');
    });

    it('never writes the key or the passwords into the operation log', async () => {
      await connectAndWait(tls({ key_password: 'unused-pass' }));
      const keyBody = (pem: string) => pem.split('\n')[1]!;
      for (const row of allRows(t.device)) {
        const text = `${row.before_value ?? ''}${row.after_value ?? ''}`;
        // (a refused attempt that put a key in the certificate field logs that field as sent)
        if (row.result === 'success') expect(text).not.toContain('PRIVATE KEY');
        expect(text).not.toContain(keyBody(other.private));
        expect(text).not.toContain('unused-pass');
      }
    });
  });

  it("leaves the network on disconnect: 'disconnected'", async () => {
    await connectAndWait(wifiForm({}));
    const res = await t.call('POST', DISCONNECT, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ enabled: true, state: 'disconnected', ssid: null, address: { ip: '' } });
    expect(rows(t.device, 'disconnect_wifi').at(-1)).toMatchObject({ result: 'success', after_value: JSON.stringify({ ssid: null }) });
  });

  it('safe-applies a new network: the change waits, and revert brings back the previous network', async () => {
    await connectAndWait(wifiForm({}));
    const res = await connect(PEAP, true);
    expect(res.statusCode).toBe(200);
    expect(res.json().pending).toEqual({
      id: expect.any(String),
      section: 'wifi',
      seconds_left: 90,
      moved: [{ name: 'WLAN', before: '172.16.20.57', after: '10.44.8.57' }],
    });
    clock.advance(3_000);
    expect(await state()).toMatchObject({ state: 'connected', ssid: 'Maintenance' });
    const id = (await state()).pending.id as string;
    expect((await t.call('POST', revertUrl(id), admin)).statusCode).toBe(200);
    expect(await state()).toMatchObject({ state: 'connected', ssid: 'Plant-Floor', pending: null, address: { ip: '172.16.20.57' } });
  });

  it('restores the previous network when a safe change times out, without logging the password', async () => {
    await connectAndWait(wifiForm({}));
    expect((await connect(PEAP, true)).statusCode).toBe(200);
    clock.advance(91_000);
    expect(await state()).toMatchObject({ ssid: 'Plant-Floor', pending: null });
    const [row] = rows(t.device, 'network_change_timed_out');
    expect(row).toMatchObject({ target: 'network.wifi' });
    expect(row!.before_value).not.toContain('Torque-Wrench-42');
    expect(row!.after_value).not.toContain('conveyor-line-7');
    expect(JSON.parse(row!.after_value!).connection.password).toBe('***');
  });

  it('logs every connection with the password masked', async () => {
    const connects = rows(t.device, 'connect_wifi');
    expect(connects.length).toBeGreaterThan(5);
    for (const row of connects) {
      expect(row.account).toBe('admin');
      // a success logs the form itself; a refusal logs the request body, the form under `settings`
      const logged = JSON.parse(row.after_value!);
      const after = row.result === 'success' ? logged : logged.settings;
      expect(after.password).toBe('***');
      expect(after.key_password).toBe('***');
      expect(after.private_key).toBe('***');
    }
    for (const row of allRows(t.device)) {
      const text = `${row.before_value ?? ''}${row.after_value ?? ''}`;
      for (const secret of ['conveyor-line-7', 'wrong-password-1', 'Torque-Wrench-42', 'A1B2C3D4E5', 'conveyo"']) {
        expect(text).not.toContain(secret);
      }
    }
    // refused attempts are logged as well, masked too
    expect(connects.some((r) => r.result === 'validation_failure')).toBe(true);
  });

  it('turns off: disabled again', async () => {
    const res = await t.call('PUT', WIFI_ENABLED, admin, { enabled: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ enabled: false, state: 'disabled', address: { ip: '' } });
  });
});

// ------------------------------------------------------------------------------------ hotspot

describe('hotspot', () => {
  let t: TestDevice;
  let admin: string;
  beforeAll(async () => {
    t = await startTestDevice({ clock: new ManualClock() });
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const valid: HotspotSettings = hotspotSettings({ enabled: true, address: '192.168.60.1', range_start: '192.168.60.20', range_end: '192.168.60.80', password: 'Panel-Hotspot-9' });
  const put = (settings: HotspotSettings, safe = false) => t.call('PUT', HOTSPOT, admin, { settings, safe });

  it('starts off, with valid defaults and a random 12-character password', async () => {
    const res = await t.call('GET', HOTSPOT, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      settings: { enabled: false, address: '192.168.50.1', range_start: '192.168.50.100', range_end: '192.168.50.199', password: expect.any(String) },
      pending: null,
    });
    expect(body.settings.password).toMatch(/^[A-Za-z2-9]{12}$/);
    // the defaults pass the server's own rules
    expect((await put(body.settings)).statusCode).toBe(200);
  });

  it('each device makes its own default password', async () => {
    const other = await startTestDevice();
    try {
      const mine = (await t.call('GET', HOTSPOT, admin)).json().settings.password;
      const theirs = (await other.call('GET', HOTSPOT, await other.login('admin'))).json().settings.password;
      expect(theirs).not.toBe(mine);
    } finally {
      await other.close();
    }
  });

  it('applies valid settings, logging them with the password masked', async () => {
    const res = await put(valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ settings: valid, pending: null });
    expect((await t.call('GET', HOTSPOT, admin)).json().settings).toEqual(valid);
    const row = rows(t.device, 'set_hotspot').at(-1)!;
    expect(row.result).toBe('success');
    expect(JSON.parse(row.after_value!)).toEqual({ ...valid, password: '***', safe: false });
    expect(JSON.parse(row.before_value!).password).toBe('***');
    expect(row.after_value).not.toContain('Panel-Hotspot-9');
  });

  it.each([
    ['a range start after its end', { range_start: '192.168.60.90', range_end: '192.168.60.20' }, 'settings.range_end', 'range_order'],
    ['a range outside the /24', { range_start: '192.168.61.20' }, 'settings.range_start', 'range_subnet'],
    ['a range containing the address', { address: '192.168.60.50' }, 'settings.range_start', 'range_contains_server'],
    ['a broadcast address', { address: '192.168.60.255' }, 'settings.address', 'address_not_host'],
    ['a password of 7 characters', { password: 'Panel-9' }, 'settings.password', 'wpa_length'],
    ['an empty password', { password: '' }, 'settings.password', 'required'],
    ['a non-ASCII password', { password: 'Mot-de-passe-été' }, 'settings.password', 'invalid_characters'],
  ])('refuses %s with 400 naming the field, and keeps the settings', async (_what, over, field, problem) => {
    const res = await put({ ...valid, ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'validation_failure', field, problem });
    expect((await t.call('GET', HOTSPOT, admin)).json().settings).toEqual(valid);
  });

  it('safe-applies a new address and reverts it', async () => {
    const moved = { ...valid, address: '192.168.70.1', range_start: '192.168.70.20', range_end: '192.168.70.80' };
    const res = await put(moved, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      settings: moved,
      pending: { id: expect.any(String), section: 'hotspot', seconds_left: 90, moved: [{ name: 'HOTSPOT', before: '192.168.60.1', after: '192.168.70.1' }] },
    });
    const id = res.json().pending.id as string;
    expect((await t.call('POST', revertUrl(id), admin)).statusCode).toBe(200);
    expect((await t.call('GET', HOTSPOT, admin)).json()).toEqual({ settings: valid, pending: null });
    expect(JSON.parse(rows(t.device, 'revert_network_change').at(-1)!.after_value!)).toEqual({ id, section: 'hotspot' });
  });

  it('safe-applies switching the hotspot off and keeps it when confirmed', async () => {
    const off = { ...valid, enabled: false };
    const pending = (await put(off, true)).json().pending;
    expect(pending.moved).toEqual([{ name: 'HOTSPOT', before: '192.168.60.1', after: '' }]);
    expect((await t.call('POST', confirmUrl(pending.id), admin)).statusCode).toBe(200);
    expect((await t.call('GET', HOTSPOT, admin)).json()).toEqual({ settings: off, pending: null });
  });

  it('never writes the hotspot password into the operation log', async () => {
    const current = (await t.call('GET', HOTSPOT, admin)).json().settings.password as string;
    for (const row of allRows(t.device)) {
      const text = `${row.before_value ?? ''}${row.after_value ?? ''}`;
      expect(text).not.toContain(current);
      expect(text).not.toContain('Panel-Hotspot-9');
    }
  });
});

// ------------------------------------------------------------------------------------ access

describe('network access', () => {
  let t: TestDevice;
  beforeAll(async () => {
    t = await startTestDevice();
  });
  afterAll(() => t.close());

  const cases = [
    ['PUT', ETHERNET, { settings: DEFAULT_ETHERNET, safe: false }],
    ['GET', WIFI, undefined],
    ['PUT', HOTSPOT, { settings: hotspotSettings({ password: 'Some-Password' }), safe: false }],
  ] as const;

  it.each(cases)('%s %s answers 401 without a token', async (method, url, body) => {
    const res = await t.call(method, url, null, body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error_code: 'unauthorized' });
  });

  it.each(cases)("%s %s answers 403 to 'update' and 'history'", async (method, url, body) => {
    for (const account of ['update', 'history'] as const) {
      const res = await t.call(method, url, await t.login(account), body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error_code: 'forbidden' });
    }
  });

  it('leaves the settings alone after the refusals', async () => {
    const admin = await t.login('admin');
    expect((await t.call('GET', ETHERNET, admin)).json().settings).toEqual(DEFAULT_ETHERNET);
    expect((await t.call('GET', HOTSPOT, admin)).json().settings.password).not.toBe('Some-Password');
    // refused calls are logged with their error code
    expect(rows(t.device, 'set_ethernet').map((r) => r.result)).toEqual(['forbidden', 'forbidden']);
  });
});

// ------------------------------------------------------------------------------------ identification light, system info

describe('identification light', () => {
  let clock: ManualClock;
  let t: TestDevice;
  let admin: string;
  beforeAll(async () => {
    clock = new ManualClock();
    t = await startTestDevice({ clock });
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('is off at start', async () => {
    expect((await t.call('GET', LED, admin)).json()).toEqual({ active: false, seconds_left: 0 });
  });

  it('blinks for the given seconds, counting down with the clock, until stopped', async () => {
    const res = await t.call('PUT', LED, admin, { seconds: 30 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ active: true, seconds_left: 30 });
    clock.advance(10_000);
    expect((await t.call('GET', LED, admin)).json()).toEqual({ active: true, seconds_left: 20 });
    const stop = await t.call('DELETE', LED, admin);
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toEqual({ active: false, seconds_left: 0 });
    expect((await t.call('GET', LED, admin)).json()).toEqual({ active: false, seconds_left: 0 });
    expect(rows(t.device, 'start_identify_light')).toEqual([expect.objectContaining({ account: 'admin', result: 'success', after_value: '{"seconds":30}' })]);
    expect(rows(t.device, 'stop_identify_light')).toHaveLength(1);
  });

  it('stops by itself at the end', async () => {
    await t.call('PUT', LED, admin, { seconds: 5 });
    clock.advance(5_000);
    expect((await t.call('GET', LED, admin)).json()).toEqual({ active: false, seconds_left: 0 });
  });

  it.each([[0], [601], [1.5], ['30'], [-1]])('refuses %p seconds with 400', async (seconds) => {
    const res = await t.call('PUT', LED, admin, { seconds });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'validation_failure', field: 'seconds' });
    expect((await t.call('GET', LED, admin)).json().active).toBe(false);
  });

  it('accepts the longest blink, 600 s', async () => {
    expect((await t.call('PUT', LED, admin, { seconds: 600 })).json()).toEqual({ active: true, seconds_left: 600 });
    await t.call('DELETE', LED, admin);
  });

  it("is readable by 'history' (system_info menu), not without a token", async () => {
    expect((await t.call('GET', LED, await t.login('history'))).statusCode).toBe(200);
    expect((await t.call('GET', LED, null)).statusCode).toBe(401);
    expect((await t.call('PUT', LED, null, { seconds: 10 })).statusCode).toBe(401);
  });

  it('GET /system/info gives the serial number and the MAC of every interface', async () => {
    const res = await t.call('GET', INFO, admin);
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info.serial_number).toMatch(/^X1070\d{8}$/);
    expect(info.serial_number).toHaveLength(13);
    expect(info.macs.map((m: { name: string }) => m.name)).toEqual(['LAN1', 'LAN2', 'WLAN']);
    for (const m of info.macs) expect(m.mac).toMatch(MAC);
    expect(new Set(info.macs.map((m: { mac: string }) => m.mac)).size).toBe(3);
    // the same addresses as the network pages
    const eth = (await t.call('GET', ETHERNET, admin)).json();
    expect(eth.interfaces.map((i: { mac: string }) => i.mac)).toEqual(info.macs.slice(0, 2).map((m: { mac: string }) => m.mac));
    expect((await t.call('GET', WIFI, admin)).json().mac).toBe(info.macs[2].mac);
  });

  it('keeps the serial number and MACs across a restart', async () => {
    const before = (await t.call('GET', INFO, admin)).json();
    await t.app.close();
    t = await startTestDevice({ clock, dataDir: t.dataDir });
    admin = await t.login('admin');
    const after = (await t.call('GET', INFO, admin)).json();
    expect(after.serial_number).toBe(before.serial_number);
    expect(after.macs).toEqual(before.macs);
  });
});

// ------------------------------------------------------------------------------------ found in review

describe('what review found', () => {
  let clock: ManualClock;
  let t: TestDevice;
  let admin: string;
  beforeAll(async () => {
    clock = new ManualClock();
    t = await startTestDevice({ clock });
    admin = await t.login('admin');
    clock.advance(10_000);
  });
  afterAll(() => t.close());

  it('stores addresses without the spaces around them, and the moved address too', async () => {
    const spaced = ethernetSettings({ interfaces: [DHCP, staticIface(' 192.168.3.10 ')] });
    const res = await t.call('PUT', ETHERNET, admin, { settings: spaced, safe: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.interfaces[1].ip).toBe('192.168.3.10');
    expect(res.json().pending.moved).toEqual([{ name: 'LAN2', before: '192.168.2.10', after: '192.168.3.10' }]);
    expect((await t.call('POST', confirmUrl(res.json().pending.id), admin)).statusCode).toBe(200);
    const hotspot = (await t.call('GET', HOTSPOT, admin)).json().settings;
    const put = await t.call('PUT', HOTSPOT, admin, { settings: { ...hotspot, address: ' 192.168.50.1' }, safe: false });
    expect(put.json().settings.address).toBe('192.168.50.1');
  });

  it('refuses to switch the radio or disconnect while a Wi-Fi change waits (its restore would undo that)', async () => {
    expect((await t.call('PUT', WIFI_ENABLED, admin, { enabled: true })).statusCode).toBe(200);
    clock.advance(3_000);
    const res = await t.call('POST', CONNECT, admin, { settings: wifiForm({}), safe: true });
    expect(res.statusCode).toBe(200);
    for (const [method, url, body] of [['PUT', WIFI_ENABLED, { enabled: false }], ['POST', DISCONNECT, undefined]] as const) {
      const refused = await t.call(method, url, admin, body);
      expect({ url, status: refused.statusCode, code: refused.json().error_code }).toEqual({ url, status: 409, code: 'change_pending' });
    }
    expect((await t.call('POST', revertUrl(res.json().pending.id), admin)).statusCode).toBe(200);
  });

  it("reports 'unknown' in the radio's first moments after being switched on, not only after start", async () => {
    expect((await t.call('PUT', WIFI_ENABLED, admin, { enabled: false })).json().state).toBe('disabled');
    clock.advance(60_000);
    expect((await t.call('PUT', WIFI_ENABLED, admin, { enabled: true })).json().state).toBe('unknown');
    clock.advance(2_000);
    expect((await t.call('GET', WIFI, admin)).json().state).toBe('disconnected');
  });
});

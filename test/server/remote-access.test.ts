/**
 * Remote access end to end on loopback: a device that really listens, the development
 * remote-access service (server/tools/remote-service/service.ts), and the panel's outbound
 * connection straight, through an HTTP CONNECT proxy and through a SOCKS5 proxy. A browser's
 * request to the session URL reaches the console; a second panel on the same partner is occupied;
 * each code of specification §8; the panel reconnects when the service comes back.
 */
import { startRemoteService, type RunningRemoteService } from '../../server/tools/remote-service/service';
import { REGION_HOSTS } from '../../contract/rules/remote-access';
import { CONSOLE_PAGE, PARTNER, remoteInput, startListeningDevice, waitForStatus, type ListeningDevice } from '../support/remote-access';
import { startHttpConnectProxy, startSocks5Proxy, type TestProxy } from '../support/proxies';
import https from 'node:https';
import WebSocket from 'ws';
import { DATETIME_SOCKET_PATH } from '../../contract/api/socket';
import { startServer } from '../../server/listen';
import { TEST_PASSWORD, makeDataDir } from '../support/device';

interface Status {
  state: string;
  code?: string;
  field?: string;
  session_id?: string;
  url?: string;
  domain?: string;
  version?: string;
  qr_svg?: string;
  retry_at?: string;
}

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

async function service(port = 0): Promise<RunningRemoteService> {
  const s = await startRemoteService({ port, partners: [PARTNER, { name: 'other_partner', password: 'Other-Pass1' }], domain: 'relay.test' });
  open.push(s);
  return s;
}

async function device(options: Parameters<typeof startListeningDevice>[0] = {}): Promise<ListeningDevice> {
  const d = await startListeningDevice(options);
  open.unshift(d); // closed after the service
  return d;
}

async function configure(d: ListeningDevice, s: { port: number }, patch: Parameters<typeof remoteInput>[0] = {}) {
  const res = await d.call('PUT', '/api/v1/remote-access/settings', d.token, remoteInput({ region: 'custom', custom_host: '127.0.0.1', custom_port: s.port, ...patch }));
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function connect(d: ListeningDevice): Promise<Status> {
  const res = await d.call('POST', '/api/v1/remote-access/connect', d.token);
  expect(res.statusCode).toBe(200);
  return waitForStatus<Status>(d, (st) => st.state !== 'connecting' && st.state !== 'not_activated');
}

async function proxy(p: Promise<TestProxy>): Promise<TestProxy> {
  const started = await p;
  open.push(started);
  return started;
}

describe('remote access through the development service', () => {
  it('connects straight: session ID, version, domain, URL and QR code; the session URL answers the console and the API', async () => {
    const s = await service();
    const d = await device();
    // The partner name is case-insensitive: stored in lower case, accepted by the service.
    const settings = await configure(d, s, { partner_name: 'LINE_partner' });
    expect(settings).toMatchObject({ partner_name: 'line_partner', password_set: true, region: 'custom' });
    expect(JSON.stringify(settings)).not.toContain(PARTNER.password);

    const st = await connect(d);
    expect(st).toMatchObject({ state: 'connected', domain: 'relay.test', version: expect.any(String) });
    expect(st.session_id).toMatch(/^\d{3} \d{3} \d{3}$/);
    expect(st.url).toBe(s.sessions()[0]!.url);
    expect(st.qr_svg).toMatch(/^<svg/);

    // The console's sign-in page, through the relay (the device opened no port for it).
    const page = await fetch(new URL('/admin/login', st.url));
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(CONSOLE_PAGE);
    // An API call through it: sign in and read the system info.
    const token = await fetch(new URL('/api/v1/auth/token/admin', st.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: TEST_PASSWORD }).toString(),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const info = await fetch(new URL('/api/v1/system/info', st.url), { headers: { authorization: `Bearer ${access_token}` } });
    expect(info.status).toBe(200);
  });

  it('connects through a loopback HTTP CONNECT proxy (with its user and password)', async () => {
    const s = await service();
    const p = await proxy(startHttpConnectProxy({ user: 'proxyuser', password: 'proxy-pw' }));
    const d = await device();
    await configure(d, s, { proxy: { protocol: 'http', host: '127.0.0.1', port: p.port, user: 'proxyuser', password: 'proxy-pw' } });
    const st = await connect(d);
    expect(st.state).toBe('connected');
    const page = await fetch(new URL('/admin/login', st.url));
    expect(await page.text()).toBe(CONSOLE_PAGE);
    // The control connection and the data connection both went through the proxy.
    expect(p.tunnels.filter((t) => t === `127.0.0.1:${s.port}`).length).toBeGreaterThanOrEqual(2);
  });

  it('connects through a loopback SOCKS5 proxy (with its user and password)', async () => {
    const s = await service();
    const p = await proxy(startSocks5Proxy({ user: 'sockuser', password: 'sock-pw' }));
    const d = await device();
    await configure(d, s, { proxy: { protocol: 'socks5', host: '127.0.0.1', port: p.port, user: 'sockuser', password: 'sock-pw' } });
    const st = await connect(d);
    expect(st.state).toBe('connected');
    const page = await fetch(new URL('/admin/login', st.url));
    expect(await page.text()).toBe(CONSOLE_PAGE);
    expect(p.tunnels.filter((t) => t === `127.0.0.1:${s.port}`).length).toBeGreaterThanOrEqual(2);
  });

  it('a proxy that refuses its credentials is proxy_failed, on the proxy user', async () => {
    const s = await service();
    const p = await proxy(startHttpConnectProxy({ user: 'proxyuser', password: 'proxy-pw' }));
    const d = await device();
    await configure(d, s, { proxy: { protocol: 'http', host: '127.0.0.1', port: p.port, user: 'proxyuser', password: 'wrong-pw' } });
    expect(await connect(d)).toMatchObject({ state: 'disconnected', code: 'proxy_failed', field: 'proxy_user' });
  });

  it('a second panel on the same partner is occupied, and gets the session when the first lets go', async () => {
    const s = await service();
    const first = await device();
    const second = await device();
    await configure(first, s);
    await configure(second, s);
    expect((await connect(first)).state).toBe('connected');
    expect(await connect(second)).toMatchObject({ state: 'occupied' });
    // Still occupied on its retries while the first holds the session.
    await new Promise((r) => setTimeout(r, 400));
    expect((await waitForStatus<Status>(second, () => true)).state).toMatch(/occupied|connecting/);
    await first.call('POST', '/api/v1/remote-access/disconnect', first.token);
    expect((await waitForStatus<Status>(second, (st) => st.state === 'connected')).state).toBe('connected');
  });

  it('a wrong partner password is partner_auth, on the password, and not retried', async () => {
    const s = await service();
    const d = await device();
    await configure(d, s, { partner_password: 'Wrong-Pass1' });
    expect(await connect(d)).toMatchObject({ state: 'disconnected', code: 'partner_auth', field: 'partner_password' });
    expect((await waitForStatus<Status>(d, () => true)).retry_at).toBeUndefined();
  });

  it('an unknown partner is partner_not_found, on the partner name', async () => {
    const s = await service();
    const d = await device();
    await configure(d, s, { partner_name: 'nobody_here' });
    expect(await connect(d)).toMatchObject({ state: 'disconnected', code: 'partner_not_found', field: 'partner_name' });
  });

  it('code 1 when the hardware key does not exist, 101 when it cannot be read', async () => {
    const s = await service();
    const missing = await device({ hardwareKey: () => 'missing' });
    await configure(missing, s);
    expect(await connect(missing)).toMatchObject({ state: 'disconnected', code: '1' });
    const unreadable = await device({ hardwareKey: () => 'unreadable' });
    await configure(unreadable, s);
    expect(await connect(unreadable)).toMatchObject({ state: 'disconnected', code: '101' });
    expect(s.sessions()).toEqual([]);
  });

  it('code 102 for a name that does not resolve: the Global region (a real DNS look-up), and a custom host', async () => {
    const d = await device();
    await configure(d, { port: 7000 }, { region: 'global' });
    expect(REGION_HOSTS.global.host).toMatch(/\.invalid$/);
    expect(await connect(d)).toMatchObject({ state: 'disconnected', code: '102', field: 'region' });
    await configure(d, { port: 7000 }, { region: 'custom', custom_host: 'no-such-relay.invalid' });
    expect(await waitForStatus<Status>(d, (st) => st.code === '102' && st.field === 'custom_host')).toMatchObject({ state: 'disconnected' });
  });

  it('reconnects by itself when the service restarts', async () => {
    const s = await service();
    const port = s.port;
    const d = await device();
    await configure(d, s);
    expect((await connect(d)).state).toBe('connected');
    await s.close();
    open.splice(open.indexOf(s), 1);
    expect((await waitForStatus<Status>(d, (st) => st.state === 'disconnected')).code).toBe('service_unreachable');
    await service(port);
    const back = await waitForStatus<Status>(d, (st) => st.state === 'connected');
    const page = await fetch(new URL('/admin/login', back.url));
    expect(await page.text()).toBe(CONSOLE_PAGE);
  });

  it('Global or China hold until the next reboot; Custom is stored', async () => {
    const s = await service();
    const d = await device();
    await configure(d, s);
    const global = (await d.call('PUT', '/api/v1/remote-access/settings', d.token, remoteInput({ region: 'global', custom_host: '127.0.0.1', custom_port: s.port }))).json();
    expect(global).toMatchObject({ region: 'global', stored_region: 'custom' });
    d.device.power.reboot(1);
    await new Promise((r) => setTimeout(r, 50));
    expect((await d.call('GET', '/api/v1/remote-access/settings', d.token)).json()).toMatchObject({ region: 'custom', stored_region: 'custom' });
  });

  it('Disconnect closes the session and stops reconnecting; the operation log has each step', async () => {
    const s = await service();
    const d = await device();
    await configure(d, s);
    expect((await connect(d)).state).toBe('connected');
    const res = await d.call('POST', '/api/v1/remote-access/disconnect', d.token);
    expect(res.json()).toMatchObject({ state: 'not_activated' });
    await new Promise((r) => setTimeout(r, 100));
    expect(s.sessions()[0]!.connected).toBe(false);
    const rows = d.device.db.prepare("SELECT action, after_value FROM operation_log WHERE action LIKE '%remote_access%' ORDER BY id").all() as { action: string; after_value: string }[];
    expect(rows.map((r) => r.action)).toEqual(['set_remote_access', 'connect_remote_access', 'remote_access_state', 'disconnect_remote_access']);
    expect(rows.map((r) => r.after_value).join()).not.toContain(PARTNER.password);
  });

  it('LOCK-04 through the relay: a relayed sign-in is no trusted local request; it counts at the panel\'s loopback address, whatever X-Forwarded-For says', async () => {
    const s = await service();
    const d = await device();
    await configure(d, s);
    const st = await connect(d);
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await fetch(new URL('/api/v1/auth/token/admin', st.url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `198.51.100.${i}` },
        body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: `wrong-${i}` }).toString(),
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    // Refused every time, and past the per-address burst the sign-in limits hold the relayed
    // address back as they would any other client's.
    expect(statuses.every((c) => c === 400 || c === 401 || c === 429)).toBe(true);
    expect(statuses).toContain(429);
    const sources = d.device.db.prepare("SELECT DISTINCT source FROM operation_log WHERE action = 'login'").pluck().all() as string[];
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('with plain HTTP off the relay goes to the HTTPS listener: the session URL is https and TLS runs end to end', async () => {
    const s = await service();
    const server = await startServer({ dataDir: makeDataDir(), initialPassword: TEST_PASSWORD, port: 0, httpsPort: 0, host: '127.0.0.1', consoleDir: null, logger: false });
    open.unshift({ close: () => server.close() });
    const { settings, remoteAccess } = server.device;
    settings.set('remote_access', { ...remoteAccess.stored(), partner_name: PARTNER.name.toLowerCase(), partner_password: PARTNER.password, region: 'custom', custom_host: '127.0.0.1', custom_port: s.port });
    settings.set('http_enabled', false);
    remoteAccess.connection.connect();
    const until = Date.now() + 5000;
    while (remoteAccess.status().state !== 'connected' && Date.now() < until) await new Promise((r) => setTimeout(r, 30));
    const url = remoteAccess.status().url!;
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/$/);
    const body = await new Promise<{ status: number; text: string; tls: boolean }>((resolve, reject) => {
      https
        .get(new URL('/robots.txt', url), { rejectUnauthorized: false }, (res) => {
          let text = '';
          const tls = Boolean((res.socket as import('node:tls').TLSSocket).encrypted);
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text, tls }));
        })
        .on('error', reject);
    });
    expect(body).toMatchObject({ status: 200, tls: true });
    expect(body.text).toContain('User-agent');
  });

  it('the time channel\'s WebSocket works through the session URL (raw relay; the page\'s origin is the session URL\'s)', async () => {
    const s = await service();
    const server = await startServer({ dataDir: makeDataDir(), initialPassword: TEST_PASSWORD, port: 0, httpsPort: 0, host: '127.0.0.1', consoleDir: null, logger: false });
    open.unshift({ close: () => server.close() });
    const { settings, remoteAccess } = server.device;
    settings.set('remote_access', { ...remoteAccess.stored(), partner_name: PARTNER.name.toLowerCase(), partner_password: PARTNER.password, region: 'custom', custom_host: '127.0.0.1', custom_port: s.port });
    remoteAccess.connection.connect();
    const until = Date.now() + 5000;
    while (remoteAccess.status().state !== 'connected' && Date.now() < until) await new Promise((r) => setTimeout(r, 30));
    const url = new URL(remoteAccess.status().url!);
    const token = await fetch(new URL('/api/v1/auth/token/admin', url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: TEST_PASSWORD }).toString(),
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const ws = new WebSocket(`ws://${url.host}${DATETIME_SOCKET_PATH}`, { origin: url.origin });
    const first = await new Promise<string>((resolve, reject) => {
      ws.once('open', () => ws.send(access_token));
      ws.once('message', (data) => resolve(data.toString()));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade answered ${res.statusCode}`)));
    });
    ws.close();
    expect(first).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

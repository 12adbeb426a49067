/**
 * Diagnostics' calls beyond the shared matrix (test/server/contract-calls.test.ts): what the live
 * sample holds, on a test device (no listeners) and on a listening one; the services and their
 * states; the log (newest first, filters, tail, no secrets); the reachability test against a
 * listener the test opens, a closed port and a name that does not exist.
 */
import net from 'node:net';
import { liveSampleSchema, type LiveSample, type LogEntry, type ReachResult, type ServiceHealth } from '../../contract/api/diagnostics';
import { reachHostProblem } from '../../contract/rules/diagnostics';
import { HealthTracker } from '../../server/services/service-health';
import { ftpTestSettings } from '../support/ftp';
import { startServer, type RunningServer } from '../../server/listen';
import { makeDataDir, startTestDevice, TEST_PASSWORD, type TestDevice } from '../support/device';

let t: TestDevice;
let admin: string;

beforeAll(async () => {
  t = await startTestDevice();
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('GET /diagnostics/live', () => {
  it('answers numbers for the process, the host, the event loop and the data folder\'s disk, stamped by the device clock', async () => {
    const res = await t.call('GET', '/api/v1/diagnostics/live', admin);
    expect(res.statusCode).toBe(200);
    const sample = liveSampleSchema.parse(res.json()) as LiveSample;
    expect(sample.process.rss_bytes).toBeGreaterThan(0);
    expect(sample.process.heap_used_bytes).toBeGreaterThan(0);
    expect(sample.process.max_rss_bytes).toBeGreaterThanOrEqual(sample.process.rss_bytes);
    expect(sample.host.memory_total_bytes).toBeGreaterThan(sample.host.memory_free_bytes);
    expect(sample.host.cpus).toBeGreaterThanOrEqual(1);
    expect(sample.disk).not.toBeNull();
    expect(sample.disk!.total_bytes).toBeGreaterThan(0);
    expect(sample.disk!.available_bytes).toBeLessThanOrEqual(sample.disk!.total_bytes);
    // The test device answers without listening: its listeners' connections are unknown.
    expect(sample.connections).toEqual({ http: null, https: null, time_socket: null });
    // The device clock stamps the sample.
    expect(Math.abs(Date.parse(sample.at) - t.device.time.nowMs())).toBeLessThan(5_000);
  });

  it('measures CPU over the span since the previous sample: busy work shows in the process\'s share', async () => {
    await new Promise((r) => setTimeout(r, 300));
    await t.call('GET', '/api/v1/diagnostics/live', admin);
    const until = performance.now() + 400;
    let x = 0;
    while (performance.now() < until) x += Math.sqrt(x + 1);
    expect(x).toBeGreaterThan(0);
    // The histogram's timer runs once the loop is free again, and records how late it was.
    await new Promise((r) => setTimeout(r, 50));
    const sample = (await t.call('GET', '/api/v1/diagnostics/live', admin)).json() as LiveSample;
    expect(sample.process.cpu_percent).toBeGreaterThan(100 / sample.host.cpus / 4);
    // The event loop was blocked for 400 ms: the worst delay says so.
    expect(sample.event_loop.max_ms).toBeGreaterThan(200);
  });

  it('answers the same sample to two reads closer than the minimum span', async () => {
    await new Promise((r) => setTimeout(r, 300));
    const [a, b] = await Promise.all([t.call('GET', '/api/v1/diagnostics/live', admin), t.call('GET', '/api/v1/diagnostics/live', admin)]);
    expect(a.json()).toEqual(b.json());
  });
});

describe('a listening device', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, httpsPort: 0, host: '127.0.0.1', dataDir: makeDataDir(), initialPassword: TEST_PASSWORD, consoleDir: null, logger: false });
  });
  afterAll(() => server.close());

  it('counts the connections open on its listeners', async () => {
    const sign = await fetch(`${server.httpUrl}/api/v1/auth/token/admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: TEST_PASSWORD }).toString(),
    });
    const { access_token: token } = (await sign.json()) as { access_token: string };
    const res = await fetch(`${server.httpUrl}/api/v1/diagnostics/live`, { headers: { authorization: `Bearer ${token}` } });
    const sample = (await res.json()) as LiveSample;
    // This request's own connection, at least.
    expect(sample.connections.http).toBeGreaterThanOrEqual(1);
    expect(sample.connections.https).toBe(0);
    expect(sample.connections.time_socket).toBe(0);
  });
});

const services = async (token = admin): Promise<ServiceHealth[]> => {
  const res = await t.call('GET', '/api/v1/diagnostics/services', token);
  expect(res.statusCode).toBe(200);
  return (res.json() as { services: ServiceHealth[] }).services;
};
const serviceOf = async (id: string) => (await services()).find((s) => s.id === id)!;

describe('GET /diagnostics/services', () => {
  it('lists the core\'s listeners and every area\'s services, each with a state', async () => {
    const list = await services();
    expect(list.map((s) => s.id)).toEqual(
      expect.arrayContaining(['http', 'https', 'time_socket', 'runtime_scan', 'data_logger', 'opcua', 'ftp', 'smtp_outbox', 'remote_access']),
    );
    expect(new Set(list.map((s) => s.id)).size).toBe(list.length);
    // A new device: FTP and remote access are off, no SMTP server is set, the test device does not listen.
    expect(list.find((s) => s.id === 'ftp')).toMatchObject({ state: 'disabled', last_error: null });
    expect(list.find((s) => s.id === 'remote_access')).toMatchObject({ state: 'disabled' });
    expect(list.find((s) => s.id === 'smtp_outbox')).toMatchObject({ state: 'disabled', detail: null });
    expect(list.find((s) => s.id === 'http')).toMatchObject({ state: 'stopped', since: null });
    for (const s of list) if (s.since !== null) expect(Number.isNaN(Date.parse(s.since))).toBe(false);
  });

  it('FTP on a port another program holds: error, with its last error kept after it runs again', async () => {
    const settings = await ftpTestSettings({ enabled: true });
    const holder = net.createServer();
    await new Promise<void>((r) => holder.listen(settings.port, '127.0.0.1', () => r()));
    try {
      expect((await t.call('PUT', '/api/v1/ftp/settings', admin, settings)).statusCode).toBe(200);
      const failed = await serviceOf('ftp');
      expect(failed.state).toBe('error');
      expect(failed.last_error?.message).toMatch(/EADDRINUSE|in use/i);
    } finally {
      await new Promise((r) => holder.close(r));
    }
    // Saved again once the port is free: it runs, since now, and still tells the last failure.
    expect((await t.call('PUT', '/api/v1/ftp/settings', admin, { ...settings, passive_to: settings.passive_to - 1 })).statusCode).toBe(200);
    const running = await serviceOf('ftp');
    expect(running).toMatchObject({ state: 'running', detail: expect.stringContaining(`:${settings.port}`) });
    expect(running.last_error?.message).toMatch(/EADDRINUSE|in use/i);
    expect((await t.call('PUT', '/api/v1/ftp/settings', admin, { ...settings, enabled: false })).statusCode).toBe(200);
    expect((await serviceOf('ftp')).state).toBe('disabled');
  });

  it('an account granted the Diagnostics menu reads them; one without it is refused', async () => {
    const update = await t.login('update');
    expect((await t.call('GET', '/api/v1/diagnostics/services', update)).statusCode).toBe(403);
    expect((await t.call('PUT', '/api/v1/uac/accounts/update', admin, { extra_roles: ['diagnostics'] })).statusCode).toBe(200);
    // A new set of extra roles applies to the next call.
    expect((await t.call('GET', '/api/v1/diagnostics/services', update)).statusCode).toBe(200);
    expect((await t.call('PUT', '/api/v1/uac/accounts/update', admin, { extra_roles: [] })).statusCode).toBe(200);
  });
});

describe('the services track since when and their last error', () => {
  it('HealthTracker: since moves only when the state changes; the last error stays after recovery', () => {
    let now = 1_000;
    const tracker = new HealthTracker('x', () => now);
    expect(tracker.health('running')).toMatchObject({ state: 'running', since: new Date(1_000).toISOString(), last_error: null });
    now = 2_000;
    expect(tracker.health('running').since).toBe(new Date(1_000).toISOString());
    tracker.failed(new Error('disk full'));
    tracker.set('error');
    now = 3_000;
    expect(tracker.health('error')).toMatchObject({ since: new Date(2_000).toISOString(), last_error: { at: new Date(2_000).toISOString(), message: 'disk full' } });
    expect(tracker.health('running')).toMatchObject({ since: new Date(3_000).toISOString(), last_error: { message: 'disk full' } });
  });

  it('the runtime scan and the data logger: running with their timer, in error while writing fails', async () => {
    const d = await startTestDevice({ recorder: true });
    try {
      const token = await d.login('admin');
      const read = async () => ((await d.call('GET', '/api/v1/diagnostics/services', token)).json() as { services: ServiceHealth[] }).services;
      const byId = (list: ServiceHealth[], id: string) => list.find((s) => s.id === id)!;
      let list = await read();
      expect(byId(list, 'runtime_scan').state).toBe('running');
      expect(byId(list, 'data_logger').state).toMatch(/running|disabled/);
      // A data log due at the next scan, whose write fails (the disk full).
      const [real] = d.device.dataLogs.activeLogs();
      const active = jest.spyOn(d.device.dataLogs, 'activeLogs').mockReturnValue([{ ...real!, lastT: -Infinity }]);
      const append = jest.spyOn(d.device.dataLogs, 'append').mockImplementation(() => {
        throw new Error('SQLITE_FULL: database or disk is full');
      });
      await new Promise((r) => setTimeout(r, 1_300));
      expect(append).toHaveBeenCalled();
      list = await read();
      expect(byId(list, 'data_logger')).toMatchObject({ state: 'error', last_error: { message: expect.stringContaining('SQLITE_FULL') } });
      expect(byId(list, 'runtime_scan')).toMatchObject({ state: 'error', last_error: { message: expect.stringContaining('SQLITE_FULL') } });
      // The disk has room again: both run, and still tell the last failure.
      append.mockRestore();
      active.mockRestore();
      await new Promise((r) => setTimeout(r, 1_300));
      list = await read();
      expect(byId(list, 'data_logger')).toMatchObject({ state: 'running', last_error: { message: expect.stringContaining('SQLITE_FULL') } });
      expect(byId(list, 'runtime_scan').state).toBe('running');
    } finally {
      await d.close();
    }
  });
});

const readLog = async (query: Record<string, string> = {}, token = admin) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/diagnostics/log', query, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return res.json() as { entries: LogEntry[]; newest: number; more: boolean };
};

describe('GET /diagnostics/log', () => {
  it('keeps the device\'s log with the logger off (the tests\' devices), newest first', async () => {
    t.app.log.info('diag-test first');
    t.app.log.warn({ part: 'diag-test' }, 'diag-test second');
    t.app.log.error(new Error('diag-test boom'), 'diag-test third');
    const { entries, newest } = await readLog({ text: 'diag-test' });
    expect(entries.map((e) => e.msg)).toEqual(['diag-test third', 'diag-test second', 'diag-test first']);
    expect(entries.map((e) => e.level)).toEqual(['error', 'warn', 'info']);
    expect(entries[0]!.seq).toBeGreaterThan(entries[1]!.seq);
    expect(newest).toBeGreaterThanOrEqual(entries[0]!.seq);
    expect(JSON.parse(entries[1]!.context!)).toEqual({ part: 'diag-test' });
    expect(entries[0]!.context).toContain('diag-test boom');
    // Stamped by the device clock.
    expect(Math.abs(Date.parse(entries[0]!.time) - t.device.time.nowMs())).toBeLessThan(5_000);
  });

  it('filters by the lowest level and by text in any case; pages down with before, tails with after', async () => {
    expect((await readLog({ text: 'DIAG-TEST', level: 'warn' })).entries.map((e) => e.msg)).toEqual(['diag-test third', 'diag-test second']);
    const first = await readLog({ text: 'diag-test', limit: '2' });
    expect(first.entries).toHaveLength(2);
    expect(first.more).toBe(true);
    const next = await readLog({ text: 'diag-test', limit: '2', before: String(first.entries[1]!.seq) });
    expect(next.entries.map((e) => e.msg)).toEqual(['diag-test first']);
    expect(next.more).toBe(false);
    const mark = (await readLog({ limit: '1' })).newest;
    t.app.log.info('diag-test fourth');
    const tail = await readLog({ after: String(mark) });
    expect(tail.entries.map((e) => e.msg)).toContain('diag-test fourth');
    expect(tail.entries.every((e) => e.seq > mark)).toBe(true);
  });

  it('writes a line for a refused request, as the device logs it', async () => {
    await t.call('GET', '/api/v1/diagnostics/live', null);
    const { entries } = await readLog({ text: '/api/v1/diagnostics/live' });
    expect(entries[0]).toMatchObject({ msg: 'request', level: 'info' });
    expect(JSON.parse(entries[0]!.context!)).toMatchObject({ method: 'GET', status: 401 });
  });

  it('keeps at most the ring\'s size, the oldest dropped', () => {
    const ring = new (t.device.deviceLog.constructor as typeof import('../../server/services/device-log').DeviceLog)(() => 0, 5);
    for (let i = 1; i <= 8; i++) ring.add(JSON.stringify({ level: 30, time: i, msg: `line ${i}` }));
    expect(ring.query({ limit: 100 }).entries.map((e) => e.msg)).toEqual(['line 8', 'line 7', 'line 6', 'line 5', 'line 4']);
    expect(ring.lastLines(2).map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['line 7', 'line 8']);
  });

  // SEC: the log never answers a password or a token.
  it('never answers a password or a token, however they were logged', async () => {
    const password = 'Pl4nted-Passw0rd!';
    const token = 'planted-bearer-token-0123456789';
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwbGFudGVkIn0.c2lnbmF0dXJlLXBsYW50ZWQ';
    // Requests carrying them: a failed sign-in with the password, calls with the bearer token in
    // the header and in the address.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token/admin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: 'admin', password }).toString(),
    });
    await t.app.inject({ method: 'PUT', url: `/api/v1/ftp/settings?access_token=${token}&password=${password}`, headers: { authorization: `Bearer ${token}`, cookie: `session=${token}` }, payload: {} });
    // And lines that name them: by field, nested, in a message, in a URL, in a request's headers.
    t.app.log.warn({ password, nested: { smtp: { password }, api_key: token, partner_password: password }, headers: { authorization: `Bearer ${token}`, cookie: token } }, 'secrets in fields');
    t.app.log.warn(`sign-in with password=${password} and Authorization: Bearer ${token}`);
    t.app.log.warn(`relay at http://user:${password}@proxy.local:8080 and a jwt ${jwt}`);
    t.app.log.info({ req: { headers: { authorization: `Bearer ${token}` } } }, 'request headers');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/diagnostics/log', query: { limit: '500' }, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('secrets in fields');
    expect(res.body).toContain('/api/v1/ftp/settings');
    for (const planted of [password, token, jwt, encodeURIComponent(password)]) expect(res.body).not.toContain(planted);
    // The bundle's reader too.
    const lines = t.device.deviceLog.lastLines().join('\n');
    for (const planted of [password, token, jwt]) expect(lines).not.toContain(planted);
  });

  it('with the logger on (LOG_LEVEL=warn): stdout gets warnings and above, scrubbed; the log keeps info too', async () => {
    const { createApp } = await import('../../server/app');
    const written: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const dataDir = makeDataDir();
    const { app, device } = await createApp({ dataDir, initialPassword: TEST_PASSWORD, consoleDir: null, logger: { level: 'warn' }, recorder: false });
    try {
      app.log.info('stdout-test info');
      app.log.warn({ token: 'stdout-planted-token' }, 'stdout-test warn');
      write.mockRestore();
      const out = written.join('');
      expect(out).toContain('stdout-test warn');
      expect(out).not.toContain('stdout-test info');
      expect(out).not.toContain('stdout-planted-token');
      expect(device.deviceLog.query({ limit: 10, text: 'stdout-test' }).entries.map((e) => e.msg)).toEqual(['stdout-test warn', 'stdout-test info']);
    } finally {
      write.mockRestore();
      await app.close();
    }
  });

  it('refuses an unknown level and a text too long', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/diagnostics/log', query: { text: 'x'.repeat(201) }, headers: { authorization: `Bearer ${admin}` } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'text' });
  });
});

const reach = (body: unknown) => t.call('POST', '/api/v1/diagnostics/reach', admin, body);

describe('POST /diagnostics/reach', () => {
  it('connects to a listener the test opens, and says how long it took', async () => {
    const server = net.createServer((s) => s.destroy());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      const port = (server.address() as net.AddressInfo).port;
      const res = await reach({ host: '127.0.0.1', port });
      expect(res.statusCode).toBe(200);
      const result = res.json() as ReachResult;
      expect(result.dns).toMatchObject({ ok: true, literal: true, addresses: ['127.0.0.1'], error: null });
      expect(result.tcp).toMatchObject({ ok: true, address: '127.0.0.1', error: null });
      expect(result.tcp!.ms).toBeGreaterThanOrEqual(0);
      // By name: the device's resolver finds localhost.
      const byName = (await reach({ host: 'localhost', port })).json() as ReachResult;
      expect(byName.dns).toMatchObject({ ok: true, literal: false });
      expect(byName.dns.addresses.length).toBeGreaterThan(0);
      expect(byName.tcp?.ok).toBe(true);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('a closed port is refused', async () => {
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise((r) => server.close(r));
    const result = (await reach({ host: '127.0.0.1', port })).json() as ReachResult;
    expect(result.tcp).toMatchObject({ ok: false, address: '127.0.0.1', error: 'refused' });
  });

  it('a name that does not exist fails its look-up, and no connection is tried', async () => {
    const result = (await reach({ host: 'no-such-plc.invalid', port: 502 })).json() as ReachResult;
    expect(result.dns.ok).toBe(false);
    expect(result.dns.error).toMatch(/^dns_/);
    expect(result.tcp).toBeNull();
  });

  it('a look-up that never answers ends at the bound, as a DNS timeout', async () => {
    const d = await startTestDevice({ reach: { timeoutMs: 200, lookup: () => new Promise(() => undefined) } });
    try {
      const started = performance.now();
      const res = await d.call('POST', '/api/v1/diagnostics/reach', await d.login('admin'), { host: 'slow.example', port: 80 });
      expect(performance.now() - started).toBeLessThan(2_000);
      expect((res.json() as ReachResult).dns).toMatchObject({ ok: false, error: 'dns_timeout' });
    } finally {
      await d.close();
    }
  });

  it('refuses what is not a host: a URL, a path, a port in the host, spaces, too long', async () => {
    for (const host of ['http://plc.local', 'plc.local/path', 'plc.local:502', '[::1]', ' plc', '', 'a'.repeat(300), 'bad..name', '-plc', '1.2.3.256']) {
      const res = await reach({ host, port: 502 });
      expect({ host, status: res.statusCode }).toEqual({ host, status: 400 });
      expect(res.json()).toMatchObject({ field: 'host', problem: expect.any(String) });
    }
    expect((await reach({ host: 'plc.local', port: 0 })).statusCode).toBe(400);
    expect((await reach({ host: 'plc.local', port: 70000 })).statusCode).toBe(400);
  });

  it('the rule takes host names, IPv4 and IPv6 addresses', () => {
    for (const host of ['plc-1', 'plc-1.factory.local', 'smtp.example.com.', '192.168.0.10', '::1', 'fe80::1%eth0', '2001:db8::8a2e:370:7334', '::ffff:10.0.0.1', 'my_host.lan'])
      expect({ host, problem: reachHostProblem(host) }).toEqual({ host, problem: null });
    expect(reachHostProblem('')).toBe('required');
    expect(reachHostProblem('a'.repeat(300))).toBe('too_long');
    for (const host of ['1:2:3:4:5:6:7:8:9', '12345::', 'ftp://x', 'x y', '10.0.0', 'plc.local:80'])
      expect({ host, problem: reachHostProblem(host) }).toEqual({ host, problem: 'not_a_host' });
  });

  it('writes one operation-log row per test, with what came of it', async () => {
    await reach({ host: '127.0.0.1', port: 9 });
    const rows = t.device.db.prepare("SELECT after_value AS after, result FROM operation_log WHERE action = 'test_reachability' ORDER BY id DESC LIMIT 1").all() as { after: string; result: string }[];
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.after)).toMatchObject({ host: '127.0.0.1', port: 9, dns: 'ok', tcp: 'refused' });
  });
});

/**
 * Diagnostics' calls beyond the shared matrix (test/server/contract-calls.test.ts): what the live
 * sample holds, on a test device (no listeners) and on a listening one.
 */
import { liveSampleSchema, type LiveSample } from '../../contract/api/diagnostics';
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

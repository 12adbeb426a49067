/** The cloud dashboard on the device, against the development cloud service on loopback
 * (server/tools/remote-service/cloud.ts): each subscription state and both activation states reach
 * the status, days left counted by the device clock, activation and deactivation with their
 * operation-log rows, each reason the service cannot be reached, and the settings' rule. */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { startTestDevice, type TestDevice } from '../support/device';
import { startCloudService, type HostedCloudService } from '../support/cloud-service';
import { cloudStatusSchema } from '../../contract/api/cloud';
import { CLOUD_ACTIVATIONS, CLOUD_SUBSCRIPTIONS, CLOUD_TRIAL_DAYS, DEFAULT_CLOUD_SETTINGS } from '../../contract/rules/cloud';
import { ManualClock } from '../../server/lib/clock';

jest.setTimeout(30_000);

const BASE = '/api/v1/cloud';
const DAY = 24 * 60 * 60 * 1000;
/** The device's host clock: a day in 2027, far from the real date, so nothing counts from Date.now(). */
const HOST_NOW = Date.UTC(2027, 0, 1, 12, 0, 0);

function oplog(t: TestDevice, action: string) {
  return t.device.db.prepare('SELECT account, target, before_value, after_value, result FROM operation_log WHERE action = ? ORDER BY id').all(action) as Array<{
    account: string | null;
    target: string;
    before_value: string | null;
    after_value: string | null;
    result: string;
  }>;
}

/** A TCP server that takes connections and never answers (a service that hangs). */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => sockets.add(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** An HTTP server that is not the cloud: a web page on every path. */
async function webPage(): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html>not a cloud</html>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('cloud dashboard', () => {
  let t: TestDevice;
  let admin: string;
  let cloud: HostedCloudService;
  const clock = new ManualClock(HOST_NOW);
  let panelId: string;

  beforeAll(async () => {
    // The service counts its dates (a trial's end) by the same clock as the device's host here, so
    // that a new trial is exactly CLOUD_TRIAL_DAYS long by the device clock.
    cloud = await startCloudService({ now: () => clock.now() + t.device.settings.get('time_offset_ms') });
    t = await startTestDevice({ clock, cloud: { timeoutMs: 400 } });
    admin = await t.login('admin');
    panelId = t.device.settings.get('device_identity').serial_number;
  });
  afterAll(async () => {
    await t.close();
    await cloud.close();
  });
  beforeEach(() => {
    cloud.service.reset();
    t.device.settings.set('cloud', { region: 'custom', host: cloud.host, port: cloud.port });
    t.device.settings.set('time_offset_ms', 0);
  });

  const status = async () => {
    const res = await t.call('GET', `${BASE}/status`, admin);
    expect(res.statusCode).toBe(200);
    return cloudStatusSchema.parse(res.json());
  };

  describe('each state the cloud tells reaches the status', () => {
    const cases = CLOUD_SUBSCRIPTIONS.flatMap((subscription) => CLOUD_ACTIVATIONS.map((activation) => [subscription, activation] as const));
    test.each(cases)('%s, %s', async (subscription, activation) => {
      cloud.service.setPanel(panelId, { subscription, activation, region: 'custom' });
      const s = await status();
      expect(s).toMatchObject({ error: null, subscription, activation, panel_id: panelId, region: 'custom', service: `${cloud.host}:${cloud.port}` });
      const held = cloud.service.panel(panelId);
      expect(s.expires_at).toBe(held.expires_at);
      expect(s.suspends_at).toBe(held.suspends_at);
      if (activation === 'activated') {
        expect(s.domain).toBe('127.0.0.1');
        expect(s.dashboard_url).toBe(`${cloud.url}/cloud/dashboard/${panelId}`);
        expect(s.dashboard_qr).toMatch(/^data:image\/svg\+xml;base64,/);
        expect(Buffer.from(s.dashboard_qr!.split(',')[1]!, 'base64').toString()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      } else {
        expect(s).toMatchObject({ domain: null, dashboard_url: null, dashboard_qr: null });
      }
      // The days left: to the expiry of a trial or subscription, to the suspension of a grace
      // period (the service's defaults: 30, 365 and 14 days from now); none otherwise.
      const expected = { trial: CLOUD_TRIAL_DAYS, subscribed: 365, grace_period: 14 } as Record<string, number>;
      expect(s.days_left).toBe(expected[subscription] ?? null);
    });
  });

  test('the days left are counted by the device clock, not the host clock', async () => {
    cloud.service.setPanel(panelId, { activation: 'activated', subscription: 'subscribed', expires_at: new Date(HOST_NOW + 9.5 * DAY).toISOString() });
    expect((await status()).days_left).toBe(10);
    // The device time moved two days on (Date and Time): two days less, the host clock unchanged.
    t.device.settings.set('time_offset_ms', 2 * DAY);
    const s = await status();
    expect(s.days_left).toBe(8);
    expect(s.checked_at).toBe(new Date(HOST_NOW + 2 * DAY).toISOString());
    // Past the expiry by the device clock: none left, never below 0.
    t.device.settings.set('time_offset_ms', 20 * DAY);
    expect((await status()).days_left).toBe(0);
  });

  test('a grace period counts down to its suspension', async () => {
    cloud.service.setPanel(panelId, { activation: 'activated', subscription: 'grace_period', expires_at: new Date(HOST_NOW - 3 * DAY).toISOString(), suspends_at: new Date(HOST_NOW + 4 * DAY).toISOString() });
    expect((await status()).days_left).toBe(4);
  });

  test('the dashboard address the QR code holds answers', async () => {
    cloud.service.setPanel(panelId, { activation: 'activated', subscription: 'trial' });
    const res = await fetch((await status()).dashboard_url!);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(panelId);
  });

  test('activation starts the trial of a panel never subscribed, with its operation-log row; a second one is refused', async () => {
    expect(await status()).toMatchObject({ activation: 'not_activated', subscription: 'unsubscribed', days_left: null });
    const res = await t.call('POST', `${BASE}/activate`, admin);
    expect(res.statusCode).toBe(200);
    const s = cloudStatusSchema.parse(res.json());
    expect(s).toMatchObject({ activation: 'activated', subscription: 'trial', days_left: CLOUD_TRIAL_DAYS });
    expect(cloud.service.panel(panelId)).toMatchObject({ activation: 'activated', region: 'custom' });
    expect(await status()).toMatchObject({ activation: 'activated', subscription: 'trial' });

    const again = await t.call('POST', `${BASE}/activate`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error_code: 'cloud_already_activated' });

    const rows = oplog(t, 'activate_cloud');
    expect(rows.map((r) => [r.account, r.target, r.result])).toEqual([
      ['admin', 'cloud.activation', 'success'],
      ['admin', 'cloud.activation', 'cloud_already_activated'],
    ]);
    expect(JSON.parse(rows[0]!.after_value!)).toMatchObject({ panel_id: panelId, activation: 'activated', subscription: 'trial' });
  });

  test('activation keeps a subscription the panel already has', async () => {
    cloud.service.setPanel(panelId, { subscription: 'expired' });
    const res = await t.call('POST', `${BASE}/activate`, admin);
    expect(res.json()).toMatchObject({ activation: 'activated', subscription: 'expired', days_left: null });
  });

  test('deactivation: Not Activated again, the subscription kept; refused when not activated', async () => {
    cloud.service.setPanel(panelId, { activation: 'activated', subscription: 'subscribed' });
    const res = await t.call('POST', `${BASE}/deactivate`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ activation: 'not_activated', subscription: 'subscribed', dashboard_qr: null });
    const again = await t.call('POST', `${BASE}/deactivate`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error_code: 'cloud_not_activated' });
    expect(oplog(t, 'deactivate_cloud').map((r) => r.result)).toEqual(['success', 'cloud_not_activated']);
  });

  describe('a service that cannot be reached: the status says why, activation answers 409 with it', () => {
    test.each(['global', 'china'] as const)('%s: the vendor\'s host name does not resolve here (a real failed look-up)', async (region) => {
      t.device.settings.set('cloud', { ...DEFAULT_CLOUD_SETTINGS, region });
      const s = await status();
      expect(s).toMatchObject({ region, error: 'cloud_dns_failed', activation: null, subscription: null, days_left: null, dashboard_qr: null });
      expect(s.service).toMatch(/\.invalid:443$/);
      const res = await t.call('POST', `${BASE}/activate`, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error_code: 'cloud_dns_failed' });
      expect(oplog(t, 'activate_cloud').at(-1)!.result).toBe('cloud_dns_failed');
    });

    test('nothing listens at the port: cloud_refused', async () => {
      t.device.settings.set('cloud', { region: 'custom', host: '127.0.0.1', port: await closedPort() });
      expect((await status()).error).toBe('cloud_refused');
      expect((await t.call('POST', `${BASE}/deactivate`, admin)).json()).toMatchObject({ error_code: 'cloud_refused' });
    });

    test('no answer in time: cloud_timeout', async () => {
      const silent = await silentServer();
      try {
        t.device.settings.set('cloud', { region: 'custom', host: '127.0.0.1', port: silent.port });
        expect((await status()).error).toBe('cloud_timeout');
        const res = await t.call('POST', `${BASE}/activate`, admin);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ error_code: 'cloud_timeout' });
      } finally {
        await silent.close();
      }
    });

    test('a host that is not the cloud: cloud_bad_answer', async () => {
      const page = await webPage();
      try {
        t.device.settings.set('cloud', { region: 'custom', host: '127.0.0.1', port: page.port });
        expect((await status()).error).toBe('cloud_bad_answer');
      } finally {
        await page.close();
      }
    });

    test('an unknown host name: cloud_dns_failed', async () => {
      t.device.settings.set('cloud', { region: 'custom', host: 'no-such-cloud.invalid', port: 8080 });
      expect((await status()).error).toBe('cloud_dns_failed');
    });
  });

  describe('settings', () => {
    const put = (body: unknown) => t.call('PUT', `${BASE}/settings`, admin, body);

    test('a Custom service is stored trimmed, with its operation-log row (before and after)', async () => {
      t.device.settings.set('cloud', { ...DEFAULT_CLOUD_SETTINGS });
      const res = await put({ region: 'custom', host: '  cloud.plant.example ', port: 8443 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ region: 'custom', host: 'cloud.plant.example', port: 8443 });
      expect((await t.call('GET', `${BASE}/settings`, admin)).json()).toEqual({ region: 'custom', host: 'cloud.plant.example', port: 8443 });
      const row = oplog(t, 'set_cloud_settings').at(-1)!;
      expect(row.result).toBe('success');
      expect(JSON.parse(row.before_value!)).toMatchObject({ region: 'global' });
      expect(JSON.parse(row.after_value!)).toMatchObject({ region: 'custom', host: 'cloud.plant.example' });
    });

    test('Global and China need no host: the Custom one is kept unused', async () => {
      const res = await put({ region: 'china', host: '', port: 80 });
      expect(res.statusCode).toBe(200);
      expect((await status()).service).toBe('dashboard.cn.hmi-cloud.invalid:443');
    });

    test.each([
      [{ region: 'custom', host: '', port: 80 }, 'host', 'required'],
      [{ region: 'custom', host: 'bad host', port: 80 }, 'host', 'invalid_host'],
      [{ region: 'custom', host: '-cloud.example', port: 80 }, 'host', 'invalid_host'],
    ])('wrong input %j: 400 naming %s (%s), nothing stored', async (body, field, problem) => {
      const before = t.device.settings.get('cloud');
      const res = await put(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failure', field, problem });
      expect(t.device.settings.get('cloud')).toEqual(before);
    });

    test.each(['cloud.example;reboot', '$(id)', '`id`', 'a|b', 'cloud.example\r\nX-Injected: 1', '--help', '127.0.0.1:8080', 'http://cloud.example', '../../etc/passwd'])(
      'INJ-03: a Custom host %j is refused (400 naming host), nothing stored, the device asks no such host',
      async (host) => {
        const before = t.device.settings.get('cloud');
        const res = await put({ region: 'custom', host, port: 8080 });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error_code: 'validation_failure', field: 'host' });
        expect(t.device.settings.get('cloud')).toEqual(before);
        expect((await status()).service).toBe(`${cloud.host}:${cloud.port}`);
      },
    );

    test.each([
      [{ region: 'moon', host: '', port: 80 }, 'region'],
      [{ region: 'custom', host: 'cloud.example', port: 0 }, 'port'],
      [{ region: 'custom', host: 'cloud.example', port: 65536 }, 'port'],
      [{ region: 'custom', host: 'cloud.example', port: 1.5 }, 'port'],
      [{ region: 'custom', host: 'x'.repeat(254), port: 80 }, 'host'],
    ])('wrong input %j: 400 naming %s', async (body, field) => {
      const res = await put(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failure', field });
    });
  });

  test('AUTH-02: the update and history accounts may not use the cloud calls (403), nor anyone signed out (401)', async () => {
    for (const account of ['update', 'history'] as const) {
      const token = await t.login(account);
      expect((await t.call('GET', `${BASE}/status`, token)).statusCode).toBe(403);
      expect((await t.call('POST', `${BASE}/activate`, token)).statusCode).toBe(403);
    }
    expect((await t.call('GET', `${BASE}/status`, null)).statusCode).toBe(401);
    expect(cloud.service.panel(panelId).activation).toBe('not_activated');
  });
});

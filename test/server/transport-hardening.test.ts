/** What the transport promises a client: plain HTTP switched off sends console pages to HTTPS only
 * under the device's own names and refuses API calls; the time socket refuses pages of other
 * sites; no API answer is cached; robots.txt keeps search engines out. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../../server/listen';
import { startTestDevice, TEST_PASSWORD, type TestDevice } from '../support/device';
import { loginOver, openSocket, parseRawAnswer, rawExchange, request } from '../support/net';
import { DATETIME_SOCKET_PATH } from '../../contract/api';

const ROBOTS = /^User-agent: \*\r?\nDisallow: \/\r?\n?$/;

describe('over real sockets', () => {
  let server: RunningServer;
  let dataDir: string;
  let httpPort: string;
  let httpsPort: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-transport-'));
    server = await startServer({ port: 0, httpsPort: 0, host: '127.0.0.1', dataDir, initialPassword: TEST_PASSWORD, logger: false });
    httpPort = new URL(server.httpUrl).port;
    httpsPort = new URL(server.httpsUrl).port;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe('[WS-01] the time socket', () => {
    const wsUrl = () => `ws://127.0.0.1:${httpPort}${DATETIME_SOCKET_PATH}`;
    const wssUrl = () => `wss://127.0.0.1:${httpsPort}${DATETIME_SOCKET_PATH}`;

    async function expectRefused(url: string, origin: string) {
      const s = openSocket(url, { headers: { origin } });
      await expect(s.opened).rejects.toThrow(/Unexpected server response: 403/);
      await s.closed;
    }

    async function expectServed(url: string, origin?: string) {
      const { access_token } = await loginOver(server.httpsUrl, 'history');
      const s = openSocket(url, origin === undefined ? {} : { headers: { origin } });
      await s.opened;
      s.ws.send(access_token);
      await s.waitForMessages(1);
      s.ws.close();
      await s.closed;
    }

    it.each(['http://evil.example', `http://evil.example:${'{port}'}`, 'https://evil.example', 'null', 'file://', 'not a url'])(
      'refuses the handshake from the foreign origin %s',
      async (origin) => {
        await expectRefused(wsUrl(), origin.replace('{port}', httpPort));
        await expectRefused(wssUrl(), origin.replace('{port}', httpsPort));
      },
    );

    it('refuses an origin that matches the requested host in name only', async () => {
      const host = `panel.factory.example:${httpPort}`;
      for (const origin of [`https://${host}`, 'http://panel.factory.example:1', 'http://panel.factory.example']) {
        const s = openSocket(wsUrl(), { headers: { origin, host } });
        await expect(s.opened).rejects.toThrow(/Unexpected server response: 403/);
        await s.closed;
      }
    });

    it('serves a page of the very origin the request was sent to (a name the site DNS gives the device)', async () => {
      const { access_token } = await loginOver(server.httpsUrl, 'history');
      const host = `panel.factory.example:${httpPort}`;
      const s = openSocket(wsUrl(), { headers: { origin: `http://${host}`, host } });
      await s.opened;
      s.ws.send(access_token);
      await s.waitForMessages(1);
      s.ws.close();
      await s.closed;
    });

    it('serves the page of its own origin, either listener', async () => {
      await expectServed(wsUrl(), `http://127.0.0.1:${httpPort}`);
      await expectServed(wssUrl(), `https://127.0.0.1:${httpsPort}`);
    });

    it('serves a page under one of the device own names', async () => {
      await expectServed(wssUrl(), 'https://localhost:3000');
      await expectServed(wssUrl(), `https://${os.hostname()}:${httpsPort}`);
    });

    it('serves a client that sends no Origin', async () => {
      await expectServed(wssUrl());
      await expectServed(wsUrl());
    });
  });

  describe('[HTTP-01] with plain HTTP switched off', () => {
    beforeAll(() => server.device.settings.set('http_enabled', false));
    afterAll(() => server.device.settings.set('http_enabled', true));

    it.each(['evil.example', `evil.example:${'{port}'}`, '[2001:db8::1]:80', ''])(
      'sends a page asked for under the foreign host %j to the address it arrived on',
      async (host) => {
        const res = await request(`${server.httpUrl}/admin/login?x=1`, { headers: { host: host.replace('{port}', httpPort) } });
        expect(res.status).toBe(308);
        expect(res.headers.location).toBe(`https://127.0.0.1:${httpsPort}/admin/login?x=1`);
      },
    );

    it.each(['localhost', '127.0.0.1', os.hostname().toLowerCase(), '[::1]'])('keeps the device own name %s', async (name) => {
      const res = await request(`${server.httpUrl}/admin/dashboard`, { headers: { host: `${name}:${httpPort}` } });
      expect(res.status).toBe(308);
      expect(res.headers.location).toBe(`https://${name}:${httpsPort}/admin/dashboard`);
    });

    // Issue 20 item 18: an absolute-form target (RFC 9112 §3.2.2) gave
    // `Location: https://127.0.0.1:<port>http://evil.example/admin/x`.
    it.each([
      ['http://evil.example/admin/x', 'evil.example', '/admin/x'],
      ['http://evil.example/admin/x?y=1', '127.0.0.1', '/admin/x?y=1'],
      ['https://evil.example:8443//admin//x', 'evil.example', '/admin//x'],
      ['http://evil.example', 'evil.example', '/'],
    ])('sends the absolute-form target %s to its path on the device, never to the host it names', async (target, host, path) => {
      const answer = await rawExchange(Number(httpPort), `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      const { status, headers } = parseRawAnswer(answer.text);
      expect(status).toBe(308);
      expect(headers.location).toBe(`https://127.0.0.1:${httpsPort}${path}`);
    });

    it('refuses an API call in absolute form as it refuses any other', async () => {
      const answer = await rawExchange(Number(httpPort), `GET http://evil.example/api/v1/system/hmi/name HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`);
      const { status, headers } = parseRawAnswer(answer.text);
      expect(status).toBe(403);
      expect(headers.location).toBeUndefined();
      expect(answer.text).toContain('"error_code":"https_required"');
    });

    it('refuses an API call with https_required instead of redirecting it', async () => {
      const signIn = await request(`${server.httpUrl}/api/v1/auth/token/admin`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'evil.example' },
        body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: TEST_PASSWORD }).toString(),
      });
      expect(signIn.status).toBe(403);
      expect(signIn.headers.location).toBeUndefined();
      expect(signIn.json()).toMatchObject({ error_code: 'https_required' });
      expect(signIn.headers['cache-control']).toBe('no-store');

      const read = await request(`${server.httpUrl}/api/v1/system/hmi/name`, { headers: { host: `127.0.0.1:${httpPort}` } });
      expect(read.status).toBe(403);
      expect(read.headers.location).toBeUndefined();
      expect(read.json()).toMatchObject({ error_code: 'https_required' });

      const cgi = await request(`${server.httpUrl}/cgi/reset_pj.cgi?resetsele=1`);
      expect(cgi.status).toBe(403);
      expect(cgi.json()).toMatchObject({ error_code: 'https_required' });

      // the same call over HTTPS is answered
      const secure = await request(`${server.httpsUrl}/api/v1/auth/login-info`);
      expect(secure.status).toBe(200);
    });
  });
});

describe('[HDR-01] answers of the API', () => {
  let t: TestDevice;
  beforeAll(async () => {
    t = await startTestDevice();
  });
  afterAll(() => t.close());

  it('carry Cache-Control: no-store, the token answers and errors included', async () => {
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token/admin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: 'admin', password: TEST_PASSWORD }).toString(),
    });
    expect(token.statusCode).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');
    const { access_token, refresh_token } = token.json() as { access_token: string; refresh_token: string };

    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token/admin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token }).toString(),
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.headers['cache-control']).toBe('no-store');

    const answers = [
      await t.call('GET', '/api/v1/uac/account/userinfo', access_token),
      await t.call('GET', '/api/v1/auth/login-info', null),
      await t.call('GET', '/api/v1/system/hmi/name', null), // 401
      await t.call('GET', '/api/v1/no/such/call', access_token), // 404
      await t.call('PUT', '/api/v1/system/hmi/name', access_token, { name: 7 }), // 400
      await t.app.inject({ method: 'GET', url: '/api/v1/%zz' }), // refused by the router
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 404, 400, 400]);
    for (const r of answers) expect(r.headers['cache-control']).toBe('no-store');
  });

  it('leave the console pages revalidated, not unstored', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/login' });
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});

describe('robots.txt', () => {
  it.each([
    ['without a built console', null],
    ['with a built console', 'built'],
  ] as const)('keeps every crawler out, %s', async (_name, built) => {
    let consoleDir: string | null = null;
    if (built) {
      consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-robots-'));
      fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    }
    const t = await startTestDevice({ consoleDir });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toMatch(ROBOTS);
      const head = await t.app.inject({ method: 'HEAD', url: '/robots.txt' });
      expect(head.statusCode).toBe(200);
    } finally {
      await t.close();
      if (consoleDir) fs.rmSync(consoleDir, { recursive: true, force: true });
    }
  });
});

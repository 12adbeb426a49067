/** The time channel /ws/datetime over real sockets, on both listeners
 * (docs/decisions.md#the-datetime-socket). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../../server/listen';
import { TEST_PASSWORD } from '../support/device';
import { jsonRequest, loginOver, openSocket, request, sleep } from '../support/net';
import { DATETIME_SOCKET_PATH, SOCKET_AUTH_TIMEOUT_MS, SOCKET_UNAUTHORIZED_CLOSE } from '../../contract/api';

const TIME_TEXT = /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/;

describe('time channel', () => {
  let server: RunningServer;
  let dataDir: string;
  let wsUrl: string;
  let wssUrl: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-ws-'));
    server = await startServer({ port: 0, httpsPort: 0, host: '127.0.0.1', dataDir, initialPassword: TEST_PASSWORD, logger: false });
    wsUrl = `${server.httpUrl.replace(/^http/, 'ws')}${DATETIME_SOCKET_PATH}`;
    wssUrl = `${server.httpsUrl.replace(/^https/, 'wss')}${DATETIME_SOCKET_PATH}`;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the device time about once a second after a valid token as first message', async () => {
    const { access_token } = await loginOver(server.httpUrl, 'history');
    const s = openSocket(wsUrl);
    await s.opened;
    s.ws.send(access_token);
    await s.waitForMessages(4);
    for (const m of s.messages) expect(m.text).toMatch(TIME_TEXT);
    // the first comes at once, then one a second: 3 more within 2–4 s
    const span = s.messages[3]!.at - s.messages[1]!.at;
    expect(span).toBeGreaterThan(1500);
    expect(span).toBeLessThan(2600);
    // the texts are consecutive seconds of device time
    const secs = s.messages.slice(1, 4).map((m) => Date.parse(m.text.replace(/\//g, '-').replace(' ', 'T')) / 1000);
    expect(secs[2]! - secs[0]!).toBeGreaterThanOrEqual(1);
    expect(secs[2]! - secs[0]!).toBeLessThanOrEqual(3);
    s.ws.close();
    await s.closed;
  });

  it('sends the device time, not the host time, right after it is set', async () => {
    const { access_token } = await loginOver(server.httpUrl, 'admin');
    const set = await jsonRequest(`${server.httpUrl}/api/v1/system/datetime`, 'PUT', access_token, { time: '2031.12.24-18:00:00' });
    expect(set.status).toBe(200);
    const s = openSocket(wsUrl);
    await s.opened;
    s.ws.send(access_token);
    await s.waitForMessages(2);
    expect(s.messages[0]!.text.startsWith('2031/12/24 18:00:0')).toBe(true);
    expect(s.messages[1]!.text.startsWith('2031/12/24 18:00:')).toBe(true);
    s.ws.close();
    await s.closed;
  });

  it('[WS-01] closes with 4401 on an invalid token', async () => {
    const s = openSocket(wsUrl);
    await s.opened;
    s.ws.send('not-a-token');
    const { code } = await s.closed;
    expect(code).toBe(SOCKET_UNAUTHORIZED_CLOSE);
    expect(SOCKET_UNAUTHORIZED_CLOSE).toBe(4401);
    expect(s.messages).toEqual([]);
  });

  it('[WS-01] closes with 4401 when no message comes within 5 s, even with a valid token in the URL', async () => {
    const { access_token } = await loginOver(server.httpUrl, 'history');
    const s = openSocket(`${wsUrl}?token=${access_token}&access_token=${access_token}`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    await s.opened;
    const openedAt = performance.now();
    const { code, at } = await s.closed;
    expect(code).toBe(4401);
    expect(SOCKET_AUTH_TIMEOUT_MS).toBe(5000);
    expect(at - openedAt).toBeGreaterThan(4500);
    expect(at - openedAt).toBeLessThan(7000);
    expect(s.messages).toEqual([]);
  }, 15_000);

  it('[SESS-01] closes with 4401 as soon as the session logs out, leaving other sessions open', async () => {
    const mine = await loginOver(server.httpUrl, 'update');
    const other = await loginOver(server.httpUrl, 'update');
    const s = openSocket(wsUrl);
    const o = openSocket(wsUrl);
    await Promise.all([s.opened, o.opened]);
    s.ws.send(mine.access_token);
    o.ws.send(other.access_token);
    await Promise.all([s.waitForMessages(1), o.waitForMessages(1)]);

    const before = performance.now();
    expect((await jsonRequest(`${server.httpUrl}/api/v1/auth/logout`, 'POST', mine.access_token)).status).toBe(200);
    const { code, at } = await s.closed;
    expect(code).toBe(4401);
    expect(at - before).toBeLessThan(900);

    const count = o.messages.length;
    await o.waitForMessages(count + 1);
    o.ws.close();
    await o.closed;
  });

  it('[SESS-02] closes with 4401 when a password change ends the session', async () => {
    const victim = await loginOver(server.httpUrl, 'history');
    const s = openSocket(wsUrl);
    await s.opened;
    s.ws.send(victim.access_token);
    await s.waitForMessages(1);
    const changer = await loginOver(server.httpUrl, 'history');
    const res = await jsonRequest(`${server.httpUrl}/api/v1/uac/account/admin/password`, 'PATCH', changer.access_token, {
      username: 'history',
      current: TEST_PASSWORD,
      // (A new password must differ from the current one and the last ones.)
      password: 'Changed-Pass-2',
    });
    expect(res.status).toBe(200);
    expect((await s.closed).code).toBe(4401);
  });

  it('works over wss on the HTTPS listener', async () => {
    const { access_token } = await loginOver(server.httpsUrl, 'cmt_default_view_only_user');
    const s = openSocket(wssUrl);
    await s.opened;
    s.ws.send(access_token);
    await s.waitForMessages(2);
    for (const m of s.messages) expect(m.text).toMatch(TIME_TEXT);
    s.ws.close();
    await s.closed;
  });

  it('refuses an upgrade on any other path', async () => {
    const s = openSocket(`${server.httpUrl.replace(/^http/, 'ws')}/ws/other`);
    await expect(s.opened).rejects.toThrow(/Unexpected server response: 404/);
    await s.closed;
  });

  it('serves the API on the HTTPS listener too', async () => {
    const { access_token } = await loginOver(server.httpsUrl, 'admin');
    const res = await request(`${server.httpsUrl}/api/v1/system/hmi/name`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ name: 'HMI' });
  });

  it('keeps ticking for a client after another closes', async () => {
    const { access_token } = await loginOver(server.httpUrl, 'admin');
    const a = openSocket(wsUrl);
    const b = openSocket(wsUrl);
    await Promise.all([a.opened, b.opened]);
    a.ws.send(access_token);
    b.ws.send(access_token);
    await Promise.all([a.waitForMessages(1), b.waitForMessages(1)]);
    a.ws.close();
    await a.closed;
    await sleep(50);
    const n = b.messages.length;
    await b.waitForMessages(n + 2);
    b.ws.close();
    await b.closed;
  });
});

describe('plain HTTP switched off on real listeners', () => {
  let server: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-https-'));
    server = await startServer({ port: 0, httpsPort: 0, host: '127.0.0.1', dataDir, initialPassword: TEST_PASSWORD, logger: false });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('[HTTP-01] redirects plain page requests to the real HTTPS port, refuses plain API calls, serves HTTPS, and refuses plain ws', async () => {
    const { access_token } = await loginOver(server.httpsUrl, 'admin');
    const httpsPort = new URL(server.httpsUrl).port;
    const res = await jsonRequest(`${server.httpsUrl}/api/v1/system/http`, 'PUT', access_token, { http: false });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ http: false, https_port: Number(httpsPort), certificate_sha256: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/) });

    const plainCall = await request(`${server.httpUrl}/api/v1/system/hmi/name`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(plainCall.status).toBe(403);
    expect(plainCall.json()).toMatchObject({ error_code: 'https_required' });

    const plain = await request(`${server.httpUrl}/admin/login`);
    expect(plain.status).toBe(308);
    expect(plain.headers.location).toBe(`https://127.0.0.1:${httpsPort}/admin/login`);

    const follow = await request(`${server.httpsUrl}/api/v1/system/hmi/name`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(follow.status).toBe(200);

    const ws = openSocket(`${server.httpUrl.replace(/^http/, 'ws')}${DATETIME_SOCKET_PATH}`);
    await expect(ws.opened).rejects.toThrow(/Unexpected server response: 404/);
    await ws.closed;

    const wss = openSocket(`${server.httpsUrl.replace(/^https/, 'wss')}${DATETIME_SOCKET_PATH}`);
    await wss.opened;
    wss.ws.send(access_token);
    await wss.waitForMessages(1);
    wss.ws.close();
    await wss.closed;
  });
});

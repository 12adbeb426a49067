/** docs/architecture.md#quality-bars (no data lost) and docs/decisions.md#running on the real
 * server process: an answered write survives kill -9, and SIGTERM shuts the server down cleanly and
 * promptly. */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawnServer, type ServerProcess } from '../support/server-process';
import { TEST_PASSWORD } from '../support/device';
import { strengthRulesWire } from '../support/settings';
import { jsonRequest, loginOver, openSocket, request } from '../support/net';

jest.setTimeout(60_000);

describe('server process', () => {
  const dirs: string[] = [];
  const running: ServerProcess[] = [];
  const tempDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-proc-'));
    dirs.push(d);
    return d;
  };
  const start = async (dataDir: string, env: Record<string, string> = {}) => {
    const p = await spawnServer(dataDir, env);
    running.push(p);
    return p;
  };

  afterAll(async () => {
    for (const p of running) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(running.map((p) => p.exited));
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('[REL-01] keeps an answered write after kill -9', async () => {
    const dataDir = tempDir();
    const first = await start(dataDir, { HMI_INITIAL_PASSWORD: TEST_PASSWORD });
    expect(first.output()).toContain('First start');
    const { access_token } = await loginOver(first.httpUrl, 'admin');

    const rules = strengthRulesWire({
      password_rules_enable: true,
      password_rules_minimal_length: 14,
      password_rules_include_numbers: true,
      password_rules_include_mixed_cases: true,
    });
    expect((await jsonRequest(`${first.httpUrl}/api/v1/system/password-strength-rules`, 'PUT', access_token, rules)).status).toBe(200);
    const put = await jsonRequest(`${first.httpUrl}/api/v1/system/hmi/name`, 'PUT', access_token, { name: 'Durable Panel 7' });
    first.child.kill('SIGKILL');
    expect(put.status).toBe(200);
    expect(put.json()).toEqual({ name: 'DurablexPanelx7' });
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

    const second = await start(dataDir);
    // the accounts exist: no new initial passwords
    expect(second.output()).not.toContain('First start');
    const again = await loginOver(second.httpUrl, 'admin');
    const name = await jsonRequest(`${second.httpUrl}/api/v1/system/hmi/name`, 'GET', again.access_token);
    expect(name.json()).toEqual({ name: 'DurablexPanelx7' });
    const stored = await jsonRequest(`${second.httpUrl}/api/v1/system/password-strength-rules`, 'GET', again.access_token);
    expect(stored.json()).toEqual(rules);
    // a session of the killed process is still valid (the signing key persisted too)
    expect((await jsonRequest(`${second.httpUrl}/api/v1/auth/token/check`, 'GET', access_token)).status).toBe(200);
    second.child.kill('SIGKILL');
  });

  it('[AUTH-05] writes the initial credentials file with mode 0600', async () => {
    const dataDir = tempDir();
    const p = await start(dataDir, { HMI_INITIAL_PASSWORD: TEST_PASSWORD });
    const file = path.join(dataDir, 'initial-credentials');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toContain(`admin\t${TEST_PASSWORD}`);
    p.child.kill('SIGKILL');
  });

  it('exits 0 promptly on SIGTERM, with a keep-alive connection and a time channel open', async () => {
    const dataDir = tempDir();
    const p = await start(dataDir, { HMI_INITIAL_PASSWORD: TEST_PASSWORD });
    const { access_token } = await loginOver(p.httpUrl, 'history');

    const agent = new http.Agent({ keepAlive: true });
    const res = await request(`${p.httpUrl}/api/v1/system/hmi/name`, { headers: { authorization: `Bearer ${access_token}` }, agent });
    expect(res.status).toBe(200);

    const ws = openSocket(`${p.httpUrl.replace(/^http/, 'ws')}/ws/datetime`);
    await ws.opened;
    ws.ws.send(access_token);
    await ws.waitForMessages(1);

    const sent = performance.now();
    p.child.kill('SIGTERM');
    const exit = await p.exited;
    const took = performance.now() - sent;
    agent.destroy();
    expect(exit).toEqual({ code: 0, signal: null });
    expect(took).toBeLessThan(5000);
    expect([1001, 1006]).toContain((await ws.closed).code);
  });
});

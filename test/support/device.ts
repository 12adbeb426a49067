import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createApp, type DeviceOptions } from '../../server/app';
import { ManualClock } from '../../server/lib/clock';
import type { Device } from '../../server/device';
import type { AccountName } from '../../contract/roles';

export const TEST_PASSWORD = 'Initial-Pass-1';

export interface TestDevice {
  app: FastifyInstance;
  device: Device;
  dataDir: string;
  /** Signs in through the real token call and returns the access token. */
  login(account?: AccountName, source?: string): Promise<string>;
  loginPair(account?: AccountName, source?: string): Promise<{ access_token: string; refresh_token: string }>;
  /** `inject` with a bearer token. */
  call(method: string, url: string, token: string | null, payload?: unknown): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export function makeDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-test-'));
}

/** A device on a fresh data directory (or `dataDir`), with the test defaults below; any other
 * option of createDevice (the core's or an area's, server/device.ts) is passed as it is. */
export async function startTestDevice(opts: Partial<DeviceOptions> & { consoleDir?: string | null } = {}): Promise<TestDevice> {
  const dataDir = opts.dataDir ?? makeDataDir();
  const { app, device } = await createApp({
    ...opts,
    dataDir,
    clock: opts.clock ?? new ManualClock(Date.now()),
    initialPassword: TEST_PASSWORD,
    consoleDir: opts.consoleDir ?? null,
    logger: false,
    // The runtime stops and starts at once unless a test asks otherwise.
    project: { ...opts.project, runtime: { stopMs: 0, startMs: 0, ...opts.project?.runtime } },
    // An OS update writes at once and the reboot is short unless a test asks otherwise.
    os: { writeMs: 0, rebootMs: 200, ...opts.os },
    // So does a PLC runtime firmware update; the HMI restart takes the OS reboot time unless set.
    plcRuntime: { writeMs: 0, ...opts.plcRuntime },
    // The runtime's scan runs when a test calls `device.recorder.scan(t)`, unless it asks for the timer.
    recorder: opts.recorder ?? false,
    // The simulated panel takes touches from the simulate-touch call unless a test turns it off.
    touchCalibration: { simulateTouch: true, ...opts.touchCalibration },
  });
  await app.ready();

  const loginPair = async (account: AccountName = 'admin', source?: string) => {
    const isAdminMode = account === 'admin' || account === 'update' || account === 'history';
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/auth/token/${isAdminMode ? account : 'app'}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: account, password: TEST_PASSWORD }).toString(),
      ...(source === undefined ? {} : { remoteAddress: source }),
    });
    if (res.statusCode !== 200) throw new Error(`login as ${account} failed: ${res.statusCode} ${res.body}`);
    return res.json() as { access_token: string; refresh_token: string };
  };

  return {
    app,
    device,
    dataDir,
    loginPair,
    login: async (account = 'admin', source?: string) => (await loginPair(account, source)).access_token,
    call: (method, url, token, payload) =>
      app.inject({
        method: method as 'GET',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

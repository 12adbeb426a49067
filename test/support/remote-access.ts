/**
 * A device that really listens (so the relay has a console to reach) and the development
 * remote-access service, for the remote-access tests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { DEFAULT_REMOTE_ACCESS_SETTINGS, type RemoteAccessInput } from '../../contract/rules/remote-access';
import type { RemoteAccessOptions } from '../../server/services/remote-access/remote-access';
import { startTestDevice, type TestDevice } from './device';

export const PARTNER = { name: 'Line_Partner', password: 'Relay-Pass1' };

/** Settings as the form sends them: the defaults, a partner account and the fields a test names. */
export function remoteInput(patch: Partial<RemoteAccessInput> = {}): RemoteAccessInput {
  const { enabled: _enabled, proxy, ...rest } = DEFAULT_REMOTE_ACCESS_SETTINGS;
  return { ...rest, proxy: { ...proxy, password: '' }, partner_name: PARTNER.name, partner_password: PARTNER.password, ...patch };
}

export const CONSOLE_PAGE = '<!doctype html><html><head><title>HMI console</title></head><body>console</body></html>';

export interface ListeningDevice extends TestDevice {
  port: number;
  token: string;
}

/** A test device listening on loopback with a console folder of one page; relayed connections go
 * to its listener (found by the area itself, as on a real panel). */
export async function startListeningDevice(remoteAccess: RemoteAccessOptions = {}): Promise<ListeningDevice> {
  const consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-console-'));
  fs.writeFileSync(path.join(consoleDir, 'index.html'), CONSOLE_PAGE);
  const t = await startTestDevice({ consoleDir, remoteAccess: { delayMs: () => 150, ...remoteAccess } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const token = await t.login('admin');
  return {
    ...t,
    port,
    token,
    close: async () => {
      await t.close();
      fs.rmSync(consoleDir, { recursive: true, force: true });
    },
  };
}

/** Polls the status until `done` says so (or fails after `ms`). */
export async function waitForStatus<T extends { state: string }>(t: TestDevice & { token: string }, done: (s: T) => boolean, ms = 8000): Promise<T> {
  const until = Date.now() + ms;
  let last: T | undefined;
  while (Date.now() < until) {
    const res = await t.call('GET', '/api/v1/remote-access/status', t.token);
    last = res.json() as T;
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 40));
  }
  throw new Error(`status never came: last ${JSON.stringify(last)}`);
}

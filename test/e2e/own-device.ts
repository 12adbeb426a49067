/**
 * A device of a spec's own: the built server (`build/server/main.js`) on a fresh data folder and
 * free ports, for a journey that changes what the shared devices of playwright.config.ts must keep
 * (their first-run wizard, the admin password, the device time, the HMI name).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';

export interface OwnDevice {
  child: ChildProcess;
  /** The plain-HTTP origin, e.g. http://127.0.0.1:40123. */
  url: string;
  /** The HTTPS origin, e.g. https://127.0.0.1:40124. */
  httpsUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

export function startOwnDevice(initialPassword: string, env: Record<string, string> = {}): Promise<OwnDevice> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-e2e-own-'));
  const child = spawn(process.execPath, ['build/server/main.js'], {
    env: { ...process.env, PORT: '0', HTTPS_PORT: '0', HOST: '127.0.0.1', HMI_DATA_DIR: dataDir, HMI_INITIAL_PASSWORD: initialPassword, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const http = /Console \(HTTP\):\s+(http:\/\/\S+?)\/admin\/login/.exec(out);
      const https = /Console \(HTTPS\):\s+(https:\/\/\S+?)\/admin\/login/.exec(out);
      if (http && https) {
        clearTimeout(timer);
        resolve({ child, url: http[1]!, httpsUrl: https[1]!, dataDir, stop });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

/** A device for the tests of one spec file, which then run in order: started before the first,
 * stopped after the last. The device is read through the returned function once they run. */
export function ownDeviceForFile(initialPassword: string, env: Record<string, string> = {}): () => OwnDevice {
  let device: OwnDevice | undefined;
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    device = await startOwnDevice(initialPassword, env);
  });
  test.afterAll(async () => {
    await device?.stop();
  });
  return () => {
    if (!device) throw new Error('the device of this spec has not started');
    return device;
  };
}

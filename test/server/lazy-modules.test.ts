/** A device carries only what it uses: the packages of a service that is off (FTP, e-mail, the QR
 * codes of remote access and cloud, the OPC UA server) are loaded the first time that service
 * needs them, not at start; the TLS certificate of a first start is made in a process of its own. The device server is started as the device starts (its V8 flags, the
 * build when current) and asked which files it has loaded. bench:api measures what this keeps off
 * its memory. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer, REPO_ROOT, type ServerProcess } from '../support/server-process';
import { TEST_PASSWORD } from '../support/device';
import { loginOver } from '../support/net';

jest.setTimeout(60_000);

/** The packages each service loads when it first needs them, and the service. */
const LAZY_PACKAGES: Record<string, string> = {
  'ftp-srv': 'the FTP server',
  nodemailer: 'e-mail',
  qrcode: 'the remote-access and cloud QR codes',
  'node-opcua': 'the OPC UA server',
  'node-opcua-crypto': 'the OPC UA certificates',
  // Not even on the first start, which makes the TLS certificate: a process of its own does.
  selfsigned: 'the TLS certificate',
  '@peculiar/x509': 'the TLS certificate',
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-lazy-'));
let server: ServerProcess;

/** The files the running server has loaded through CommonJS. */
async function loadedFiles(): Promise<string[]> {
  const out = path.join(dataDir, 'loaded-modules.txt');
  const done = new Promise<void>((resolve) => {
    const onData = (c: Buffer) => {
      if (c.toString().includes('loaded-modules: done')) {
        server.child.stderr!.off('data', onData);
        resolve();
      }
    };
    server.child.stderr!.on('data', onData);
  });
  server.child.kill('SIGUSR2');
  await done;
  return fs.readFileSync(out, 'utf8').split('\n');
}

const packagesOf = (files: string[]) =>
  new Set(files.flatMap((f) => /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(f)?.[1] ?? []));

beforeAll(async () => {
  server = await spawnServer(dataDir, {
    HMI_INITIAL_PASSWORD: TEST_PASSWORD,
    NODE_OPTIONS: `--require ${path.join(REPO_ROOT, 'test/support/loaded-modules.cjs')}`,
    HMI_LOADED_MODULES_OUT: path.join(dataDir, 'loaded-modules.txt'),
  });
});

afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a device after its first start (its certificate made) and a sign-in has loaded none of the packages of the services that are off', async () => {
  await loginOver(server.httpUrl, 'admin');
  const files = await loadedFiles();
  // The list is the real one: the server's own framework is in it.
  const loaded = packagesOf(files);
  expect(loaded.has('fastify')).toBe(true);
  expect(loaded.has('better-sqlite3')).toBe(true);
  const carried = Object.keys(LAZY_PACKAGES).filter((p) => loaded.has(p)).map((p) => `${p} (${LAZY_PACKAGES[p]})`);
  expect(carried).toEqual([]);
});

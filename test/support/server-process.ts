/** The real device server as a child process, with the V8 flags `npm run serve` gives the device,
 * and the listening URLs read from its start banner: the build (`build/server/main.js`) when it is
 * as new as every source it is built from (so in `npm test`, which builds first), else the source
 * through tsx (a developer's edit runs at once). A start of the build costs about a third of one
 * through tsx, which the kill -9 loops pay once a kill. HMI_TEST_SERVER=source forces the source. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serveArgs } from '../bench/device-process';

export const REPO_ROOT = path.resolve(__dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  httpUrl: string;
  httpsUrl: string;
  /** Everything written to stdout so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The newest modification time of the files under `entries` (repository-relative). */
function newestMtime(entries: readonly string[]): number {
  let newest = 0;
  const walk = (p: string) => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const e of entries) walk(path.join(REPO_ROOT, e));
  return newest;
}

let builtIsCurrent: boolean | undefined;

/** Whether the built server is at least as new as the sources of `npm run build:server`. */
export function buildIsCurrent(): boolean {
  if (process.env.HMI_TEST_SERVER === 'source') return false;
  if (builtIsCurrent === undefined) {
    const built = fs.statSync(path.join(REPO_ROOT, 'build/server/main.js'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
    builtIsCurrent = built >= newestMtime(['server', 'contract', 'package.json', 'tsconfig.json']);
  }
  return builtIsCurrent;
}

export function spawnServer(dataDir: string, env: Record<string, string> = {}, startTimeoutMs = 20_000): Promise<ServerProcess> {
  // The device's own V8 flags (its memory is what the tests of RSS measure), from the source.
  const v8Flags = serveArgs().filter((a) => a.startsWith('--'));
  const entry = buildIsCurrent() ? ['build/server/main.js'] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, [...v8Flags, ...entry], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      // Not jest's vm modules (jest.config.js): the device runs without them.
      NODE_OPTIONS: (process.env.NODE_OPTIONS ?? '').replace('--experimental-vm-modules', '').replace('--disable-warning=ExperimentalWarning', '').trim(),
      PORT: '0',
      HTTPS_PORT: '0',
      HOST: '127.0.0.1',
      HMI_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${startTimeoutMs} ms:\n${stdout}\n${stderr}`));
    }, startTimeoutMs);
    const onData = () => {
      const http = /Console \(HTTP\):\s+(http:\/\/\S+?)\/admin\/login/.exec(stdout);
      const https = /Console \(HTTPS\):\s+(https:\/\/\S+?)\/admin\/login/.exec(stdout);
      if (http && https) {
        clearTimeout(timer);
        child.stdout!.off('data', collect);
        child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
        resolve({ child, httpUrl: http[1]!, httpsUrl: https[1]!, output: () => stdout, exited });
      }
    };
    const collect = (c: Buffer) => {
      stdout += c.toString();
      onData();
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before it listened:\n${stdout}\n${stderr}`));
    });
  });
}

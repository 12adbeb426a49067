/** The real device server as a child process (`node --import tsx server/main.ts`, with the V8
 * flags `npm run serve` gives the device), with the listening URLs read from its start banner. */
import { spawn, type ChildProcess } from 'node:child_process';
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

export function spawnServer(dataDir: string, env: Record<string, string> = {}, startTimeoutMs = 20_000): Promise<ServerProcess> {
  // The device's own V8 flags (its memory is what the tests of RSS measure), from the source.
  const v8Flags = serveArgs().filter((a) => a.startsWith('--'));
  const child = spawn(process.execPath, [...v8Flags, '--import', 'tsx', 'server/main.ts'], {
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

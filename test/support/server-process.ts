/** The real device server as a child process (`node --import tsx server/main.ts`), with the
 * listening URLs read from its start banner. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

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
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
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

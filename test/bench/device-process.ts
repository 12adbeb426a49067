/** The device server as the benches run it: a child process started as `npm run serve` starts it
 * (its node arguments included), its address, its memory, and a sign-in. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');

/** The node arguments of `npm run serve`, the device's start command: a bench measures the server
 * as the device runs it (its V8 flags included). */
export function serveArgs(): string[] {
  const serve = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.serve!;
  const [command, ...args] = serve.trim().split(/\s+/);
  if (command !== 'node') throw new Error(`npm run serve is not a node command: ${serve}`);
  return args;
}

/** Starts the built server on `dataDir` with free ports; `base` resolves to its HTTP address once
 * it prints it (rejects when it exits first, or after `timeoutMs`). */
export function startServer(dataDir: string, env: Record<string, string> = {}, timeoutMs = 120_000): { child: ChildProcess; base: Promise<string> } {
  // BENCH_NODE_ARGS: node arguments to try before they go into `npm run serve` (a V8 flag, say).
  const tried = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...tried, ...serveArgs()], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PORT: '0', HTTPS_PORT: '0', HMI_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
  });
  const base = new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('server did not start')), timeoutMs);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Console \(HTTP\):\s+(http:\/\/[^/\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}): ${out}`));
    });
  });
  return { child, base };
}

/** The resident memory of a process, in MB. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** Signs in as admin; answers the access token. */
export async function signIn(base: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/token/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin', password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

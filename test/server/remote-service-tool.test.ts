/**
 * `npm run remote-access-service`, as a person starts it: the command line's service listens,
 * activates a panel with the partner it was given, and prints the session URL the panel got, which
 * answers the panel's console.
 */
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { CONSOLE_PAGE, PARTNER, remoteInput, startListeningDevice, waitForStatus } from '../support/remote-access';

const ROOT = path.resolve(__dirname, '../..');
let child: ChildProcess | null = null;
afterEach(() => {
  child?.kill('SIGTERM');
  child = null;
});

it('prints where it listens, then the session URL of the panel that connects', async () => {
  child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/tools/remote-service/main.ts', '--port', '0', '--partner', `${PARTNER.name}:${PARTNER.password}`], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  const waitFor = async (pattern: RegExp) => {
    const until = Date.now() + 20_000;
    while (!pattern.test(out)) {
      if (Date.now() > until) throw new Error(`never printed ${pattern}: ${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return pattern.exec(out)!;
  };
  const port = Number((await waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)\//))[1]);
  const d = await startListeningDevice();
  try {
    await d.call('PUT', '/api/v1/remote-access/settings', d.token, remoteInput({ region: 'custom', custom_host: '127.0.0.1', custom_port: port }));
    await d.call('POST', '/api/v1/remote-access/connect', d.token);
    const st = await waitForStatus<{ state: string; url?: string; session_id?: string }>(d, (s) => s.state === 'connected');
    const printed = await waitFor(/Session URL of partner (\S+) \(session ([\d ]+)\): (\S+)/);
    expect(printed[1]).toBe(PARTNER.name.toLowerCase());
    expect(printed[2]).toBe(st.session_id);
    expect(printed[3]).toBe(st.url);
    expect(await (await fetch(new URL('/admin/login', printed[3]))).text()).toBe(CONSOLE_PAGE);
  } finally {
    await d.close();
  }
}, 40_000);

it('plays the cloud on the same port, in the states its --cloud-* flags give', async () => {
  child = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/tools/remote-service/main.ts', '--port', '0', '--cloud-state', '*=grace_period:5', '--cloud-activated', 'P-1', '--cloud-domain', 'dash.example.test'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  const until = Date.now() + 20_000;
  while (!/listening on http:\/\/127\.0\.0\.1:(\d+)\//.test(out)) {
    if (Date.now() > until) throw new Error(`never said where it listens: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const base = /listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(out)![1];
  const named = (await (await fetch(`${base}/cloud/v1/panels/P-1`)).json()) as { activation: string; subscription: string; domain: string | null };
  expect(named).toMatchObject({ activation: 'activated', subscription: 'grace_period', domain: 'dash.example.test' });
  const other = (await (await fetch(`${base}/cloud/v1/panels/P-2`)).json()) as { activation: string; subscription: string };
  expect(other).toMatchObject({ activation: 'not_activated', subscription: 'grace_period' });
}, 40_000);

it('refuses a malformed --cloud-state before it listens', async () => {
  child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/tools/remote-service/main.ts', '--port', '0', '--cloud-state', '*=sleeping'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((resolve) => child!.once('exit', resolve));
  expect(code).toBe(2);
  expect(err).toMatch(/--cloud-state \*=sleeping: expected ID=STATE/);
}, 40_000);

/**
 * `npm run mail-server` (server/tools/mail-server.ts), the development SMTP server the README
 * tells a tester to start: run as the README runs it, it takes the device's test mail with the
 * user name and password it was given, refuses a wrong password as an SMTP server does (535),
 * prints each mail it accepts and keeps it with --out.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestDevice, type TestDevice } from '../support/device';
import { smtpInput } from '../support/call-cases/email';
import { subjectOf } from '../../server/tools/mail-server';

const ROOT = path.resolve(__dirname, '..', '..');

function startTool(args: string[]): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/tools/mail-server.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mail-server did not start: ${out}`)), 30_000);
    const poll = setInterval(() => {
      const m = /listening on 127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        clearInterval(poll);
        resolve({ child, port: Number(m[1]), output: () => out });
      }
    }, 50);
    child.once('exit', (code) => reject(new Error(`mail-server exited (${code}): ${out}`)));
  });
}

describe('npm run mail-server', () => {
  let t: TestDevice;
  let admin: string;
  let tool: Awaited<ReturnType<typeof startTool>>;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-server-'));
  beforeAll(async () => {
    tool = await startTool(['--port', '0', '--user', 'panel', '--password', 'Smtp-Pass-1', '--out', out]);
    t = await startTestDevice();
    admin = await t.login('admin');
  }, 60_000);
  afterAll(async () => {
    tool.child.kill('SIGTERM');
    await t.close();
    fs.rmSync(out, { recursive: true, force: true });
  });

  const send = async (password: string) => {
    const set = await t.call('PUT', '/api/v1/email/smtp', admin, smtpInput({ host: '127.0.0.1', port: tool.port, security: 'none', username: 'panel', password, password_confirm: password }));
    expect(set.statusCode).toBe(200);
    const res = await t.call('POST', '/api/v1/email/test', admin, { to: 'maintenance@example.com' });
    expect(res.statusCode).toBe(200);
    return res.json() as { outcome: string; smtp_code: number | null };
  };

  it('refuses a wrong password with 535, as the device shows it', async () => {
    expect(await send('Wrong-Pass-1')).toMatchObject({ outcome: 'auth_failed', smtp_code: 535 });
    expect(fs.readdirSync(out)).toEqual([]);
  });

  it('takes the test mail, prints it and keeps it', async () => {
    expect(await send('Smtp-Pass-1')).toMatchObject({ outcome: 'accepted', smtp_code: 250 });
    const files = fs.readdirSync(out);
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(path.join(out, files[0]!), 'utf8');
    expect(raw).toMatch(/^To: .*maintenance@example\.com/im);
    await new Promise((r) => setTimeout(r, 200));
    expect(tool.output()).toMatch(new RegExp(`mail 1 from <[^>]+> to maintenance@example\\.com: ${subjectOf(raw).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });
});

describe('subjectOf', () => {
  it('unfolds a folded Subject and stops at the body', () => {
    expect(subjectOf('From: a@b\r\nSubject: Tank 1\r\n level high\r\n\r\nSubject: not this')).toBe('Tank 1 level high');
    expect(subjectOf('From: a@b\r\n\r\nSubject: body')).toBe('');
  });
});

/**
 * The FTP server against a real client (basic-ftp) on loopback: what it serves and to whom, and
 * the calls' rules beyond the shared matrix (test/server/contract-calls.test.ts). Ports are picked
 * free in 3000–4999 each run (test/support/ftp.ts).
 */
import fs from 'node:fs';
import net from 'node:net';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Client } from 'basic-ftp';
import { startTestDevice, TEST_PASSWORD, type TestDevice } from '../support/device';
import { download, ftpClient, ftpCode, ftpSettingsOf, ftpTestSettings, freePort } from '../support/ftp';
import type { FtpSettingsFields } from '../../contract/rules/ftp';
import type { FtpStatus } from '../../contract/api/ftp';
import { ftpSignIn } from '../../server/routes/ftp';

let t: TestDevice;
let admin: string;
let settings: FtpSettingsFields;
const clients: Client[] = [];

beforeAll(async () => {
  t = await startTestDevice();
  admin = await t.login('admin');
});
afterAll(async () => {
  for (const c of clients) c.close();
  await t.close();
});
afterEach(() => {
  while (clients.length) clients.pop()!.close();
});

const put = async (body: FtpSettingsFields) => {
  const res = await t.call('PUT', '/api/v1/ftp/settings', admin, body);
  expect(res.statusCode).toBe(200);
  return res.json() as FtpSettingsFields;
};
const status = async (): Promise<FtpStatus> => (await t.call('GET', '/api/v1/ftp/status', admin)).json();
const client = async (user: string, password = TEST_PASSWORD, secure = true) => {
  const c = await ftpClient(settings.port, user, password, secure);
  clients.push(c);
  return c;
};
const usbDir = () => path.join(t.dataDir, 'media', 'usb');

describe('the server runs only when asked (SVC-01)', () => {
  it('is off on a new device, on port 21, and nothing listens', async () => {
    const s = await status();
    expect(s).toMatchObject({ state: 'stopped', reason: 'disabled', port: 21, url: null, sessions: [] });
    expect((await t.call('GET', '/api/v1/ftp/settings', admin)).json()).toMatchObject({ enabled: false, media_writable: false, accounts: { history: true, update: false } });
  });

  it('a port another program holds leaves the state error with the reason, and the device answers on', async () => {
    const port = await freePort();
    const holder = net.createServer();
    await new Promise<void>((r) => holder.listen(port, '127.0.0.1', () => r()));
    try {
      await put(await ftpTestSettings({ port }));
      const s = await status();
      expect(s).toMatchObject({ state: 'error', reason: 'port_in_use', url: null });
      expect(s.detail).toMatch(/EADDRINUSE/);
    } finally {
      holder.close();
    }
  });

  (process.getuid?.() === 0 ? it.skip : it)('port 21 without privileges: error port_privileged, never a crash', async () => {
    await put(await ftpTestSettings({ port: 21 }));
    expect(await status()).toMatchObject({ state: 'error', reason: 'port_privileged' });
  });

  it('starts on a free port, and stops when disabled', async () => {
    settings = await ftpTestSettings();
    await put(settings);
    expect(await status()).toMatchObject({ state: 'running', reason: null, url: `ftp://127.0.0.1:${settings.port}`, tls: { offered: true, required: true } });
    await put({ ...settings, enabled: false });
    expect(await status()).toMatchObject({ state: 'stopped', reason: 'disabled' });
    expect(await ftpCode(ftpClient(settings.port, 'history', TEST_PASSWORD))).toMatch(/ECONNREFUSED/);
  });
});

describe('the settings rules (contract/rules/ftp.ts)', () => {
  it.each([
    [{ port: 22 }, 'port', 'ftp_port_range'],
    [{ port: 2999 }, 'port', 'ftp_port_range'],
    [{ port: 5000 }, 'port', 'ftp_port_range'],
    [{ passive_from: 1000 }, 'passive_from', 'passive_port_range'],
    [{ passive_from: 40010, passive_to: 40000 }, 'passive_to', 'passive_order'],
    [{ passive_from: 40000, passive_to: 40005 }, 'passive_to', 'passive_too_narrow'],
    [{ port: 4000, passive_from: 3990, passive_to: 4010 }, 'passive_from', 'passive_contains_port'],
  ])('%j is refused: %s %s', async (change, field, problem) => {
    const res = await t.call('PUT', '/api/v1/ftp/settings', admin, { ...ftpSettingsOf({ port: 3021 }), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, problem });
  });

  it('a change writes an operation-log row with before and after', async () => {
    const body = ftpSettingsOf({ port: 3022 });
    await put(body);
    const row = t.device.db.prepare("SELECT before_value, after_value, result FROM operation_log WHERE action = 'set_ftp_settings' ORDER BY id DESC LIMIT 1").get() as { before_value: string; after_value: string; result: string };
    expect(row.result).toBe('success');
    expect(JSON.parse(row.after_value)).toMatchObject({ port: 3022 });
  });
});

describe('history/ (read-only CSV, the console export\'s bytes)', () => {
  beforeAll(async () => {
    settings = await ftpTestSettings({ accounts: { history: true, update: true } });
    await put(settings);
    const log = t.device.dataLogs.list()[0]!;
    const start = Date.now() - 10_000_000;
    t.device.dataLogs.appendMany(log.id, (function* () {
      for (let i = 0; i < 5000; i++) yield [start + i * 1000, log.tags.map((_tag, k) => (k === 0 ? i % 97 : i / 7))] as const;
    })());
    // An alarm event: Tank1 level high.
    t.device.alarms.evaluate(t.device.project.project.alarms, (tag) => (tag === 'Tank1_Level' ? 95 : 50), Date.now());
  });

  it('lists one CSV per data log and the event log; / lists only history, usb and sd', async () => {
    const c = await client('history');
    expect((await c.list('/')).map((f) => f.name).sort()).toEqual(['history', 'sd', 'usb']);
    const names = (await c.list('/history')).map((f) => f.name);
    expect(names).toContain('events.csv');
    for (const log of t.device.dataLogs.list()) expect(names.some((n) => n.startsWith(log.name.replace(/[^A-Za-z0-9._-]+/g, '_')))).toBe(true);
    expect(names).toHaveLength(t.device.dataLogs.list().length + 1);
  });

  it('a data log downloaded equals the console\'s CSV export, byte for byte', async () => {
    const log = t.device.dataLogs.list()[0]!;
    const name = `${log.name.replace(/[^A-Za-z0-9._-]+/g, '_')}.csv`;
    const c = await client('history');
    const viaFtp = await download(c, `/history/${name}`);
    const history = await t.login('history');
    const console = await t.call('GET', `/api/v1/datalog/${log.id}/export`, history);
    expect(console.statusCode).toBe(200);
    expect(viaFtp.length).toBeGreaterThan(5000 * 10);
    expect(viaFtp.equals(console.rawPayload)).toBe(true);
  });

  it('events.csv equals the console\'s event log export', async () => {
    const c = await client('history');
    const viaFtp = await download(c, 'history/events.csv');
    const console = await t.call('GET', '/api/v1/eventlog/export', admin);
    expect(viaFtp.toString()).toContain('Tank1 level high');
    expect(viaFtp.equals(console.rawPayload)).toBe(true);
  });

  it('nothing is written in history/, even by Update with media writing on', async () => {
    await put({ ...settings, media_writable: true });
    const c = await client('update');
    expect(await ftpCode(c.uploadFrom(Readable.from(['x']), '/history/new.csv'))).toBe(550);
    expect(await ftpCode(c.remove('/history/events.csv'))).toBe(550);
    expect(await ftpCode(c.rename('/history/events.csv', '/history/e.csv'))).toBe(550);
    expect(await ftpCode(c.send('MKD /history/x'))).toBe(550);
    expect(await ftpCode(c.send('MKD /x'))).toBe(550);
    await put(settings);
  });
});

describe('usb/ and sd/: "FTP clients may modify USB/SD data" (§9)', () => {
  beforeAll(async () => {
    settings = await ftpTestSettings({ accounts: { history: true, update: true } });
    await put(settings);
    fs.writeFileSync(path.join(usbDir(), 'report.txt'), 'on the stick\n');
  });

  it('reads a file of the stick', async () => {
    const c = await client('history');
    expect((await download(c, '/usb/report.txt')).toString()).toBe('on the stick\n');
  });

  it('off (the default): upload, delete, rename, MKD and RMD answer 550, and nothing changes', async () => {
    const c = await client('update');
    expect(await ftpCode(c.uploadFrom(Readable.from(['new']), '/usb/new.txt'))).toBe(550);
    expect(await ftpCode(c.remove('/usb/report.txt'))).toBe(550);
    expect(await ftpCode(c.rename('/usb/report.txt', '/usb/moved.txt'))).toBe(550);
    expect(await ftpCode(c.send('MKD /sd/folder'))).toBe(550);
    fs.mkdirSync(path.join(usbDir(), 'keep'), { recursive: true });
    expect(await ftpCode(c.send('RMD /usb/keep'))).toBe(550);
    expect(fs.readdirSync(usbDir()).sort()).toEqual(['keep', 'report.txt']);
  });

  it('on: Update uploads, renames, deletes and makes folders; History still cannot', async () => {
    await put({ ...settings, media_writable: true });
    const c = await client('update');
    await c.uploadFrom(Readable.from([Buffer.alloc(100_000, 7)]), '/usb/upload.bin');
    expect(fs.statSync(path.join(usbDir(), 'upload.bin')).size).toBe(100_000);
    await c.rename('/usb/upload.bin', '/usb/renamed.bin');
    await c.send('MKD /sd/folder');
    expect(fs.existsSync(path.join(t.dataDir, 'media', 'sd', 'folder'))).toBe(true);
    await c.remove('/usb/renamed.bin');
    expect(fs.existsSync(path.join(usbDir(), 'renamed.bin'))).toBe(false);

    const h = await client('history');
    expect(await ftpCode(h.uploadFrom(Readable.from(['x']), '/usb/by-history.txt'))).toBe(550);
    expect(await ftpCode(h.remove('/usb/report.txt'))).toBe(550);
    expect(fs.existsSync(path.join(usbDir(), 'by-history.txt'))).toBe(false);
    await put(settings);
  });
});

describe('nothing outside the three folders is reachable', () => {
  beforeAll(async () => {
    settings = await ftpTestSettings({ accounts: { history: true, update: true }, media_writable: true });
    await put(settings);
  });

  it('`..` stops at the top of the tree', async () => {
    const c = await client('history');
    await c.cd('/usb');
    await c.cd('../../../..');
    expect(await c.pwd()).toBe('/');
    expect((await c.list()).map((f) => f.name).sort()).toEqual(['history', 'sd', 'usb']);
    expect(await ftpCode(download(c, '/usb/../../device.sqlite'))).toBe(551);
    expect(await ftpCode(download(c, 'usb/../../../../../etc/passwd'))).toBe(551);
  });

  it('[DL-01] absolute paths are paths of the tree: /etc and the data folder do not exist', async () => {
    const c = await client('update');
    expect(await ftpCode(c.cd('/etc'))).toBe(550);
    expect(await ftpCode(download(c, '/etc/passwd'))).toBe(551);
    expect(await ftpCode(download(c, `${t.dataDir}/device.sqlite`))).toBe(551);
    expect(await ftpCode(c.uploadFrom(Readable.from(['x']), '/evil.txt'))).toBe(550);
    expect(await ftpCode(c.uploadFrom(Readable.from(['x']), '/usb/../../evil.txt'))).toBe(550);
    expect(fs.existsSync(path.join(t.dataDir, 'media', 'evil.txt'))).toBe(false);
    expect(fs.existsSync(path.join(t.dataDir, 'evil.txt'))).toBe(false);
  });

  it('a link in usb/ that leads outside is neither listed nor followed', async () => {
    fs.symlinkSync(t.dataDir, path.join(usbDir(), 'out'));
    fs.symlinkSync(path.join(t.dataDir, 'device.sqlite'), path.join(usbDir(), 'db.sqlite'));
    fs.writeFileSync(path.join(usbDir(), 'inside.txt'), 'inside');
    fs.symlinkSync(path.join(usbDir(), 'inside.txt'), path.join(usbDir(), 'link-inside.txt'));
    const c = await client('update');
    const names = (await c.list('/usb')).map((f) => f.name);
    expect(names).not.toContain('out');
    expect(names).not.toContain('db.sqlite');
    expect(names).toContain('link-inside.txt');
    expect(await ftpCode(c.cd('/usb/out'))).toBe(550);
    expect(await ftpCode(download(c, '/usb/out/device.sqlite'))).toBe(551);
    expect(await ftpCode(download(c, '/usb/db.sqlite'))).toBe(551);
    expect(await ftpCode(c.uploadFrom(Readable.from(['x']), '/usb/out/planted.txt'))).toBe(550);
    expect(fs.existsSync(path.join(t.dataDir, 'planted.txt'))).toBe(false);
    // Writing through a link to a file outside is refused too (O_NOFOLLOW).
    expect(await ftpCode(c.uploadFrom(Readable.from(['x']), '/usb/db.sqlite'))).toBe(550);
    expect((await download(c, '/usb/link-inside.txt')).toString()).toBe('inside');
  });
});

describe('accounts: the console\'s, as the settings allow', () => {
  beforeAll(async () => {
    settings = await ftpTestSettings();
    await put(settings);
  });

  it('admin never signs in (AUTH-05); Update only when allowed; each attempt writes an operation-log row', async () => {
    expect(await ftpCode(ftpClient(settings.port, 'admin', TEST_PASSWORD))).toBe(530);
    expect(await ftpCode(ftpClient(settings.port, 'update', TEST_PASSWORD))).toBe(530);
    expect(await ftpCode(ftpClient(settings.port, 'anonymous', 'guest@'))).toBe(530);
    await client('history');
    const rows = t.device.db.prepare("SELECT account, result, source FROM operation_log WHERE action = 'ftp_sign_in' ORDER BY id DESC LIMIT 4").all() as { account: string; result: string; source: string }[];
    expect(rows.map((r) => [r.account, r.result])).toEqual([
      ['history', 'success'],
      ['anonymous', 'account_not_allowed'],
      ['update', 'account_not_allowed'],
      ['admin', 'account_not_allowed'],
    ]);
    expect(rows[0]!.source).toMatch(/127\.0\.0\.1/);
  });

  it('a disabled account is refused as a wrong password is', async () => {
    const res = await t.call('PUT', '/api/v1/uac/accounts/history', admin, { enabled: false });
    expect(res.statusCode).toBe(200);
    try {
      expect(await ftpCode(ftpClient(settings.port, 'history', TEST_PASSWORD))).toBe(530);
    } finally {
      expect((await t.call('PUT', '/api/v1/uac/accounts/history', admin, { enabled: true })).statusCode).toBe(200);
    }
  });

  it('the status lists the live sessions (account, address, since)', async () => {
    const c = await client('history');
    await c.pwd();
    const s = await status();
    expect(s.sessions).toEqual([expect.objectContaining({ account: 'history', address: expect.stringMatching(/127\.0\.0\.1/), secure: true })]);
    c.close();
    await new Promise((r) => setTimeout(r, 300));
    expect((await status()).sessions).toEqual([]);
  });
});

describe('TLS (RFC 4217)', () => {
  it('plain sign-in is refused (530) while plain HTTP is off, whatever the setting says', async () => {
    settings = await ftpTestSettings({ require_tls: false });
    await put(settings);
    // Plain FTP is allowed while HTTP is on (the screen marks it insecure).
    const plain = await client('history', TEST_PASSWORD, false);
    expect((await plain.list('/')).length).toBe(3);
    plain.close();
    t.device.settings.set('http_enabled', false);
    try {
      expect(t.device.ftp.status().tls).toEqual({ offered: true, required: true, http_off: true });
      expect(await ftpCode(ftpClient(settings.port, 'history', TEST_PASSWORD, false))).toBe(530);
      const row = t.device.db.prepare("SELECT result FROM operation_log WHERE action = 'ftp_sign_in' ORDER BY id DESC LIMIT 1").pluck().get();
      expect(row).toBe('tls_required');
      const secure = await client('history');
      expect((await download(secure, '/history/events.csv')).length).toBeGreaterThan(0);
    } finally {
      t.device.settings.set('http_enabled', true);
    }
  });
  it('AUTH TLS: a client that starts its handshake the moment the 234 arrives always gets TLS', async () => {
    // ftp-srv wrapped the socket only after its reply's promise hops: curl's ClientHello was read as
    // a command in about a third of its sign-ins. The client runs in its own process, as curl does.
    settings = await ftpTestSettings();
    await put(settings);
    const child = spawn(process.execPath, [path.join(__dirname, '../support/auth-tls-client.mjs'), String(settings.port), '30'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    await new Promise((resolve) => child.once('exit', resolve));
    expect(JSON.parse(out)).toEqual(Array(30).fill('331'));
  }, 60_000);
});

describe('LOCK-03: FTP sign-ins count in the console\'s limits and lockout', () => {
  it('five wrong FTP passwords lock the account\'s console sign-in from that address too', async () => {
    const d = await startTestDevice();
    try {
      const adminToken = await d.login('admin');
      const s = await ftpTestSettings();
      expect((await d.call('PUT', '/api/v1/ftp/settings', adminToken, s)).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect(await ftpCode(ftpClient(s.port, 'history', `wrong-${i}`))).toBe(530);
      // Even the right password is refused now, over FTP…
      expect(await ftpCode(ftpClient(s.port, 'history', TEST_PASSWORD))).toBe(530);
      // …and on the console, from the same address.
      const res = await d.app.inject({
        method: 'POST',
        url: '/api/v1/auth/token/history',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'password', username: 'history', password: TEST_PASSWORD }).toString(),
        remoteAddress: '127.0.0.1',
      });
      expect(res.statusCode).toBe(429);
      expect(res.json().error_code).toBe('login_locked');
      const results = d.device.db.prepare("SELECT result FROM operation_log WHERE action = 'ftp_sign_in' ORDER BY id").pluck().all();
      expect(results).toEqual(['invalid_credentials', 'invalid_credentials', 'invalid_credentials', 'invalid_credentials', 'login_locked', 'login_locked']);
      // Another address is not locked.
      expect(await d.login('history', '10.0.0.9')).toEqual(expect.any(String));
    } finally {
      await d.close();
    }
  });

  it('the sign-in function uses the console\'s per-address bucket: refusals by it are 429 and not logged', async () => {
    const d = await startTestDevice();
    try {
      for (let i = 0; i < 10; i++) await ftpSignIn(d.device, 'nobody', 'x', '10.1.1.1').catch(() => undefined);
      await expect(ftpSignIn(d.device, 'history', TEST_PASSWORD, '10.1.1.1')).rejects.toMatchObject({ result: 'too_many_requests', logged: false });
    } finally {
      await d.close();
    }
  });
});

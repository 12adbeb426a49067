/**
 * The security self-check and the diagnostic bundle beyond the shared matrix
 * (test/server/contract-calls.test.ts): each self-check item appears while its weakness is there
 * and leaves once it is fixed; the bundle's content; and the secrets test: known secrets planted
 * in every setting the contract marks secret (found from the settings' schemas, so a new area's
 * secret is planted without editing this test), in API keys, account passwords and log lines, and
 * none of them in any file of the bundle.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { z } from 'zod';
import { selfCheckSchema, type SelfCheck, type SelfCheckItem } from '../../contract/api/self-check';
import { ADMIN_MODE_ACCOUNTS, USER_MODE_ACCOUNTS } from '../../contract/roles';
import { SERVER_AREAS } from '../../server/areas';
import type { ServerArea } from '../../server/http/area';
import { ManualClock } from '../../server/lib/clock';
import { secretPaths } from '../../server/lib/mask';
import { ensureCertificate } from '../../server/tls';
import { OpcuaPki } from '../../server/services/opcua/pki';
import { REMOVED } from '../../server/services/diagnostics/bundle';
import type { SettingKey } from '../../server/services/settings';
import { startTestDevice, TEST_PASSWORD, type TestDevice } from '../support/device';
import { opcuaSettings, strengthRulesWire } from '../support/settings';
import { fromDefaults } from '../support/settings';
import { DEFAULT_FTP_SETTINGS, type FtpSettingsFields } from '../../contract/rules/ftp';

const ftpTestSettings = (o: Partial<FtpSettingsFields>) => fromDefaults(DEFAULT_FTP_SETTINGS, o);

const DAY = 24 * 60 * 60 * 1000;

let t: TestDevice;
let admin: string;

beforeAll(async () => {
  t = await startTestDevice();
  admin = await t.login('admin');
});
afterAll(() => t.close());

async function selfCheck(token = admin): Promise<SelfCheck> {
  const res = await t.call('GET', '/api/v1/diagnostics/self-check', token);
  expect({ status: res.statusCode, body: res.statusCode === 200 ? null : res.body }).toEqual({ status: 200, body: null });
  return selfCheckSchema.parse(res.json());
}
/** The ids found now: from the device itself, since some cases turn plain HTTP off (the API then
 * answers over HTTPS only, which `inject` does not speak); `item` reads the call's answer. */
const ids = async () => (await t.device.selfCheck()).map((i) => i.id);
const item = async (id: string): Promise<SelfCheckItem | undefined> => (await selfCheck()).items.find((i) => i.id === id);

/** Sets a stored setting as its area would, for the check to read. */
function set<K extends SettingKey>(key: K, value: ReturnType<TestDevice['device']['settings']['get']>): void {
  t.device.settings.set(key, value as never);
}

describe('GET /diagnostics/self-check', () => {
  it('answers 401 without a token, 403 to an account without Diagnostics, 200 to one granted it', async () => {
    expect((await t.call('GET', '/api/v1/diagnostics/self-check', null)).statusCode).toBe(401);
    const history = await t.login('history');
    expect((await t.call('GET', '/api/v1/diagnostics/self-check', history)).statusCode).toBe(403);
    t.device.db.prepare('INSERT INTO extra_roles (username, menu) VALUES (?, ?)').run('history', 'diagnostics');
    try {
      expect((await t.call('GET', '/api/v1/diagnostics/self-check', history)).statusCode).toBe(200);
    } finally {
      t.device.db.prepare('DELETE FROM extra_roles WHERE username = ?').run('history');
    }
  });

  it('each id an area declares is unique across the areas and answered only from its list', async () => {
    const declared = (SERVER_AREAS as readonly ServerArea[]).flatMap((a) => a.selfCheck?.ids ?? []);
    expect(new Set(declared).size).toBe(declared.length);
    for (const i of (await selfCheck()).items) expect(declared).toContain(i.id);
  });

  it('plain HTTP on: listed with its setting and the Security screen; gone once HTTP is off', async () => {
    expect(await item('plain_http')).toEqual({ id: 'plain_http', severity: 'high', area: 'system', setting: 'http_enabled', menu: 'security', values: {} });
    set('http_enabled', false);
    expect(await ids()).not.toContain('plain_http');
    set('http_enabled', true);
  });

  it('password rules off: listed while off, gone once on', async () => {
    set('password_strength_rules', strengthRulesWire({ password_rules_enable: false }));
    expect((await item('password_rules_off'))?.menu).toBe('security');
    set('password_strength_rules', strengthRulesWire({ password_rules_enable: true }));
    expect(await ids()).not.toContain('password_rules_off');
  });

  it('[AUTH-05] passwords unchanged since first start: names every account still on its initial password, none once each has its own', async () => {
    const all = [...ADMIN_MODE_ACCOUNTS, ...USER_MODE_ACCOUNTS];
    const first = await item('initial_passwords');
    expect(first).toMatchObject({ severity: 'high', menu: 'account_management', values: { count: all.length } });
    await t.device.accounts.setPassword(['admin', 'update'], 'Another-Password-1');
    const later = await item('initial_passwords');
    expect(later?.values.count).toBe(all.length - 2);
    expect(String(later?.values.accounts)).not.toContain('admin');
    await t.device.accounts.setPassword(all.filter((a) => a !== 'admin' && a !== 'update'), 'Another-Password-1');
    expect(await ids()).not.toContain('initial_passwords');
    // A WebView user chose its own password: never listed.
    await t.device.accounts.addWebviewUser('operator1', 'control', 'Operator-Pass-1');
    expect(await ids()).not.toContain('initial_passwords');
    await t.device.accounts.setPassword(all, TEST_PASSWORD);
    admin = await t.login('admin');
  });

  it('OPC UA with security None, or anonymous access, while it is enabled; neither once they are off', async () => {
    set('opcua', { ...opcuaSettings({ enabled: true, anonymous: true, security: { none: true } }), users: [] });
    expect(await ids()).toEqual(expect.arrayContaining(['opcua_security_none', 'opcua_anonymous']));
    expect((await item('opcua_anonymous'))?.menu).toBe('opcua');
    set('opcua', { ...opcuaSettings({ enabled: false, anonymous: true, security: { none: true } }), users: [] });
    expect(await ids()).not.toEqual(expect.arrayContaining(['opcua_security_none']));
    set('opcua', { ...opcuaSettings({ enabled: true, anonymous: false, security: { none: false } }), users: [] });
    const now = await ids();
    expect(now).not.toContain('opcua_security_none');
    expect(now).not.toContain('opcua_anonymous');
    set('opcua', { ...opcuaSettings(), users: [] });
  });

  it('FTP enabled without TLS required: listed; gone with TLS required, or with plain HTTP off (which requires it)', async () => {
    set('ftp', ftpTestSettings({ enabled: true, require_tls: false }));
    expect(await item('ftp_without_tls')).toMatchObject({ severity: 'high', setting: 'ftp.require_tls', menu: 'ftp' });
    set('ftp', ftpTestSettings({ enabled: true, require_tls: true }));
    expect(await ids()).not.toContain('ftp_without_tls');
    set('ftp', ftpTestSettings({ enabled: true, require_tls: false }));
    set('http_enabled', false);
    expect(await ids()).not.toContain('ftp_without_tls');
    set('http_enabled', true);
    set('ftp', ftpTestSettings({ enabled: false, require_tls: false }));
    expect(await ids()).not.toContain('ftp_without_tls');
  });

  it('remote access through a proxy with credentials (sent in clear to it): listed while on; not without credentials or a proxy', async () => {
    const stored = t.device.settings.get('remote_access');
    const withProxy = (proxy: Partial<typeof stored.proxy>, enabled = true) => set('remote_access', { ...stored, enabled, proxy: { ...stored.proxy, ...proxy } });
    withProxy({ protocol: 'http', host: 'proxy.plant', port: 3128, user: 'panel', password: 'proxy-pass' });
    expect(await item('remote_access_proxy_in_clear')).toMatchObject({ severity: 'medium', menu: 'remote_access', values: { protocol: 'http', host: 'proxy.plant' } });
    withProxy({ protocol: 'socks5', host: 'proxy.plant', port: 1080, user: 'panel', password: '' });
    expect(await ids()).toContain('remote_access_proxy_in_clear');
    withProxy({ protocol: 'http', host: 'proxy.plant', port: 3128, user: '', password: '' });
    expect(await ids()).not.toContain('remote_access_proxy_in_clear');
    withProxy({ protocol: 'none', user: 'panel', password: 'proxy-pass' });
    expect(await ids()).not.toContain('remote_access_proxy_in_clear');
    withProxy({ protocol: 'http', host: 'proxy.plant', port: 3128, user: 'panel', password: 'proxy-pass' }, false);
    expect(await ids()).not.toContain('remote_access_proxy_in_clear');
    set('remote_access', stored);
  });

  it('API keys without expiry: counted while active; gone once revoked, and a key with an expiry is not one', async () => {
    expect(await ids()).not.toContain('api_keys_without_expiry');
    const made = await t.call('POST', '/api/v1/uac/api-keys', admin, { name: 'Forever', account: 'history', menus: ['event_log'], access: 'read_only' });
    expect(made.statusCode).toBe(200);
    const expiring = new Date(t.device.time.nowMs() + 30 * DAY).toISOString();
    expect((await t.call('POST', '/api/v1/uac/api-keys', admin, { name: 'Month', account: 'history', menus: ['event_log'], access: 'read_only', expires_at: expiring })).statusCode).toBe(200);
    expect(await item('api_keys_without_expiry')).toMatchObject({ severity: 'medium', menu: 'api', values: { count: 1, keys: 'Forever' } });
    const id = (made.json() as { key: { id: string } }).key.id;
    expect((await t.call('DELETE', `/api/v1/uac/api-keys/${id}`, admin)).statusCode).toBe(200);
    expect(await ids()).not.toContain('api_keys_without_expiry');
  });
});

describe('certificates expiring within 30 days, by the host clock', () => {
  let d: TestDevice;
  const clock = new ManualClock(Date.now());
  beforeAll(async () => {
    d = await startTestDevice({ clock });
    await ensureCertificate(d.dataDir);
  });
  afterAll(() => d.close());
  const findings = async () => {
    const token = await d.login('admin');
    return (selfCheckSchema.parse((await d.call('GET', '/api/v1/diagnostics/self-check', token)).json())).items;
  };

  it('the console\'s HTTPS certificate: nothing while it has years left, expiring within 30 days, expired after', async () => {
    const cert = new (await import('node:crypto')).X509Certificate(fs.readFileSync(path.join(d.dataDir, 'tls', 'cert.pem')));
    const end = Date.parse(cert.validTo);
    expect((await findings()).map((i) => i.id)).not.toContain('https_certificate_expiring');
    clock.set(end - 10 * DAY - 1000);
    expect((await findings()).find((i) => i.id === 'https_certificate_expiring')).toMatchObject({ severity: 'low', menu: 'security', values: { days: 10 } });
    clock.set(end + DAY);
    const after = (await findings()).map((i) => i.id);
    expect(after).toContain('https_certificate_expired');
    expect(after).not.toContain('https_certificate_expiring');
    clock.set(Date.now());
  });

  it('the OPC UA server\'s own certificate, where its PKI keeps it', async () => {
    const pki = new OpcuaPki(path.join(d.dataDir, 'opcua'), () => clock.now());
    // The check reads the file the PKI writes its own certificate to.
    expect(pki.certificateFile).toBe(path.join(d.dataDir, 'opcua', 'pki', 'own', 'certs', 'certificate.pem'));
    fs.mkdirSync(path.dirname(pki.certificateFile), { recursive: true });
    fs.copyFileSync(path.join(d.dataDir, 'tls', 'cert.pem'), pki.certificateFile);
    const end = Date.parse(new (await import('node:crypto')).X509Certificate(fs.readFileSync(pki.certificateFile)).validTo);
    expect((await findings()).map((i) => i.id)).not.toContain('opcua_certificate_expiring');
    clock.set(end - 2 * DAY);
    expect((await findings()).find((i) => i.id === 'opcua_certificate_expiring')).toMatchObject({ menu: 'opcua', values: { days: 2 } });
    clock.set(end + 1);
    expect((await findings()).map((i) => i.id)).toContain('opcua_certificate_expired');
    clock.set(Date.now());
  });
});

// ---- The bundle -------------------------------------------------------------------------------

/** The files of a tar.gz, by name. */
async function unpack(archive: Buffer): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const extract = tar.extract();
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: unknown) => chunks.push(c as Buffer));
      stream.on('end', () => {
        files.set(header.name, Buffer.concat(chunks).toString('utf8'));
        next();
      });
      stream.resume();
    });
    extract.on('finish', resolve);
    extract.on('error', reject);
  });
  extract.end(zlib.gunzipSync(archive));
  await done;
  return files;
}

async function bundle(token = admin) {
  return t.app.inject({ method: 'GET', url: '/api/v1/diagnostics/bundle', headers: { authorization: `Bearer ${token}` } });
}

describe('GET /diagnostics/bundle', () => {
  it('answers 401 without a token and 403 to every account but admin, Diagnostics granted or not', async () => {
    expect((await t.call('GET', '/api/v1/diagnostics/bundle', null)).statusCode).toBe(401);
    t.device.db.prepare('INSERT INTO extra_roles (username, menu) VALUES (?, ?)').run('update', 'diagnostics');
    try {
      const update = await t.login('update');
      expect((await t.call('GET', '/api/v1/diagnostics/bundle', update)).statusCode).toBe(403);
      // The self-check it may read.
      expect((await t.call('GET', '/api/v1/diagnostics/self-check', update)).statusCode).toBe(200);
    } finally {
      t.device.db.prepare('DELETE FROM extra_roles WHERE username = ?').run('update');
    }
  });

  it('is a gzip tar with system facts, every setting, the log, the services, the self-check and the integrity check; its download written to the operation log', async () => {
    t.device.deviceLog.add(JSON.stringify({ level: 30, msg: 'bundle test line' }));
    const res = await bundle();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/gzip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="diagnostics-HMI-[0-9T-]+\.tar\.gz"$/);
    expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const files = await unpack(res.rawPayload);
    expect([...files.keys()].sort()).toEqual(['database-integrity.txt', 'log.jsonl', 'manifest.json', 'self-check.json', 'services.json', 'settings.json', 'system.json']);
    expect(files.get('database-integrity.txt')).toBe('ok\n');
    const settings = JSON.parse(files.get('settings.json')!) as Record<string, unknown>;
    expect(Object.keys(settings).sort()).toEqual([...t.device.settings.keys()].sort());
    expect(settings.hmi_name).toBe('HMI');
    expect(settings.http_enabled).toBe(true);
    expect(files.get('log.jsonl')).toContain('bundle test line');
    expect(selfCheckSchema.parse(JSON.parse(files.get('self-check.json')!)).items.map((i) => i.id)).toContain('plain_http');
    expect((JSON.parse(files.get('services.json')!) as { services: { name: string }[] }).services.length).toBeGreaterThan(0);
    const system = JSON.parse(files.get('system.json')!) as Record<string, unknown>;
    expect(system).toMatchObject({ hmi_name: 'HMI', serial_number: t.device.settings.get('device_identity').serial_number });
    const manifest = JSON.parse(files.get('manifest.json')!) as { format: string; files: { name: string; bytes: number }[] };
    expect(manifest.format).toBe('hmi-diagnostic-bundle');
    for (const f of manifest.files) expect(Buffer.byteLength(files.get(f.name)!)).toBe(f.bytes);
    const row = t.device.db.prepare("SELECT account, target, result, after_value AS after FROM operation_log WHERE action = 'download_diagnostic_bundle' ORDER BY id DESC LIMIT 1").get() as { account: string; target: string; result: string; after: string };
    expect(row).toMatchObject({ account: 'admin', target: 'diagnostics.bundle', result: 'success' });
    expect(JSON.parse(row.after)).toMatchObject({ file: expect.stringMatching(/\.tar\.gz$/), integrity: 'ok' });
  });

  it('holds at most the last 10,000 log lines', async () => {
    for (let i = 0; i < 10_050; i++) t.device.deviceLog.add(JSON.stringify({ level: 30, msg: `line ${i}` }));
    const log = (await unpack((await bundle()).rawPayload)).get('log.jsonl')!;
    const lines = log.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(10_000);
    expect(lines.at(-1)).toContain('line 10049');
    expect(log).not.toContain('"line 49"');
  });
});

// ---- The secrets test -------------------------------------------------------------------------

/** Plants `secret` at a path of `secretPaths` (`a.b`, `[]` an array's items, `*` a record's
 * values) inside `holder[key]`. Where a new device has nothing yet (no Wi-Fi connection, an empty
 * list of OPC UA users, no licence) it makes the room: an object, a list of one, a record of one
 * (the stored value need not be valid: the bundle reads settings as they are). So every secret
 * any setting marks, now or in a future area, is planted without naming it here. */
function plantAt(holder: Record<string, unknown>, key: string, parts: readonly string[], secret: string): void {
  if (parts.length === 0) {
    holder[key] = secret;
    return;
  }
  const [head, ...rest] = parts;
  if (head === '[]') {
    if (!Array.isArray(holder[key]) || (holder[key] as unknown[]).length === 0) holder[key] = [rest.length === 0 ? '' : {}];
    const list = holder[key] as unknown[];
    list.forEach((_, i) => plantAt(list as unknown as Record<string, unknown>, String(i), rest, secret));
    return;
  }
  if (holder[key] === null || typeof holder[key] !== 'object') holder[key] = {};
  const inner = holder[key] as Record<string, unknown>;
  if (head === '*') {
    if (Object.keys(inner).length === 0) inner.planted = rest.length === 0 ? '' : {};
    for (const k of Object.keys(inner)) plantAt(inner, k, rest, secret);
    return;
  }
  plantAt(inner, head!, rest, secret);
}

describe('[PW-03] the bundle holds no secret', () => {
  it('[BK-01] plants a known secret in every secret the settings mark, in API keys, passwords and log lines: none is in any file', async () => {
    const planted = new Map<string, string>();
    const settings = t.device.settings;
    for (const key of settings.keys()) {
      const schema = settings.schemaOf(key) as z.ZodType;
      const paths = secretPaths(schema);
      if (paths.length === 0) continue;
      const holder: Record<string, unknown> = { value: structuredClone(settings.get(key)) };
      for (const p of paths) {
        const secret = `PLANTED-${key}-${p}-Zq7`.replace(/[^A-Za-z0-9-]/g, '-');
        const parts = p === '' ? [] : p.split('.').flatMap((s) => (s.endsWith('[]') && s !== '[]' ? [s.slice(0, -2), '[]'] : [s]));
        plantAt(holder, 'value', parts, secret);
        expect({ setting: key, path: p, planted: JSON.stringify(holder.value).includes(secret) }).toEqual({ setting: key, path: p, planted: true });
        planted.set(`${key}:${p}`, secret);
      }
      settings.set(key, holder.value as never);
    }
    // The settings the task names are among them (found from the schemas, not listed by hand).
    expect([...planted.keys()]).toEqual(expect.arrayContaining(['email_smtp:password', 'remote_access:partner_password', 'remote_access:proxy.password', 'hotspot:password']));

    // An API key's secret, and the token of a session.
    const made = await t.call('POST', '/api/v1/uac/api-keys', admin, { name: 'Planted', account: 'history', menus: ['event_log'], access: 'read_only' });
    const apiKey = (made.json() as { secret: string }).secret;
    // The account passwords.
    const accountPassword = 'Planted-Account-Pass-9';
    await t.device.accounts.setPassword([...ADMIN_MODE_ACCOUNTS], accountPassword);
    const res0 = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token/admin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: 'admin', password: accountPassword }).toString(),
    });
    expect(res0.statusCode).toBe(200);
    const session = res0.json() as { access_token: string; refresh_token: string };
    admin = session.access_token;
    // Log lines that carry secrets: a token in a header, a password field, a secret in a message.
    const smtp = planted.get('email_smtp:password')!;
    t.device.deviceLog.add(JSON.stringify({ level: 40, msg: `SMTP sign-in failed with ${smtp}`, req: { headers: { authorization: `Bearer ${session.access_token}` } } }));
    t.device.deviceLog.add(JSON.stringify({ level: 30, msg: 'refresh', refresh_token: session.refresh_token, password: accountPassword, url: `/x?api_key=${apiKey}` }));
    t.device.deviceLog.add(`plain text line with ${planted.get('remote_access:partner_password')} and Bearer ${apiKey}`);

    const res = await bundle();
    expect(res.statusCode).toBe(200);
    const files = await unpack(res.rawPayload);
    const everything = [...planted.entries(), ['api key', apiKey], ['account password', accountPassword], ['access token', session.access_token], ['refresh token', session.refresh_token]] as const;
    for (const [name, file] of files) {
      for (const [what, value] of everything) {
        const at = file.indexOf(value);
        expect({ file: name, what, found: at === -1 ? null : file.slice(Math.max(0, at - 200), at + value.length + 20) }).toEqual({ file: name, what, found: null });
      }
    }
    // Removed, not dropped: the settings keep their shape with the value marked removed.
    const stored = JSON.parse(files.get('settings.json')!) as { email_smtp: { password: string } };
    expect(stored.email_smtp.password).toBe(REMOVED);
    // The lines are there, without what they carried.
    expect(files.get('log.jsonl')).toContain('SMTP sign-in failed with');
    await t.device.accounts.setPassword([...ADMIN_MODE_ACCOUNTS], TEST_PASSWORD);
    admin = await t.login('admin');
  });
});

/** A device that already has data keeps it when the server's settings gain fields: each stored
 * setting gets the fields its default has and it lacks, at any depth, and keeps its own values;
 * maps keyed by data (users, interfaces) and arrays stay as stored. */
import { z } from 'zod';
import { openDatabase } from '../../server/db/database';
import { SettingsService, withDefaults } from '../../server/services/settings';
import { SETTING_DEFS } from '../../server/areas';
import { makeDataDir, startTestDevice } from '../support/device';
import fs from 'node:fs';

describe('withDefaults', () => {
  const schema = z.object({
    name: z.string(),
    nested: z.object({ kept: z.number(), added: z.boolean() }),
    later: z.object({ a: z.number() }),
    list: z.array(z.object({ x: z.number(), y: z.number() })),
    users: z.record(z.string(), z.boolean()),
    maybe: z.object({ p: z.number(), q: z.number() }).nullable(),
  });
  const fallback = {
    name: 'default',
    nested: { kept: 0, added: true },
    later: { a: 1 },
    list: [{ x: 0, y: 0 }],
    users: { first: true, second: true },
    maybe: { p: 0, q: 0 },
  };

  it('adds missing fields at any depth and keeps every stored value', () => {
    const stored = { name: 'mine', nested: { kept: 7 }, list: [{ x: 5 }, { x: 6 }], users: { first: false }, maybe: null };
    expect(withDefaults(stored, fallback, schema)).toEqual({
      name: 'mine',
      nested: { kept: 7, added: true },
      later: { a: 1 },
      // arrays, records and null are data: kept exactly as stored
      list: [{ x: 5 }, { x: 6 }],
      users: { first: false },
      maybe: null,
    });
  });

  it('merges into an object under nullable, and keeps keys the default does not have', () => {
    expect(withDefaults({ maybe: { p: 3 }, extra: 'kept' }, fallback, schema)).toMatchObject({ maybe: { p: 3, q: 0 }, extra: 'kept' });
  });

  it('keeps a stored value of another shape than its default as it is', () => {
    expect(withDefaults('text', fallback, schema)).toBe('text');
    expect(withDefaults({ nested: 5 }, fallback, schema)).toMatchObject({ nested: 5 });
  });
});

describe('stored settings of an older shape', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  /** A database as an older server wrote it: settings of an older shape, one setting not yet there. */
  function olderDatabase(): string {
    const dataDir = makeDataDir();
    dirs.push(dataDir);
    const db = openDatabase(dataDir);
    const put = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)');
    put.run('hmi_name', JSON.stringify('Line-9'));
    // without timeout_enabled and auto_login.username; only one user in the map
    put.run(
      'webview',
      JSON.stringify({ enabled: false, timeout_minutes: 15, password_free: true, auto_login: { enabled: true }, users_enabled: { cmt_default_control_user: false } }),
    );
    // without attempt_started_ms
    put.run('wifi', JSON.stringify({ enabled: true, connection: null }));
    // without range_end
    put.run('hotspot', JSON.stringify({ enabled: true, address: '192.168.90.1', range_start: '192.168.90.10', password: 'Older-Pass-12' }));
    put.run('device_identity', JSON.stringify({ serial_number: 'X107000000042', macs: { LAN1: '02:1a:7c:00:00:01' } }));
    // a minimal length under the floor of 8, which the range once allowed
    put.run(
      'password_strength_rules',
      JSON.stringify({ password_rules_enable: true, password_rules_minimal_length: 6, password_rules_include_numbers: true, password_rules_include_mixed_cases: false, password_rules_include_special_characters: false }),
    );
    db.close();
    return dataDir;
  }

  it('gains the new fields, keeps its own values, and writes the upgrade back', () => {
    const dataDir = olderDatabase();
    const db = openDatabase(dataDir);
    const settings = new SettingsService(db, SETTING_DEFS);
    expect(settings.get('hmi_name')).toBe('Line-9');
    // the two timeout fields become one, the users' enabled map leaves (migration 8 moved it to
    // the accounts: test/server/webview-users.test.ts), the new fields get their defaults
    expect(settings.get('webview')).toEqual({
      enabled: false,
      idle_timeout: { enabled: false, minutes: 15 },
      home_page: false,
      password_free: true,
      auto_login: { enabled: true, username: null },
      max_viewers: 4,
    });
    expect(settings.get('wifi')).toEqual({ enabled: true, connection: null, attempt_started_ms: 0 });
    expect(settings.get('hotspot')).toEqual({
      enabled: true,
      address: '192.168.90.1',
      range_start: '192.168.90.10',
      range_end: '192.168.50.199',
      password: 'Older-Pass-12',
    });
    // the interfaces of the nameplate are data: none is added
    expect(settings.get('device_identity')).toEqual({ serial_number: 'X107000000042', macs: { LAN1: '02:1a:7c:00:00:01' } });
    // a setting the older server did not have gets its default
    expect(settings.get('secs_license')).toBe(false);
    // a minimal length under the floor reads as the floor, the other rules as stored
    expect(settings.get('password_strength_rules')).toEqual({
      password_rules_enable: true,
      password_rules_minimal_length: 8,
      password_rules_include_numbers: true,
      password_rules_include_mixed_cases: false,
      password_rules_include_special_characters: false,
    });

    const stored = (key: string) => JSON.parse(db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(key) as string);
    expect(stored('webview')).toEqual(settings.get('webview'));
    expect(stored('hotspot')).toEqual(settings.get('hotspot'));
    expect(stored('password_strength_rules')).toEqual(settings.get('password_strength_rules'));
    db.close();

    // a second start finds nothing to upgrade and reads the same values
    const again = openDatabase(dataDir);
    const before = again.prepare('SELECT key, value FROM settings ORDER BY key').all();
    const reread = new SettingsService(again, SETTING_DEFS);
    expect(again.prepare('SELECT key, value FROM settings ORDER BY key').all()).toEqual(before);
    expect(reread.get('webview')).toEqual(settings.get('webview'));
    again.close();
  });

  it('serves the upgraded settings through the API', async () => {
    const t = await startTestDevice({ dataDir: olderDatabase() });
    try {
      const admin = await t.login('admin');
      expect((await t.call('GET', '/api/v1/webview/timeout', admin)).json()).toEqual({ enabled: false, minutes: 15 });
      expect((await t.call('GET', '/api/v1/webview/autologin', admin)).json()).toEqual({ enabled: true, username: null });
      expect((await t.call('GET', '/api/v1/network/hotspot', admin)).json().settings).toMatchObject({ address: '192.168.90.1', range_end: '192.168.50.199' });
    } finally {
      await t.close();
    }
  });
});

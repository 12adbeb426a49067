import crypto from 'node:crypto';
import type { Db } from '../db/database';
import {
  DEFAULT_EXPIRATION,
  DEFAULT_STRENGTH_RULES,
  strengthRulesToWire,
  expirationToWire,
  type PasswordExpirationWire,
  type PasswordStrengthRulesWire,
} from '../../contract/rules';
import type { EthernetSettings, HotspotSettings, WifiConnectSettings } from '../../contract/rules/network';

/** A network change applied with the safety net, until confirmed or restored. */
export interface PendingNetworkChange {
  id: string;
  section: 'ethernet' | 'wifi' | 'hotspot';
  before: unknown;
  after: unknown;
  deadline_ms: number;
  moved: { name: string; before: string; after: string }[];
}

/** Every device setting with its default. One key-value table; values are JSON. */
export interface DeviceSettings {
  hmi_name: string;
  time_offset_ms: number;
  password_strength_rules: PasswordStrengthRulesWire;
  password_expiration: PasswordExpirationWire;
  http_enabled: boolean;
  jwt_secret: string;
  secs_license: boolean;
  /** Made once at first start: what a real panel reads from its nameplate and NICs. */
  device_identity: { serial_number: string; macs: Record<string, string> };
  ethernet: EthernetSettings;
  wifi: { enabled: boolean; connection: WifiConnectSettings | null; attempt_started_ms: number };
  hotspot: HotspotSettings;
  network_pending: PendingNetworkChange | null;
  webview: {
    enabled: boolean;
    timeout_enabled: boolean;
    timeout_minutes: number;
    password_free: boolean;
    auto_login: { enabled: boolean; username: string | null };
    users_enabled: Record<string, boolean>;
  };
}

type Key = keyof DeviceSettings;

function randomPassphrase(length: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return Array.from(crypto.randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
}

/** A serial number and locally administered MAC addresses, one per interface, in sequence. */
function newDeviceIdentity(): DeviceSettings['device_identity'] {
  const serial = `X1070${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
  const base = crypto.randomBytes(3);
  const macs: Record<string, string> = {};
  ['LAN1', 'LAN2', 'WLAN'].forEach((name, i) => {
    const tail = ((base.readUIntBE(0, 3) + i) & 0xffffff).toString(16).padStart(6, '0');
    macs[name] = `02:1a:7c:${tail.slice(0, 2)}:${tail.slice(2, 4)}:${tail.slice(4, 6)}`;
  });
  return { serial_number: serial, macs };
}

function defaults(): DeviceSettings {
  return {
    hmi_name: 'HMI',
    time_offset_ms: 0,
    password_strength_rules: strengthRulesToWire(DEFAULT_STRENGTH_RULES),
    password_expiration: expirationToWire(DEFAULT_EXPIRATION),
    http_enabled: true,
    jwt_secret: crypto.randomBytes(48).toString('base64url'),
    secs_license: false,
    device_identity: newDeviceIdentity(),
    ethernet: {
      bridge: false,
      interfaces: [
        { mode: 'dhcp', ip: '', netmask: '', gateway: '', dns1: '', dns2: '' },
        { mode: 'static', ip: '192.168.2.10', netmask: '255.255.255.0', gateway: '', dns1: '', dns2: '' },
      ],
    },
    wifi: { enabled: false, connection: null, attempt_started_ms: 0 },
    hotspot: {
      enabled: false,
      address: '192.168.50.1',
      range_start: '192.168.50.100',
      range_end: '192.168.50.199',
      // Printed on a panel's label; here made at first start, never a shared default.
      password: randomPassphrase(12),
    },
    network_pending: null,
    webview: {
      enabled: true,
      timeout_enabled: false,
      timeout_minutes: 60,
      password_free: false,
      auto_login: { enabled: false, username: null },
      users_enabled: { cmt_default_control_user: true, cmt_default_view_only_user: true },
    },
  };
}

/** Settings with a write-through memory copy: this process is the database's only writer, so
 * reads never touch SQLite. */
export class SettingsService {
  private readonly cache = new Map<Key, unknown>();
  private readonly upsert;

  constructor(private readonly db: Db) {
    this.upsert = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
    const rows = db.prepare('SELECT key, value FROM settings').all() as { key: Key; value: string }[];
    for (const r of rows) this.cache.set(r.key, JSON.parse(r.value));
    const missing = Object.entries(defaults()).filter(([k]) => !this.cache.has(k as Key));
    if (missing.length > 0) {
      db.transaction(() => {
        for (const [k, v] of missing) this.write(k as Key, v);
      })();
    }
  }

  get<K extends Key>(key: K): DeviceSettings[K] {
    return this.cache.get(key) as DeviceSettings[K];
  }

  /** Writes in the caller's transaction if there is one; call inside `db.transaction` to group. */
  set<K extends Key>(key: K, value: DeviceSettings[K]): void {
    this.write(key, value);
  }

  private write(key: Key, value: unknown): void {
    this.upsert.run(key, JSON.stringify(value));
    this.cache.set(key, value);
  }
}

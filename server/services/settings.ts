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

/** Every device setting with its default. One key-value table; values are JSON. */
export interface DeviceSettings {
  hmi_name: string;
  time_offset_ms: number;
  password_strength_rules: PasswordStrengthRulesWire;
  password_expiration: PasswordExpirationWire;
  http_enabled: boolean;
  jwt_secret: string;
  secs_license: boolean;
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

function defaults(): DeviceSettings {
  return {
    hmi_name: 'HMI',
    time_offset_ms: 0,
    password_strength_rules: strengthRulesToWire(DEFAULT_STRENGTH_RULES),
    password_expiration: expirationToWire(DEFAULT_EXPIRATION),
    http_enabled: true,
    jwt_secret: crypto.randomBytes(48).toString('base64url'),
    secs_license: false,
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

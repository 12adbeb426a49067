import crypto from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../db/database';
import { FACTORY_OS_VERSION } from '../hardware/system-info';
import {
  DEFAULT_EXPIRATION,
  DEFAULT_STRENGTH_RULES,
  MINIMAL_LENGTH_RANGE,
  strengthRulesToWire,
  expirationToWire,
} from '../../contract/rules';
import { expirationWireSchema, strengthRulesWireSchema } from '../../contract/api/system';
import { ethernetSettingsSchema, hotspotSettingsSchema, pendingChangeSchema, wifiConnectSchema } from '../../contract/api/network';
import { oplogRetentionSchema } from '../../contract/api/data';
import { DEFAULT_OPLOG_RETENTION } from '../../contract/rules/data';
import { DEFAULT_ETHERNET_SETTINGS, DEFAULT_HOTSPOT_SETTINGS } from '../../contract/rules/network';
import { opcuaSettingsSchema, opcuaUserSchema } from '../../contract/api/opcua';
import { DEFAULT_OPCUA_SETTINGS } from '../../contract/rules/opcua';
import { secret } from '../../contract/api/secret';
import { plcLan1Schema } from '../../contract/api/plc-runtime';
import { ACTIVATION_METHODS, DEFAULT_PLC_LAN1 } from '../../contract/rules/plc-runtime';
import { FACTORY_PLC_RUNTIME_VERSION } from '../hardware/plc-runtime';

/** A pending network change as stored: the contract's pending change without its countdown (worked
 * out from the deadline when asked), plus what restoring or keeping it needs. */
const storedNetworkChangeSchema = pendingChangeSchema.omit({ seconds_left: true }).extend({
  /** The section's value it replaced, and its own (a section of SETTING_SCHEMAS). */
  before: z.unknown(),
  after: z.unknown(),
  deadline_ms: z.number(),
});

/** Every device setting as stored (one key-value table, values are JSON), by its schema. The
 * schema gives the setting's type (DeviceSettings), marks its secrets (the operation log masks
 * them when it records a stored value), and tells objects, which gain new fields from the default
 * (`withDefaults`), from records keyed by data (users, interfaces), which are kept as stored. */
export const SETTING_SCHEMAS = {
  hmi_name: z.string(),
  time_offset_ms: z.number(),
  password_strength_rules: strengthRulesWireSchema,
  password_expiration: expirationWireSchema,
  http_enabled: z.boolean(),
  jwt_secret: secret(z.string()),
  secs_license: z.boolean(),
  /** Made once at first start: what a real panel reads from its nameplate and NICs. */
  device_identity: z.object({ serial_number: z.string(), macs: z.record(z.string(), z.string()) }),
  ethernet: ethernetSettingsSchema,
  wifi: z.object({ enabled: z.boolean(), connection: wifiConnectSchema.nullable(), attempt_started_ms: z.number() }),
  hotspot: hotspotSettingsSchema,
  /** A network change applied with the safety net, until confirmed or restored. */
  network_pending: storedNetworkChangeSchema.nullable(),
  webview: z.object({
    enabled: z.boolean(),
    timeout_enabled: z.boolean(),
    timeout_minutes: z.number(),
    password_free: z.boolean(),
    auto_login: z.object({ enabled: z.boolean(), username: z.string().nullable() }),
    users_enabled: z.record(z.string(), z.boolean()),
  }),
  /** How much of the operation log is kept: at most `rows` rows, none older than `days` days; the
   * oldest go first, and each pruning writes one row saying what went. */
  oplog_retention: oplogRetentionSchema,
  /** The installed OS's version: the factory's, then whatever an OS update committed. */
  os_version: z.string(),
  /** The PLC runtime: its licence (null while not activated), the installed firmware's version,
   * and LAN1 (who controls it, the address the PLC runtime OS sets). */
  plc_runtime: z.object({
    activation: z.object({ method: z.enum(ACTIVATION_METHODS), activated_at: z.string(), licence: secret(z.string()) }).nullable(),
    version: z.string(),
    lan1: plcLan1Schema,
  }),
  /** The OPC UA server's settings; a user's password is kept as a scrypt hash only. */
  opcua: opcuaSettingsSchema.extend({ users: z.array(opcuaUserSchema.extend({ password_hash: secret(z.string()) })) }),
};

export type SettingKey = keyof typeof SETTING_SCHEMAS;
export type DeviceSettings = { [K in SettingKey]: z.output<(typeof SETTING_SCHEMAS)[K]> };
export type StoredNetworkChange = z.output<typeof storedNetworkChangeSchema>;

type Key = SettingKey;

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

/** A new device's settings. A setting of the console's takes its default from the contract, beside
 * its rules (contract/rules/<area>.ts), where tests build theirs from too; copied, so that nothing
 * changes the original. */
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
    ethernet: structuredClone(DEFAULT_ETHERNET_SETTINGS),
    wifi: { enabled: false, connection: null, attempt_started_ms: 0 },
    hotspot: {
      ...DEFAULT_HOTSPOT_SETTINGS,
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
    oplog_retention: { ...DEFAULT_OPLOG_RETENTION },
    os_version: FACTORY_OS_VERSION,
    plc_runtime: { activation: null, version: FACTORY_PLC_RUNTIME_VERSION, lan1: { ...DEFAULT_PLC_LAN1 } },
    // No users at first, so none lacks the password hash a stored user has.
    opcua: { ...structuredClone(DEFAULT_OPCUA_SETTINGS), users: [] },
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A stored value with the fields its default has and it lacks, at any depth, following the
 * setting's schema: only a schema object is merged, a field at a time; a record, an array, a null
 * or a scalar is the stored value as it is, and so is an object whose default is null (a Wi-Fi
 * connection: no default to take fields from). Defaults merged deeply rather than numbered
 * upgrades: adding a field to a setting is then adding it to the schema and the default, nothing
 * more. A change that is not an added field (a rename, a new meaning) needs code of its own. */
export function withDefaults(stored: unknown, fallback: unknown, schema: z.core.$ZodType): unknown {
  const object = objectShape(schema);
  if (!object || !isPlainObject(stored) || !isPlainObject(fallback)) return stored;
  const out: Record<string, unknown> = { ...stored };
  for (const [k, d] of Object.entries(fallback)) {
    const field = object[k];
    if (!Object.hasOwn(stored, k)) out[k] = d;
    else if (field) out[k] = withDefaults(stored[k], d, field);
  }
  return out;
}

/** The fields of an object schema, looking through `.nullable()` and `.optional()`. */
function objectShape(schema: z.core.$ZodType): Record<string, z.core.$ZodType> | null {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  if (def.type === 'object') return def.shape as Record<string, z.core.$ZodType>;
  if (def.type === 'nullable' || def.type === 'optional') return objectShape(def.innerType);
  return null;
}

/** What changed meaning since a value was stored (not an added field: `withDefaults` does those),
 * per setting. Each runs at every start on the stored value and answers it as the device now reads
 * it; what it changes is written back. */
const UPGRADES: { [K in Key]?: (stored: unknown) => DeviceSettings[K] | undefined } = {
  // The minimal length once went down to 4 though 8 was always the floor: the floor it is.
  password_strength_rules: (stored) => {
    const parsed = strengthRulesWireSchema.extend({ password_rules_minimal_length: z.number() }).safeParse(stored);
    if (!parsed.success) return undefined;
    return { ...parsed.data, password_rules_minimal_length: Math.max(MINIMAL_LENGTH_RANGE.min, Math.min(MINIMAL_LENGTH_RANGE.max, parsed.data.password_rules_minimal_length)) };
  },
};

/** Settings with a write-through memory copy: this process is the database's only writer, so
 * reads never touch SQLite. */
export class SettingsService {
  private readonly cache = new Map<Key, unknown>();
  private readonly upsert;

  constructor(private readonly db: Db) {
    this.upsert = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
    const rows = db.prepare('SELECT key, value FROM settings').all() as { key: Key; value: string }[];
    const stored = new Map(rows.map((r) => [r.key, r.value]));
    // A setting added since the data was written gets its default; a stored object gets the fields
    // its default gained since, its own values kept. What changes is written back at once, so the
    // database holds what the device uses.
    const upgraded: [Key, unknown][] = [];
    for (const [k, fallback] of Object.entries(defaults()) as [Key, unknown][]) {
      const text = stored.get(k);
      const merged = text === undefined ? fallback : withDefaults(JSON.parse(text), fallback, SETTING_SCHEMAS[k]);
      const value = UPGRADES[k]?.(merged) ?? merged;
      this.cache.set(k, value);
      if (text === undefined || JSON.stringify(value) !== text) upgraded.push([k, value]);
    }
    // Keys no setting has any more stay in the table, untouched and unread.
    if (upgraded.length > 0) {
      db.transaction(() => {
        for (const [k, v] of upgraded) this.write(k, v);
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

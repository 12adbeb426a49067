import type { z } from 'zod';
import type { Db } from '../db/database';
import type { SettingDef, SettingDefs } from '../http/area';
import type { SERVER_AREAS } from '../areas';

type SettingsOf<A> = A extends { readonly settings?: infer S } ? (S extends SettingDefs ? S : never) : never;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type AllSettings = UnionToIntersection<SettingsOf<(typeof SERVER_AREAS)[number]>>;

/** Every device setting as stored (one key-value table, values are JSON): each area declares its
 * own (`settings` of its server area, server/http/area.ts), by schema and first value. The schema
 * gives the setting's type, marks its secrets (the operation log masks them when it records a
 * stored value), and tells objects, which gain new fields from the default (`withDefaults`), from
 * records keyed by data (users, interfaces), which are kept as stored. */
export type SettingKey = keyof AllSettings & string;
export type DeviceSettings = { [K in SettingKey]: AllSettings[K] extends SettingDef<infer S> ? z.output<S> : never };

type Key = SettingKey;

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

/** Settings with a write-through memory copy: this process is the database's only writer, so
 * reads never touch SQLite. */
export class SettingsService {
  private readonly cache = new Map<Key, unknown>();
  private readonly upsert;

  /** The settings of every area (server/areas.ts, SETTING_DEFS). */
  constructor(
    private readonly db: Db,
    private readonly defs: SettingDefs,
  ) {
    this.upsert = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
    const rows = db.prepare('SELECT key, value FROM settings').all() as { key: Key; value: string }[];
    const stored = new Map(rows.map((r) => [r.key, r.value]));
    // A setting added since the data was written gets its default; a stored object gets the fields
    // its default gained since, its own values kept. What changes is written back at once, so the
    // database holds what the device uses.
    const upgraded: [Key, unknown][] = [];
    for (const [k, def] of Object.entries(defs) as [Key, SettingDef][]) {
      const text = stored.get(k);
      const fallback = def.initial();
      const merged = text === undefined ? fallback : withDefaults(JSON.parse(text), fallback, def.schema);
      const value = def.upgrade?.(merged) ?? merged;
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

  /** Every setting's key, in the areas' order (the diagnostic bundle takes them all). */
  keys(): Key[] {
    return Object.keys(this.defs) as Key[];
  }

  /** A setting's stored schema (what the operation log masks in it). */
  schemaOf(key: Key): z.ZodType {
    return this.defs[key]!.schema;
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

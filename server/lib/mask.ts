import type { z } from 'zod';
import { isSecret } from '../../contract/api/secret';

type Schema = z.core.$ZodType;

/** What a secret value becomes in the operation log. */
export const MASK = '***';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The schemas that describe the very value `def` does (a wrapper's inner schema, a pipe's two
 * ends, an intersection's two sides, a union's options), else null: a value is masked by each of
 * them in turn and its secret paths are theirs. */
function sameValueSchemas(def: z.core.$ZodTypes['_zod']['def']): readonly Schema[] | null {
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return [def.innerType];
    case 'lazy':
      return [def.getter()];
    case 'pipe':
      return [def.in, def.out];
    case 'intersection':
      return [def.left, def.right];
    case 'union':
      return def.options;
    default:
      return null;
  }
}

/** A copy of `value` with every value the schema marks as a secret (contract/api/secret.ts)
 * replaced by `***`, for the operation log. Everything else is kept as it is, whatever its name:
 * keys the schema does not describe, values of another shape than the schema's. Without a schema
 * nothing is masked. A union masks what any of its options marks. */
export function maskSecrets(value: unknown, schema: Schema | null | undefined): unknown {
  if (!schema || value === undefined) return value;
  if (isSecret(schema)) return MASK;
  const def = (schema as z.core.$ZodTypes)._zod.def;
  const same = sameValueSchemas(def);
  if (same) return same.reduce<unknown>((v, schema) => maskSecrets(v, schema), value);
  switch (def.type) {
    case 'object': {
      if (!isPlainObject(value)) return value;
      const shape = def.shape as Record<string, Schema>;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = maskSecrets(v, Object.hasOwn(shape, k) ? shape[k] : def.catchall);
      return out;
    }
    case 'record': {
      if (!isPlainObject(value)) return value;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = maskSecrets(v, def.valueType);
      return out;
    }
    case 'array':
      return Array.isArray(value) ? value.map((v) => maskSecrets(v, def.element)) : value;
    case 'tuple':
      return Array.isArray(value) ? value.map((v, i) => maskSecrets(v, def.items[i] ?? def.rest)) : value;
    default:
      return value;
  }
}

/** The places a schema marks as secret, as paths (`settings.password`, `[]` for an array's
 * items, `*` for a record's values); for tests and reviews of the contract's marks. */
export function secretPaths(schema: Schema, at = '', seen: ReadonlySet<Schema> = new Set()): string[] {
  if (isSecret(schema)) return [at];
  // A recursive schema (a tree of nodes) is walked once per branch.
  if (seen.has(schema)) return [];
  const inside = new Set(seen).add(schema);
  const join = (key: string) => (at === '' ? key : `${at}.${key}`);
  const def = (schema as z.core.$ZodTypes)._zod.def;
  const same = sameValueSchemas(def);
  if (same) return [...new Set(same.flatMap((o) => secretPaths(o, at, inside)))].sort();
  let paths: string[];
  switch (def.type) {
    case 'object':
      paths = Object.entries(def.shape as Record<string, Schema>).flatMap(([k, s]) => secretPaths(s, join(k), inside));
      if (def.catchall) paths.push(...secretPaths(def.catchall, join('*'), inside));
      break;
    case 'record':
      paths = secretPaths(def.valueType, join('*'), inside);
      break;
    case 'array':
      paths = secretPaths(def.element, join('[]'), inside);
      break;
    case 'tuple':
      paths = def.items.flatMap((s, i) => secretPaths(s, join(String(i)), inside));
      if (def.rest) paths.push(...secretPaths(def.rest, join('[]'), inside));
      break;
    default:
      paths = [];
  }
  return [...new Set(paths)].sort();
}

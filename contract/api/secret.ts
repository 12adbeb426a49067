import { z } from 'zod';

/** The schemas whose values are secrets: passwords, private keys, tokens. A registry of its own
 * (not the global `.meta()`), so the mark stays out of the OpenAPI document. The operation log
 * walks a call's schema and masks exactly the values at marked places; every other value is kept
 * (server/lib/mask.ts). A field's name says nothing: only this mark does. */
export const secrets = z.registry<{ secret: true }>();

/** Marks a schema as a secret. The mark is on a copy, so a shared schema stays unmarked, and it
 * carries over to what is derived from the copy (`.min()`, `.max()`, `.describe()`), which zod
 * links to it. `.optional()` and `.nullable()` wrap it; the walk looks inside them. */
export function secret<S extends z.ZodType>(schema: S): S {
  const marked = schema.clone();
  secrets.add(marked, { secret: true });
  return marked;
}

export function isSecret(schema: z.core.$ZodType): boolean {
  return secrets.get(schema)?.secret === true;
}

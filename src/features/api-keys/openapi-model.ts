/** The device's OpenAPI document read for the Doc screen: its operations grouped by tag, searched,
 * their schemas resolved, and an example body made from a schema. Pure functions (tested alone). */

export type JsonSchema = {
  type?: string | string[];
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  description?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  nullable?: boolean;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  tag: string;
  summary: string;
  description: string;
  parameters: Parameter[];
  /** The body's media type and schema, if the call takes one. */
  body: { type: string; schema: JsonSchema } | null;
  responses: { status: string; description: string; type: string | null; schema: JsonSchema | null }[];
  secured: boolean;
}

export interface ApiDocument {
  title: string;
  version: string;
  description: string;
  operations: Operation[];
  schemas: Record<string, JsonSchema>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function firstContent(content: unknown): { type: string; schema: JsonSchema } | null {
  const entries = Object.entries(obj(content));
  if (entries.length === 0) return null;
  const [type, media] = entries[0]!;
  return { type, schema: obj(obj(media).schema) as JsonSchema };
}

/** Reads an OpenAPI 3.1 document as the device writes it (contract/openapi.ts). */
export function readDocument(doc: unknown): ApiDocument {
  const d = obj(doc);
  const info = obj(d.info);
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(obj(d.paths))) {
    for (const method of METHODS) {
      const op = obj(obj(item)[method]);
      if (Object.keys(op).length === 0) continue;
      const tags = Array.isArray(op.tags) ? (op.tags as unknown[]).map(str) : [];
      const requestBody = obj(op.requestBody);
      operations.push({
        id: str(op.operationId) || `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        tag: tags[0] || 'other',
        summary: str(op.summary),
        description: str(op.description),
        parameters: (Array.isArray(op.parameters) ? (op.parameters as unknown[]) : []).map((p) => {
          const q = obj(p);
          return { name: str(q.name), in: q.in === 'path' ? 'path' : 'query', required: q.required === true, schema: obj(q.schema) as JsonSchema };
        }),
        body: firstContent(requestBody.content),
        responses: Object.entries(obj(op.responses)).map(([status, r]) => {
          const content = firstContent(obj(r).content);
          return { status, description: str(obj(r).description), type: content?.type ?? null, schema: content?.schema ?? null };
        }),
        secured: Array.isArray(op.security) && op.security.length > 0,
      });
    }
  }
  return {
    title: str(info.title),
    version: str(info.version),
    description: str(info.description),
    operations,
    schemas: obj(obj(d.components).schemas) as Record<string, JsonSchema>,
  };
}

/** The operations whose path, summary, tag, id or method hold every word of `text` (any case). */
export function searchOperations(operations: readonly Operation[], text: string): Operation[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...operations];
  return operations.filter((op) => {
    const hay = `${op.method} ${op.path} ${op.summary} ${op.tag} ${op.id}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** The operations by tag, the tags in alphabetical order, each tag's operations by path then method. */
export function groupByTag(operations: readonly Operation[]): { tag: string; operations: Operation[] }[] {
  const groups = new Map<string, Operation[]>();
  for (const op of operations) groups.set(op.tag, [...(groups.get(op.tag) ?? []), op]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, ops]) => ({ tag, operations: ops.sort((a, b) => a.path.localeCompare(b.path) || METHODS.indexOf(a.method.toLowerCase() as never) - METHODS.indexOf(b.method.toLowerCase() as never)) }));
}

/** The schema a `$ref` names (`#/components/schemas/<name>`), or the schema itself. */
export function resolve(schema: JsonSchema, schemas: Record<string, JsonSchema>): { schema: JsonSchema; name: string | null } {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return { schema: schemas[name] ?? {}, name };
  }
  return { schema, name: null };
}

/** A short type text: `string`, `integer`, `array of ApiKey`, `"a" | "b"`, `string | null`. */
export function typeText(schema: JsonSchema, schemas: Record<string, JsonSchema>): string {
  if (schema.$ref) return resolve(schema, schemas).name!;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((e) => JSON.stringify(e)).join(' | ');
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.map((s) => typeText(s, schemas)).join(' | ');
  if (schema.allOf) return schema.allOf.map((s) => typeText(s, schemas)).join(' & ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') return `array of ${schema.items ? typeText(schema.items, schemas) : 'any'}`;
  if (!type) return schema.properties ? 'object' : 'any';
  return schema.format ? `${type} (${schema.format})` : type;
}

/** The limits of a schema in words a reader of an API knows (min, max, length, pattern, default). */
export function constraintsOf(schema: JsonSchema): string[] {
  const out: string[] = [];
  // zod writes the safe-integer bounds of every integer: no limit a reader needs to see.
  if (schema.minimum !== undefined && schema.minimum > Number.MIN_SAFE_INTEGER) out.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) out.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined) out.push(`minLength ${schema.minLength}`);
  if (schema.maxLength !== undefined) out.push(`maxLength ${schema.maxLength}`);
  if (schema.minItems !== undefined) out.push(`minItems ${schema.minItems}`);
  if (schema.maxItems !== undefined) out.push(`maxItems ${schema.maxItems}`);
  if (schema.pattern !== undefined && schema.format === undefined) out.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

/** An example value of a schema: defaults, first enum values, empty strings, zero, one item. */
export function exampleOf(schema: JsonSchema, schemas: Record<string, JsonSchema>, depth = 0): unknown {
  if (depth > 6) return null;
  const s = resolve(schema, schemas).schema;
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum && s.enum.length > 0) return s.enum[0];
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives && alternatives.length > 0) return exampleOf(alternatives.find((a) => a.type !== 'null') ?? alternatives[0]!, schemas, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object':
    case undefined:
      if (!s.properties) return type === 'object' ? {} : null;
      return Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, exampleOf(v, schemas, depth + 1)]));
    case 'array':
      return s.items && (s.minItems ?? 0) > 0 ? [exampleOf(s.items, schemas, depth + 1)] : [];
    case 'integer':
    case 'number':
      return s.minimum ?? 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return '';
  }
}

/** The URL of a try: path parameters filled in (encoded), query parameters given appended. */
export function requestUrl(op: Operation, values: Record<string, string>): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(values[name] ?? ''));
  const query = new URLSearchParams();
  for (const p of op.parameters) if (p.in === 'query' && (values[p.name] ?? '') !== '') query.set(p.name, values[p.name]!);
  const q = query.toString();
  return q ? `${path}?${q}` : path;
}

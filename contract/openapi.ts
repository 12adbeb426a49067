import { z } from 'zod';
import { ALL_CALLS, type CallDef } from './api';
import { errorBodySchema } from './errors';

type JsonObject = Record<string, unknown>;

/** The named schemas of the document (`components/schemas`), filled as operations are written. */
class SchemaComponents {
  readonly schemas: Record<string, JsonObject> = {};

  /** A JSON Schema of `schema` for the document. zod writes every schema with an id (`.meta({ id })`)
   * into a `$defs` of its own with `#/$defs/…` references, which in an OpenAPI document point at its
   * root, where no `$defs` is: the definitions move to `components/schemas`, the references follow. A
   * name already taken by a different schema (the input and output forms of one schema can differ)
   * gets the form's suffix, then a number. */
  add(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonObject;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, JsonObject>;
    delete json.$defs;
    const names = new Map<string, string>();
    for (const [local, def] of Object.entries(defs)) names.set(local, this.nameFor(local, def, io));
    const rewrite = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(rewrite);
      if (node === null || typeof node !== 'object') return node;
      const out: JsonObject = {};
      for (const [k, v] of Object.entries(node)) {
        const local = k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/') ? v.slice('#/$defs/'.length) : null;
        out[k] = local !== null ? `#/components/schemas/${names.get(local) ?? local}` : rewrite(v);
      }
      return out;
    };
    for (const [local, def] of Object.entries(defs)) this.schemas[names.get(local)!] = rewrite(def) as JsonObject;
    return rewrite(json) as JsonObject;
  }

  private nameFor(local: string, def: JsonObject, io: 'input' | 'output'): string {
    // The same text is the same schema, unless it refers to others: those are written before the
    // references are rewritten, and the input and output forms of a referred schema may differ.
    const plain = JSON.stringify(def);
    const text = plain.includes('"$ref"') ? `${io}:${plain}` : plain;
    const suffixed = `${local}${io === 'input' ? 'Input' : 'Output'}`;
    for (let i = 0; ; i++) {
      const name = i === 0 ? local : i === 1 ? suffixed : `${suffixed}${i}`;
      const taken = this.texts.get(name);
      if (taken === undefined || taken === text) {
        this.texts.set(name, text);
        return name;
      }
    }
  }

  private readonly texts = new Map<string, string>();
}

function parametersOf(call: CallDef, components: SchemaComponents): JsonObject[] {
  const params: JsonObject[] = [];
  for (const [where, schema] of [['path', call.params], ['query', call.query]] as const) {
    if (!schema) continue;
    const json = components.add(schema, 'input') as { properties?: Record<string, JsonObject>; required?: string[] };
    for (const [name, prop] of Object.entries(json.properties ?? {})) {
      params.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: prop });
    }
  }
  return params;
}

function accessText(call: CallDef): string {
  switch (call.access.kind) {
    case 'public':
      return 'No token needed.';
    case 'authenticated':
      return 'Any signed-in account.';
    case 'accounts':
      return `Accounts: ${call.access.accounts.join(', ')}.`;
    case 'menu':
      return `Accounts whose roles include the menu '${call.access.menu}'${call.access.accounts ? `, and only ${call.access.accounts.join(', ')}` : ''}.`;
  }
}

/** The OpenAPI 3.1 document of the device API, generated from `contract/` alone. */
export function buildOpenApiDocument(version: string): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  const components = new SchemaComponents();
  const error = { description: 'Error', content: { 'application/json': { schema: components.add(errorBodySchema, 'output') } } };
  for (const call of ALL_CALLS) {
    const path = call.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const op: JsonObject = {
      operationId: call.id,
      tags: [call.tag],
      summary: call.summary,
      description: accessText(call),
      parameters: parametersOf(call, components),
      responses: {
        [String(call.successStatus ?? 200)]: {
          description: call.successStatus === 202 ? 'Accepted: the job started (follow it with GET /api/v1/jobs/{id})' : 'Success',
          content: call.download
            ? { [call.download.contentType]: { schema: { type: 'string', format: 'binary' } } }
            : { 'application/json': { schema: components.add(call.response, 'output') } },
        },
        '400': error,
        ...(call.access.kind === 'public' ? {} : { '401': error, '403': error }),
      },
    };
    if (call.access.kind !== 'public') op.security = [{ bearer: [] }];
    if (call.upload) {
      // Files as binary parts, text parts as the fields schema says.
      const fields = call.upload.fields ? (components.add(call.upload.fields, 'input') as { properties?: JsonObject; required?: string[] }) : {};
      const files = Object.entries(call.upload.files);
      op.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                ...Object.fromEntries(files.map(([name, f]) => [name, { type: 'string', format: 'binary', description: `${f.summary} (${f.accept.join(', ')})` }])),
                ...(fields.properties ?? {}),
              },
              required: [...files.filter(([, f]) => f.required).map(([name]) => name), ...(fields.required ?? [])],
            },
          },
        },
      };
    }
    if (call.body) {
      const type = call.bodyFormat === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
      op.requestBody = { required: true, content: { [type]: { schema: components.add(call.body, 'input') } } };
    }
    (paths[path] ??= {})[call.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'HMI device API',
      version,
      description: 'The API of one HMI panel, the one serving this document: its console uses the same calls.',
    },
    // Relative: the device is reached by whatever address the reader used.
    servers: [{ url: '/', description: 'This device' }],
    tags: [...new Set(ALL_CALLS.map((c) => c.tag))].sort().map((name) => ({ name })),
    components: {
      schemas: Object.fromEntries(Object.entries(components.schemas).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            "A console session's access token, or an API key (hmik_…, Administration / API): a key makes the calls of its menus only, GET only when read-only, never the auth, uac or API-key calls",
        },
      },
    },
    paths,
  };
}

import { z } from 'zod';
import { ALL_CALLS, type CallDef } from './api';
import { errorBodySchema } from './errors';

type JsonObject = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonObject;
  delete json.$schema;
  return json;
}

function parametersOf(call: CallDef): JsonObject[] {
  const params: JsonObject[] = [];
  for (const [where, schema] of [['path', call.params], ['query', call.query]] as const) {
    if (!schema) continue;
    const json = schemaOf(schema, 'input') as { properties?: Record<string, JsonObject>; required?: string[] };
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
      return `Accounts whose roles include the menu '${call.access.menu}'.`;
  }
}

/** The OpenAPI 3.1 document of the device API, generated from `contract/` alone. */
export function buildOpenApiDocument(version: string): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  const error = { description: 'Error', content: { 'application/json': { schema: schemaOf(errorBodySchema, 'output') } } };
  for (const call of ALL_CALLS) {
    const path = call.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const op: JsonObject = {
      operationId: call.id,
      tags: [call.tag],
      summary: call.summary,
      description: accessText(call),
      parameters: parametersOf(call),
      responses: {
        '200': { description: 'Success', content: { 'application/json': { schema: schemaOf(call.response, 'output') } } },
        '400': error,
        ...(call.access.kind === 'public' ? {} : { '401': error, '403': error }),
      },
    };
    if (call.access.kind !== 'public') op.security = [{ bearer: [] }];
    if (call.body) {
      const type = call.bodyFormat === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
      op.requestBody = { required: true, content: { [type]: { schema: schemaOf(call.body, 'input') } } };
    }
    (paths[path] ??= {})[call.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'HMI device API', version },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}

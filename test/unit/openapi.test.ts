import { ALL_CALLS, type CallDef } from '../../contract/api';
import { buildOpenApiDocument } from '../../contract/openapi';

type Op = {
  operationId: string;
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
  security?: unknown;
};

const doc = buildOpenApiDocument('9.9.9') as { openapi: string; info: { version: string }; paths: Record<string, Record<string, Op>> };
const openApiPath = (call: CallDef) => call.path.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 with the given version', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('9.9.9');
  });

  it('has no two calls with the same method and path, or the same id', () => {
    expect(new Set(ALL_CALLS.map((c) => `${c.method} ${c.path}`)).size).toBe(ALL_CALLS.length);
    expect(new Set(ALL_CALLS.map((c) => c.id)).size).toBe(ALL_CALLS.length);
  });

  it.each(ALL_CALLS.map((c) => [c.id, c] as const))('lists %s under its method and path', (_id, call) => {
    const op = doc.paths[openApiPath(call)]?.[call.method.toLowerCase()];
    expect(op).toBeDefined();
    expect(op!.operationId).toBe(call.id);
    expect(op!.responses[String(call.successStatus ?? 200)]).toBeDefined();
    if (call.access.kind === 'public') {
      expect(op!.security).toBeUndefined();
    } else {
      expect(op!.security).toEqual([{ bearer: [] }]);
      expect(op!.responses['401']).toBeDefined();
      expect(op!.responses['403']).toBeDefined();
    }
    if (call.body || call.upload) {
      const type = call.upload ? 'multipart/form-data' : call.bodyFormat === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
      expect(Object.keys(op!.requestBody!.content)).toEqual([type]);
    } else {
      expect(op!.requestBody).toBeUndefined();
    }
  });

  it('has exactly the operations of ALL_CALLS, and no Fastify-style :param in any path', () => {
    const ops = Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`));
    expect(ops.sort()).toEqual(ALL_CALLS.map((c) => `${c.method} ${openApiPath(c)}`).sort());
    for (const p of Object.keys(doc.paths)) expect(p).not.toMatch(/:/);
  });

  it('writes the admin token path with {role} and a required path parameter', () => {
    const op = doc.paths['/api/v1/auth/token/{role}']?.post;
    expect(op).toBeDefined();
    expect(op!.parameters).toEqual([expect.objectContaining({ name: 'role', in: 'path', required: true })]);
  });

  it('describes an upload as multipart parts, its 202 and a backup as a binary file', () => {
    const update = doc.paths['/api/v1/project/management/update']!.post!;
    const schema = (update.requestBody!.content as Record<string, { schema: { properties: Record<string, { format?: string }>; required: string[] } }>)['multipart/form-data']!.schema;
    expect(schema.properties.app).toMatchObject({ type: 'string', format: 'binary' });
    expect(schema.properties.crc).toMatchObject({ type: 'string', format: 'binary' });
    expect(schema.properties.password).toMatchObject({ type: 'string', maxLength: 64 });
    expect(schema.required).toEqual(['app', 'crc']);
    expect(update.responses['202']).toBeDefined();
    const backup = doc.paths['/api/v1/project/management/backup']!.get!;
    expect((backup.responses['200'] as { content: Record<string, unknown> }).content).toEqual({ 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } });
  });

  it('describes the query of the reset call', () => {
    const op = doc.paths['/cgi/reset_pj.cgi']?.get;
    expect(op!.parameters).toEqual([expect.objectContaining({ name: 'resetsele', in: 'query', required: true })]);
  });
});

describe('the contract itself', () => {
  it('gives every call that is not a GET an operation-log action', () => {
    for (const call of ALL_CALLS) {
      if (call.method !== 'GET') expect({ id: call.id, audit: call.audit }).toEqual({ id: call.id, audit: expect.any(Object) });
    }
  });

  it('puts every call under /api/v1 but the reset CGI', () => {
    for (const call of ALL_CALLS) {
      if (call.id === 'cgi.resetProject') expect(call.path).toBe('/cgi/reset_pj.cgi');
      else expect(call.path.startsWith('/api/v1/')).toBe(true);
    }
  });
});

/** The Doc screen's reading of the OpenAPI document (src/features/api-keys/openapi-model.ts), on
 * the document the contract generates. */
import { buildOpenApiDocument } from '../../contract/openapi';
import { ALL_CALLS } from '../../contract/api';
import { exampleOf, groupByTag, readDocument, requestUrl, searchOperations, typeText } from '../../src/features/api-keys/openapi-model';

const doc = readDocument(buildOpenApiDocument('1.2.3'));
const op = (id: string) => doc.operations.find((o) => o.id === id)!;

describe('the Doc model', () => {
  it('reads every call of the contract once, with its tag, method and path', () => {
    expect(doc.operations.map((o) => o.id).sort()).toEqual(ALL_CALLS.map((c) => c.id).sort());
    expect(op('apiKeys.revoke')).toMatchObject({ method: 'DELETE', path: '/api/v1/uac/api-keys/{id}', tag: 'apiKeys', secured: true });
    expect(op('auth.loginInfo').secured).toBe(false);
    expect(doc.version).toBe('1.2.3');
  });

  it('groups by tag in order, and searches every word over method, path, summary, tag and id', () => {
    const tags = groupByTag(doc.operations).map((g) => g.tag);
    expect(tags).toEqual([...tags].sort((a, b) => a.localeCompare(b)));
    expect(searchOperations(doc.operations, 'DELETE api-keys').map((o) => o.id)).toEqual(['apiKeys.revoke']);
    expect(searchOperations(doc.operations, '   ')).toHaveLength(doc.operations.length);
    expect(searchOperations(doc.operations, 'nothing-like-this')).toEqual([]);
  });

  it('fills path parameters encoded (no path of another call reachable) and appends the query given', () => {
    expect(requestUrl(op('apiKeys.revoke'), { id: '../../auth/logout' })).toBe('/api/v1/uac/api-keys/..%2F..%2Fauth%2Flogout');
    expect(requestUrl(op('data.events'), { limit: '5', text: 'a b', from: '' })).toBe('/api/v1/eventlog?text=a+b&limit=5');
  });

  it('names types readably and makes an example body the schema accepts', () => {
    expect(typeText({ type: 'array', items: { $ref: '#/components/schemas/ApiKey' } }, doc.schemas)).toBe('array of ApiKey');
    expect(typeText({ anyOf: [{ type: 'string' }, { type: 'null' }] }, doc.schemas)).toBe('string | null');
    const create = ALL_CALLS.find((c) => c.id === 'apiKeys.create')!;
    const example = exampleOf(op('apiKeys.create').body!.schema, doc.schemas) as Record<string, unknown>;
    // Only the name is left for the reader to fill in.
    expect(create.body!.safeParse(example).success).toBe(false);
    expect(create.body!.safeParse({ ...example, name: 'x' }).success).toBe(true);
  });
});

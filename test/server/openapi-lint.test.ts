/** The served OpenAPI document lints clean under Spectral's `oas` ruleset, and every `$ref` in it
 * resolves inside the document: client generators, fuzzers and documentation tools read it. */
import { Spectral, Document, type ISpectralDiagnostic } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { startTestDevice, type TestDevice } from '../support/device';
import * as meta from '../../contract/api/meta';

// Spectral's severities: 0 error, 1 warning, 2 information, 3 hint.
const ERROR = 0;
const WARNING = 1;

/** The value a local JSON pointer (`#/a/b`) names, or undefined. */
function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function refsOf(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const v of node) refsOf(v, out);
  else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsOf(v, out);
    }
  }
  return out;
}

const describeDiagnostic = (d: ISpectralDiagnostic) => `${d.code} at ${d.path.join('.')}: ${d.message}`;

describe('[API-01] the served OpenAPI document', () => {
  let dev: TestDevice;
  let text: string;
  let diagnostics: ISpectralDiagnostic[];

  beforeAll(async () => {
    dev = await startTestDevice();
    const res = await dev.call('GET', meta.openApiDocument.path, await dev.login('admin'));
    expect(res.statusCode).toBe(200);
    text = res.body;
    const spectral = new Spectral();
    spectral.setRuleset(oas as never);
    diagnostics = await spectral.run(new Document(text, Json, 'openapi.json'));
  });
  afterAll(() => dev.close());

  it('has only $refs that resolve inside the document', () => {
    const doc = JSON.parse(text) as unknown;
    const refs = refsOf(doc);
    expect(refs.length).toBeGreaterThan(0);
    const dangling = [...new Set(refs.filter((r) => resolvePointer(doc, r) === undefined))];
    expect(dangling).toEqual([]);
  });

  it('has no error under the oas ruleset', () => {
    expect(diagnostics.filter((d) => d.severity === ERROR).map(describeDiagnostic)).toEqual([]);
  });

  it('has no warning under the oas ruleset but the missing contact', () => {
    // A panel has no one to contact that the document could truthfully name.
    const warnings = diagnostics.filter((d) => d.severity === WARNING);
    expect(warnings.filter((d) => d.code !== 'info-contact').map(describeDiagnostic)).toEqual([]);
    expect(warnings.length).toBeLessThanOrEqual(1);
  });
});

/** Property test over every call of the contract: random and hostile bodies, queries, path
 * parameters and content types, with and without a valid token. The device never answers 5xx,
 * every error is JSON with an error_code, every success has the call's shape, and the device
 * still answers afterwards. */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { ALL_CALLS, caseOf } from '../support/call-cases';
import { startTestDevice, type TestDevice } from '../support/device';
import { errorBodySchema } from '../../contract/errors';
import type { CallDef } from '../../contract/api';

/** FUZZ_RUNS raises the runs per call for a longer hunt; 30 keeps the file well under a minute. */
const RUNS_PER_CALL = Number(process.env.FUZZ_RUNS) || 30;
const TOKEN_SOURCE = '10.99.0.1';

const SHELL_AND_FRIENDS = [
  '; rm -rf /',
  '$(reboot)',
  '`reboot`',
  '| cat /etc/passwd',
  '&& shutdown -h now',
  '\n/bin/sh -i',
  '../../../../etc/passwd',
  '..\\..\\windows\\system32',
  "' OR 1=1 --",
  '"; DROP TABLE accounts; --',
  '<script>alert(1)</script>',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '%00',
  '%zz',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202e\u0041',
  '😀'.repeat(20),
  'ﷺ'.repeat(50),
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'NaN',
  '-0',
  '1e400',
  '0x1C',
  '28 ',
  'admin',
  'refresh_token',
  'password',
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SHELL_AND_FRIENDS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 100_000 }).map((n) => 'A'.repeat(n)) },
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(0, -1, 1, 2, 28, 2 ** 53, -(2 ** 31)),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString.filter((k) => k.length < 50), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const PROTO_TEXTS = [
  '{"__proto__":{"isAdmin":true,"role":"admin"}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"name":"x","__proto__":{"name":"y"}}',
  '{"a":{"__proto__":{"b":1}}}',
  '[{"__proto__":null}]',
];
const INVALID_JSON = ['{', '{"a":', '}', '[1,2', 'undefined', "{'a':1}", '{"a":1}}', '\u0000', '', ' ', 'null', '"string"', '12', 'true'];

const CONTENT_TYPES = [
  'application/json',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=xyz',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/xml',
  'application/octet-stream',
  '*/*',
  'application/x-www-form-urlencoded; charset=utf-8',
  'application/json;;;',
];

interface Attempt {
  body: string | undefined;
  contentType: string | undefined;
  query: string;
  param: string | undefined;
  token: 'admin' | 'none' | 'garbage';
}

function bodyArbitrary(call: CallDef): fc.Arbitrary<string | undefined> {
  const base = (caseOf(call).body ?? {}) as Record<string, unknown>;
  const keys = [...Object.keys(base), '__proto__', 'constructor', 'role', 'username', 'changeAll'];
  // A computed `__proto__` key is an own property, so it reaches the JSON text as a raw key.
  const mutated = fc.tuple(fc.constantFrom(...keys), hostileValue).map(([k, v]) => JSON.stringify({ ...base, [k]: v }));
  const rawProto = fc
    .constantFrom(...keys)
    .map((k) => `{${Object.entries(base).map(([bk, bv]) => `${JSON.stringify(bk)}:${JSON.stringify(bv)},`).join('')}"__proto__":{${JSON.stringify(k)}:"x"}}`);
  const formText = fc
    .dictionary(fc.constantFrom(...keys, 'grant_type', 'refresh_token'), hostileString, { maxKeys: 5 })
    .map((d) => new URLSearchParams(d as Record<string, string>).toString());
  const huge = fc.integer({ min: 10_000, max: 100_000 }).map((n) => JSON.stringify({ ...base, [keys[0] ?? 'x']: 'x'.repeat(n) }));
  return fc.oneof(
    { weight: 4, arbitrary: mutated },
    { weight: 2, arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.constantFrom(...PROTO_TEXTS) },
    { weight: 1, arbitrary: rawProto },
    { weight: 1, arbitrary: fc.constantFrom(...INVALID_JSON) },
    { weight: 1, arbitrary: formText },
    { weight: 1, arbitrary: huge },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

const queryArbitrary = fc.oneof(
  fc.constant(''),
  fc.constant('resetsele=28'),
  fc.dictionary(fc.constantFrom('resetsele', '__proto__', 'constructor', 'token', 'x[]', 'a[b]'), hostileString, { maxKeys: 3 }).map(
    (d) => new URLSearchParams(d as Record<string, string>).toString(),
  ),
  fc.constantFrom('resetsele=28&resetsele=28', 'resetsele[]=28', 'resetsele=%zz', '%', '&&&', 'resetsele', '__proto__[x]=1', 'a=%E0%A4%A'),
);

const paramArbitrary = fc.oneof(
  fc.constantFrom('admin', 'update', 'history', 'app', 'root', '..', '%2e%2e', '%zz', '%E0%A4%A', 'admin%00', '__proto__', 'constructor'),
  hostileString.map((s) => {
    try {
      return encodeURIComponent(s);
    } catch {
      return '%ED%A0%80'; // a lone surrogate cannot be encoded; send its (invalid UTF-8) bytes instead
    }
  }),
);

function attemptArbitrary(call: CallDef): fc.Arbitrary<Attempt> {
  return fc.record({
    body: bodyArbitrary(call),
    contentType: fc.oneof(
      // mostly the call's own type, so the hostile bodies reach validation and the handlers
      {
        weight: 6,
        arbitrary: fc.constant(
          call.bodyFormat === 'form' ? 'application/x-www-form-urlencoded' : call.bodyFormat === 'multipart' ? 'multipart/form-data; boundary=X' : 'application/json',
        ),
      },
      { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      { weight: 1, arbitrary: fc.stringMatching(/^[\x20-\x7e]{0,40}$/) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    query: queryArbitrary,
    param: call.params ? paramArbitrary : fc.constant(undefined),
    token: fc.constantFrom('admin', 'admin', 'none', 'garbage'),
  });
}

describe('[API-01] hostile input to every call', () => {
  let t: TestDevice;
  let adminToken: string;

  beforeAll(async () => {
    t = await startTestDevice();
    adminToken = await t.login('admin', TOKEN_SOURCE);
  });
  afterAll(() => t.close());

  /** Logout, a password change or a lockout may have ended the token; plain HTTP may be off. */
  async function restore(): Promise<void> {
    if (!t.device.settings.get('http_enabled')) t.device.settings.set('http_enabled', true);
    const check = await t.call('GET', '/api/v1/auth/token/check', adminToken);
    if (check.statusCode !== 200) adminToken = await t.login('admin', TOKEN_SOURCE);
  }

  function injectOf(call: CallDef, a: Attempt): InjectOptions {
    let url = call.path;
    if (call.params && a.param !== undefined) url = url.replace(/:[A-Za-z_]+/, a.param);
    if (a.query) url += `?${a.query}`;
    const headers: Record<string, string> = {};
    if (a.token === 'admin') headers.authorization = `Bearer ${adminToken}`;
    if (a.token === 'garbage') headers.authorization = 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.AAAA';
    if (a.contentType !== undefined && a.body !== undefined) headers['content-type'] = a.contentType;
    return { method: call.method, url, headers, ...(a.body !== undefined ? { payload: a.body } : {}) };
  }

  it.each(ALL_CALLS.map((c) => [c.id, c] as const))('%s', async (_id, call) => {
    await fc.assert(
      fc.asyncProperty(attemptArbitrary(call), async (a) => {
        await restore();
        const res = await t.app.inject(injectOf(call, a));
        const where = `${res.statusCode} ${res.body.slice(0, 300)}`;
        expect({ status: res.statusCode < 500, where }).toEqual({ status: true, where });
        if (res.statusCode >= 400) {
          expect(res.headers['content-type']).toMatch(/^application\/json/);
          const parsed = errorBodySchema.safeParse(JSON.parse(res.body));
          expect({ ok: parsed.success, where }).toEqual({ ok: true, where });
        }
        if (res.statusCode < 300 && call.download) {
          expect(res.headers['content-type']).toBe(call.download.contentType);
        } else if (res.statusCode < 300) {
          expect({ status: res.statusCode, where }).toEqual({ status: call.successStatus ?? 200, where });
          const parsed = call.response.safeParse(res.json());
          expect({ ok: parsed.success, where }).toEqual({ ok: true, where });
        }
      }),
      { numRuns: RUNS_PER_CALL },
    );
    await restore();
    const alive = await t.call('GET', '/api/v1/system/hmi/name', adminToken);
    expect(alive.statusCode).toBe(200);
  });
});

describe('hostile inputs found or feared, kept as fixed cases', () => {
  let t: TestDevice;
  let admin: string;
  beforeAll(async () => {
    t = await startTestDevice();
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it.each([
    ['bad percent-encoding in a path parameter', '/api/v1/auth/token/%E0%A4%A'],
    ['a lone percent sign in a path parameter', '/api/v1/auth/token/%zz'],
    ['a path parameter over 100 characters', `/api/v1/auth/token/${'a'.repeat(300)}`],
  ])('answers %s with 400 validation_failure in the API shape', async (_what, url) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(errorBodySchema.parse(res.json())).toMatchObject({ error_code: 'validation_failure', field: 'url' });
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('[API-02] answers a body over the limit with 413 payload_too_large', async () => {
    const res = await t.call('PUT', '/api/v1/system/hmi/name', admin, { name: 'x'.repeat(100_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error_code: 'payload_too_large' });
  });

  it('answers a content type the call does not take with 415 unsupported_media_type', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/system/hmi/name',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/xml' },
      payload: '<name>x</name>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error_code: 'unsupported_media_type' });
  });

  it('[API-02] refuses a __proto__ key in JSON and pollutes nothing', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/system/hmi/name',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: '{"name":"ok","__proto__":{"polluted":"yes","name":"evil"}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'validation_failure' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await t.call('GET', '/api/v1/system/hmi/name', admin)).json()).toEqual({ name: 'HMI' });
  });

  it('[INJ-01] stores shell metacharacters only as cleaned text, never running them', async () => {
    const res = await t.call('PUT', '/api/v1/system/hmi/name', admin, { name: '$(reboot);rm -rf /' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'xxrebootxxrmx-rfxx' });
  });

  it('[API-02] refuses a form body with a __proto__ field on the token call without a 5xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token/app',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '__proto__[grant_type]=password&constructor=x&username=admin',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'validation_failure' });
  });
});

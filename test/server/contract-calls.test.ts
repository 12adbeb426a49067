/** Every call of the contract, from the list itself: a success answer in the call's response
 * shape, a validation failure naming the field, 401 without a token, 403 for every account its
 * access refuses. A call added to the contract without a case in test/support/call-cases.ts fails here. */
import { ALL_CALLS, CALL_CASES, caseOf, hasInput, refusedAccounts, send, tokenCache } from '../support/call-cases';
import { startTestDevice, type TestDevice } from '../support/device';
import { errorBodySchema, UNAUTHORIZED_JWT_MESSAGE } from '../../contract/errors';

const calls = ALL_CALLS.map((c) => [c.id, c] as const);

describe('every call of the contract', () => {
  let t: TestDevice;
  let tokens: ReturnType<typeof tokenCache>;
  beforeAll(async () => {
    t = await startTestDevice();
    tokens = tokenCache(t);
  });
  afterAll(() => t.close());

  it('has a test case for every call, and no case for a call that does not exist', () => {
    expect(ALL_CALLS.length).toBeGreaterThan(0);
    expect(ALL_CALLS.filter((c) => !CALL_CASES[c.id]).map((c) => c.id)).toEqual([]);
    expect(Object.keys(CALL_CASES).filter((id) => !ALL_CALLS.some((c) => c.id === id))).toEqual([]);
  });

  describe('success answer in the response shape', () => {
    it.each(calls)('%s', async (_id, call) => {
      const c = caseOf(call);
      const token = c.account === null ? null : c.endsSessions ? await t.login(c.account) : await tokens.get(c.account);
      const prepared = c.prepare ? { ...c, ...(await c.prepare(t, await tokens.get('admin'))) } : c;
      const res = await send(t, call, prepared, token);
      const status = call.successStatus ?? 200;
      if (call.download) {
        // A file to save: its content type, a name to save it under, and bytes.
        expect({ status: res.statusCode, type: res.headers['content-type'] }).toEqual({ status, type: call.download.contentType });
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[^"/\\]+"$/);
        expect(res.rawPayload.length).toBeGreaterThan(0);
        return;
      }
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: expect.anything() });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const parsed = call.response.safeParse(res.json());
      expect(parsed.error?.issues ?? []).toEqual([]);
      if (c.endsSessions) tokens.clear();
    });
  });

  describe('[API-01] validation failure: 400 validation_failure naming the field', () => {
    const withInput = calls.filter(([, c]) => hasInput(c));

    it('covers every call with a body, query or path schema', () => {
      expect(withInput.filter(([, c]) => !caseOf(c).invalid).map(([id]) => id)).toEqual([]);
      expect(withInput.length).toBeGreaterThanOrEqual(10);
    });

    it.each(withInput)('%s', async (_id, call) => {
      const c = caseOf(call);
      const token = c.account === null ? null : await tokens.get(c.account);
      const res = await send(t, call, c.invalid!, token);
      expect(res.statusCode).toBe(400);
      const body = errorBodySchema.parse(res.json());
      expect(body).toMatchObject({ error_code: 'validation_failure', field: c.invalid!.field });
    });
  });

  describe('[AUTH-01] 401 Unauthorized JWT without a token', () => {
    it.each(calls.filter(([, c]) => c.access.kind !== 'public'))('%s', async (_id, call) => {
      const res = await send(t, call, caseOf(call), null);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: UNAUTHORIZED_JWT_MESSAGE, error_code: 'unauthorized' });
    });

    it.each(calls.filter(([, c]) => c.access.kind !== 'public'))('%s with a malformed Authorization header', async (_id, call) => {
      const res = await t.app.inject({ method: call.method, url: caseOf(call).url ?? call.path, headers: { authorization: 'Basic YWRtaW46eA==' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: UNAUTHORIZED_JWT_MESSAGE });
    });
  });

  describe('[AUTH-02] 403 forbidden for every account the access refuses', () => {
    const restricted = calls.filter(([, c]) => c.access.kind === 'accounts' || c.access.kind === 'menu');

    it('restricts the calls the design names', () => {
      const byId = Object.fromEntries(restricted.map(([id, c]) => [id, refusedAccounts(c)]));
      expect(byId['system.setStrengthRules']).toContain('history');
      expect(byId['system.setHmiName']).toContain('update');
      expect(byId['uac.changeAdminPassword']).toContain('cmt_default_view_only_user');
      expect(byId['uac.changeUserPassword']).toContain('admin');
      for (const [id, refused] of Object.entries(byId)) expect({ id, refused: refused.length > 0 }).toEqual({ id, refused: true });
    });

    const pairs = restricted.flatMap(([id, call]) => refusedAccounts(call).map((account) => [id, account, call] as const));
    it.each(pairs)('%s as %s', async (_id, account, call) => {
      const c = caseOf(call);
      const res = await send(t, call, c, await tokens.get(account));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error_code: 'forbidden' });
    });

    it('refuses before looking at the body: a refused change leaves the setting alone', async () => {
      const before = (await t.call('GET', '/api/v1/system/password-strength-rules', await tokens.get('admin'))).json();
      const res = await t.call('PUT', '/api/v1/system/password-strength-rules', await tokens.get('history'), {
        ...before,
        password_rules_enable: !before.password_rules_enable,
      });
      expect(res.statusCode).toBe(403);
      expect((await t.call('GET', '/api/v1/system/password-strength-rules', await tokens.get('admin'))).json()).toEqual(before);
    });
  });
});

/** Sign-in, token renewal with rotation and reuse detection, logout, expiry and forgery. */
import crypto from 'node:crypto';
import fc from 'fast-check';
import { startTestDevice, TEST_PASSWORD, type TestDevice } from '../support/device';
import { ManualClock } from '../../server/lib/clock';
import { tokenResponseSchema, ACCESS_TOKEN_SECONDS } from '../../contract/api/auth';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function token(t: TestDevice, path: string, fields: Record<string, string>, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/auth/token/${path}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

const password = (username: string, pw = TEST_PASSWORD) => ({ grant_type: 'password', username, password: pw });
const refresh = (refresh_token: string) => ({ grant_type: 'refresh_token', refresh_token });
const check = (t: TestDevice, accessToken: string) => t.call('GET', '/api/v1/auth/token/check', accessToken);

describe('token calls', () => {
  const clock = new ManualClock(Date.UTC(2026, 4, 1, 8, 0, 0));
  let t: TestDevice;
  beforeAll(async () => {
    t = await startTestDevice({ clock });
  });
  afterAll(() => t.close());

  describe('sign-in', () => {
    it('signs admin in on the admin path and answers a bearer pair of 15 minutes', async () => {
      const res = await token(t, 'admin', password('admin'));
      expect(res.statusCode).toBe(200);
      const pair = tokenResponseSchema.parse(res.json());
      expect(pair.token_type).toBe('bearer');
      expect(pair.expires_in).toBe(ACCESS_TOKEN_SECONDS);
      expect(ACCESS_TOKEN_SECONDS).toBe(15 * 60);
      const info = await check(t, pair.access_token);
      expect(info.statusCode).toBe(200);
      expect(info.json()).toEqual({ valid: true, username: 'admin', expires_at: new Date(clock.now() + 15 * 60_000).toISOString() });
    });

    it('signs update and history in on their own admin paths', async () => {
      for (const account of ['update', 'history']) {
        const res = await token(t, account, password(account));
        expect(res.statusCode).toBe(200);
        expect((await check(t, res.json().access_token)).json()).toMatchObject({ username: account });
      }
    });

    it('signs a WebView user, and any account, in on the app path', async () => {
      for (const account of ['cmt_default_control_user', 'cmt_default_view_only_user', 'admin']) {
        const res = await token(t, 'app', password(account));
        expect(res.statusCode).toBe(200);
        expect((await check(t, res.json().access_token)).json()).toMatchObject({ username: account });
      }
    });

    it('answers a wrong password with 401 invalid_credentials', async () => {
      const res = await token(t, 'admin', password('admin', 'wrong-password'), '10.1.0.1');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'User does not exist or password is incorrect', error_code: 'invalid_credentials' });
    });

    it('[AUTH-03] answers an unknown user at the app path with 401 user_not_in_list', async () => {
      const res = await token(t, 'app', password('mallory'), '10.1.0.2');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'User is not in the user list', error_code: 'user_not_in_list' });
    });

    it('refuses a user name that does not match the account of the path with 400', async () => {
      const res = await token(t, 'admin', password('history'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failure', field: 'username' });
      // the right password of another account must not sign in as the path's account either
      const res2 = await token(t, 'history', password('admin'));
      expect(res2.statusCode).toBe(400);
    });

    it('refuses an unknown role in the path and a WebView user on the admin path', async () => {
      expect((await token(t, 'root', password('root'))).json()).toMatchObject({ error_code: 'validation_failure', field: 'role' });
      const res = await token(t, 'cmt_default_control_user', password('cmt_default_control_user'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failure', field: 'role' });
    });

    it('validates a JSON body on the token call like a form body, naming the missing field', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/token/app', payload: { grant_type: 'password', username: 'admin' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failure', field: 'password' });
    });
  });

  describe('renewal', () => {
    it('rotates: the new pair works and differs from the old one', async () => {
      const first = await t.loginPair('update');
      const res = await token(t, 'update', refresh(first.refresh_token));
      expect(res.statusCode).toBe(200);
      const second = tokenResponseSchema.parse(res.json());
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(second.access_token).not.toBe(first.access_token);
      expect((await check(t, second.access_token)).json()).toMatchObject({ username: 'update' });
      // and the new refresh token rotates again
      const third = await token(t, 'update', refresh(second.refresh_token));
      expect(third.statusCode).toBe(200);
    });

    it('renews on the app path too, for the account of the session', async () => {
      const first = await t.loginPair('cmt_default_view_only_user');
      const res = await token(t, 'app', refresh(first.refresh_token));
      expect(res.statusCode).toBe(200);
      expect((await check(t, res.json().access_token)).json()).toMatchObject({ username: 'cmt_default_view_only_user' });
    });

    it('[SESS-03] revokes the whole family when a spent refresh token comes back', async () => {
      const first = await t.loginPair('history');
      const second = (await token(t, 'history', refresh(first.refresh_token))).json();
      const third = (await token(t, 'history', refresh(second.refresh_token))).json();
      expect((await check(t, third.access_token)).statusCode).toBe(200);

      const reuse = await token(t, 'history', refresh(first.refresh_token));
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json()).toMatchObject({ error_code: 'invalid_token' });

      // the newest access token and the newest refresh token of that family are dead too
      const newest = await check(t, third.access_token);
      expect(newest.statusCode).toBe(400);
      expect(newest.json()).toMatchObject({ error_code: 'invalid_token' });
      expect((await token(t, 'history', refresh(third.refresh_token))).json()).toMatchObject({ error_code: 'invalid_token' });
    });

    it('[SESS-03] leaves the other sessions of the account alone when one family is revoked', async () => {
      const other = await t.loginPair('history');
      const victim = await t.loginPair('history');
      await token(t, 'history', refresh(victim.refresh_token));
      await token(t, 'history', refresh(victim.refresh_token));
      expect((await check(t, other.access_token)).statusCode).toBe(200);
    });

    it('[JWT-04] refuses a refresh token on the path of another account without spending it', async () => {
      const pair = await t.loginPair('update');
      const res = await token(t, 'admin', refresh(pair.refresh_token));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'invalid_token' });
      expect((await token(t, 'update', refresh(pair.refresh_token))).statusCode).toBe(200);
    });

    it('refuses an unknown refresh token', async () => {
      const res = await token(t, 'app', refresh(crypto.randomBytes(32).toString('base64url')));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'invalid_token' });
    });

    it('[SESS-04] refuses a refresh token after 7 days', async () => {
      const pair = await t.loginPair('update');
      clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
      const res = await token(t, 'update', refresh(pair.refresh_token));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'invalid_token' });
    });
  });

  describe('logout', () => {
    it('[SESS-01] revokes the access and refresh tokens of the session at once', async () => {
      const pair = await t.loginPair('admin');
      const other = await t.login('admin');
      const res = await t.call('POST', '/api/v1/auth/logout', pair.access_token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success' });

      const after = await t.call('GET', '/api/v1/system/hmi/name', pair.access_token);
      expect(after.statusCode).toBe(400);
      expect(after.json()).toMatchObject({ error_code: 'invalid_token' });
      expect((await token(t, 'admin', refresh(pair.refresh_token))).json()).toMatchObject({ error_code: 'invalid_token' });
      // another session of the same account still works
      expect((await check(t, other)).statusCode).toBe(200);
    });
  });

  describe('expiry and forgery', () => {
    it('[JWT-04] answers an expired access token with 401 invalid or expired jwt, and renewal still works', async () => {
      const pair = await t.loginPair('update');
      clock.advance(14 * 60_000);
      expect((await check(t, pair.access_token)).statusCode).toBe(200);
      clock.advance(2 * 60_000);
      const res = await t.call('GET', '/api/v1/system/hmi/name', pair.access_token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: 'invalid or expired jwt' });
      const renewed = await token(t, 'update', refresh(pair.refresh_token));
      expect(renewed.statusCode).toBe(200);
      expect((await check(t, renewed.json().access_token)).statusCode).toBe(200);
    });

    it('[JWT-02] answers a token signed with another key with 400 invalid_token', async () => {
      const real = await t.login('admin');
      const [header, payload] = real.split('.');
      const forgedSig = crypto.createHmac('sha256', 'not-the-device-secret').update(`${header}.${payload}`).digest('base64url');
      const res = await t.call('GET', '/api/v1/system/hmi/name', `${header}.${payload}.${forgedSig}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'invalid_token' });
    });

    it('[JWT-03] answers a token whose payload was edited (history → admin) with 400 invalid_token', async () => {
      const real = await t.login('history');
      const [header, payload, sig] = real.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const edited = Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url');
      const res = await t.call('PUT', '/api/v1/system/hmi/name', `${header}.${edited}.${sig}`, { name: 'pwned' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'invalid_token' });
    });

    it('[JWT-01] answers an unsigned (alg none) token and garbage with 400 invalid_token', async () => {
      const real = await t.login('history');
      const payload = real.split('.')[1]!;
      const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
      for (const bad of [none, 'not-a-jwt', 'a.b.c']) {
        const res = await t.call('GET', '/api/v1/system/hmi/name', bad);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error_code: 'invalid_token' });
      }
    });
    it('[JWT-02] refuses a token that names its own key (jwk, jku, x5u, kid "../../" or an empty kid) or another algorithm, signed with that key', async () => {
      const real = await t.login('history');
      const claims = JSON.parse(Buffer.from(real.split('.')[1]!, 'base64url').toString());
      const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const attackerKey = crypto.randomBytes(32);
      const { publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
      const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
      const hs = (header: object, key: crypto.BinaryLike | crypto.KeyObject) => {
        const signed = `${b64(header)}.${b64({ ...claims, sub: 'admin' })}`;
        return `${signed}.${crypto.createHmac('sha256', key).update(signed).digest('base64url')}`;
      };
      const forged = [
        hs({ alg: 'HS256', typ: 'JWT', jwk: { kty: 'oct', k: attackerKey.toString('base64url') } }, attackerKey),
        hs({ alg: 'HS256', typ: 'JWT', jku: 'http://evil.example/jwks.json' }, attackerKey),
        hs({ alg: 'HS256', typ: 'JWT', x5u: 'http://evil.example/cert.pem' }, attackerKey),
        hs({ alg: 'HS256', typ: 'JWT', kid: '../../../../dev/null' }, ''),
        hs({ alg: 'HS256', typ: 'JWT', kid: '' }, ''),
        // Algorithm confusion: an RSA public key (PEM, and with a leading blank line) used as the HMAC secret.
        hs({ alg: 'HS256', typ: 'JWT' }, pem),
        hs({ alg: 'HS256', typ: 'JWT' }, `\n${pem}`),
        hs({ alg: 'HS512', typ: 'JWT' }, attackerKey),
        `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({ ...claims, sub: 'admin' })}.${crypto.sign('sha256', Buffer.from('x'), crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey).toString('base64url')}`,
      ];
      for (const bad of forged) {
        const res = await t.call('PUT', '/api/v1/system/hmi/name', bad, { name: 'pwned' });
        expect({ status: res.statusCode, code: res.json().error_code }).toEqual({ status: 400, code: 'invalid_token' });
      }
      expect((await t.call('GET', '/api/v1/system/hmi/name', real)).json()).not.toEqual({ name: 'pwned' });
    });

    it('[JWT-04] refuses a refresh token used as an access token, and an access token used to renew', async () => {
      const pair = await t.loginPair('update');
      const asAccess = await t.call('GET', '/api/v1/system/hmi/name', pair.refresh_token);
      expect([400, 401]).toContain(asAccess.statusCode);
      const asRefresh = await token(t, 'update', refresh(pair.access_token));
      expect([400, 401]).toContain(asRefresh.statusCode);
      // Neither spent the session: it renews with its own refresh token.
      expect((await token(t, 'update', refresh(pair.refresh_token))).statusCode).toBe(200);
    });

    it('[JWT-05] answers 400 or 401 to any malformed token, never 5xx, quickly (random strings, bad base64, 100 KB, deep headers)', async () => {
      const b64 = (v: string) => Buffer.from(v).toString('base64url');
      const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
      const arbitrary = fc.oneof(
        fc.string({ maxLength: 300 }),
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.tuple(fc.string(), fc.string(), fc.string()).map(([a, b, c]) => `${a}.${b}.${c}`),
        fc.tuple(fc.json(), fc.json(), fc.base64String()).map(([h, p, s]) => `${b64(h)}.${b64(p)}.${s}`),
        fc.constantFrom(`${b64(deep)}.${b64('{}')}.x`, `${'A'.repeat(100_000)}.x.y`, '..', '.', 'Bearer', `${b64('{"alg":"HS256"}')}.%%%.!!!`),
      );
      const times: number[] = [];
      await fc.assert(
        fc.asyncProperty(arbitrary, async (bad) => {
          const started = performance.now();
          const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/token/check', headers: { authorization: `Bearer ${bad}` } });
          times.push(performance.now() - started);
          return res.statusCode === 400 || res.statusCode === 401;
        }),
        { numRuns: 10_000 },
      );
      times.sort((a, b) => a - b);
      expect(times[Math.floor(times.length * 0.99)]).toBeLessThan(50);
    });
  });
});

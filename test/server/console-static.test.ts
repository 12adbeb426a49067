/** Serving the built console: SPA fallback, redirects, JSON 404 for the API, pre-compressed
 * files, cache headers, and the security headers on API and static answers. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { startTestDevice, type TestDevice } from '../support/device';
import { SIGNED_IN_HINT_COOKIE } from '../../contract/api/auth.routes';

const INDEX = '<!doctype html><html><head><script src="/app.js"></script></head><body><div id="root"></div></body></html>';
const APP_JS = `console.log(${JSON.stringify('hello from the console '.repeat(200))});\n`;

function cspOf(res: LightMyRequestResponse): Map<string, string[]> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    csp.split(';').map((d) => d.trim()).filter(Boolean).map((d) => [d.split(/\s+/)[0]!, d.split(/\s+/).slice(1)] as const),
  );
}

/** The headers every answer carries: scripts only from this origin (or none at all), never
 * inline; embedding only by the same origin; no MIME sniffing; a same-origin referrer policy. */
function expectSecurityHeaders(res: LightMyRequestResponse): void {
  const csp = cspOf(res);
  // script-src falls back to default-src when absent
  const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
  expect(scriptSrc).toBeDefined();
  expect(scriptSrc!.length).toBeGreaterThan(0);
  for (const source of scriptSrc!) expect(["'self'", "'none'"]).toContain(source);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('same-origin');
}

/** A page of the console: the full policy, script-src exactly 'self', and X-Frame-Options for
 * browsers without frame-ancestors. */
function expectDocumentHeaders(res: LightMyRequestResponse): void {
  expectSecurityHeaders(res);
  const csp = cspOf(res);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
}

describe('console and static files', () => {
  let t: TestDevice;
  let consoleDir: string;
  beforeAll(async () => {
    consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-console-'));
    fs.writeFileSync(path.join(consoleDir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(consoleDir, 'app.js'), APP_JS);
    fs.writeFileSync(path.join(consoleDir, 'app.js.gz'), zlib.gzipSync(APP_JS));
    fs.writeFileSync(path.join(consoleDir, 'main.0123abcd89.js'), 'export {};\n');
    fs.writeFileSync(path.join(consoleDir, '.env'), 'SECRET=1\n');
    t = await startTestDevice({ consoleDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(consoleDir, { recursive: true, force: true });
  });

  it.each(['/admin/login', '/admin/login?redirect=%2Fadmin%2Fnetwork%2Fwifi', '/admin/network/wifi', '/app', '/app/x', '/app/web-view', '/auth-redirect'])(
    'answers the SPA route %s with index.html',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('redirects / to /app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app');
  });

  it('sends any other unknown page to /app/404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/404');
  });

  it.each([
    ['GET', '/api/v1/no/such/call'],
    ['POST', '/api/v1/system/hmi/name'],
    ['DELETE', '/api/v1/system/hmi/name'],
    ['GET', '/api'],
    ['GET', '/cgi/other.cgi'],
    ['PUT', '/admin/login'],
  ])('answers %s %s with a JSON 404, never the SPA', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ error_code: 'not_found' });
    expect(res.body).not.toContain('<html');
  });

  it('serves a file as it is to a client that does not accept gzip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(APP_JS);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the pre-compressed copy to a client that accepts gzip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app.js', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(APP_JS);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(APP_JS));
  });

  it('caches a content-hashed file for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/main.0123abcd89.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('[DL-01] does not serve dot files or paths outside the console folder', async () => {
    const dot = await t.app.inject({ method: 'GET', url: '/.env' });
    expect(dot.body).not.toContain('SECRET');
    const up = await t.app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
    expect(up.body).not.toContain('root:');
    const up2 = await t.app.inject({ method: 'GET', url: '/admin/../../../etc/passwd' });
    expect(up2.body).not.toContain('root:');
  });

  describe('[HDR-01] security headers', () => {
    it('are on an API answer', async () => {
      expectSecurityHeaders(await t.call('GET', '/api/v1/system/hmi/name', await t.login('history')));
    });

    it('are on an API error', async () => {
      expectSecurityHeaders(await t.app.inject({ method: 'GET', url: '/api/v1/system/hmi/name' }));
      expectSecurityHeaders(await t.app.inject({ method: 'GET', url: '/api/v1/nothing' }));
    });

    it('are on the SPA page and on a static file, with the document policy', async () => {
      expectDocumentHeaders(await t.app.inject({ method: 'GET', url: '/admin/login' }));
      expectDocumentHeaders(await t.app.inject({ method: 'GET', url: '/app/x' }));
      expectSecurityHeaders(await t.app.inject({ method: 'GET', url: '/app.js', headers: { 'accept-encoding': 'gzip' } }));
    });

    it('are on redirects', async () => {
      expectSecurityHeaders(await t.app.inject({ method: 'GET', url: '/' }));
    });

    it('do not include HSTS (a self-signed certificate must stay possible to click through)', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/admin/login' });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  });
});

describe('the page each kind of first load gets (webpack.config.ts, PAGES)', () => {
  const page = (name: string) => `<!doctype html><html><head><title>${name}</title></head><body></body></html>`;
  let t: TestDevice;
  let consoleDir: string;
  beforeAll(async () => {
    consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-console-'));
    for (const name of ['index', 'signed-in', 'sign-in']) fs.writeFileSync(path.join(consoleDir, `${name}.html`), page(name));
    fs.writeFileSync(path.join(consoleDir, 'signed-in.html.gz'), zlib.gzipSync(page('signed-in')));
    t = await startTestDevice({ consoleDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(consoleDir, { recursive: true, force: true });
  });

  const HINT = `${SIGNED_IN_HINT_COOKIE}=1`;
  it.each([
    ['/admin/login', '', 'sign-in'],
    ['/app/login', '', 'sign-in'],
    ['/admin/login?redirect=%2Fadmin%2Fnetwork%2Fwifi', HINT, 'sign-in'],
    ['/admin/dashboard', HINT, 'signed-in'],
    ['/admin/features/opcua', `language=ja; ${HINT}`, 'signed-in'],
    ['/app', HINT, 'signed-in'],
    ['/app/web-view', HINT, 'signed-in'],
    ['/admin/loginx', HINT, 'signed-in'],
    // A signed-out deep link: nothing of the shell is preloaded.
    ['/admin/dashboard', '', 'index'],
    ['/admin/dashboard', `${SIGNED_IN_HINT_COOKIE}=; language=en`, 'index'],
    ['/auth-redirect', HINT, 'index'],
  ])('answers %s (cookie "%s") with %s.html', async (url, cookie, name) => {
    const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(page(name));
    expectDocumentHeaders(res);
  });

  it('sends the pre-compressed copy of a page to a browser that accepts it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/dashboard', headers: { 'accept-encoding': 'gzip', cookie: `${SIGNED_IN_HINT_COOKIE}=1` } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(page('signed-in'));
  });
});

describe('console not built', () => {
  let t: TestDevice;
  beforeAll(async () => {
    t = await startTestDevice({ consoleDir: null });
  });
  afterAll(() => t.close());

  it('answers a console route with a JSON 404 that says to build, and still serves the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/login' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error_code: 'not_found' });
    expect((await t.call('GET', '/api/v1/system/hmi/name', await t.login('admin'))).statusCode).toBe(200);
  });
});

/** Misc settings (specification §2, §9): stored and answered, the rule's refusals by field, the VNC
 * password write-only and masked in the operation log, and the response headers following the
 * frame-embedding setting at once, on the console's documents and on API answers alike. */
import { startTestDevice, type TestDevice } from '../support/device';
import { miscInputOf } from '../support/misc';
import { miscAnswerSchema } from '../../contract/api/misc';
import { DEFAULT_MISC_SETTINGS } from '../../contract/rules/misc';

const URL = '/api/v1/misc/settings';
let t: TestDevice;
let admin: string;

beforeAll(async () => {
  t = await startTestDevice();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const put = (body: unknown) => t.call('PUT', URL, admin, body);

describe('Misc settings', () => {
  it('a new device answers the defaults (frame embedding by its own origin), and a change is kept', async () => {
    const res = await t.call('GET', URL, admin);
    expect(res.statusCode).toBe(200);
    const answer = miscAnswerSchema.parse(res.json());
    expect(answer.settings).toEqual(DEFAULT_MISC_SETTINGS);
    // The sample project enables Misc.
    expect(answer.project_enabled).toBe(true);

    const saved = await put(miscInputOf({ buzzer: { enabled: false }, screen_saver_minutes: 15, backlight_percent: 40 }));
    expect(saved.statusCode).toBe(200);
    const again = miscAnswerSchema.parse((await t.call('GET', URL, admin)).json());
    expect(again.settings).toEqual({ ...DEFAULT_MISC_SETTINGS, buzzer: { enabled: false }, screen_saver_minutes: 15, backlight_percent: 40 });
  });

  it.each([
    ['an origin with a path', miscInputOf({ frame_embedding: { allowed_origins: ['https://a.example/x'] } }), 'allowed_origins'],
    ['a wildcard origin', miscInputOf({ frame_embedding: { allowed_origins: ['https://*.example'] } }), 'allowed_origins'],
    ['an origin twice (written two ways)', miscInputOf({ frame_embedding: { allowed_origins: ['https://A.example', 'https://a.example:443'] } }), 'allowed_origins'],
    ['eleven origins', miscInputOf({ frame_embedding: { allowed_origins: Array.from({ length: 11 }, (_v, i) => `https://h${i}.example`) } }), 'allowed_origins'],
    ['a screen saver of 61 minutes', miscInputOf({ screen_saver_minutes: 61 }), 'screen_saver_minutes'],
    ['a backlight of 5 %', miscInputOf({ backlight_percent: 5 }), 'backlight_percent'],
    ['a screen saver of 2.5 minutes', miscInputOf({ screen_saver_minutes: 2.5 }), 'screen_saver_minutes'],
    ['a VNC port of 80', miscInputOf({ vnc: { port: 80 } }), 'vnc_port'],
    ['a VNC password of 9 characters', miscInputOf({ vnc: { password: '123456789' } }), 'vnc_password'],
    ['VNC on without a password', miscInputOf({ vnc: { enabled: true } }), 'vnc_password'],
  ])('refuses %s, naming the field', async (_name, body, field) => {
    const res = await put(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expect.objectContaining({ error_code: 'validation_failure', field }));
  });

  it('refuses a body that is not the schema (a missing section) with 400', async () => {
    const { vnc: _vnc, ...body } = miscInputOf();
    expect((await put(body)).statusCode).toBe(400);
  });

  it('the VNC password is write-only: never answered, kept when sent empty, masked in the operation log', async () => {
    const secret = 'Vn8c-pw1';
    const res = await put(miscInputOf({ vnc: { enabled: true, password: secret, view_only: false } }));
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(secret);
    expect(miscAnswerSchema.parse(res.json()).settings.vnc).toEqual({ enabled: true, port: 5900, view_only: false, password_set: true });
    // Sent empty: the stored one stays (VNC stays on without a new password).
    const kept = await put(miscInputOf({ vnc: { enabled: true, password: '', port: 5901 } }));
    expect(kept.statusCode).toBe(200);
    expect(miscAnswerSchema.parse(kept.json()).settings.vnc.password_set).toBe(true);
    expect((await t.call('GET', URL, admin)).body).not.toContain(secret);
    const rows = t.device.db.prepare("SELECT before_value, after_value FROM operation_log WHERE action = 'set_misc_settings'").all() as { before_value: string; after_value: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(t.device.settings.get('misc').vnc.password).toBe(secret);
  });

  it('401 without a token, 403 for an account without the menu', async () => {
    expect((await t.call('GET', URL, null)).statusCode).toBe(401);
    expect((await t.call('PUT', URL, null, miscInputOf())).statusCode).toBe(401);
    const history = await t.login('history');
    expect((await t.call('GET', URL, history)).statusCode).toBe(403);
    expect((await t.call('PUT', URL, history, miscInputOf())).statusCode).toBe(403);
  });
});

describe('the security self-check', () => {
  const findings = async () => ((await t.call('GET', '/api/v1/diagnostics/self-check', admin)).json() as { items: { id: string; values: Record<string, string> }[] }).items;

  it('lists frame embedding open to other origins while an origin is listed, and not once it is gone or embedding is off', async () => {
    expect((await findings()).map((i) => i.id)).not.toContain('frame_embedding_open');
    expect((await put(miscInputOf({ frame_embedding: { allowed_origins: ['https://scada.example'] } }))).statusCode).toBe(200);
    expect((await findings()).find((i) => i.id === 'frame_embedding_open')?.values).toEqual({ origins: 'https://scada.example' });
    expect((await put(miscInputOf({ frame_embedding: { enabled: false, allowed_origins: ['https://scada.example'] } }))).statusCode).toBe(200);
    expect((await findings()).map((i) => i.id)).not.toContain('frame_embedding_open');
    expect((await put(miscInputOf())).statusCode).toBe(200);
  });
});

describe('[HDR-01] the frame-embedding headers follow the Misc setting at once', () => {
  const headersOf = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { csp: String(res.headers['content-security-policy']), xfo: res.headers['x-frame-options'] };
  };
  const frameAncestors = (csp: string) => /frame-ancestors ([^;]+)/.exec(csp)?.[1];

  it.each([
    ['the console document', '/admin/login'],
    ['an API answer', '/api/v1/meta/version'],
    ['an error answer', '/api/v1/no-such-call'],
  ])('%s: same origin, listed origins, none', async (_name, url) => {
    expect((await put(miscInputOf())).statusCode).toBe(200);
    let h = await headersOf(url);
    expect(frameAncestors(h.csp)).toBe("'self'");
    if (!url.startsWith('/api/')) expect(h.xfo).toBe('SAMEORIGIN');

    expect((await put(miscInputOf({ frame_embedding: { allowed_origins: ['https://SCADA.example:8443', 'http://10.0.0.5'] } }))).statusCode).toBe(200);
    h = await headersOf(url);
    expect(frameAncestors(h.csp)).toBe("'self' https://scada.example:8443 http://10.0.0.5");
    // X-Frame-Options cannot name an origin: left out, frame-ancestors decides.
    expect(h.xfo).toBeUndefined();

    expect((await put(miscInputOf({ frame_embedding: { enabled: false, allowed_origins: ['https://scada.example'] } }))).statusCode).toBe(200);
    h = await headersOf(url);
    expect(frameAncestors(h.csp)).toBe("'none'");
    if (!url.startsWith('/api/')) expect(h.xfo).toBe('DENY');

    expect((await put(miscInputOf())).statusCode).toBe(200);
  });

  it('a restarted device keeps its policy (set from the stored setting at start)', async () => {
    const device = await startTestDevice();
    try {
      const token = await device.login('admin');
      expect((await device.call('PUT', URL, token, miscInputOf({ frame_embedding: { enabled: false } }))).statusCode).toBe(200);
      await device.app.close();
      const again = await startTestDevice({ dataDir: device.dataDir });
      try {
        const res = await again.app.inject({ method: 'GET', url: '/admin/login' });
        expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
        expect(res.headers['x-frame-options']).toBe('DENY');
      } finally {
        await again.close();
      }
    } finally {
      await device.close().catch(() => undefined);
    }
  });
});

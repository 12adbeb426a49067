/** The `webview.screens` call: the running project's WebView screens, each named tag's type,
 * format and writability, and the caller's role (contract/api/webview.ts). */
import { startTestDevice, type TestDevice } from '../support/device';
import { screens } from '../../contract/api/webview';

describe('webview.screens', () => {
  let t: TestDevice;
  const url = '/api/v1/webview/screens';
  beforeAll(async () => {
    t = await startTestDevice();
  });
  afterAll(() => t.close());

  it('answers the sample screen, its tags and the control role to the control user', async () => {
    const res = await t.call('GET', url, await t.login('cmt_default_control_user'));
    expect(res.statusCode).toBe(200);
    const body = screens.response.parse(res.json());
    expect(body.role).toBe('control');
    const overview = body.screens.find((s) => s.id === 10)!;
    expect(overview).toMatchObject({ name: 'Overview', width: 800, height: 480 });
    expect(new Set(overview.elements.map((e) => e.kind))).toEqual(new Set(['label', 'value', 'lamp', 'button', 'numeric_entry', 'bar']));
    expect(overview.elements.find((e) => e.kind === 'numeric_entry')).toMatchObject({ tag: 'Tank1_Setpoint', min: 0, max: 100 });
    expect(body.tags.Tank1_Level).toEqual({ data_type: 'uint16', unit: '%', writable: false });
    expect(body.tags.Tank1_Temperature).toEqual({ data_type: 'float', decimals: 1, unit: '°C', writable: false });
    expect(body.tags.Pump1_Running).toEqual({ data_type: 'bit', writable: true });
    // Every tag an element names, and no other.
    const named = new Set(body.screens.flatMap((s) => s.elements.flatMap((e) => (e.tag ? [e.tag] : []))));
    expect(new Set(Object.keys(body.tags))).toEqual(named);
  });

  it('answers the view-only role to the view-only user, and control to admin', async () => {
    expect((await t.call('GET', url, await t.login('cmt_default_view_only_user'))).json().role).toBe('view_only');
    expect((await t.call('GET', url, await t.login('admin'))).json().role).toBe('control');
  });

  it('AUTH-01: 401 without a token', async () => {
    expect((await t.call('GET', url, null)).statusCode).toBe(401);
  });

  it('AUTH-02: 403 forbidden to update and history', async () => {
    for (const account of ['update', 'history'] as const) {
      const res = await t.call('GET', url, await t.login(account));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error_code: 'forbidden' });
    }
  });

  it('403 webview_disabled to everyone, admin included, while WebView is off', async () => {
    // Signed in before WebView is turned off (a WebView user cannot sign in while it is off).
    const tokens = { admin: await t.login('admin'), cmt_default_control_user: await t.login('cmt_default_control_user') };
    const before = t.device.settings.get('webview');
    t.device.settings.set('webview', { ...before, enabled: false });
    try {
      for (const account of ['admin', 'cmt_default_control_user'] as const) {
        const res = await t.call('GET', url, tokens[account]);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ error_code: 'webview_disabled' });
      }
    } finally {
      t.device.settings.set('webview', before);
    }
  });

  it('409 no_running_project while no project runs', async () => {
    const token = await t.login('cmt_default_control_user');
    await t.device.project.runtime.stop();
    try {
      const res = await t.call('GET', url, token);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error_code: 'no_running_project' });
    } finally {
      t.device.project.runtime.startNow(t.device.project.project);
    }
  });
});

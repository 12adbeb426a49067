/**
 * Touch calibration on the simulated panel: a full run with five consistent touches (done, the
 * matrix stored, the operation-log rows), an inconsistent one and one outside the screen (failed),
 * the timeout (shortened), cancel, start while one runs (409), a project that does not enable it,
 * and the simulate-touch call's gate (404 when off; 409 when no calibration runs).
 */
import { startTestDevice, type TestDevice } from '../support/device';
import { applyAffine, calibrationTargets, fitCalibration, MAX_RESIDUAL_PX, TOUCH_SCREEN, type AffineMatrix } from '../../contract/rules/touch-calibration';
import { touchCalibrationStatusSchema, type TouchCalibrationStatus } from '../../contract/api/touch-calibration';

const BASE = '/api/v1/touch-calibration';
const TARGETS = calibrationTargets();
/** A touch screen a little off: scaled, shifted and slightly sheared, as a worn panel's is. */
const RAW = TARGETS.map((p) => ({ x: Math.round(p.x * 0.97 + 0.01 * p.y + 12), y: Math.round(p.y * 1.02 - 8) }));

interface Row {
  action: string;
  result: string;
  source: string;
  after_value: string | null;
}

describe('touch calibration', () => {
  let t: TestDevice;
  let admin: string;
  beforeAll(async () => {
    t = await startTestDevice({ touchCalibration: { timeoutMs: 60_000 } });
    admin = await t.login('admin');
  });
  afterAll(() => t.close());
  afterEach(() => t.device.touchCalibration.cancel());

  const call = async (method: string, path: string, body?: unknown, token: string | null = admin) => t.call(method, `${BASE}/${path}`, token, body);
  const status = async () => touchCalibrationStatusSchema.parse((await call('GET', 'status')).json()) as TouchCalibrationStatus;
  const touch = (p: { x: number; y: number }) => call('POST', 'simulate-touch', p);
  const rows = (action: string) => t.device.db.prepare('SELECT action, result, source, after_value FROM operation_log WHERE action = ? ORDER BY id').all(action) as Row[];

  it('is idle at first, with the five targets: the corners inset and the centre', async () => {
    const s = await status();
    expect(s).toMatchObject({ state: 'idle', project_enabled: true, screen_locked: false, touched: 0, next: null, screen: TOUCH_SCREEN, threshold: MAX_RESIDUAL_PX });
    expect(s.targets).toEqual([
      { x: 102, y: 60 },
      { x: 921, y: 60 },
      { x: 921, y: 539 },
      { x: 102, y: 539 },
      { x: 512, y: 300 },
    ]);
  });

  it('five consistent touches: done, the fitted matrix stored with its date, one row each for start and completion', async () => {
    const res = await call('POST', 'start');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'calibrating', screen_locked: true, touched: 0, next: 0, seconds_left: 60 });
    for (let i = 0; i < 4; i++) {
      const r = await touch(RAW[i]!);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ state: 'calibrating', touched: i + 1, next: i + 1 });
    }
    const last = await touch(RAW[4]!);
    expect(last.json()).toMatchObject({ state: 'done', screen_locked: false, touched: 5, next: null });
    const s = await status();
    expect(s.calibration).not.toBeNull();
    expect(s.max_residual).toBeLessThanOrEqual(MAX_RESIDUAL_PX);
    expect(s.calibration!.at).toBe(new Date(t.device.time.nowMs()).toISOString());
    // The stored matrix maps each touch onto its target (within rounding).
    RAW.forEach((p, i) => {
      const q = applyAffine(s.calibration!.matrix as AffineMatrix, p);
      expect(Math.hypot(q.x - TARGETS[i]!.x, q.y - TARGETS[i]!.y)).toBeLessThan(2);
    });
    expect(t.device.settings.get('touch_calibration')).toEqual(s.calibration);
    expect(rows('start_touch_calibration').at(-1)).toMatchObject({ result: 'success' });
    expect(rows('touch_calibration_finished').at(-1)).toMatchObject({ result: 'success', source: 'device' });
  });

  it('a point far from where the others put it: failed (inconsistent), the stored calibration kept', async () => {
    const before = t.device.settings.get('touch_calibration');
    await call('POST', 'start');
    for (const [i, p] of RAW.entries()) await touch(i === 4 ? { x: p.x + 150, y: p.y - 90 } : p);
    const s = await status();
    expect(s).toMatchObject({ state: 'failed', reason: 'inconsistent', screen_locked: false });
    expect(s.max_residual).toBeGreaterThan(MAX_RESIDUAL_PX);
    expect(t.device.settings.get('touch_calibration')).toEqual(before);
    expect(rows('touch_calibration_finished').at(-1)).toMatchObject({ result: 'inconsistent', source: 'device' });
  });

  it('a touch outside the screen: failed (outside_screen)', async () => {
    await call('POST', 'start');
    for (const [i, p] of RAW.entries()) await touch(i === 2 ? { x: TOUCH_SCREEN.width + 5, y: p.y } : p);
    expect(await status()).toMatchObject({ state: 'failed', reason: 'outside_screen' });
  });

  it('starting while one runs is a clear 409', async () => {
    await call('POST', 'start');
    const res = await call('POST', 'start');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error_code: 'touch_calibration_running' });
    expect((await status()).state).toBe('calibrating');
  });

  it('cancel from the console: cancelled, the screen free again; a second cancel changes nothing', async () => {
    await call('POST', 'start');
    await touch(RAW[0]!);
    const res = await call('POST', 'cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'cancelled', screen_locked: false, next: null });
    expect((await call('POST', 'cancel')).json()).toMatchObject({ state: 'cancelled' });
    expect(rows('cancel_touch_calibration').at(-1)).toMatchObject({ result: 'success' });
    // A touch now goes nowhere.
    const late = await touch(RAW[1]!);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error_code: 'touch_calibration_not_running' });
  });

  it('a touch while idle is refused (409), and a start after an outcome starts over', async () => {
    const fresh = await startTestDevice();
    try {
      const token = await fresh.login('admin');
      const res = await fresh.call('POST', `${BASE}/simulate-touch`, token, RAW[0]);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error_code: 'touch_calibration_not_running' });
    } finally {
      await fresh.close();
    }
    await call('POST', 'start');
    await call('POST', 'cancel');
    expect((await call('POST', 'start')).json()).toMatchObject({ state: 'calibrating', touched: 0 });
  });
});

describe('touch calibration: the timeout', () => {
  it('without the fifth touch within the (shortened) timeout: timed out, the screen free, a row', async () => {
    const t = await startTestDevice({ touchCalibration: { timeoutMs: 150 } });
    try {
      const admin = await t.login('admin');
      await t.call('POST', `${BASE}/start`, admin);
      await t.call('POST', `${BASE}/simulate-touch`, admin, RAW[0]);
      await new Promise((r) => setTimeout(r, 250));
      const s = (await t.call('GET', `${BASE}/status`, admin)).json();
      expect(s).toMatchObject({ state: 'timed_out', screen_locked: false, touched: 1 });
      expect((await t.call('POST', `${BASE}/simulate-touch`, admin, RAW[1])).statusCode).toBe(409);
      const row = t.device.db.prepare("SELECT result, source FROM operation_log WHERE action = 'touch_calibration_finished'").get();
      expect(row).toEqual({ result: 'timed_out', source: 'device' });
    } finally {
      await t.close();
    }
  });
});

describe('touch calibration: the simulate-touch gate', () => {
  it('answers 404 without HMI_SIMULATE_TOUCH=1 (a real panel has no such call), 401 without a token, 403 to another account', async () => {
    const t = await startTestDevice({ touchCalibration: { simulateTouch: false } });
    try {
      const admin = await t.login('admin');
      await t.call('POST', `${BASE}/start`, admin);
      const res = await t.call('POST', `${BASE}/simulate-touch`, admin, RAW[0]);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error_code: 'not_found' });
      expect((await t.call('GET', `${BASE}/status`, admin)).json()).toMatchObject({ state: 'calibrating', touched: 0 });
      expect((await t.call('POST', `${BASE}/simulate-touch`, null, RAW[0])).statusCode).toBe(401);
      expect((await t.call('POST', `${BASE}/simulate-touch`, await t.login('update'), RAW[0])).statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });

  it('the server reads the gate from HMI_SIMULATE_TOUCH', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { readConfig } = require('../../server/config') as typeof import('../../server/config');
    expect(readConfig({}, '/repo').touchCalibration.simulateTouch).toBe(false);
    expect(readConfig({ HMI_SIMULATE_TOUCH: '0' }, '/repo').touchCalibration.simulateTouch).toBe(false);
    expect(readConfig({ HMI_SIMULATE_TOUCH: '1' }, '/repo').touchCalibration.simulateTouch).toBe(true);
  });
});

describe('touch calibration: a project that does not enable it', () => {
  it('start answers 409 touch_calibration_not_enabled and the status says so', async () => {
    const t = await startTestDevice();
    try {
      const admin = await t.login('admin');
      const project = t.device.project.runtime.project ?? t.device.project.project;
      const was = project.touch_calibration_enabled;
      project.touch_calibration_enabled = false;
      const res = await t.call('POST', `${BASE}/start`, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error_code: 'touch_calibration_not_enabled' });
      expect((await t.call('GET', `${BASE}/status`, admin)).json()).toMatchObject({ project_enabled: false, state: 'idle' });
      project.touch_calibration_enabled = was;
    } finally {
      await t.close();
    }
  });
});

describe('the fit', () => {
  it('maps exact touches onto the targets with no residual, and refuses a degenerate set', () => {
    const fit = fitCalibration(TARGETS, TARGETS);
    expect(fit.ok).toBe(true);
    expect(fit.maxResidual).toBeCloseTo(0, 6);
    const same = TARGETS.map(() => ({ x: 300, y: 300 }));
    expect(fitCalibration(same, TARGETS)).toMatchObject({ ok: false, reason: 'inconsistent' });
  });

  it('judges by the threshold: just under passes, over fails', () => {
    const off = (d: number) => TARGETS.map((p, i) => (i === 4 ? { x: p.x + d, y: p.y } : p));
    expect(fitCalibration(off(20), TARGETS).ok).toBe(true);
    expect(fitCalibration(off(40), TARGETS)).toMatchObject({ ok: false, reason: 'inconsistent' });
  });
});

describe('touch calibration: the console never offers the simulated touch', () => {
  it('no store endpoint and no screen names the simulate-touch call', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fs = require('node:fs') as typeof import('node:fs');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const path = require('node:path') as typeof import('node:path');
    const root = path.join(__dirname, '../..');
    const files = (dir: string): string[] =>
      fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
    const offending = [...files('store'), ...files('src')].filter((f) => /simulateTouch|simulate-touch/.test(fs.readFileSync(path.join(root, f), 'utf8')));
    expect(offending).toEqual([]);
  });
});

/** The touch calibration's QA entry: sample events, doubles and sample results (see qa-support.ts). */
import type { TouchCalibrationStatus } from '../contract/api/touch-calibration';
import { calibrationTargets, MAX_RESIDUAL_PX, TOUCH_SCREEN } from '../contract/rules/touch-calibration';
import { POLL_MS, RETRY_MS, touchCalibrationMachine, type TouchCalibrationEvent } from './touch-calibration.machine';
import { NETWORK_FAILURE, pendingPromise, samplesOf, type MachineEntry } from './qa-support';

const base = {
  project_enabled: true,
  screen_locked: false,
  screen: { ...TOUCH_SCREEN },
  targets: calibrationTargets(),
  touched: 0,
  next: null,
  threshold: MAX_RESIDUAL_PX,
  calibration: null,
} satisfies Partial<TouchCalibrationStatus>;

const stored = { matrix: [1.02, -0.01, -11.6, 0, 0.98, 7.8], at: '2026-11-28T10:00:12.000Z', max_residual: 0.6 };

export const SAMPLE_TOUCH_STATUSES = {
  idle: { ...base, state: 'idle' },
  calibrating: { ...base, state: 'calibrating', screen_locked: true, touched: 3, next: 3, deadline: '2026-11-28T10:01:00.000Z', seconds_left: 48 },
  done: { ...base, state: 'done', touched: 5, max_residual: 0.6, calibration: stored },
  failed: { ...base, state: 'failed', touched: 5, reason: 'inconsistent', max_residual: 64.2 },
  timedOut: { ...base, state: 'timed_out', touched: 2 },
  cancelled: { ...base, state: 'cancelled', touched: 1 },
} satisfies Record<string, TouchCalibrationStatus>;

const S = SAMPLE_TOUCH_STATUSES;

export const touchCalibrationQa: MachineEntry = {
  id: touchCalibrationMachine.id,
  textNamespace: 'touch-calibration',
  machine: touchCalibrationMachine,
  textValues: { poll: `${POLL_MS / 1000} s`, retry: `${RETRY_MS / 1000} s` },
  events: samplesOf<TouchCalibrationEvent>([
    { type: 'touch.start' },
    { type: 'touch.confirm' },
    { type: 'touch.dismiss' },
    { type: 'touch.cancel' },
    { type: 'touch.keep' },
    { type: 'touch.retry' },
  ]),
  doubles: {
    actors: {
      fetchStatus: pendingPromise<TouchCalibrationStatus>(),
      start: pendingPromise<TouchCalibrationStatus>(),
      cancel: pendingPromise<TouchCalibrationStatus>(),
    },
  },
  outcomes: {
    fetchStatus: { output: S.calibrating, otherOutputs: [S.idle, S.done, S.failed, S.timedOut, S.cancelled], error: NETWORK_FAILURE },
    start: { output: S.calibrating, otherOutputs: [S.idle, S.done, S.failed, S.timedOut, S.cancelled], error: NETWORK_FAILURE },
    cancel: { output: S.cancelled, otherOutputs: [S.calibrating, S.idle, S.done, S.failed, S.timedOut], error: NETWORK_FAILURE },
  },
};

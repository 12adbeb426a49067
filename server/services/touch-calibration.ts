/**
 * Touch calibration on the simulated panel (docs/decisions.md#touch-calibration).
 *
 * idle → calibrating (five targets shown on the panel; its screen cannot be used meanwhile) →
 * done (the affine fit of the five touches is stored), failed (points inconsistent or outside the
 * screen), timed out (no fifth touch within `timeoutMs`) or cancelled (from the console). The last
 * outcome stays until the next start. A restart forgets a running calibration (the panel shows its
 * screen again), as a real panel would; the stored calibration stays.
 */
import type { z } from 'zod';
import type { TouchCalibrationState, TouchCalibrationStatus, touchCalibrationResultSchema } from '../../contract/api/touch-calibration';
import {
  calibrationTargets,
  CALIBRATION_TIMEOUT_MS,
  fitCalibration,
  MAX_RESIDUAL_PX,
  TOUCH_SCREEN,
  type Point,
} from '../../contract/rules/touch-calibration';
import { ApiError } from '../lib/api-error';
import type { Clock } from '../lib/clock';
import type { Db } from '../db/database';
import type { OperationLog } from './operation-log';

export type TouchCalibrationResult = z.infer<typeof touchCalibrationResultSchema>;

export interface TouchCalibrationOptions {
  /** How long the panel waits for the five touches. */
  timeoutMs: number;
  /** The simulated panel takes touches from `POST …/simulate-touch` (HMI_SIMULATE_TOUCH=1: `npm
   * start`, the browser tests and the server tests); off, the call answers 404, as on a real
   * panel, which has no such call. */
  simulateTouch: boolean;
}

export const DEFAULT_TOUCH_CALIBRATION_OPTIONS: TouchCalibrationOptions = { timeoutMs: CALIBRATION_TIMEOUT_MS, simulateTouch: false };

interface Deps {
  db: Db;
  /** The host clock: the deadline is a duration, never shown as a date by itself. */
  clock: Clock;
  /** The device clock (dates stamped and shown). */
  nowMs: () => number;
  oplog: OperationLog;
  stored: () => TouchCalibrationResult | null;
  store: (result: TouchCalibrationResult) => void;
  projectEnabled: () => boolean;
  options: TouchCalibrationOptions;
}

type Outcome = { reason?: 'inconsistent' | 'outside_screen'; maxResidual?: number };

export class TouchCalibrationService {
  private state: TouchCalibrationState = 'idle';
  private touched: Point[] = [];
  private deadline = 0;
  private timer: NodeJS.Timeout | null = null;
  private outcome: Outcome = {};
  readonly targets = calibrationTargets(TOUCH_SCREEN);

  constructor(private readonly deps: Deps) {}

  get options(): TouchCalibrationOptions {
    return this.deps.options;
  }

  status(): TouchCalibrationStatus {
    this.expireIfDue();
    const calibrating = this.state === 'calibrating';
    const leftMs = Math.max(0, this.deadline - this.deps.clock.now());
    return {
      state: this.state,
      project_enabled: this.deps.projectEnabled(),
      screen_locked: calibrating,
      screen: { ...TOUCH_SCREEN },
      targets: this.targets.map((t) => ({ ...t })),
      touched: this.touched.length,
      next: calibrating ? this.touched.length : null,
      ...(calibrating
        ? { deadline: new Date(this.deps.nowMs() + leftMs).toISOString(), seconds_left: Math.ceil(leftMs / 1000) }
        : {}),
      ...(this.outcome.reason ? { reason: this.outcome.reason } : {}),
      ...(this.outcome.maxResidual === undefined ? {} : { max_residual: round(this.outcome.maxResidual) }),
      threshold: MAX_RESIDUAL_PX,
      calibration: this.deps.stored(),
    };
  }

  start(): TouchCalibrationStatus {
    this.expireIfDue();
    if (this.state === 'calibrating') throw new ApiError(409, 'touch_calibration_running', 'A calibration is already running on the panel: wait for it to end, or cancel it');
    if (!this.deps.projectEnabled()) throw new ApiError(409, 'touch_calibration_not_enabled', 'The running project does not enable touch calibration');
    this.state = 'calibrating';
    this.touched = [];
    this.outcome = {};
    this.deadline = this.deps.clock.now() + this.deps.options.timeoutMs;
    this.clearTimer();
    this.timer = setTimeout(() => this.expire(), this.deps.options.timeoutMs);
    this.timer.unref?.();
    return this.status();
  }

  /** Ends a running calibration; answers the status as it is when none runs. */
  cancel(): TouchCalibrationStatus {
    this.expireIfDue();
    if (this.state === 'calibrating') {
      this.clearTimer();
      this.state = 'cancelled';
    }
    return this.status();
  }

  /** A touch on the panel's screen while the targets are shown. */
  touch(p: Point): TouchCalibrationStatus {
    this.expireIfDue();
    if (this.state !== 'calibrating') throw new ApiError(409, 'touch_calibration_not_running', 'No calibration is running: start one first');
    this.touched.push({ x: p.x, y: p.y });
    if (this.touched.length === this.targets.length) this.finish();
    return this.status();
  }

  close(): void {
    this.clearTimer();
  }

  private finish(): void {
    this.clearTimer();
    const fit = fitCalibration(this.touched, this.targets, TOUCH_SCREEN, MAX_RESIDUAL_PX);
    const maxResidual = fit.maxResidual ?? undefined;
    if (fit.ok) {
      const result: TouchCalibrationResult = {
        matrix: fit.matrix.map((v) => Math.round(v * 1e6) / 1e6),
        at: new Date(this.deps.nowMs()).toISOString(),
        max_residual: round(fit.maxResidual),
      };
      this.deps.db.transaction(() => this.deps.store(result))();
      this.state = 'done';
      this.outcome = { maxResidual: fit.maxResidual };
      this.record('success', { state: 'done', max_residual: result.max_residual });
    } else {
      this.state = 'failed';
      this.outcome = { reason: fit.reason, ...(maxResidual === undefined ? {} : { maxResidual }) };
      this.record(fit.reason, { state: 'failed', reason: fit.reason, ...(maxResidual === undefined ? {} : { max_residual: round(maxResidual) }) });
    }
  }

  private expireIfDue(): void {
    if (this.state === 'calibrating' && this.deps.clock.now() >= this.deadline) this.expire();
  }

  private expire(): void {
    if (this.state !== 'calibrating') return;
    this.clearTimer();
    this.state = 'timed_out';
    this.record('timed_out', { state: 'timed_out', touched: this.touched.length });
  }

  private record(result: string, after: Record<string, unknown>): void {
    this.deps.oplog.record({ account: null, source: 'device', action: 'touch_calibration_finished', target: 'touch_calibration', before: null, after, values: null, result });
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}

import { z } from 'zod';
import { defineCall } from './define';
import { TOUCH_CALIBRATION_ROUTES } from './touch-calibration.routes';
import { TOUCH_COORDINATE_LIMIT } from '../rules/touch-calibration';

const admin = { kind: 'menu', menu: 'touch_calibration', accounts: ['admin'] } as const;

export const TOUCH_CALIBRATION_STATES = ['idle', 'calibrating', 'done', 'failed', 'timed_out', 'cancelled'] as const;
export type TouchCalibrationState = (typeof TOUCH_CALIBRATION_STATES)[number];

const point = z.object({ x: z.number(), y: z.number() });

/** The stored calibration: the affine matrix from a touch to the screen (`[a, b, c, d, e, f]`: x' =
 * a·x + b·y + c, y' = d·x + e·y + f), when it was made (device clock) and its worst residual. */
export const touchCalibrationResultSchema = z
  .object({
    matrix: z.array(z.number()).length(6),
    at: z.string(),
    max_residual: z.number(),
  })
  .meta({ id: 'TouchCalibrationResult' });

export const touchCalibrationStatusSchema = z
  .object({
    state: z.enum(TOUCH_CALIBRATION_STATES),
    /** The running project enables touch calibration (specification §2: the screen says otherwise
     * that it is not enabled, and start is refused). */
    project_enabled: z.boolean(),
    /** The panel's screen cannot be used for anything else: a calibration runs on it. */
    screen_locked: z.boolean(),
    /** The panel's screen, in panel pixels. */
    screen: z.object({ width: z.number().int(), height: z.number().int() }),
    /** The five targets, in the order they are touched. */
    targets: z.array(point),
    /** How many targets are touched, and which one is next (while calibrating). */
    touched: z.number().int().min(0).max(5),
    next: z.number().int().min(0).max(4).nullable(),
    /** While calibrating: when the panel stops waiting (ISO 8601, device clock) and how long that is. */
    deadline: z.string().optional(),
    seconds_left: z.number().int().min(0).optional(),
    /** Why it failed: a point farther than the threshold from its target once fitted, or a touch
     * outside the screen. */
    reason: z.enum(['inconsistent', 'outside_screen']).optional(),
    /** The worst residual of the last fit, in panel pixels, and the threshold it is judged by. */
    max_residual: z.number().optional(),
    threshold: z.number(),
    /** The calibration in use (null: the factory's). */
    calibration: touchCalibrationResultSchema.nullable(),
  })
  .meta({ id: 'TouchCalibrationStatus' });

export const simulatedTouchSchema = z
  .object({
    x: z.number().int().min(-TOUCH_COORDINATE_LIMIT).max(TOUCH_COORDINATE_LIMIT),
    y: z.number().int().min(-TOUCH_COORDINATE_LIMIT).max(TOUCH_COORDINATE_LIMIT),
  })
  .meta({ id: 'SimulatedTouch' });

export const start = defineCall({
  ...TOUCH_CALIBRATION_ROUTES.start,
  tag: 'touch-calibration',
  summary:
    'Starts a calibration on the panel: it shows five targets (four corners inset, then the centre) and waits 60 s for them to be touched; its screen cannot be used meanwhile. 409 while one runs, or when the project does not enable it.',
  access: admin,
  response: touchCalibrationStatusSchema,
  audit: { action: 'start_touch_calibration', target: 'touch_calibration' },
});

export const status = defineCall({
  ...TOUCH_CALIBRATION_ROUTES.status,
  tag: 'touch-calibration',
  summary: 'The calibration: its state, the targets touched and the next one, the time left, why it failed, and the calibration in use',
  access: admin,
  response: touchCalibrationStatusSchema,
});

export const cancel = defineCall({
  ...TOUCH_CALIBRATION_ROUTES.cancel,
  tag: 'touch-calibration',
  summary: 'Cancels the running calibration (the calibration in use is kept); answers the status as it is when none runs',
  access: admin,
  response: touchCalibrationStatusSchema,
  audit: { action: 'cancel_touch_calibration', target: 'touch_calibration' },
});

export const simulateTouch = defineCall({
  ...TOUCH_CALIBRATION_ROUTES.simulateTouch,
  tag: 'touch-calibration',
  summary:
    'Development and tests only: a touch on the simulated panel\'s screen, in panel pixels (a real panel has no such call). 404 unless the device was started with HMI_SIMULATE_TOUCH=1; 409 while no calibration runs.',
  access: admin,
  body: simulatedTouchSchema,
  response: touchCalibrationStatusSchema,
  // A touch played on the simulated panel is logged like any change: never on a real panel.
  audit: { action: 'simulate_touch', target: 'touch_calibration' },
});

export type TouchCalibrationStatus = z.infer<typeof touchCalibrationStatusSchema>;

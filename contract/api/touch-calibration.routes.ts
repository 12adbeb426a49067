import { defineContractArea } from '../area';
import type * as calls from './touch-calibration';
import { API_BASE, type Route } from './route';

/** Method and path of the touch-calibration calls (start, status, cancel, and the simulated
 * panel's touch), zod-free so the console can import it; their schemas are in
 * ./touch-calibration.ts. The console's store offers start, status and cancel only: a touch
 * comes from the panel's screen, never from the console (docs/decisions.md#touch-calibration). */
export const TOUCH_CALIBRATION_ROUTES = {
  start: { id: 'touchCalibration.start', method: 'POST', path: `${API_BASE}/touch-calibration/start` },
  status: { id: 'touchCalibration.status', method: 'GET', path: `${API_BASE}/touch-calibration/status` },
  cancel: { id: 'touchCalibration.cancel', method: 'POST', path: `${API_BASE}/touch-calibration/cancel` },
  simulateTouch: { id: 'touchCalibration.simulateTouch', method: 'POST', path: `${API_BASE}/touch-calibration/simulate-touch` },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const touchCalibrationContract = defineContractArea<typeof calls>()({
  name: 'touchCalibration',
  auditActions: ['start_touch_calibration', 'cancel_touch_calibration', 'simulate_touch'],
  deviceAuditActions: [
    /** A calibration ended by itself: done (its matrix stored), failed (points inconsistent or
     * outside the screen) or timed out. */
    'touch_calibration_finished',
  ],
  auditTargets: ['touch_calibration'],
  errorCodes: [
    /** Start while a calibration runs. */
    'touch_calibration_running',
    /** A touch (simulated) while no calibration runs. */
    'touch_calibration_not_running',
    /** The running project does not enable touch calibration. */
    'touch_calibration_not_enabled',
  ],
});

import * as touch from '../../contract/api/touch-calibration';
import { defineServerArea, setting } from '../http/area';
import { registerCall } from '../http/register-call';
import { ApiError } from '../lib/api-error';
import { DEFAULT_TOUCH_CALIBRATION_OPTIONS, TouchCalibrationService, type TouchCalibrationOptions } from '../services/touch-calibration';
import type { CoreDevice } from '../device';

export const touchCalibrationArea = defineServerArea({
  name: 'touchCalibration',
  settings: {
    /** The calibration in use: the matrix of the last calibration that succeeded and when it was
     * made; null, the factory's. */
    touch_calibration: setting(touch.touchCalibrationResultSchema.nullable(), () => null),
  },
  services: (
    device: CoreDevice,
    options: {
      /** The timeout (tests shorten it) and whether the simulated panel takes touches from the
       * simulate-touch call (HMI_SIMULATE_TOUCH=1, server/config.ts). */
      touchCalibration?: Partial<TouchCalibrationOptions>;
    },
  ): { touchCalibration: TouchCalibrationService } => {
    const { settings, project } = device;
    return {
      touchCalibration: new TouchCalibrationService({
        db: device.db,
        clock: device.clock,
        nowMs: () => device.time.nowMs(),
        oplog: device.oplog,
        stored: () => settings.get('touch_calibration'),
        store: (result) => settings.set('touch_calibration', result),
        projectEnabled: () => (project.runtime.project ?? project.project).touch_calibration_enabled,
        options: { ...DEFAULT_TOUCH_CALIBRATION_OPTIONS, ...options.touchCalibration },
      }),
    };
  },
  close: ({ touchCalibration }) => touchCalibration.close(),
  register(app, device) {
    registerCall(app, device, touch.status, () => device.touchCalibration.status());

    registerCall(app, device, touch.start, ({ audit }) => {
      const status = device.touchCalibration.start();
      audit({ after: { state: status.state, deadline: status.deadline } });
      return status;
    });

    registerCall(app, device, touch.cancel, ({ audit }) => {
      const before = device.touchCalibration.status().state;
      const status = device.touchCalibration.cancel();
      audit({ before: { state: before }, after: { state: status.state } });
      return status;
    });

    // The panel's touch screen, played by a test or a developer: a real panel has no such call, so
    // without HMI_SIMULATE_TOUCH=1 the device answers as if it did not exist.
    registerCall(app, device, touch.simulateTouch, ({ body }) => {
      if (!device.touchCalibration.options.simulateTouch) throw ApiError.notFound('No such call: the panel takes touches from its screen (HMI_SIMULATE_TOUCH=1 simulates them)');
      return device.touchCalibration.touch(body);
    });
  },
});

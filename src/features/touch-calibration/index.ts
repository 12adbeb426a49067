import { defineArea } from '../area';

/** Features / Touch Calibration: five targets touched on the panel's screen, followed from the
 * console (specification §2; docs/decisions.md#touch-calibration). */
export const touchCalibrationArea = defineArea({
  name: 'touchCalibration',
  textNamespace: 'touch-calibration',
  screens: [
    {
      menu: 'touch_calibration',
      slug: 'touch-calibration',
      reads: ['touchCalibration.status'],
      load: () => import(/* webpackChunkName: "features-touch-calibration" */ './TouchCalibrationPage'),
    },
  ],
});

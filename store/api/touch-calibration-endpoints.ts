import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { TOUCH_CALIBRATION_ROUTES as R } from '../../contract/api/touch-calibration.routes';

/** What the Touch Calibration screen reads and does: the status, start and cancel. The simulated
 * panel's touch is deliberately not here: a touch comes from the panel's screen,
 * never from the console (docs/decisions.md#touch-calibration). */
export const touchCalibrationApi = api.enhanceEndpoints({ addTagTypes: ['TouchCalibration'] }).injectEndpoints({
  endpoints: (build) => {
    const call = contractEndpoints(build);
    return {
      touchCalibrationStatus: call.query(R.status, { tags: ['TouchCalibration'] }),
      startTouchCalibration: call.mutation(R.start, { tags: ['TouchCalibration'] }),
      cancelTouchCalibration: call.mutation(R.cancel, { tags: ['TouchCalibration'] }),
    };
  },
});

export const { useTouchCalibrationStatusQuery, useStartTouchCalibrationMutation, useCancelTouchCalibrationMutation } = touchCalibrationApi;

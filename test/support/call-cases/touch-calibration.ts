import type { AreaCases } from './types';

/** Ends any running calibration, so that start can start one. */
const idle: AreaCases[string]['prepare'] = async (t) => {
  t.device.touchCalibration.cancel();
  return {};
};

/** A calibration runs, waiting for its touches. */
const calibrating: AreaCases[string]['prepare'] = async (t) => {
  t.device.touchCalibration.cancel();
  t.device.touchCalibration.start();
  return {};
};

// test/server/touch-calibration.test.ts follows calibrations to their ends.
export const touchCalibrationCases: AreaCases = {
  'touchCalibration.start': { account: 'admin', prepare: idle },
  'touchCalibration.status': { account: 'admin' },
  'touchCalibration.cancel': { account: 'admin', prepare: calibrating },
  'touchCalibration.simulateTouch': {
    account: 'admin',
    prepare: calibrating,
    body: { x: 100, y: 60 },
    invalid: { body: { x: 1.5, y: 60 }, field: 'x' },
  },
};

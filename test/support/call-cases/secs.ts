import { secsSettingsOf } from '../secs';
import type { AreaCases } from './types';
import type { TestDevice } from '../device';

/** The SECS/GEM calls answer only with the licence: the success requests grant it first. */
const licensed = async (t: TestDevice) => {
  t.device.settings.set('secs_license', true);
  return {};
};

export const secsCases: AreaCases = {
  'secs.getSettings': { account: 'admin', prepare: licensed },
  'secs.setSettings': {
    account: 'admin',
    prepare: licensed,
    // Stored but not started (an endpoint would outlive the case): the device ID and a timer change.
    body: secsSettingsOf({ device_id: 7, t3: 30 }),
    invalid: { body: secsSettingsOf({ mode: 'active', remote_host: '' }), field: 'remote_host' },
  },
  'secs.status': { account: 'admin', prepare: licensed },
};

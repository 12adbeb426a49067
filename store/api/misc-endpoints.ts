import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { MISC_ROUTES as R } from '../../contract/api/misc.routes';

/** What the Misc screen reads and changes: its settings (and whether the project enables Misc). */
export const miscApi = api.enhanceEndpoints({ addTagTypes: ['MiscSettings'] }).injectEndpoints({
  endpoints: (build) => {
    const call = contractEndpoints(build);
    return {
      miscSettings: call.query(R.getSettings, { tags: ['MiscSettings'] }),
      setMiscSettings: call.mutation(R.setSettings, { tags: ['MiscSettings'] }),
    };
  },
});

export const { useMiscSettingsQuery, useSetMiscSettingsMutation } = miscApi;

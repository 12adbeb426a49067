import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { SECS_ROUTES as R } from '../../contract/api/secs.routes';

/** What the SECS/GEM screen reads and changes: the HSMS endpoint's settings and its connection. */
export const secsApi = api.enhanceEndpoints({ addTagTypes: ['SecsSettings', 'SecsStatus'] }).injectEndpoints({
  endpoints: (build) => {
    const call = contractEndpoints(build);
    return {
      secsSettings: call.query(R.getSettings, { tags: ['SecsSettings'] }),
      setSecsSettings: call.mutation(R.setSettings, { tags: ['SecsSettings', 'SecsStatus'] }),
      secsStatus: call.query(R.status, { tags: ['SecsStatus'] }),
    };
  },
});

export const { useSecsSettingsQuery, useSetSecsSettingsMutation, useSecsStatusQuery } = secsApi;

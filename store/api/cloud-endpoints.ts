import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { CLOUD_ROUTES as R } from '../../contract/api/cloud.routes';

/** What the Cloud Service screen reads and changes: the cloud status (read through the device),
 * the region settings, activation. The screen's flow (machines/cloud-dashboard.machine.ts) decides
 * when the status is read again: activation answers the status, which it then re-reads. */
export const cloudApi = api.enhanceEndpoints({ addTagTypes: ['CloudStatus', 'CloudSettings'] }).injectEndpoints({
  endpoints: (build) => {
    const call = contractEndpoints(build);
    return {
      cloudStatus: call.query(R.status, { tags: ['CloudStatus'] }),
      cloudSettings: call.query(R.getSettings, { tags: ['CloudSettings'] }),
      setCloudSettings: call.mutation(R.setSettings, { tags: ['CloudSettings'] }),
      activateCloud: call.mutation(R.activate, { tags: [] }),
      deactivateCloud: call.mutation(R.deactivate, { tags: [] }),
    };
  },
});

export const { useCloudStatusQuery, useCloudSettingsQuery, useSetCloudSettingsMutation, useActivateCloudMutation, useDeactivateCloudMutation } = cloudApi;

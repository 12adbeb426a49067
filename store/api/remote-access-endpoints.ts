import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { REMOTE_ACCESS_ROUTES as R } from '../../contract/api/remote-access.routes';

/** What the Remote Access screen reads and changes: the partner account, proxy and region, and the
 * connection's status with Connect and Disconnect. */
export const remoteAccessApi = api.enhanceEndpoints({ addTagTypes: ['RemoteAccessSettings', 'RemoteAccessStatus'] }).injectEndpoints({
  endpoints: (build) => {
    const call = contractEndpoints(build);
    return {
      remoteAccessSettings: call.query(R.getSettings, { tags: ['RemoteAccessSettings'] }),
      setRemoteAccessSettings: call.mutation(R.setSettings, { tags: ['RemoteAccessSettings', 'RemoteAccessStatus'] }),
      remoteAccessStatus: call.query(R.status, { tags: ['RemoteAccessStatus'] }),
      connectRemoteAccess: call.mutation(R.connect, { tags: ['RemoteAccessSettings', 'RemoteAccessStatus'] }),
      disconnectRemoteAccess: call.mutation(R.disconnect, { tags: ['RemoteAccessSettings', 'RemoteAccessStatus'] }),
    };
  },
});

export const {
  useRemoteAccessSettingsQuery,
  useSetRemoteAccessSettingsMutation,
  useRemoteAccessStatusQuery,
  useConnectRemoteAccessMutation,
  useDisconnectRemoteAccessMutation,
} = remoteAccessApi;

import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { UAC_ROUTES as R } from '../../contract/api/uac.routes';

export const uacApi = api
  // LegacyHash belongs to the system area: a changed password no longer has the older hash format.
  .enhanceEndpoints({ addTagTypes: ['UserInfo', 'LegacyHash'] })
  .injectEndpoints({
    endpoints: (build) => {
      const call = contractEndpoints(build);
      return {
        userInfo: call.query(R.userInfo, { tags: ['UserInfo'] }),
        extraRoles: call.query(R.extraRole, { tags: ['UserInfo'] }),
        completeFirstRun: call.mutation(R.setState, { request: (_: void) => ({ body: { code: 1 } }), tags: ['UserInfo'] }),
        changeAdminPassword: call.mutation(R.changeAdminPassword, { tags: ['UserInfo', 'LegacyHash'] }),
        changeUserPassword: call.mutation(R.changeUserPassword, { tags: ['UserInfo'] }),
      };
    },
  });

export const {
  useUserInfoQuery,
  useExtraRolesQuery,
  useCompleteFirstRunMutation,
  useChangeAdminPasswordMutation,
  useChangeUserPasswordMutation,
} = uacApi;

import { api } from './base-api';
import { callArgs } from './call-args';
import { ROUTES } from '../../contract/api/routes';
import type * as uac from '../../contract/api/uac';
import type { BodyOf, ResponseOf } from '../../contract/api/define';

export const uacApi = api.injectEndpoints({
  endpoints: (build) => ({
    userInfo: build.query<ResponseOf<typeof uac.userInfo>, void>({
      query: () => callArgs(ROUTES.userInfo),
      providesTags: ['UserInfo'],
    }),
    extraRoles: build.query<ResponseOf<typeof uac.extraRole>, void>({
      query: () => callArgs(ROUTES.extraRole),
      providesTags: ['UserInfo'],
    }),
    completeFirstRun: build.mutation<ResponseOf<typeof uac.setState>, void>({
      query: () => callArgs(ROUTES.setState, { body: { code: 1 } }),
      invalidatesTags: ['UserInfo'],
    }),
    changeAdminPassword: build.mutation<ResponseOf<typeof uac.changeAdminPassword>, BodyOf<typeof uac.changeAdminPassword>>({
      query: (body) => callArgs(ROUTES.changeAdminPassword, { body }),
      invalidatesTags: ['UserInfo', 'LegacyHash'],
    }),
    changeUserPassword: build.mutation<ResponseOf<typeof uac.changeUserPassword>, BodyOf<typeof uac.changeUserPassword>>({
      query: (body) => callArgs(ROUTES.changeUserPassword, { body }),
      invalidatesTags: ['UserInfo'],
    }),
  }),
});

export const {
  useUserInfoQuery,
  useExtraRolesQuery,
  useCompleteFirstRunMutation,
  useChangeAdminPasswordMutation,
  useChangeUserPasswordMutation,
} = uacApi;

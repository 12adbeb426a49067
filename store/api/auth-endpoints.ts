import { api } from './base-api';
import { callArgs } from './call-args';
import { ROUTES } from '../../contract/api/routes';
import type { loginInfo, logout, tokenAdmin, tokenApp } from '../../contract/api/auth';
import type { ResponseOf } from '../../contract/api/define';
import type { AdminModeAccount } from '../../contract/roles';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    loginInfo: build.query<ResponseOf<typeof loginInfo>, void>({
      query: () => callArgs(ROUTES.loginInfo),
    }),
    signInAdmin: build.mutation<ResponseOf<typeof tokenAdmin>, { account: AdminModeAccount; password: string }>({
      query: ({ account, password }) =>
        callArgs(ROUTES.tokenAdmin, { params: { role: account }, body: { grant_type: 'password', username: account, password } }),
    }),
    signInApp: build.mutation<ResponseOf<typeof tokenApp>, { username: string; password: string }>({
      query: ({ username, password }) => callArgs(ROUTES.tokenApp, { body: { grant_type: 'password', username, password } }),
    }),
    logout: build.mutation<ResponseOf<typeof logout>, void>({
      query: () => callArgs(ROUTES.logout),
    }),
  }),
});

export const { useLoginInfoQuery, useSignInAdminMutation, useSignInAppMutation, useLogoutMutation } = authApi;

import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { AUTH_ROUTES as R } from '../../contract/api/auth.routes';
import type { AdminModeAccount } from '../../contract/roles';

export const authApi = api.injectEndpoints({
  endpoints: (build) => {
    const call = contractEndpoints(build);
    return {
      loginInfo: call.query(R.loginInfo),
      signInAdmin: call.mutation(R.tokenAdmin, {
        request: ({ account, password }: { account: AdminModeAccount; password: string }) => ({
          params: { role: account },
          body: { grant_type: 'password', username: account, password },
        }),
      }),
      /** User mode: a password, or none for password-free and automatic sign-in
       * (docs/decisions.md#webview-users). */
      signInApp: call.mutation(R.tokenApp, {
        request: ({ username, password }: { username: string; password?: string }) => ({
          body: password === undefined ? { grant_type: 'password_free' as const, username } : { grant_type: 'password' as const, username, password },
        }),
      }),
      logout: call.mutation(R.logout),
    };
  },
});

export const { useLoginInfoQuery, useSignInAdminMutation, useSignInAppMutation, useLogoutMutation } = authApi;

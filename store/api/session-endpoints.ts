import { api } from './base-api';
import { callArgs } from './call-args';
import { renewTokens } from './base-query';
import { ROUTES } from '../../contract/api/routes';
import type * as system from '../../contract/api/system';
import type { ResponseOf } from '../../contract/api/define';

/** Calls that change the session itself. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Renews the token pair now (shared with the base query's own renewal). */
    renewToken: build.mutation<true, void>({
      queryFn: async (_arg, baseApi) =>
        (await renewTokens(baseApi)) ? { data: true as const } : { error: { status: 401, data: { error_code: 'invalid_token' } } },
    }),
    /** Sets the device time, then renews the token (specification §2). */
    setDeviceTimeAndRenew: build.mutation<ResponseOf<typeof system.setDateTime>, { time: string }>({
      queryFn: async ({ time }, baseApi, extraOptions, baseQuery) => {
        const result = await baseQuery(callArgs(ROUTES.setDateTime, { body: { time } }));
        if (result.error) return { error: result.error };
        await renewTokens(baseApi, extraOptions);
        return { data: result.data as ResponseOf<typeof system.setDateTime> };
      },
    }),
  }),
});

export const { useRenewTokenMutation, useSetDeviceTimeAndRenewMutation } = sessionApi;

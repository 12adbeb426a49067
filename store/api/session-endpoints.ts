import { api } from './base-api';
import { callArgs } from './call-args';
import { renewTokens } from './base-query';
import { SYSTEM_ROUTES } from '../../contract/api/system.routes';
import type { CallOf } from '../../contract/api/calls';
import type { BodyOf, ResponseOf } from '../../contract/api/define';

type SetDateTime = CallOf<typeof SYSTEM_ROUTES.setDateTime>;

/** Calls that change the session itself. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Sets the device time, then renews the token (specification §2): the old one's times moved. */
    setDeviceTimeAndRenew: build.mutation<ResponseOf<SetDateTime>, BodyOf<SetDateTime>>({
      queryFn: async (body, baseApi, extraOptions, baseQuery) => {
        const result = await baseQuery(callArgs(SYSTEM_ROUTES.setDateTime, { body }));
        if (result.error) return { error: result.error };
        await renewTokens(baseApi, extraOptions);
        return { data: result.data as ResponseOf<SetDateTime> };
      },
    }),
  }),
});

export const { useSetDeviceTimeAndRenewMutation } = sessionApi;

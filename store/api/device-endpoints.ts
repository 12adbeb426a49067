import { api } from './base-api';
import { callArgs } from './call-args';
import { ROUTES } from '../../contract/api/routes';
import type * as device from '../../contract/api/device';
import type { ResponseOf } from '../../contract/api/define';

/** Project, WebView and licence reads the shell needs. */
export const deviceApi = api.injectEndpoints({
  endpoints: (build) => ({
    logoName: build.query<ResponseOf<typeof device.logoName>, void>({
      query: () => callArgs(ROUTES.logoName),
    }),
    webviewStatus: build.query<ResponseOf<typeof device.webviewStatus>, void>({
      query: () => callArgs(ROUTES.webviewStatus),
      providesTags: ['WebviewStatus'],
    }),
    licence: build.query<ResponseOf<typeof device.resetProject>, void>({
      query: () => callArgs(ROUTES.resetProject, { query: { resetsele: '28' } }),
    }),
  }),
});

export const { useLogoNameQuery, useWebviewStatusQuery, useLicenceQuery } = deviceApi;

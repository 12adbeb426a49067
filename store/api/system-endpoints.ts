import { api } from './base-api';
import { callArgs } from './call-args';
import { ROUTES } from '../../contract/api/routes';
import type * as system from '../../contract/api/system';
import type { BodyOf, ResponseOf } from '../../contract/api/define';

export const systemApi = api.injectEndpoints({
  endpoints: (build) => ({
    hmiName: build.query<ResponseOf<typeof system.getHmiName>, void>({
      query: () => callArgs(ROUTES.getHmiName),
      providesTags: ['HmiName'],
    }),
    setHmiName: build.mutation<ResponseOf<typeof system.setHmiName>, BodyOf<typeof system.setHmiName>>({
      query: (body) => callArgs(ROUTES.setHmiName, { body }),
      invalidatesTags: ['HmiName', 'SystemInfo'],
    }),
    deviceTime: build.query<ResponseOf<typeof system.getTime>, void>({
      query: () => callArgs(ROUTES.getTime),
    }),
    setDeviceTime: build.mutation<ResponseOf<typeof system.setDateTime>, BodyOf<typeof system.setDateTime>>({
      query: (body) => callArgs(ROUTES.setDateTime, { body }),
    }),
    legacyHash: build.query<ResponseOf<typeof system.legacyHash>, void>({
      query: () => callArgs(ROUTES.legacyHash),
      providesTags: ['LegacyHash'],
    }),
    strengthRules: build.query<ResponseOf<typeof system.getStrengthRules>, void>({
      query: () => callArgs(ROUTES.getStrengthRules),
      providesTags: ['StrengthRules'],
    }),
    setStrengthRules: build.mutation<ResponseOf<typeof system.setStrengthRules>, BodyOf<typeof system.setStrengthRules>>({
      query: (body) => callArgs(ROUTES.setStrengthRules, { body }),
      invalidatesTags: ['StrengthRules'],
    }),
    expiration: build.query<ResponseOf<typeof system.getExpiration>, void>({
      query: () => callArgs(ROUTES.getExpiration),
      providesTags: ['Expiration'],
    }),
    setExpiration: build.mutation<ResponseOf<typeof system.setExpiration>, BodyOf<typeof system.setExpiration>>({
      query: (body) => callArgs(ROUTES.setExpiration, { body }),
      invalidatesTags: ['Expiration'],
    }),
    httpSetting: build.query<ResponseOf<typeof system.getHttp>, void>({
      query: () => callArgs(ROUTES.getHttp),
      providesTags: ['Http'],
    }),
    setHttp: build.mutation<ResponseOf<typeof system.setHttp>, BodyOf<typeof system.setHttp>>({
      query: (body) => callArgs(ROUTES.setHttp, { body }),
      invalidatesTags: ['Http', 'UserInfo'],
    }),
    webSpecification: build.query<ResponseOf<typeof system.webSpecification>, void>({
      query: () => callArgs(ROUTES.webSpecification),
    }),
    systemInfo: build.query<ResponseOf<typeof system.systemInfo>, void>({
      query: () => callArgs(ROUTES.systemInfo),
      providesTags: ['SystemInfo'],
    }),
    identifyLight: build.query<ResponseOf<typeof system.identifyLight>, void>({
      query: () => callArgs(ROUTES.identifyLight),
      providesTags: ['IdentifyLight'],
    }),
    startIdentifyLight: build.mutation<ResponseOf<typeof system.startIdentifyLight>, BodyOf<typeof system.startIdentifyLight>>({
      query: (body) => callArgs(ROUTES.startIdentifyLight, { body }),
    }),
    stopIdentifyLight: build.mutation<ResponseOf<typeof system.stopIdentifyLight>, void>({
      query: () => callArgs(ROUTES.stopIdentifyLight),
    }),
  }),
});

export const {
  useHmiNameQuery,
  useSetHmiNameMutation,
  useDeviceTimeQuery,
  useSetDeviceTimeMutation,
  useLegacyHashQuery,
  useStrengthRulesQuery,
  useSetStrengthRulesMutation,
  useExpirationQuery,
  useSetExpirationMutation,
  useHttpSettingQuery,
  useSetHttpMutation,
  useWebSpecificationQuery,
  useSystemInfoQuery,
  useIdentifyLightQuery,
} = systemApi;

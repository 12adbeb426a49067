import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { SYSTEM_ROUTES as R } from '../../contract/api/system.routes';

/** Whether the console page itself came over plain HTTP. */
const servedOverPlainHttp = () => typeof window !== 'undefined' && window.location.protocol === 'http:';

export const systemApi = api
  // UserInfo belongs to the accounts area: allowing plain HTTP changes what user info says.
  .enhanceEndpoints({ addTagTypes: ['HmiName', 'StrengthRules', 'Expiration', 'Http', 'LegacyHash', 'SystemInfo', 'IdentifyLight', 'UserInfo'] })
  .injectEndpoints({
    endpoints: (build) => {
      const call = contractEndpoints(build);
      return {
        hmiName: call.query(R.getHmiName, { tags: ['HmiName'] }),
        setHmiName: call.mutation(R.setHmiName, { tags: ['HmiName', 'SystemInfo'] }),
        deviceTime: call.query(R.getTime),
        legacyHash: call.query(R.legacyHash, { tags: ['LegacyHash'] }),
        strengthRules: call.query(R.getStrengthRules, { tags: ['StrengthRules'] }),
        setStrengthRules: call.mutation(R.setStrengthRules, { tags: ['StrengthRules'] }),
        expiration: call.query(R.getExpiration, { tags: ['Expiration'] }),
        setExpiration: call.mutation(R.setExpiration, { tags: ['Expiration'] }),
        httpSetting: call.query(R.getHttp, { tags: ['Http'] }),
        // Plain HTTP switched off from a page that came over it: that page is about to move to HTTPS,
        // and a refetch over HTTP would only be refused (or, redirected, blocked by the CSP).
        setHttp: call.mutation(R.setHttp, { tags: ({ http }) => (http || !servedOverPlainHttp() ? ['Http', 'UserInfo'] : []) }),
        webSpecification: call.query(R.webSpecification),
        systemInfo: call.query(R.systemInfo, { tags: ['SystemInfo'] }),
        identifyLight: call.query(R.identifyLight, { tags: ['IdentifyLight'] }),
        startIdentifyLight: call.mutation(R.startIdentifyLight),
        stopIdentifyLight: call.mutation(R.stopIdentifyLight),
      };
    },
  });

export const {
  useHmiNameQuery,
  useSetHmiNameMutation,
  useDeviceTimeQuery,
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

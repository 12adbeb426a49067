import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { OS_ROUTES as R } from '../../contract/api/os.routes';

export const osApi = api.enhanceEndpoints({ addTagTypes: ['Os'] }).injectEndpoints({
  endpoints: (build) => {
    const call = contractEndpoints(build);
    return {
      osInfo: call.query(R.info, { tags: ['Os'] }),
    };
  },
});

export const { useOsInfoQuery } = osApi;

import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { CGI_ROUTES as R, SECS_LICENCE_QUERY } from '../../contract/api/cgi.routes';

export const cgiApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The device's licences; the console asks only for the SECS/GEM one (resetsele=28). */
    licence: contractEndpoints(build).query(R.resetProject, { request: (_: void) => ({ query: SECS_LICENCE_QUERY }) }),
  }),
});

export const { useLicenceQuery } = cgiApi;

import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { DIAGNOSTICS_ROUTES as R } from '../../contract/api/diagnostics.routes';

/** What the Diagnostics screen reads: the device's load, its services, its log, and the
 * reachability test. */
export const diagnosticsApi = api.enhanceEndpoints({ addTagTypes: ['DiagnosticsLive'] }).injectEndpoints({
  endpoints: (build) => {
    const call = contractEndpoints(build);
    return {
      // Live, services, log and reachability.
      diagnosticsLive: call.query(R.live, { tags: ['DiagnosticsLive'] }),
    };
  },
});

export const { useDiagnosticsLiveQuery } = diagnosticsApi;

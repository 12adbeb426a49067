import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { DIAGNOSTICS_ROUTES as R } from '../../contract/api/diagnostics.routes';

/** What the Diagnostics screen reads: the device's load, its services, its log, and the
 * reachability test. */
export const diagnosticsApi = api.enhanceEndpoints({ addTagTypes: ['DiagnosticsLive', 'DiagnosticsServices', 'DiagnosticsLog', 'DiagnosticsSelfCheck'] }).injectEndpoints({
  endpoints: (build) => {
    const call = contractEndpoints(build);
    return {
      // Live, services, log and reachability.
      diagnosticsLive: call.query(R.live, { tags: ['DiagnosticsLive'] }),
      diagnosticsServices: call.query(R.services, { tags: ['DiagnosticsServices'] }),
      diagnosticsLog: call.query(R.log, { tags: ['DiagnosticsLog'] }),
      // A test changes nothing the screen shows: it invalidates nothing.
      testReach: call.mutation(R.reach),
      // The security self-check (the bundle is a download: src/features/diagnostics/use-bundle-download.ts).
      diagnosticsSelfCheck: call.query(R.selfCheck, { tags: ['DiagnosticsSelfCheck'] }),
    };
  },
});

export const { useDiagnosticsLiveQuery, useDiagnosticsServicesQuery, useDiagnosticsLogQuery, useTestReachMutation, useDiagnosticsSelfCheckQuery } = diagnosticsApi;

/** The cloud dashboard's QA entry: sample events, doubles and sample results (see qa-support.ts). */
import { type CloudDashboardContext, CLOUD_MAX_RETRIES, CLOUD_POLL_MS, CLOUD_RETRY_BASE_MS, CLOUD_RETRY_MAX_MS, cloudDashboardMachine, type CloudDashboardEvent, type CloudStatusRead } from './cloud-dashboard.machine';
import { NETWORK_FAILURE, errorAnswer, pendingPromise, samplesOf, type MachineEntry } from './qa-support';

export const cloudDashboardQa: MachineEntry = {
  id: cloudDashboardMachine.id,
  textNamespace: 'cloud',
  machine: cloudDashboardMachine,
  textValues: {
    pollSeconds: CLOUD_POLL_MS / 1000,
    retrySeconds: CLOUD_RETRY_BASE_MS / 1000,
    retryMaxSeconds: CLOUD_RETRY_MAX_MS / 1000,
    maxRetries: CLOUD_MAX_RETRIES,
  },
  events: samplesOf<CloudDashboardEvent>([{ type: 'cloud.refresh' }, { type: 'cloud.activate' }, { type: 'cloud.deactivate' }]),
  doubles: {
    actors: {
      readStatus: pendingPromise<CloudStatusRead>(),
      activate: pendingPromise<void>(),
      deactivate: pendingPromise<void>(),
    },
  },
  outcomes: {
    // The cloud read, and the cloud not reached (the device says why).
    readStatus: { output: { error: null }, otherOutputs: [{ error: 'cloud_dns_failed' }], error: NETWORK_FAILURE },
    activate: { output: undefined, error: { status: 409, data: errorAnswer('cloud_refused') } },
    deactivate: { output: undefined, error: { status: 409, data: errorAnswer('cloud_not_activated') } },
  },
  // The count of failures would make the snapshots endless (an action refused from `stalled`
  // counts on): keep it up to where the `outOfRetries` guard turns, and whether an error shows.
  serializeState: (snapshot) => {
    const { failures, readError, actionError } = snapshot.context as CloudDashboardContext;
    return JSON.stringify({ value: snapshot.value, status: snapshot.status, failures: Math.min(failures, CLOUD_MAX_RETRIES + 1), readError: readError !== null, actionError: actionError !== null });
  },
};

import { defineContractArea } from '../area';
import type * as calls from './cloud';
import { API_BASE, type Route } from './route';

/** Method and path of the cloud dashboard calls, zod-free so the console can import it; their
 * schemas are in ./cloud.ts. */
export const CLOUD_ROUTES = {
  status: { id: 'cloud.status', method: 'GET', path: `${API_BASE}/cloud/status` },
  getSettings: { id: 'cloud.getSettings', method: 'GET', path: `${API_BASE}/cloud/settings` },
  setSettings: { id: 'cloud.setSettings', method: 'PUT', path: `${API_BASE}/cloud/settings` },
  activate: { id: 'cloud.activate', method: 'POST', path: `${API_BASE}/cloud/activate` },
  deactivate: { id: 'cloud.deactivate', method: 'POST', path: `${API_BASE}/cloud/deactivate` },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const cloudContract = defineContractArea<typeof calls>()({
  name: 'cloud',
  auditActions: ['set_cloud_settings', 'activate_cloud', 'deactivate_cloud'],
  auditTargets: ['cloud.settings', 'cloud.activation'],
  errorCodes: [
    /** The cloud service's host name was not found (no name server, or a wrong host). */
    'cloud_dns_failed',
    /** Nothing listens at the cloud service's host and port. */
    'cloud_refused',
    /** The cloud service did not answer in time. */
    'cloud_timeout',
    /** Another network failure on the way to the cloud service. */
    'cloud_unreachable',
    /** The host answered, but not as the cloud service does. */
    'cloud_bad_answer',
    /** Activation of a panel the cloud holds as Already Activated. */
    'cloud_already_activated',
    /** Deactivation of a panel the cloud holds as Not Activated. */
    'cloud_not_activated',
  ],
});

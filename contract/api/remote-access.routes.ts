import { defineContractArea } from '../area';
import type * as calls from './remote-access';
import { API_BASE, type Route } from './route';

/** Method and path of the remote-access calls (the partner account, proxy and region, the
 * connection's status, Connect and Disconnect), zod-free so the console can import it; their
 * schemas are in ./remote-access.ts. */
export const REMOTE_ACCESS_ROUTES = {
  getSettings: { id: 'remoteAccess.getSettings', method: 'GET', path: `${API_BASE}/remote-access/settings` },
  setSettings: { id: 'remoteAccess.setSettings', method: 'PUT', path: `${API_BASE}/remote-access/settings` },
  status: { id: 'remoteAccess.status', method: 'GET', path: `${API_BASE}/remote-access/status` },
  connect: { id: 'remoteAccess.connect', method: 'POST', path: `${API_BASE}/remote-access/connect` },
  disconnect: { id: 'remoteAccess.disconnect', method: 'POST', path: `${API_BASE}/remote-access/disconnect` },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const remoteAccessContract = defineContractArea<typeof calls>()({
  name: 'remoteAccess',
  auditActions: ['set_remote_access', 'connect_remote_access', 'disconnect_remote_access'],
  deviceAuditActions: [
    /** The connection to the remote-access service changed by itself: connected (session ID,
     * domain), occupied, or lost with its code. */
    'remote_access_state',
  ],
  auditTargets: ['remote_access.settings', 'remote_access.connection'],
  errorCodes: [
    /** Connect needs a partner account stored first. */
    'remote_access_not_configured',
  ],
});

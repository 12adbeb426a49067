import { defineContractArea } from '../area';
import type * as calls from './ftp';
import { API_BASE, type Route } from './route';

/** Method and path of the FTP server's calls, zod-free so the console can import it; their schemas
 * are in ./ftp.ts. */
export const FTP_ROUTES = {
  getSettings: { id: 'ftp.getSettings', method: 'GET', path: `${API_BASE}/ftp/settings` },
  setSettings: { id: 'ftp.setSettings', method: 'PUT', path: `${API_BASE}/ftp/settings` },
  status: { id: 'ftp.status', method: 'GET', path: `${API_BASE}/ftp/status` },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const ftpContract = defineContractArea<typeof calls>()({
  name: 'ftp',
  auditActions: ['set_ftp_settings'],
  deviceAuditActions: [
    /** An FTP client signed in, or was refused (the result says why): the account it named and its
     * address. Attempts refused by the sign-in limits before any password is checked are not
     * written (the limits bound the rows one address can cause). */
    'ftp_sign_in',
  ],
  auditTargets: ['ftp.settings', 'ftp.server'],
});

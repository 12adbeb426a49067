import { defineContractArea } from '../area';
import type * as calls from './secs';
import { API_BASE, type Route } from './route';

/** Method and path of the SECS/GEM calls, zod-free so the console can import it; their schemas are
 * in ./secs.ts. */
export const SECS_ROUTES = {
  getSettings: { id: 'secs.getSettings', method: 'GET', path: `${API_BASE}/secs/settings` },
  setSettings: { id: 'secs.setSettings', method: 'PUT', path: `${API_BASE}/secs/settings` },
  status: { id: 'secs.status', method: 'GET', path: `${API_BASE}/secs/status` },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const secsContract = defineContractArea<typeof calls>()({
  name: 'secs',
  auditActions: ['set_secs_settings'],
  auditTargets: ['secs.settings'],
  errorCodes: [
    /** The panel holds no SECS/GEM licence (HMI_SECS_LICENSE): every SECS/GEM call answers 403. */
    'secs_not_licensed',
    /** The HSMS port is one the panel's own services hold (HTTP, HTTPS, OPC UA, FTP): 409. */
    'secs_port_reserved',
  ],
});

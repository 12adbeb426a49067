import { defineContractArea } from '../area';
import type * as calls from './misc';
import { API_BASE, type Route } from './route';

/** Method and path of the Misc calls, zod-free so the console can import it; their schemas are in
 * ./misc.ts. */
export const MISC_ROUTES = {
  getSettings: { id: 'misc.getSettings', method: 'GET', path: `${API_BASE}/misc/settings` },
  setSettings: { id: 'misc.setSettings', method: 'PUT', path: `${API_BASE}/misc/settings` },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const miscContract = defineContractArea<typeof calls>()({
  name: 'misc',
  auditActions: ['set_misc_settings'],
  auditTargets: ['misc.settings'],
  errorCodes: [],
});

import { defineContractArea } from '../area';
import type * as calls from './diagnostics';
import { API_BASE, type Route } from './route';

/** Method and path of the Diagnostics calls, zod-free so the console can import it; their schemas
 * are in ./diagnostics.ts. */
export const DIAGNOSTICS_ROUTES = {
  // Live, services, log and reachability (docs/decisions.md#diagnostics).
  live: { id: 'diagnostics.live', method: 'GET', path: `${API_BASE}/diagnostics/live` },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const diagnosticsContract = defineContractArea<typeof calls>()({
  name: 'diagnostics',
});

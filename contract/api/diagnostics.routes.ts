import { defineContractArea } from '../area';
import type * as calls from './diagnostics';
import { API_BASE, type Route } from './route';

/** Method and path of the Diagnostics calls, zod-free so the console can import it; their schemas
 * are in ./diagnostics.ts. */
export const DIAGNOSTICS_ROUTES = {
  // Live, services, log and reachability (docs/decisions.md#diagnostics).
  live: { id: 'diagnostics.live', method: 'GET', path: `${API_BASE}/diagnostics/live` },
  services: { id: 'diagnostics.services', method: 'GET', path: `${API_BASE}/diagnostics/services` },
  log: { id: 'diagnostics.log', method: 'GET', path: `${API_BASE}/diagnostics/log` },
  reach: { id: 'diagnostics.reach', method: 'POST', path: `${API_BASE}/diagnostics/reach` },
  // The security self-check and the diagnostic bundle (docs/decisions.md#security-self-check).
  selfCheck: { id: 'diagnostics.selfCheck', method: 'GET', path: `${API_BASE}/diagnostics/self-check` },
  bundle: { id: 'diagnostics.bundle', method: 'GET', path: `${API_BASE}/diagnostics/bundle`, answerFormat: 'file' },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const diagnosticsContract = defineContractArea<typeof calls>()({
  name: 'diagnostics',
  // A reachability test changes nothing, but it makes the device connect where the administrator
  // says: each one is written down (who, what host and port, what came of it).
  auditActions: ['test_reachability', /* the bundle holds every setting: who took one is written down */ 'download_diagnostic_bundle'],
  auditTargets: ['diagnostics.reach', 'diagnostics.bundle'],
});

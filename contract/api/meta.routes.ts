import { defineContractArea } from '../area';
import type * as calls from './meta';
import { API_BASE, type Route } from './route';

/** Method and path of the meta calls, zod-free so the console can import it; their schemas are in ./meta.ts. */
export const META_ROUTES = {
  openApiDocument: { id: 'meta.openapi', method: 'GET', path: `${API_BASE}/openapi.json` },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const metaContract = defineContractArea<typeof calls>()({
  name: 'meta',
});

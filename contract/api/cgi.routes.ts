import { defineContractArea } from '../area';
import type * as calls from './cgi';
import type { Route } from './route';

/** Method and path of the cgi calls, zod-free so the console can import it; their schemas are in ./cgi.ts. */
export const CGI_ROUTES = {
  resetProject: { id: 'cgi.resetProject', method: 'GET', path: '/cgi/reset_pj.cgi' },
} as const satisfies Record<string, Route>;

/** The reset call's query that asks only for the SECS/GEM licence (SPEC §2: the console's one use of it). */
export const SECS_LICENCE_QUERY = { resetsele: '28' } as const;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const cgiContract = defineContractArea<typeof calls>()({
  name: 'cgi',
});

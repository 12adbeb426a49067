import { defineContractArea } from '../area';
import type * as calls from './api-keys';
import { API_BASE, type Route } from './route';

/** Method and path of the API-key calls, zod-free so the console can import it; their schemas are
 * in ./api-keys.ts, the rules of a new key in ../rules/api-keys.ts. */
export const API_KEYS_ROUTES = {
  list: { id: 'apiKeys.list', method: 'GET', path: `${API_BASE}/uac/api-keys` },
  create: { id: 'apiKeys.create', method: 'POST', path: `${API_BASE}/uac/api-keys` },
  revoke: { id: 'apiKeys.revoke', method: 'DELETE', path: `${API_BASE}/uac/api-keys/:id` },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const apiKeysContract = defineContractArea<typeof calls>()({
  name: 'apiKeys',
  auditActions: ['create_api_key', 'revoke_api_key'],
  auditTargets: ['api_keys'],
  auditTargetForms: [
    /** One key, by its id. */
    { key: 'api_key', prefix: 'api_keys.', pattern: /^api_keys\.([0-9a-f]{16})$/, param: 'id', list: false },
  ],
});

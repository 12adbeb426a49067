import { defineArea } from '../area';

/** Administration / API (the API keys, docs/decisions.md#api-keys) and Administration / Doc (the
 * device's OpenAPI document, rendered here by a compact renderer of its own), each its own chunk:
 * the Doc renderer is never loaded by another route. */
export const apiKeysArea = defineArea({
  name: 'apiKeys',
  textNamespace: 'api',
  screens: [
    { menu: 'api', slug: 'api', reads: ['apiKeys.list'], load: () => import(/* webpackChunkName: "account-api" */ './ApiKeysPage') },
    { menu: 'doc', slug: 'doc', reads: ['meta.openapi'], load: () => import(/* webpackChunkName: "account-doc" */ './DocPage') },
  ],
});

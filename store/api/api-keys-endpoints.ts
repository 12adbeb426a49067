import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { API_KEYS_ROUTES as R } from '../../contract/api/api-keys.routes';
import type { BodyOf, ResponseOf } from '../../contract/api/define';
import type { create, list } from '../../contract/api/api-keys';

export type ApiKeys = ResponseOf<typeof list>;
export type ApiKey = ApiKeys['keys'][number];
export type NewApiKeyBody = BodyOf<typeof create>;
export type NewApiKey = ResponseOf<typeof create>;

/** Administration / API: the API keys (admin). A new or revoked key is read again in the list. */
export const apiKeysApi = api.enhanceEndpoints({ addTagTypes: ['ApiKeys'] }).injectEndpoints({
  endpoints: (build) => {
    const call = contractEndpoints(build);
    return {
      apiKeys: call.query(R.list, { tags: ['ApiKeys'] }),
      createApiKey: call.mutation(R.create, { request: (body: NewApiKeyBody) => ({ body }), tags: ['ApiKeys'] }),
      revokeApiKey: call.mutation(R.revoke, { request: (id: string) => ({ params: { id } }), tags: ['ApiKeys'] }),
    };
  },
});

export const { useApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } = apiKeysApi;

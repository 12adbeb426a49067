import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { META_ROUTES as R } from '../../contract/api/meta.routes';

/** The device's OpenAPI document (generated from the contract), read by the Doc screen. */
export const metaApi = api.enhanceEndpoints({ addTagTypes: ['OpenApi'] }).injectEndpoints({
  endpoints: (build) => ({
    openApiDocument: contractEndpoints(build).query(R.openApiDocument, { tags: ['OpenApi'] }),
  }),
});

export const { useOpenApiDocumentQuery } = metaApi;

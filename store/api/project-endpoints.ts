import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { PROJECT_ROUTES as R } from '../../contract/api/project.routes';

export const projectApi = api.injectEndpoints({
  endpoints: (build) => ({ logoName: contractEndpoints(build).query(R.logoName) }),
});

export const { useLogoNameQuery } = projectApi;

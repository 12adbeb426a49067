import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { PROJECT_ROUTES as R } from '../../contract/api/project.routes';
import { JOB_ROUTES } from '../../contract/api/jobs.routes';

export const projectApi = api.enhanceEndpoints({ addTagTypes: ['Project', 'ProjectMedia'] }).injectEndpoints({
  endpoints: (build) => {
    const call = contractEndpoints(build);
    return {
      logoName: call.query(R.logoName),
      projectInfo: call.query(R.info, { tags: ['Project'] }),
      restartProject: call.mutation(R.restart, { tags: ['Project'] }),
      projectMedia: call.query(R.media, { tags: ['ProjectMedia'] }),
      updateFromMedia: call.mutation(R.updateFromMedia),
      /** A job as it stands: asked again on every call (the flow that follows it owns the pace). */
      job: call.query(JOB_ROUTES.getJob, { request: (id: string) => ({ params: { id } }) }),
    };
  },
});

export const { useLogoNameQuery, useProjectInfoQuery, useRestartProjectMutation, useProjectMediaQuery } = projectApi;

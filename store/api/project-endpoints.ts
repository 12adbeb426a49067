import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { PROJECT_ROUTES as R } from '../../contract/api/project.routes';
import { JOB_ROUTES } from '../../contract/api/jobs.routes';
import { downloadQueryFn } from './transfer';

export const projectApi = api.enhanceEndpoints({ addTagTypes: ['Project', 'ProjectMedia'] }).injectEndpoints({
  endpoints: (build) => {
    const call = contractEndpoints(build);
    return {
      logoName: call.query(R.logoName),
      projectInfo: call.query(R.info, { tags: ['Project'] }),
      restartProject: call.mutation(R.restart, { tags: ['Project'] }),
      projectMedia: call.query(R.media, { tags: ['ProjectMedia'] }),
      updateFromMedia: call.mutation(R.updateFromMedia),
      /** Downloads the running project's backup (`.cxob`) and hands it to the browser to save;
       * answers the file's name (the argument is the name used when the device gives none). */
      backupProject: build.mutation<string, string>({ queryFn: downloadQueryFn((fallbackName: string) => ({ route: R.backup, fallbackName })) }),
      /** A job as it stands: asked again on every call (the flow that follows it owns the pace). */
      job: call.query(JOB_ROUTES.getJob, { request: (id: string) => ({ params: { id } }) }),
    };
  },
});

export const { useLogoNameQuery, useProjectInfoQuery, useRestartProjectMutation, useProjectMediaQuery, useBackupProjectMutation } = projectApi;

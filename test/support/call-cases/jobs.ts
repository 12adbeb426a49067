import { JobFailure } from '../../../server/services/jobs';
import type { AreaCases } from './types';

export const jobsCases: AreaCases = {
  'jobs.getJob': {
    account: 'update',
    prepare: async (t) => {
      const job = t.device.jobs.create('project_update', 'update', null);
      t.device.jobs.fail(job.id, new JobFailure('interrupted', 'made by the test'));
      return { url: `/api/v1/jobs/${job.id}` };
    },
    url: '/api/v1/jobs/none',
    invalid: { url: `/api/v1/jobs/${'x'.repeat(65)}`, field: 'id' },
  },
};

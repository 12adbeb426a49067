import * as jobs from '../../contract/api/jobs';
import { effectiveRoles } from '../../contract/roles';
import { JOB_KINDS_DEF } from '../../contract/jobs';
import { registerCall } from '../http/register-call';
import { defineServerArea } from '../http/area';
import { ApiError } from '../lib/api-error';

export const jobsArea = defineServerArea({
  name: 'jobs',
  register(app, device) {
    registerCall(app, device, jobs.getJob, ({ params, caller }) => {
      const job = device.jobs.get(params.id);
      // A job of a kind the caller may not start (its kind's menu) is as unknown to it as one that
      // does not exist.
      if (!job || !effectiveRoles(caller.account, device.accounts.extraRoles(caller.username)).has(JOB_KINDS_DEF[job.kind].menu)) {
        throw new ApiError(404, 'not_found', 'No such job');
      }
      return job;
    });
  },
});

import { jobs } from '../../contract/api';
import { effectiveRoles } from '../../contract/roles';
import type { JobKind } from '../../contract/jobs';
import type { MenuId } from '../../contract/roles';
import { registerCall } from '../http/register-call';
import { defineServerArea } from '../http/area';
import { ApiError } from '../lib/api-error';

/** The menu whose accounts may start (and so follow) a job of each kind. */
const MENU_OF_KIND: Record<JobKind, MenuId> = { project_update: 'project_management', os_update: 'os_update', data_backup: 'backup_data', plc_runtime_update: 'plc_runtime' };

export const jobsArea = defineServerArea({
  name: 'jobs',
  register(app, device) {
    registerCall(app, device, jobs.getJob, ({ params, caller }) => {
      const job = device.jobs.get(params.id);
      // A job of a kind the caller may not start is as unknown to it as one that does not exist.
      if (!job || !effectiveRoles(caller.username, device.accounts.extraRoles(caller.username)).has(MENU_OF_KIND[job.kind])) {
        throw new ApiError(404, 'not_found', 'No such job');
      }
      return job;
    });
  },
});

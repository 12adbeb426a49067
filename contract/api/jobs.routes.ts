import { defineContractArea } from '../area';
import type * as calls from './jobs';
import { API_BASE, type Route } from './route';

/** Method and path of the job calls, zod-free so the console can import it; their schemas are in ./jobs.ts. */
export const JOB_ROUTES = {
  getJob: { id: 'jobs.getJob', method: 'GET', path: `${API_BASE}/jobs/:id` },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const jobsContract = defineContractArea<typeof calls>()({
  name: 'jobs',
  deviceAuditActions: [
    /** The device started with an update job still marked running: that job ended as interrupted. */
    'job_interrupted',
  ],
});

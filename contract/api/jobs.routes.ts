import { API_BASE, type Route } from './route';

/** Method and path of the job calls, zod-free so the console can import it; their schemas are in ./jobs.ts. */
export const JOB_ROUTES = {
  getJob: { id: 'jobs.getJob', method: 'GET', path: `${API_BASE}/jobs/:id` },
} as const satisfies Record<string, Route>;

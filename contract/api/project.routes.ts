import { API_BASE, type Route } from './route';

/** Method and path of the project calls, zod-free so the console can import it; their schemas are in ./project.ts. */
export const PROJECT_ROUTES = {
  logoName: { id: 'project.logoName', method: 'GET', path: `${API_BASE}/project/management/logoname` },
} as const satisfies Record<string, Route>;

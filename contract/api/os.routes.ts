import { API_BASE, type Route } from './route';

/** Method and path of the OS calls, zod-free so the console can import it; their schemas are in ./os.ts. */
export const OS_ROUTES = {
  info: { id: 'os.info', method: 'GET', path: `${API_BASE}/os/info` },
  update: { id: 'os.update', method: 'POST', path: `${API_BASE}/os/update`, bodyFormat: 'multipart' },
} as const satisfies Record<string, Route>;

import { API_BASE, type Route } from './route';

/** Method and path of the project calls, zod-free so the console can import it; their schemas are in ./project.ts. */
export const PROJECT_ROUTES = {
  logoName: { id: 'project.logoName', method: 'GET', path: `${API_BASE}/project/management/logoname` },
  info: { id: 'project.info', method: 'GET', path: `${API_BASE}/project/management/info` },
  restart: { id: 'project.restart', method: 'POST', path: `${API_BASE}/project/management/restart` },
  update: { id: 'project.update', method: 'POST', path: `${API_BASE}/project/management/update`, bodyFormat: 'multipart' },
  backup: { id: 'project.backup', method: 'GET', path: `${API_BASE}/project/management/backup`, answerFormat: 'file' },
  media: { id: 'project.media', method: 'GET', path: `${API_BASE}/project/management/media` },
  updateFromMedia: { id: 'project.updateFromMedia', method: 'POST', path: `${API_BASE}/project/management/update-from-media` },
} as const satisfies Record<string, Route>;

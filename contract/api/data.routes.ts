import { API_BASE, type Route } from './route';

/** Method and path of the Data calls (data logs and trends, the event log, the operation log, data
 * backups), zod-free so the console can import it; their schemas are in ./data.ts. */
export const DATA_ROUTES = {
  logs: { id: 'data.logs', method: 'GET', path: `${API_BASE}/datalog` },
  trend: { id: 'data.trend', method: 'GET', path: `${API_BASE}/datalog/:id/trend` },
  records: { id: 'data.records', method: 'GET', path: `${API_BASE}/datalog/:id/records` },
  exportLog: { id: 'data.exportLog', method: 'GET', path: `${API_BASE}/datalog/:id/export`, answerFormat: 'file' },
  events: { id: 'data.events', method: 'GET', path: `${API_BASE}/eventlog` },
  ackEvent: { id: 'data.ackEvent', method: 'POST', path: `${API_BASE}/eventlog/:id/ack` },
  ackAllEvents: { id: 'data.ackAllEvents', method: 'POST', path: `${API_BASE}/eventlog/ack-all` },
  exportEvents: { id: 'data.exportEvents', method: 'GET', path: `${API_BASE}/eventlog/export`, answerFormat: 'file' },
  operations: { id: 'data.operations', method: 'GET', path: `${API_BASE}/operation-log` },
  exportOperations: { id: 'data.exportOperations', method: 'GET', path: `${API_BASE}/operation-log/export`, answerFormat: 'file' },
  getRetention: { id: 'data.getRetention', method: 'GET', path: `${API_BASE}/operation-log/retention` },
  setRetention: { id: 'data.setRetention', method: 'PUT', path: `${API_BASE}/operation-log/retention` },
  media: { id: 'data.media', method: 'GET', path: `${API_BASE}/data/media` },
  backup: { id: 'data.backup', method: 'POST', path: `${API_BASE}/data/backup`, answerFormat: 'file' },
  backupToMedia: { id: 'data.backupToMedia', method: 'POST', path: `${API_BASE}/data/backup/media` },
} as const satisfies Record<string, Route>;

import { defineContractArea } from '../area';
import type * as calls from './data';
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

/** A data backup written to the USB stick or the SD card: the files gathered, then the archive written. */
export const DATA_BACKUP_STEPS = ['prepare', 'write_archive'] as const;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const dataContract = defineContractArea<typeof calls>()({
  name: 'data',
  auditActions: ['acknowledge_alarm', 'acknowledge_all_alarms', 'set_oplog_retention', 'backup_data', 'backup_data_to_media'],
  deviceAuditActions: [
    /** Retention removed the oldest rows of the operation log (or of the sign-in failure tables):
     * how many, from which table, and the retention in force. */
    'operation_log_pruned',
    /** A data backup job (to the USB stick or the SD card) ended: the file written (or why not). */
    'data_backup_finished',
  ],
  auditTargets: ['event_log', 'operation_log', 'data'],
  auditTargetForms: [
    /** One alarm event, by its id. */
    { key: 'event', prefix: 'event_log.', pattern: /^event_log\.(\d+)$/, param: 'id', list: false },
  ],
  jobs: {
    data_backup: { what: 'a data backup', steps: DATA_BACKUP_STEPS, target: 'data', menu: 'backup_data' },
  },
});

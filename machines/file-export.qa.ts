/** The file export's QA entry: sample events, doubles and sample results (see qa-support.ts). */
import { fileExportMachine, type FileExportEvent } from './file-export.machine';
import { samplesOf, silentCallback, type MachineEntry } from './qa-support';

export const fileExportQa: MachineEntry = {
  id: fileExportMachine.id,
  textNamespace: 'data',
  machine: fileExportMachine,
  events: samplesOf<FileExportEvent>([
    { type: 'export.start', request: { call: 'data.exportLog', params: { id: '1' }, query: { from: '2026-11-24T00:00:00Z', to: '2026-11-25T00:00:00Z' }, fallbackName: 'Tank_trend.csv' } },
    { type: 'export.start', request: { call: 'data.backup', body: { what: ['eventlog'], from: '2026-11-01T00:00:00Z', to: '2026-11-25T00:00:00Z', target: 'download' }, fallbackName: 'data.tar.gz' } },
    // What the download actor reports.
    { type: 'export.progress', progress: { bytes: 2_400_000, totalBytes: 0, rows: 52_000, totalRows: 104_000 } },
    { type: 'export.done', file: { name: 'Tank_trend-20261125-081500.csv', bytes: 4_800_000 } },
    { type: 'export.failed', error: 'not_found' },
    { type: 'export.cancel' },
    { type: 'export.retry' },
    { type: 'export.dismiss' },
  ]),
  doubles: { actors: { download: silentCallback() } },
  outcomes: { download: { error: { error_code: 'validation_failure' } } },
};

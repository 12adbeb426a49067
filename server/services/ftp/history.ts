/**
 * The files of the FTP server's `history/` folder: one CSV per data log of the running project and
 * the event log, each made when it is downloaded and streamed, by the very functions behind the
 * console's CSV export (GET /api/v1/data/logs/:id/export, GET /api/v1/data/events/export: the same
 * bytes, server/routes/data.ts).
 */
import type { Readable } from 'node:stream';
import type { DataLogService } from '../datalog';
import type { AlarmService } from '../alarms';

/** The event log's file. */
export const EVENTS_FILE = 'events.csv';

export interface HistoryFile {
  name: string;
  /** When it last changed (the newest record), for the listing. */
  modifiedMs: number;
  open(): Readable;
}

/** A data log's name as a file name: what the console's export names it (without the time stamp). */
export function fileLabel(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 64) || 'log';
}

export class HistoryFiles {
  constructor(
    private readonly dataLogs: Pick<DataLogService, 'list' | 'csv'>,
    private readonly alarms: Pick<AlarmService, 'csv'>,
    private readonly now: () => number,
  ) {}

  /** The files, by name: the event log first, then each data log in the project's order (a name
   * two logs would share takes the log's id). */
  files(): Map<string, HistoryFile> {
    const files = new Map<string, HistoryFile>();
    const now = this.now();
    files.set(EVENTS_FILE, {
      name: EVENTS_FILE,
      modifiedMs: now,
      // The console's export of every event (no filter: all states, severities and times).
      open: () => this.alarms.csv({ from: undefined, to: undefined, severities: undefined, state: 'all', text: undefined }).stream,
    });
    for (const log of this.dataLogs.list()) {
      let name = `${fileLabel(log.name)}.csv`;
      if (files.has(name.toLowerCase()) || files.has(name)) name = `${fileLabel(log.name)}-${log.id}.csv`;
      const id = log.id;
      files.set(name, {
        name,
        modifiedMs: log.last ? Date.parse(log.last) : now,
        open: () => {
          const csv = this.dataLogs.csv(id);
          if (!csv) throw new Error('The data log is no longer in the running project');
          return csv.stream;
        },
      });
    }
    return files;
  }
}

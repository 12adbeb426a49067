/**
 * A file the device makes on request and the browser saves: a CSV export (a data log's range, the
 * event log, the operation log) or a data backup archive. It can be long (millions of rows), so it
 * shows how far it has come and can be stopped.
 *
 * 'export.start' (with what to export) starts the invoked `download` callback (`exporting`): it
 * reports `export.progress` as bytes and rows arrive, then `export.done` with the file's name and
 * size, or `export.failed` with the device's refusal or a lost connection. 'export.cancel' stops it
 * (nothing is saved). From `done` and `failed`, 'export.dismiss' goes back to `idle`,
 * 'export.start' starts another, and from `failed` 'export.retry' asks for the same file again.
 *
 * Provided by the page: the actor `download` (callback, input ExportRequest).
 *
 * Tags: `busy` (the export button off, progress shown), `succeeded`, `failed`.
 */
import { assign, fromCallback, setup, type EventObject } from 'xstate';
import type { FailureCode } from '../contract/failure';
import { errorCodeOf, notProvided } from './actor-errors';

export const FILE_EXPORT_ID = 'fileExport';

/** What to export: the call (its route id) and its parts, and the name to save it under if the
 * device names none. */
export interface ExportRequest {
  call: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  fallbackName: string;
}

export interface ExportProgress {
  bytes: number;
  totalBytes: number;
  rows: number;
  totalRows: number;
}

export interface ExportedFile {
  name: string;
  bytes: number;
}

export interface FileExportContext {
  request: ExportRequest | null;
  progress: ExportProgress;
  file: ExportedFile | null;
  error: FailureCode | null;
}

export type FileExportTag = 'busy' | 'succeeded' | 'failed';

export type FileExportEvent =
  | { type: 'export.start'; request: ExportRequest }
  | { type: 'export.progress'; progress: ExportProgress }
  | { type: 'export.done'; file: ExportedFile }
  | { type: 'export.failed'; error: FailureCode }
  | { type: 'export.cancel' }
  | { type: 'export.retry' }
  | { type: 'export.dismiss' };

/** What the download actor sends back. */
export type ExportReport = Extract<FileExportEvent, { type: 'export.progress' | 'export.done' | 'export.failed' }>;

const NO_PROGRESS: ExportProgress = { bytes: 0, totalBytes: 0, rows: 0, totalRows: 0 };
const FRESH = { request: null, progress: NO_PROGRESS, file: null, error: null } satisfies FileExportContext;


export const fileExportMachine = setup({
  types: {
    context: {} as FileExportContext,
    events: {} as FileExportEvent,
    tags: {} as FileExportTag,
  },
  actors: {
    download: fromCallback<EventObject, ExportRequest>(() => {
      throw notProvided(FILE_EXPORT_ID, 'download');
    }),
  },
}).createMachine({
  id: FILE_EXPORT_ID,
  initial: 'idle',
  context: FRESH,
  states: {
    idle: {
      on: { 'export.start': { target: 'exporting', actions: assign(({ event }) => ({ ...FRESH, request: event.request })) } },
    },
    exporting: {
      tags: ['busy'],
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context }) => context.request!,
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },
      },
      on: {
        'export.progress': { actions: assign(({ event }) => ({ progress: event.progress })) },
        'export.done': { target: 'done', actions: assign(({ event }) => ({ file: event.file })) },
        'export.failed': { target: 'failed', actions: assign(({ event }) => ({ error: event.error })) },
        'export.cancel': { target: 'idle', actions: assign(FRESH) },
      },
    },
    done: {
      tags: ['succeeded'],
      on: {
        'export.start': { target: 'exporting', actions: assign(({ event }) => ({ ...FRESH, request: event.request })) },
        'export.dismiss': { target: 'idle', actions: assign(FRESH) },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'export.start': { target: 'exporting', actions: assign(({ event }) => ({ ...FRESH, request: event.request })) },
        'export.retry': { target: 'exporting', actions: assign(({ context }) => ({ ...FRESH, request: context.request })) },
        'export.dismiss': { target: 'idle', actions: assign(FRESH) },
      },
    },
  },
});

export type FileExportMachine = typeof fileExportMachine;

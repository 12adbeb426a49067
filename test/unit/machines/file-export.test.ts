/**
 * Behaviour of the file export on a real actor: starting with a request, the progress, each way it
 * ends (a file, a refusal, a throwing actor), stopping it, Retry with the same request, starting
 * another, Dismiss, and the events each state does not take.
 */
import { createActor, fromCallback, type EventObject } from 'xstate';

import {
  fileExportMachine,
  type ExportProgress,
  type ExportReport,
  type ExportRequest,
  type FileExportEvent,
} from '../../../machines/file-export.machine';

function harness() {
  const calls: Array<{ input: ExportRequest; sendBack: (e: ExportReport) => void; stopped: boolean }> = [];
  const download = fromCallback<EventObject, ExportRequest>(({ input, sendBack }) => {
    const record = { input, sendBack: (e: ExportReport) => sendBack(e), stopped: false };
    calls.push(record);
    return () => {
      record.stopped = true;
    };
  });
  const actor = createActor(fileExportMachine.provide({ actors: { download } })).start();
  const snapshot = () => actor.getSnapshot();
  const send = (event: FileExportEvent) => actor.send(event);
  return { snapshot, context: () => snapshot().context, send, calls };
}
type Harness = ReturnType<typeof harness>;

const STATES = ['idle', 'exporting', 'done', 'failed'] as const;
const at = (h: Harness) => STATES.filter((s) => h.snapshot().matches(s));
const tags = (h: Harness) => (['busy', 'succeeded', 'failed'] as const).filter((t) => h.snapshot().hasTag(t));

const LOG: ExportRequest = {
  call: 'data.exportLog',
  params: { id: '1' },
  query: { from: '2026-11-24T00:00:00Z', to: '2026-11-25T00:00:00Z' },
  fallbackName: 'Tank_trend.csv',
};
const BACKUP: ExportRequest = {
  call: 'data.backup',
  body: { what: ['eventlog'], from: '2026-11-01T00:00:00Z', to: '2026-11-25T00:00:00Z', target: 'download' },
  fallbackName: 'data.tar.gz',
};
const HALF: ExportProgress = { bytes: 2_400_000, totalBytes: 0, rows: 52_000, totalRows: 104_000 };
const ALL: ExportProgress = { bytes: 4_800_000, totalBytes: 0, rows: 104_000, totalRows: 104_000 };
const FILE = { name: 'Tank_trend-20261125-081500.csv', bytes: 4_800_000 };
const NO_PROGRESS: ExportProgress = { bytes: 0, totalBytes: 0, rows: 0, totalRows: 0 };
const FRESH = { request: null, progress: NO_PROGRESS, file: null, error: null };

/** A harness already exporting LOG. */
function exporting(): Harness {
  const h = harness();
  h.send({ type: 'export.start', request: LOG });
  return h;
}

describe('fileExport: exporting', () => {
  it('starts idle with nothing, and Export starts the download of the request behind the busy tag', () => {
    const h = harness();
    expect(at(h)).toEqual(['idle']);
    expect(tags(h)).toEqual([]);
    expect(h.context()).toEqual(FRESH);
    expect(h.calls).toHaveLength(0);
    h.send({ type: 'export.start', request: LOG });
    expect(at(h)).toEqual(['exporting']);
    expect(tags(h)).toEqual(['busy']);
    expect(h.context()).toEqual({ ...FRESH, request: LOG });
    expect(h.calls.map((c) => c.input)).toEqual([LOG]);
    expect(h.calls[0]!.stopped).toBe(false);
  });

  it('keeps the latest progress the download reports, still exporting', () => {
    const h = exporting();
    h.calls[0]!.sendBack({ type: 'export.progress', progress: HALF });
    expect(at(h)).toEqual(['exporting']);
    expect(h.context().progress).toEqual(HALF);
    h.calls[0]!.sendBack({ type: 'export.progress', progress: ALL });
    expect(h.context()).toEqual({ ...FRESH, request: LOG, progress: ALL });
    expect(h.calls).toHaveLength(1);
  });

  it('ends in done with the file, the succeeded tag, and the download stopped', () => {
    const h = exporting();
    h.calls[0]!.sendBack({ type: 'export.progress', progress: ALL });
    h.calls[0]!.sendBack({ type: 'export.done', file: FILE });
    expect(at(h)).toEqual(['done']);
    expect(tags(h)).toEqual(['succeeded']);
    expect(h.context()).toEqual({ request: LOG, progress: ALL, file: FILE, error: null });
    expect(h.calls[0]!.stopped).toBe(true);
  });

  it("a refusal or a lost connection ends in failed with its code, the request kept for Retry", () => {
    const h = exporting();
    h.calls[0]!.sendBack({ type: 'export.progress', progress: HALF });
    h.calls[0]!.sendBack({ type: 'export.failed', error: 'not_found' });
    expect(at(h)).toEqual(['failed']);
    expect(tags(h)).toEqual(['failed']);
    expect(h.context()).toEqual({ request: LOG, progress: HALF, file: null, error: 'not_found' });
    expect(h.calls[0]!.stopped).toBe(true);
  });

  it('an actor that throws ends in failed with the code of what it threw', () => {
    const actor = createActor(
      fileExportMachine.provide({
        actors: {
          download: fromCallback<EventObject, ExportRequest>(() => {
            throw { error_code: 'validation_failure' };
          }),
        },
      }),
    ).start();
    actor.send({ type: 'export.start', request: LOG });
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ request: LOG, error: 'validation_failure', file: null });
  });

  it('the machine as defined (no download provided) fails with a code rather than hanging', () => {
    const actor = createActor(fileExportMachine).start();
    actor.send({ type: 'export.start', request: LOG });
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(typeof actor.getSnapshot().context.error).toBe('string');
    expect(actor.getSnapshot().context.error).not.toBe('');
  });
});

describe('fileExport: Cancel', () => {
  it('stops the download (its cleanup runs) and goes back to idle with a fresh context', () => {
    const h = exporting();
    h.calls[0]!.sendBack({ type: 'export.progress', progress: HALF });
    h.send({ type: 'export.cancel' });
    expect(at(h)).toEqual(['idle']);
    expect(tags(h)).toEqual([]);
    expect(h.calls[0]!.stopped).toBe(true);
    expect(h.context()).toEqual(FRESH);
  });

  it('a late report of a stopped download changes nothing', () => {
    const h = exporting();
    const late = h.calls[0]!;
    h.send({ type: 'export.cancel' });
    late.sendBack({ type: 'export.progress', progress: HALF });
    late.sendBack({ type: 'export.done', file: FILE });
    late.sendBack({ type: 'export.failed', error: 'not_found' });
    expect(at(h)).toEqual(['idle']);
    expect(h.context()).toEqual(FRESH);
  });

  it('after Cancel, Export starts a new download', () => {
    const h = exporting();
    h.send({ type: 'export.cancel' });
    h.send({ type: 'export.start', request: BACKUP });
    expect(at(h)).toEqual(['exporting']);
    expect(h.calls.map((c) => c.input)).toEqual([LOG, BACKUP]);
    expect(h.calls[1]!.stopped).toBe(false);
  });
});

describe('fileExport: after the outcome', () => {
  it('Retry from failed asks for the same file again, with the error and progress forgotten', () => {
    const h = exporting();
    h.calls[0]!.sendBack({ type: 'export.progress', progress: HALF });
    h.calls[0]!.sendBack({ type: 'export.failed', error: 'not_found' });
    h.send({ type: 'export.retry' });
    expect(at(h)).toEqual(['exporting']);
    expect(tags(h)).toEqual(['busy']);
    expect(h.context()).toEqual({ ...FRESH, request: LOG });
    expect(h.calls).toHaveLength(2);
    expect(h.calls[1]!.input).toBe(LOG);
    h.calls[1]!.sendBack({ type: 'export.done', file: FILE });
    expect(at(h)).toEqual(['done']);
    expect(h.context()).toMatchObject({ request: LOG, file: FILE, error: null });
  });

  it('Retry after a throwing actor asks for the same request again', () => {
    let attempts = 0;
    const inputs: ExportRequest[] = [];
    const actor = createActor(
      fileExportMachine.provide({
        actors: {
          download: fromCallback<EventObject, ExportRequest>(({ input }) => {
            inputs.push(input);
            attempts++;
            if (attempts === 1) throw { error_code: 'validation_failure' };
          }),
        },
      }),
    ).start();
    actor.send({ type: 'export.start', request: BACKUP });
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'export.retry' });
    expect(actor.getSnapshot().matches('exporting')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ request: BACKUP, error: null });
    expect(inputs).toEqual([BACKUP, BACKUP]);
  });

  it('Export from done starts another with a fresh context', () => {
    const h = exporting();
    h.calls[0]!.sendBack({ type: 'export.progress', progress: ALL });
    h.calls[0]!.sendBack({ type: 'export.done', file: FILE });
    h.send({ type: 'export.start', request: BACKUP });
    expect(at(h)).toEqual(['exporting']);
    expect(tags(h)).toEqual(['busy']);
    expect(h.context()).toEqual({ ...FRESH, request: BACKUP });
    expect(h.calls.map((c) => c.input)).toEqual([LOG, BACKUP]);
  });

  it('Export from failed starts another with a fresh context', () => {
    const h = exporting();
    h.calls[0]!.sendBack({ type: 'export.progress', progress: HALF });
    h.calls[0]!.sendBack({ type: 'export.failed', error: 'not_found' });
    h.send({ type: 'export.start', request: BACKUP });
    expect(at(h)).toEqual(['exporting']);
    expect(h.context()).toEqual({ ...FRESH, request: BACKUP });
    expect(h.calls.map((c) => c.input)).toEqual([LOG, BACKUP]);
  });

  it('Dismiss from done forgets the outcome', () => {
    const h = exporting();
    h.calls[0]!.sendBack({ type: 'export.progress', progress: ALL });
    h.calls[0]!.sendBack({ type: 'export.done', file: FILE });
    h.send({ type: 'export.dismiss' });
    expect(at(h)).toEqual(['idle']);
    expect(tags(h)).toEqual([]);
    expect(h.context()).toEqual(FRESH);
  });

  it('Dismiss from failed forgets the outcome and the request', () => {
    const h = exporting();
    h.calls[0]!.sendBack({ type: 'export.failed', error: 'not_found' });
    h.send({ type: 'export.dismiss' });
    expect(at(h)).toEqual(['idle']);
    expect(h.context()).toEqual(FRESH);
    h.send({ type: 'export.retry' });
    expect(at(h)).toEqual(['idle']);
    expect(h.calls).toHaveLength(1);
  });
});

describe('fileExport: events a state does not take', () => {
  it('idle takes only Export', () => {
    const h = harness();
    const ignored: FileExportEvent[] = [
      { type: 'export.progress', progress: HALF },
      { type: 'export.done', file: FILE },
      { type: 'export.failed', error: 'not_found' },
      { type: 'export.cancel' },
      { type: 'export.retry' },
      { type: 'export.dismiss' },
    ];
    for (const event of ignored) {
      const before = h.snapshot();
      h.send(event);
      expect({ event: event.type, same: h.snapshot() === before }).toEqual({ event: event.type, same: true });
    }
    expect(at(h)).toEqual(['idle']);
    expect(h.context()).toEqual(FRESH);
    expect(h.calls).toHaveLength(0);
  });

  it('exporting ignores Export, Retry and Dismiss: the download goes on, not restarted', () => {
    const h = exporting();
    h.calls[0]!.sendBack({ type: 'export.progress', progress: HALF });
    const ignored: FileExportEvent[] = [{ type: 'export.start', request: BACKUP }, { type: 'export.retry' }, { type: 'export.dismiss' }];
    for (const event of ignored) {
      const before = h.snapshot();
      h.send(event);
      expect({ event: event.type, same: h.snapshot() === before }).toEqual({ event: event.type, same: true });
    }
    expect(at(h)).toEqual(['exporting']);
    expect(h.context()).toEqual({ ...FRESH, request: LOG, progress: HALF });
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0]!.stopped).toBe(false);
  });

  it('done ignores reports, Cancel and Retry', () => {
    const h = exporting();
    h.calls[0]!.sendBack({ type: 'export.done', file: FILE });
    const ignored: FileExportEvent[] = [
      { type: 'export.progress', progress: HALF },
      { type: 'export.done', file: { name: 'other.csv', bytes: 1 } },
      { type: 'export.failed', error: 'not_found' },
      { type: 'export.cancel' },
      { type: 'export.retry' },
    ];
    for (const event of ignored) {
      const before = h.snapshot();
      h.send(event);
      expect({ event: event.type, same: h.snapshot() === before }).toEqual({ event: event.type, same: true });
    }
    expect(at(h)).toEqual(['done']);
    expect(h.context()).toMatchObject({ file: FILE, error: null });
    expect(h.calls).toHaveLength(1);
  });

  it('failed ignores reports and Cancel', () => {
    const h = exporting();
    h.calls[0]!.sendBack({ type: 'export.failed', error: 'not_found' });
    const ignored: FileExportEvent[] = [
      { type: 'export.progress', progress: HALF },
      { type: 'export.done', file: FILE },
      { type: 'export.failed', error: 'validation_failure' },
      { type: 'export.cancel' },
    ];
    for (const event of ignored) {
      const before = h.snapshot();
      h.send(event);
      expect({ event: event.type, same: h.snapshot() === before }).toEqual({ event: event.type, same: true });
    }
    expect(at(h)).toEqual(['failed']);
    expect(h.context()).toMatchObject({ error: 'not_found', file: null, request: LOG });
    expect(h.calls).toHaveLength(1);
  });
});

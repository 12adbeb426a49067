/**
 * Backups of what the panel recorded (specification §1, Backup of data): the data logs, the event
 * log and the operation log, what is asked of them, in a time range, as one archive: a tar.gz of a
 * CSV per log and `manifest.json` (the device, its model and versions, what, the range, and each
 * file's rows, bytes and SHA-256). The CSVs are written to a staging folder first, streamed and
 * hashed as they go (memory stays flat whatever the size), then packed; the archive is downloaded
 * or written to the USB stick or the SD card under a temporary name, renamed when complete.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import type { BackupContent } from '../../contract/rules/data';
import type { Medium } from '../../contract/media';
import { ApiError } from '../lib/api-error';
import { stampOf } from '../lib/stamp';
import { freeName, writeThroughPart } from '../lib/media-part';
import type { DataLogService } from './datalog';
import type { AlarmService } from './alarms';
import type { OperationLogReader } from './operation-log';

export const DATA_BACKUP_FORMAT = 'hmi-data-backup';

export interface DataBackupRequest {
  what: readonly BackupContent[];
  from: number;
  to: number;
}

export interface DeviceFacts {
  serial: string;
  model: string;
  hmiName: string;
  osVersion: string;
  webVersion: string;
  project: string;
}

export interface BackupFile {
  path: string;
  content: BackupContent;
  rows: number;
  bytes: number;
  sha256: string;
}

export interface DataBackupManifest {
  format: typeof DATA_BACKUP_FORMAT;
  format_version: 1;
  created_at: string;
  device: { serial: string; hmi_name: string; model: string; os_version: string; web_version: string; project: string };
  what: BackupContent[];
  range: { from: string; to: string };
  files: BackupFile[];
}

export interface BuiltBackup {
  file: string;
  fileName: string;
  size: number;
  manifest: DataBackupManifest;
}

/** Progress of a build: rows written of the rows to write. */
export type BackupProgress = (rowsDone: number, rowsTotal: number) => void;

/** A file name part from a log's name: letters, digits, dot, dash and underscore. */
function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 64) || 'log';
}

/** Counts newlines (rows) and bytes and hashes what passes. */
class Tally extends Transform {
  bytes = 0;
  lines = 0;
  readonly hash = crypto.createHash('sha256');
  constructor(private readonly onLines: (n: number) => void) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void): void {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    let n = 0;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
    this.lines += n;
    this.onLines(n);
    done(null, chunk);
  }
}

export class DataBackupService {
  private readonly dataLogs: DataLogService;
  private readonly alarms: AlarmService;
  private readonly operations: OperationLogReader;
  private readonly now: () => number;
  private readonly mediaRoot: string;

  constructor(deps: {
    dataLogs: DataLogService;
    alarms: AlarmService;
    operations: OperationLogReader;
    now: () => number;
    mediaRoot: string;
  }) {
    this.dataLogs = deps.dataLogs;
    this.alarms = deps.alarms;
    this.operations = deps.operations;
    this.now = deps.now;
    this.mediaRoot = deps.mediaRoot;
  }

  /** The sources of a request: a CSV stream each, with the rows it will hold. */
  private sources(req: DataBackupRequest): { path: string; content: BackupContent; rows: number; stream: Readable }[] {
    const out: { path: string; content: BackupContent; rows: number; stream: Readable }[] = [];
    if (req.what.includes('datalog')) {
      const used = new Set<string>();
      for (const log of this.dataLogs.list()) {
        let name = safeName(log.name);
        for (let n = 2; used.has(name); n++) name = `${safeName(log.name)}-${n}`;
        used.add(name);
        const csv = this.dataLogs.csv(log.id, req.from, req.to)!;
        out.push({ path: `datalog/${name}.csv`, content: 'datalog', rows: csv.count, stream: csv.stream });
      }
    }
    if (req.what.includes('eventlog')) {
      const csv = this.alarms.csv({ from: req.from, to: req.to, state: 'all' });
      out.push({ path: 'eventlog.csv', content: 'eventlog', rows: csv.count, stream: csv.stream });
    }
    if (req.what.includes('operationlog')) {
      const csv = this.operations.csv({ from: req.from, to: req.to });
      out.push({ path: 'operationlog.csv', content: 'operationlog', rows: csv.count, stream: csv.stream });
    }
    return out;
  }

  /** Writes the archive into `dir` (a staging folder the caller removes). */
  async build(req: DataBackupRequest, facts: DeviceFacts, dir: string, progress?: BackupProgress): Promise<BuiltBackup> {
    const now = this.now();
    const sources = this.sources(req);
    const total = sources.reduce((n, s) => n + s.rows + 1, 0);
    let done = 0;
    const files: BackupFile[] = [];
    fs.mkdirSync(path.join(dir, 'files', 'datalog'), { recursive: true });
    for (const s of sources) {
      const tally = new Tally((n) => {
        done += n;
        progress?.(Math.min(done, total), total);
      });
      await pipeline(s.stream, tally, fs.createWriteStream(path.join(dir, 'files', s.path)));
      files.push({ path: s.path, content: s.content, rows: Math.max(0, tally.lines - 1), bytes: tally.bytes, sha256: tally.hash.digest('hex') });
    }
    const manifest: DataBackupManifest = {
      format: DATA_BACKUP_FORMAT,
      format_version: 1,
      created_at: new Date(now).toISOString(),
      device: { serial: facts.serial, hmi_name: facts.hmiName, model: facts.model, os_version: facts.osVersion, web_version: facts.webVersion, project: facts.project },
      what: [...req.what],
      range: { from: new Date(req.from).toISOString(), to: new Date(req.to).toISOString() },
      files,
    };
    const fileName = `data-${safeName(facts.hmiName)}-${stampOf(now)}.tar.gz`;
    const file = path.join(dir, fileName);
    const pack = tar.pack();
    const packing = (async () => {
      const manifestData = Buffer.from(JSON.stringify(manifest, null, 2));
      pack.entry({ name: 'manifest.json', size: manifestData.length, mtime: new Date(now) }, manifestData);
      for (const f of files) {
        const entry = pack.entry({ name: f.path, size: f.bytes, mtime: new Date(now) });
        await pipeline(fs.createReadStream(path.join(dir, 'files', f.path)), entry);
      }
      pack.finalize();
    })();
    await Promise.all([packing, pipeline(pack, zlib.createGzip({ level: 6 }), fs.createWriteStream(file))]);
    return { file, fileName, size: fs.statSync(file).size, manifest };
  }

  /** The folder of a medium (absent while the medium is out). */
  mediumPath(medium: Medium): string {
    return path.join(this.mediaRoot, medium);
  }

  /** Copies a built archive to `medium`, `onBytes` as it goes; answers the name it has there. */
  async writeToMedium(built: BuiltBackup, medium: Medium, onBytes?: (done: number, total: number) => void): Promise<string> {
    const dir = this.mediumPath(medium);
    const mediumName = medium === 'usb' ? 'USB stick' : 'SD card';
    if (!fs.existsSync(dir)) throw new ApiError(404, 'not_found', `No ${mediumName} is in the device`);
    const name = freeName(dir, built.fileName, '.tar.gz');
    try {
      await writeThroughPart(dir, name, async (part) => {
        let copied = 0;
        await pipeline(
          fs.createReadStream(built.file),
          new Transform({
            transform(chunk: Buffer, _enc, cb) {
              copied += chunk.length;
              onBytes?.(copied, built.size);
              cb(null, chunk);
            },
          }),
          fs.createWriteStream(part, { mode: 0o644 }),
        );
      });
    } catch (err) {
      throw new ApiError(500, 'media_write_failed', `The backup could not be written to the ${mediumName}: ${err instanceof Error ? err.message : String(err)}`);
    }
    return name;
  }
}

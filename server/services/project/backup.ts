/**
 * The backup of the running project (docs/decisions.md#file-formats): its release's `.app` and
 * `.crc` with a manifest, packed as it is read.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import type { Clock } from '../../lib/clock';
import { ApiError } from '../../lib/api-error';
import { DEVICE_MODEL } from '../../hardware/system-info';
import type { ProjectStore } from './store';

export interface ProjectBackupOptions {
  store: ProjectStore;
  /** The device clock: the backup's time. */
  clock: Clock;
  deviceFacts: { serial: string; osVersion: string };
}

/** The running project as a `.cxob`: a tar.gz of its `.app`, its `.crc` and a manifest. */
export function projectBackupArchive({ store, clock, deviceFacts }: ProjectBackupOptions): { fileName: string; stream: Readable } {
  const row = store.activeRow()!;
  const dir = store.releaseDir(row.release!);
  const appFile = path.join(dir, `${row.file_name}.app`);
  const crcFile = path.join(dir, `${row.file_name}.crc`);
  let appSize: number;
  let crcText: Buffer;
  try {
    appSize = fs.statSync(appFile).size;
    crcText = fs.readFileSync(crcFile);
  } catch {
    throw new ApiError(500, 'packing_failed', 'Project packing failed!');
  }
  const manifest = Buffer.from(
    JSON.stringify(
      {
        format: 'hmi-project-backup',
        format_version: 1,
        device: { model: DEVICE_MODEL, serial: deviceFacts.serial, os_version: deviceFacts.osVersion },
        created_at: new Date(clock.now()).toISOString(),
        project: { name: row.name, file_name: row.file_name, crc: row.crc, app_size: appSize, protected: row.protected === 1, design_software_version: row.design_software_version },
      },
      null,
      2,
    ),
  );
  const pack = tar.pack();
  const gzip = zlib.createGzip();
  const mtime = new Date(clock.now());
  pack.entry({ name: 'manifest.json', size: manifest.length, mtime, mode: 0o644 }, manifest);
  pack.entry({ name: `${row.file_name}.crc`, size: crcText.length, mtime, mode: 0o644 }, crcText);
  const entry = pack.entry({ name: `${row.file_name}.app`, size: appSize, mtime, mode: 0o644 }, (err) => {
    if (err) gzip.destroy(err);
    else pack.finalize();
  });
  fs.createReadStream(appFile)
    .on('error', (err) => gzip.destroy(err))
    .pipe(entry);
  pack.pipe(gzip);
  const stamp = mtime.toISOString().slice(0, 10).replace(/-/g, '');
  return { fileName: `${row.file_name}-${stamp}.cxob`, stream: gzip };
}

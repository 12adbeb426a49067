/**
 * What the services that install a signed file (OS update, PLC runtime firmware) share: the
 * folder uploads are staged in, the second read of a staged file as it is installed (verified
 * again, its progress counted) and the job failure an install ends with.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ErrorCode } from '../../contract/error-codes';
import type { SignedHeader, SignedImageVerifier } from '../lib/signed-image';
import { JobFailure } from './jobs';

/** The folder where uploads are received, one folder each, emptied at start. */
export class StagingArea {
  constructor(
    readonly dir: string,
    private readonly prefix: string,
  ) {
    // Whatever a previous run left half-received is no file anyone waits for.
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  /** A new folder for one upload. */
  create(): string {
    return fs.mkdtempSync(path.join(this.dir, this.prefix));
  }

  /** Removes an upload's folder (only one of this area's). */
  discard(dir: string): void {
    if (path.dirname(dir) === this.dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A file received in full and verified, waiting for its job. */
export interface StagedFile<H> {
  dir: string;
  path: string;
  header: H;
}

export interface ReadThroughOptions<H> {
  /** The header the upload was verified with: the file must still be the same one. */
  staged: StagedFile<H>;
  /** Its size in bytes (the caller keeps it for its log). */
  total: number;
  progress(done: number, total: number): void;
  /** How long to hold a chunk once `done` bytes are read (a flash's pace), if at all. */
  delayMs?(done: number, total: number): number;
  /** The failure when the file changed on disk since its upload. */
  changed(): Error;
}

/** Reads a staged file through once more, as a panel verifies what it flashes: every chunk
 * through `verify`, the progress counted; answers the header verified again. */
export async function readThrough<H extends SignedHeader & { version: string }>(verify: SignedImageVerifier<H>, options: ReadThroughOptions<H>): Promise<H> {
  const { staged, total } = options;
  let done = 0;
  await pipeline(
    fs.createReadStream(staged.path, { highWaterMark: 1024 * 1024 }),
    new Transform({
      transform(chunk: Buffer, _enc, next) {
        try {
          verify.push(chunk);
          done += chunk.length;
          options.progress(done, total);
        } catch (err) {
          next(err as Error);
          return;
        }
        const due = options.delayMs?.(done, total) ?? 0;
        if (due > 0) setTimeout(() => next(null, chunk), due);
        else next(null, chunk);
      },
    }),
    new Writable({ write: (_chunk, _enc, next) => next() }),
  );
  const header = verify.finish();
  if (header.version !== staged.header.version || header.sha256 !== staged.header.sha256) throw options.changed();
  return header;
}

/** The job failure an install ended with: its own, the kind's refusal of the file (`invalid`),
 * else `otherwise` with the error's message. */
export function installFailure(err: unknown, invalid: { is(err: unknown): boolean; code: ErrorCode }, otherwise: ErrorCode): JobFailure {
  if (err instanceof JobFailure) return err;
  if (invalid.is(err)) return new JobFailure(invalid.code, (err as Error).message);
  return new JobFailure(otherwise, err instanceof Error ? err.message : String(err));
}

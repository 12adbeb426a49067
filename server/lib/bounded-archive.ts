/**
 * Every archive and gzip file the device is given is read here, bounded: the gzip's output is
 * counted against a budget for the whole file (tar headers, padding and the entries nobody reads
 * included), each entry has a limit of its own (refused from its tar header before a byte of it is
 * read), entries are counted, and each wanted entry goes a chunk at a time to a reader that never
 * needs it whole: a SHA-256 computed as it passes (`digesting`), JSON read as a stream with limits
 * (`jsonEntry`, server/lib/bounded-json.ts). Memory stays bounded whatever the file holds, and a
 * gzip bomb costs the device no more than the budget's worth of unpacking.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { JsonStream, JsonStreamError, type JsonLimits, type JsonStreamOptions } from './bounded-json';

/** Why an archive was refused; `message` says what is wrong, in a sentence a user reads. */
export class ArchiveError extends Error {
  constructor(
    message: string,
    /** Past a limit (the budget, an entry's limit, the entries), or not readable. */
    readonly reason: 'too_large' | 'unreadable' = 'too_large',
  ) {
    super(message);
  }
}

/** Where one entry's bytes go, a chunk at a time. `write` and `end` may throw to refuse the whole
 * archive (the error is what the read rejects with). */
export interface EntryReader {
  /** The bytes the entry may hold; a larger one is refused from its header. */
  maxBytes: number;
  write(chunk: Buffer): void;
  end(): void;
}

export interface ArchiveLimits {
  /** Bytes the gzip may unpack to in all. */
  budget: number;
  /** Entries the archive may hold (those skipped included). */
  maxEntries: number;
}

export interface EntryHeader {
  name: string;
  size: number;
  /** 'file', 'directory', 'symlink', … (tar-stream's names). */
  type: string;
  /** Its place in the archive, from 0. */
  index: number;
}

const MB = (n: number) => (n >= 1024 * 1024 ? `${Math.round((n / (1024 * 1024)) * 10) / 10} MB` : `${n} bytes`);

/** Counts what the gzip unpacks; past `budget` the read stops. */
function budgetCounter(budget: number, what: string): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      total += chunk.length;
      if (total > budget) done(new ArchiveError(`${what} unpacks to more than ${MB(budget)}`));
      else done(null, chunk);
    },
  });
}

/**
 * Reads the tar.gz at `file`: `reader(entry)` names where each entry goes (null: skipped, its bytes
 * still counted). `stop()` is asked after each entry read: true ends the read there (a listing
 * needs only the manifest). Rejects with ArchiveError, or with what a reader threw.
 */
export async function readTarGz(
  file: string,
  limits: ArchiveLimits,
  reader: (entry: EntryHeader) => EntryReader | null,
  stop?: () => boolean,
  what = 'The archive',
): Promise<void> {
  const source = fs.createReadStream(file);
  const extract = tar.extract();
  let index = 0;
  let stopped = false;
  // The first refusal of ours or of a reader: what the read rejects with.
  let refusal: unknown = null;
  const refuse = (err: unknown) => {
    refusal ??= err;
    extract.destroy(err instanceof Error ? err : new ArchiveError(String(err), 'unreadable'));
  };
  extract.on('entry', (header, stream, next) => {
    // The archive's own error ends the pipeline below; the entry's copy of it needs no one else.
    stream.on('error', () => undefined);
    const entry: EntryHeader = { name: header.name, size: header.size ?? 0, type: header.type ?? 'file', index: index++ };
    let to: EntryReader | null;
    try {
      if (entry.index >= limits.maxEntries) throw new ArchiveError(`${what} holds more than ${limits.maxEntries} entries`);
      to = entry.type === 'file' ? reader(entry) : null;
      if (to && entry.size > to.maxBytes) throw new ArchiveError(`${entry.name} is larger than ${MB(to.maxBytes)}`);
      if (entry.size > limits.budget) throw new ArchiveError(`${what} unpacks to more than ${MB(limits.budget)}`);
    } catch (err) {
      refuse(err);
      return;
    }
    if (!to) {
      stream.resume();
      stream.on('end', next);
      return;
    }
    const sink = to;
    let failed = false;
    stream.on('data', (c: unknown) => {
      if (failed || !Buffer.isBuffer(c)) return;
      try {
        sink.write(c);
      } catch (err) {
        failed = true;
        refuse(err);
      }
    });
    stream.on('end', () => {
      if (failed) return;
      try {
        sink.end();
      } catch (err) {
        refuse(err);
        return;
      }
      if (stop?.()) {
        stopped = true;
        source.destroy();
        extract.destroy();
        return;
      }
      next();
    });
  });
  try {
    await pipeline(source, zlib.createGunzip(), budgetCounter(limits.budget, what), extract);
  } catch (err) {
    if (refusal) throw refusal;
    if (stopped) return;
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError(`${what} is not a readable tar.gz (${err instanceof Error ? err.message : String(err)})`, 'unreadable');
  }
}

/** Reads the gzip file at `file`, its unpacked bytes to `write` a chunk at a time, at most
 * `budget` of them. Rejects with ArchiveError, or with what `write` threw. */
export async function readGzip(file: string, budget: number, write: (chunk: Buffer) => void, what = 'The file'): Promise<void> {
  let refusal: unknown = null;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      try {
        write(chunk);
        done();
      } catch (err) {
        refusal = err;
        done(err instanceof Error ? err : new Error(String(err)));
      }
    },
  });
  try {
    await pipeline(fs.createReadStream(file), zlib.createGunzip(), budgetCounter(budget, what), sink);
  } catch (err) {
    if (refusal) throw refusal;
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError(`${what} cannot be unpacked (${err instanceof Error ? err.message : String(err)})`, 'unreadable');
  }
}

/** The same for a gzip held in memory (the sample project, tests): at most `budget` bytes. */
export function gunzipBounded(data: Buffer, budget: number, what = 'The file'): Buffer {
  try {
    return zlib.gunzipSync(data, { maxOutputLength: budget });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new ArchiveError(`${what} unpacks to more than ${MB(budget)}`);
    throw new ArchiveError(`${what} cannot be unpacked`, 'unreadable');
  }
}

/** Passes an entry on to `inner` (or nowhere), counting its bytes and computing its SHA-256. */
export function digesting(maxBytes: number, inner?: Omit<EntryReader, 'maxBytes'>): EntryReader & { size(): number; sha256(): string } {
  const hash = crypto.createHash('sha256');
  let size = 0;
  let sha: string | null = null;
  return {
    maxBytes,
    write(chunk) {
      size += chunk.length;
      hash.update(chunk);
      inner?.write(chunk);
    },
    end() {
      sha = hash.digest('hex');
      inner?.end();
    },
    size: () => size,
    sha256: () => sha ?? '',
  };
}

/** An entry read as JSON with `limits` (their maxBytes is the entry's limit); `value()` is the
 * root once the entry ended. JsonStreamError tells what is wrong. */
export function jsonEntry(limits: JsonLimits, options?: JsonStreamOptions): EntryReader & { value(): unknown } {
  const stream = new JsonStream(limits, options);
  let value: unknown;
  return {
    maxBytes: limits.maxBytes,
    write: (chunk) => stream.write(chunk),
    end: () => {
      value = stream.end();
    },
    value: () => value,
  };
}

export { JsonStreamError };

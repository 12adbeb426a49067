/**
 * The room uploads stage in. Each upload reserves, before its first byte is written, the bytes it
 * may write (its declared length, else its limit): the uploads being received at once may
 * reserve `maxBytes` together (409 `busy` past that: try again when the others end), and the data
 * disk must have room for the reservation, on top of what the other uploads have still to write
 * and `keepFreeBytes` for the database and the logs (507 `insufficient_storage` otherwise, asked
 * of the file system with statfs). A file that has been received is on the disk and in what statfs
 * answers; its reservation ends with its upload.
 */
import fs from 'node:fs';
import { ApiError } from '../lib/api-error';

export interface StagingQuotaOptions {
  /** The bytes the uploads being received may reserve together. */
  maxBytes: number;
  /** Free bytes left on the data disk for everything else. */
  keepFreeBytes: number;
  /** Free bytes on the file system that holds `dir` (statfs; tests give their own). */
  freeBytes(dir: string): Promise<number>;
}

export const DEFAULT_KEEP_FREE_BYTES = 32 * 1024 * 1024;

export async function statfsFreeBytes(dir: string): Promise<number> {
  const stats = await fs.promises.statfs(dir);
  return stats.bavail * stats.bsize;
}

export interface Reservation {
  readonly bytes: number;
  /** Bytes of the reservation written so far. */
  wrote(bytes: number): void;
  release(): void;
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export class StagingQuota {
  private readonly held = new Set<{ bytes: number; written: number }>();

  constructor(readonly options: StagingQuotaOptions) {}

  /** What the uploads being received have reserved. */
  get reserved(): number {
    let sum = 0;
    for (const r of this.held) sum += r.bytes;
    return sum;
  }

  /** Reserves `bytes` for an upload staging into `dir`, or refuses it (see above). */
  async reserve(dir: string, bytes: number): Promise<Reservation> {
    const { maxBytes, keepFreeBytes } = this.options;
    if (bytes > maxBytes) {
      throw new ApiError(507, 'insufficient_storage', `The upload (${mb(bytes)}) is larger than the device stages (${mb(maxBytes)})`);
    }
    if (this.reserved + bytes > maxBytes) {
      throw new ApiError(409, 'busy', `Other uploads are being received (${mb(this.reserved)} of ${mb(maxBytes)}): try again when they end`);
    }
    const entry = { bytes, written: 0 };
    // Held before the disk is asked, so that two uploads starting at once both count.
    this.held.add(entry);
    try {
      let pending = 0;
      for (const r of this.held) if (r !== entry) pending += Math.max(0, r.bytes - r.written);
      // A file system that cannot say (statfs unsupported) is not a refusal: a full disk still
      // ends the upload when a write fails (ENOSPC, server/http/upload.ts).
      const free = await this.options.freeBytes(dir).catch(() => Infinity);
      if (free - pending - keepFreeBytes < bytes) {
        throw new ApiError(507, 'insufficient_storage', `The device has no room for this upload: it needs ${mb(bytes)}, ${mb(Math.max(0, free - pending - keepFreeBytes))} is free`);
      }
    } catch (err) {
      this.held.delete(entry);
      throw err;
    }
    return {
      bytes,
      wrote: (n) => {
        entry.written += n;
      },
      release: () => {
        this.held.delete(entry);
      },
    };
  }
}

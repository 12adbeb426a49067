/**
 * What the tools that write a signed file (make-os-image, make-plc-firmware) share: a repeatable
 * pseudo-random payload streamed to the file after the head signed over its hash, optionally with
 * the signature spoiled or the payload cut short, and the `--size-mb` option.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface SignedFileOptions {
  /** What the payload's blocks are derived from (the same seed, the same payload). */
  seed: string;
  sizeMb: number;
  /** The signed head for a payload of this length and SHA-256. */
  head(payload: { length: number; sha256: string }): Buffer;
  badSignature: boolean;
  truncate: boolean;
}

/** Writes the file to `out`, streaming the payload (a large one is never held whole); answers
 * its size in bytes. */
export function writeSignedFile(out: string, { seed, sizeMb, head: headFor, badSignature, truncate }: SignedFileOptions): number {
  const size = Math.round(sizeMb * 1024 * 1024);
  // Counter-mode SHA-256 blocks, hashed once to sign the header and written again to the file.
  const block = (i: number) => crypto.createHash('sha256').update(`${seed}:${i}`).digest();
  const chunkOf = (offset: number, length: number) => {
    const buf = Buffer.alloc(length);
    for (let p = 0; p < length; p += 32) block((offset + p) / 32).copy(buf, p, 0, Math.min(32, length - p));
    return buf;
  };
  const CHUNK = 1024 * 1024;
  const hash = crypto.createHash('sha256');
  for (let off = 0; off < size; off += CHUNK) hash.update(chunkOf(off, Math.min(CHUNK, size - off)));
  const head = headFor({ length: size, sha256: hash.digest('hex') });
  if (badSignature) head[head.length - 1]! ^= 0xff;
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  const fd = fs.openSync(out, 'w');
  try {
    fs.writeSync(fd, head);
    const written = truncate ? Math.floor(size / 2) : size;
    for (let off = 0; off < written; off += CHUNK) fs.writeSync(fd, chunkOf(off, Math.min(CHUNK, written - off)));
    return head.length + written;
  } finally {
    fs.closeSync(fd);
  }
}

/** `--size-mb` (1 by default); exits with a message when it is not a number from 0 to 4096. */
export function sizeMbOption(value: string | undefined): number {
  const sizeMb = value === undefined ? 1 : Number(value);
  if (!Number.isFinite(sizeMb) || sizeMb < 0 || sizeMb > 4096) {
    process.stderr.write('--size-mb: a number from 0 to 4096\n');
    process.exit(2);
  }
  return sizeMb;
}

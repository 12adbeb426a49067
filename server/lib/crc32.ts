// The IEEE CRC-32 of the project's .crc file, computed by zlib (native; in Node since 20.15, and
// package.json asks for >= 20.19).
import zlib from 'node:zlib';

/** Continues a CRC-32 over one more chunk: start from 0, feed each chunk's result to the next
 * (a stream is checked as it arrives, never held whole). */
export function crc32Update(previous: number, data: Uint8Array): number {
  return zlib.crc32(data, previous) >>> 0;
}

export function crc32(data: Uint8Array): number {
  return crc32Update(0, data);
}

export function crc32ToHex(crc: number): string {
  return crc.toString(16).padStart(8, '0');
}

export function crc32Hex(data: Uint8Array): string {
  return crc32ToHex(crc32(data));
}

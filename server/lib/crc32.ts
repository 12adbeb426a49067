// Node 20 has no zlib.crc32 (it arrived in Node 22), so the table-driven IEEE CRC-32 lives here.
const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** Continues a CRC-32 over one more chunk: start from 0, feed each chunk's result to the next
 * (a stream is checked as it arrives, never held whole). */
export function crc32Update(previous: number, data: Uint8Array): number {
  let crc = (previous ^ 0xffffffff) >>> 0;
  for (let i = 0; i < data.length; i++) crc = TABLE[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
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

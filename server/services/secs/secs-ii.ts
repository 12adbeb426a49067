/**
 * SECS-II items (SEMI E5 §9): the data of an HSMS data message. Each item is a format byte (the
 * format code in its upper six bits, the number of length bytes, 1–3, in its lower two), the length
 * (big-endian: the number of items of a list, the number of bytes of anything else), then the data.
 * Numbers are big-endian; ASCII is one byte a character.
 */

/** The format codes (octal, as E5 gives them). */
export const FORMAT = {
  L: 0o00,
  B: 0o10,
  BOOLEAN: 0o11,
  A: 0o20,
  I8: 0o30,
  I1: 0o31,
  I2: 0o32,
  I4: 0o34,
  F8: 0o40,
  F4: 0o44,
  U8: 0o50,
  U1: 0o51,
  U2: 0o52,
  U4: 0o54,
} as const;

type NumberFormat = 'I1' | 'I2' | 'I4' | 'U1' | 'U2' | 'U4' | 'F4' | 'F8';
type BigFormat = 'I8' | 'U8';

export type SecsItem =
  | { format: 'L'; items: SecsItem[] }
  | { format: 'A'; value: string }
  | { format: 'B'; value: Uint8Array }
  | { format: 'BOOLEAN'; value: boolean[] }
  | { format: NumberFormat; value: number[] }
  | { format: BigFormat; value: bigint[] };

/** Builders, for the messages the endpoint sends and the tests read. */
export const L = (...items: SecsItem[]): SecsItem => ({ format: 'L', items });
export const A = (value: string): SecsItem => ({ format: 'A', value });
export const B = (...bytes: number[]): SecsItem => ({ format: 'B', value: Uint8Array.from(bytes) });
export const U4 = (...value: number[]): SecsItem => ({ format: 'U4', value });

const SIZE: Record<NumberFormat | BigFormat, number> = { I1: 1, I2: 2, I4: 4, I8: 8, U1: 1, U2: 2, U4: 4, U8: 8, F4: 4, F8: 8 };
/** The largest length three length bytes hold. */
export const MAX_ITEM_LENGTH = 0xffffff;

export class SecsDecodeError extends Error {}

function header(format: number, length: number): Buffer {
  if (!Number.isInteger(length) || length < 0 || length > MAX_ITEM_LENGTH) throw new RangeError(`SECS-II item length ${length} is out of range`);
  const n = length <= 0xff ? 1 : length <= 0xffff ? 2 : 3;
  const out = Buffer.alloc(1 + n);
  out[0] = (format << 2) | n;
  out.writeUIntBE(length, 1, n);
  return out;
}

function isAscii(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) > 0x7f) return false;
  return true;
}

function numbers(format: NumberFormat | BigFormat, values: readonly (number | bigint)[]): Buffer {
  const size = SIZE[format];
  const out = Buffer.alloc(size * values.length);
  values.forEach((v, i) => {
    const at = i * size;
    switch (format) {
      case 'I1': out.writeInt8(v as number, at); break;
      case 'I2': out.writeInt16BE(v as number, at); break;
      case 'I4': out.writeInt32BE(v as number, at); break;
      case 'U1': out.writeUInt8(v as number, at); break;
      case 'U2': out.writeUInt16BE(v as number, at); break;
      case 'U4': out.writeUInt32BE(v as number, at); break;
      case 'F4': out.writeFloatBE(v as number, at); break;
      case 'F8': out.writeDoubleBE(v as number, at); break;
      case 'I8': out.writeBigInt64BE(v as bigint, at); break;
      case 'U8': out.writeBigUInt64BE(v as bigint, at); break;
    }
  });
  return out;
}

/** The bytes of one item (a list with everything in it). */
export function encodeItem(item: SecsItem): Buffer {
  switch (item.format) {
    case 'L':
      return Buffer.concat([header(FORMAT.L, item.items.length), ...item.items.map(encodeItem)]);
    case 'A': {
      if (!isAscii(item.value)) throw new RangeError('SECS-II ASCII items hold 7-bit characters only');
      const data = Buffer.from(item.value, 'latin1');
      return Buffer.concat([header(FORMAT.A, data.length), data]);
    }
    case 'B':
      return Buffer.concat([header(FORMAT.B, item.value.length), Buffer.from(item.value)]);
    case 'BOOLEAN':
      return Buffer.concat([header(FORMAT.BOOLEAN, item.value.length), Buffer.from(item.value.map((b) => (b ? 1 : 0)))]);
    default: {
      const data = numbers(item.format, item.value);
      return Buffer.concat([header(FORMAT[item.format], data.length), data]);
    }
  }
}

const BY_CODE = new Map<number, SecsItem['format']>(Object.entries(FORMAT).map(([name, code]) => [code, name as SecsItem['format']]));

/** Lists nested deeper than this are refused (a message is at most a few levels deep; a peer's
 * bytes never take the stack). */
export const MAX_DEPTH = 32;

function readItem(buf: Buffer, at: number, depth: number): { item: SecsItem; next: number } {
  if (depth > MAX_DEPTH) throw new SecsDecodeError('SECS-II lists nested too deep');
  if (at >= buf.length) throw new SecsDecodeError('SECS-II item cut short (no format byte)');
  const formatByte = buf[at]!;
  const n = formatByte & 0b11;
  const format = BY_CODE.get(formatByte >> 2);
  if (n === 0) throw new SecsDecodeError('SECS-II item with no length bytes');
  if (!format) throw new SecsDecodeError(`Unknown SECS-II format code 0o${(formatByte >> 2).toString(8)}`);
  if (at + 1 + n > buf.length) throw new SecsDecodeError('SECS-II item cut short (length)');
  const length = buf.readUIntBE(at + 1, n);
  let pos = at + 1 + n;
  if (format === 'L') {
    const items: SecsItem[] = [];
    for (let i = 0; i < length; i++) {
      const read = readItem(buf, pos, depth + 1);
      items.push(read.item);
      pos = read.next;
    }
    return { item: { format, items }, next: pos };
  }
  if (pos + length > buf.length) throw new SecsDecodeError('SECS-II item cut short (data)');
  const data = buf.subarray(pos, pos + length);
  const next = pos + length;
  switch (format) {
    case 'A':
      return { item: { format, value: data.toString('latin1') }, next };
    case 'B':
      return { item: { format, value: Uint8Array.from(data) }, next };
    case 'BOOLEAN':
      return { item: { format, value: [...data].map((b) => b !== 0) }, next };
    default: {
      const size = SIZE[format];
      if (length % size !== 0) throw new SecsDecodeError(`SECS-II ${format} item of ${length} bytes`);
      const count = length / size;
      if (format === 'I8' || format === 'U8') {
        const value = Array.from({ length: count }, (_, i) => (format === 'I8' ? data.readBigInt64BE(i * size) : data.readBigUInt64BE(i * size)));
        return { item: { format, value }, next };
      }
      const read = (i: number): number => {
        const o = i * size;
        switch (format) {
          case 'I1': return data.readInt8(o);
          case 'I2': return data.readInt16BE(o);
          case 'I4': return data.readInt32BE(o);
          case 'U1': return data.readUInt8(o);
          case 'U2': return data.readUInt16BE(o);
          case 'U4': return data.readUInt32BE(o);
          case 'F4': return data.readFloatBE(o);
          default: return data.readDoubleBE(o);
        }
      };
      return { item: { format, value: Array.from({ length: count }, (_, i) => read(i)) }, next };
    }
  }
}

/** The one item a message's data holds; null for a header-only message. Throws SecsDecodeError for
 * bytes that are not exactly one item. */
export function decodeItem(buf: Buffer): SecsItem | null {
  if (buf.length === 0) return null;
  const { item, next } = readItem(buf, 0, 0);
  if (next !== buf.length) throw new SecsDecodeError(`${buf.length - next} bytes after the SECS-II item`);
  return item;
}

/** ASCII of at most `max` characters (E5 limits MDLN and SOFTREV to 20): other characters become '?'. */
export function asciiField(value: string, max: number): string {
  return value.replace(/[^\x20-\x7e]/g, '?').slice(0, max);
}

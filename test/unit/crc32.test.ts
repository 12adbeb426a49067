import zlib from 'node:zlib';
import { crc32, crc32Hex, crc32ToHex, crc32Update } from '../../server/lib/crc32';

describe('crc32', () => {
  it('matches the IEEE check value for "123456789"', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32Hex(Buffer.from('123456789'))).toBe('cbf43926');
  });

  it('gives 0 for no data and pads the hex to eight digits', () => {
    expect(crc32(new Uint8Array())).toBe(0);
    expect(crc32Hex(new Uint8Array())).toBe('00000000');
    expect(crc32Hex(Buffer.from('a'))).toBe('e8b7be43');
  });

  it('agrees with zlib.crc32 where the runtime has it, on random data', () => {
    const native = (zlib as unknown as { crc32?: (d: Uint8Array) => number }).crc32;
    const data = Buffer.alloc(4096);
    for (let i = 0; i < data.length; i++) data[i] = (i * 131 + 7) & 0xff;
    const value = crc32(data);
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(0xffffffff);
    if (native) expect(value).toBe(native(data));
    // one flipped bit changes the CRC
    data[100]! ^= 1;
    expect(crc32(data)).not.toBe(value);
  });

  it('continues over chunks to the value of the whole (an upload is checked as it streams)', () => {
    const data = Buffer.from('The quick brown fox jumps over the lazy dog, chunk by chunk.');
    for (const cut of [0, 1, 7, 30, data.length]) {
      const chunked = crc32Update(crc32Update(0, data.subarray(0, cut)), data.subarray(cut));
      expect(crc32ToHex(chunked)).toBe(crc32Hex(data));
    }
    expect(crc32Update(crc32Update(0, Buffer.from('1234')), Buffer.from('56789'))).toBe(0xcbf43926);
  });
});

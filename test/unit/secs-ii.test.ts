/** SECS-II items (SEMI E5 §9) and HSMS framing (SEMI E37 §8): the bytes of known items, round trips
 * of every format, and what a decoder refuses. */
import { A, B, decodeItem, encodeItem, L, SecsDecodeError, U4, asciiField, MAX_DEPTH, type SecsItem } from '../../server/services/secs/secs-ii';
import { controlMessage, dataMessage, encodeMessage, FrameError, FrameReader, STYPE } from '../../server/services/secs/hsms';

const hex = (b: Buffer) => b.toString('hex');

describe('SECS-II encoding', () => {
  it('writes the format byte (code << 2 | length bytes), the length, then the data', () => {
    expect(hex(encodeItem(A('HMI')))).toBe('4103' + Buffer.from('HMI').toString('hex'));
    expect(hex(encodeItem(B(0)))).toBe('210100');
    expect(hex(encodeItem(U4(1)))).toBe('b10400000001');
    expect(hex(encodeItem({ format: 'BOOLEAN', value: [true, false] }))).toBe('25020100');
    expect(hex(encodeItem({ format: 'I2', value: [-2] }))).toBe('6902fffe');
    expect(hex(encodeItem(L()))).toBe('0100');
    // S1F14: L[2] <B 0> L[2] <A MDLN> <A SOFTREV>
    expect(hex(encodeItem(L(B(0), L(A('M'), A('1')))))).toBe('0102' + '210100' + '0102' + '41014d' + '410131');
  });

  it('uses two or three length bytes past 255 and 65535 bytes', () => {
    const mid = encodeItem(A('x'.repeat(300)));
    expect(hex(mid.subarray(0, 3))).toBe('42012c');
    const big = encodeItem({ format: 'B', value: new Uint8Array(70_000) });
    expect(hex(big.subarray(0, 4))).toBe('23011170');
    const list = encodeItem(L(...Array.from({ length: 256 }, () => L())));
    expect(hex(list.subarray(0, 3))).toBe('020100');
  });

  it('reads back what it writes, every format', () => {
    const item: SecsItem = L(
      A('Model'),
      B(1, 2, 255),
      { format: 'BOOLEAN', value: [true, false] },
      { format: 'I1', value: [-128, 127] },
      { format: 'I2', value: [-32768, 32767] },
      { format: 'I4', value: [-1, 2147483647] },
      { format: 'I8', value: [-1n, 9007199254740993n] },
      { format: 'U1', value: [0, 255] },
      { format: 'U2', value: [65535] },
      U4(4294967295),
      { format: 'U8', value: [18446744073709551615n] },
      { format: 'F4', value: [1.5] },
      { format: 'F8', value: [Math.PI] },
      L(L(A(''))),
    );
    expect(decodeItem(encodeItem(item))).toEqual(item);
    expect(decodeItem(Buffer.alloc(0))).toBeNull();
  });

  it('refuses non-ASCII text, and lengths past three bytes', () => {
    expect(() => encodeItem(A('Größe'))).toThrow(RangeError);
    expect(() => encodeItem({ format: 'B', value: new Uint8Array(0x1000000) })).toThrow(RangeError);
    expect(asciiField('HMI-X1070 Größe extra long name', 20)).toBe('HMI-X1070 Gr??e extr');
  });

  it.each([
    ['an item cut short', Buffer.from([0x41, 0x05, 0x41])],
    ['a list missing items', Buffer.from([0x01, 0x02, 0x41, 0x00])],
    ['no length bytes', Buffer.from([0x40])],
    ['an unknown format code', Buffer.from([0x0d, 0x00])],
    ['bytes after the item', Buffer.from([0x41, 0x00, 0x00])],
    ['a U4 of 3 bytes', Buffer.from([0xb1, 0x03, 0, 0, 0])],
  ])('refuses %s', (_what, bytes) => {
    expect(() => decodeItem(bytes)).toThrow(SecsDecodeError);
  });

  it(`refuses lists nested deeper than ${MAX_DEPTH}`, () => {
    const deep = Buffer.concat([...Array.from({ length: MAX_DEPTH + 2 }, () => Buffer.from([0x01, 0x01])), Buffer.from([0x01, 0x00])]);
    expect(() => decodeItem(deep)).toThrow(/too deep/);
  });
});

describe('HSMS framing', () => {
  it('writes the length, the 10-byte header and the data', () => {
    expect(hex(encodeMessage(controlMessage(STYPE.selectReq, 0x01020304)))).toBe('0000000a' + 'ffff' + '00' + '00' + '00' + '01' + '01020304');
    expect(hex(encodeMessage(dataMessage(12, 1, 1, true, 7, Buffer.alloc(0))))).toBe('0000000a' + '000c' + '81' + '01' + '00' + '00' + '00000007');
  });

  it('cuts a stream into messages whatever the pieces, and says while one is incomplete', () => {
    const bytes = Buffer.concat([encodeMessage(controlMessage(STYPE.linktestReq, 1)), encodeMessage(dataMessage(3, 1, 13, true, 2, encodeItem(L())))]);
    const reader = new FrameReader(1024);
    const got = [];
    for (let i = 0; i < bytes.length; i++) {
      got.push(...reader.push(bytes.subarray(i, i + 1)));
      expect(reader.pending).toBe(i < bytes.length - 1 && i !== 13);
    }
    expect(got.map((m) => [m.header.stype, m.header.system, hex(m.data)])).toEqual([[STYPE.linktestReq, 1, ''], [STYPE.data, 2, '0100']]);
  });

  it('refuses a length shorter than the header or longer than allowed', () => {
    expect(() => new FrameReader(1024).push(Buffer.from([0, 0, 0, 9]))).toThrow(FrameError);
    expect(() => new FrameReader(1024).push(Buffer.from([0, 0, 4, 1]))).toThrow(FrameError);
  });
});

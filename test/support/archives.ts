import zlib from 'node:zlib';
import tar from 'tar-stream';

/** The entries of a tar.gz, by name, in order. */
export async function entriesOf(data: Buffer): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: unknown) => chunks.push(c as Buffer));
    stream.on('end', () => {
      out.set(header.name, Buffer.concat(chunks));
      next();
    });
  });
  const done = new Promise<void>((resolve, reject) => {
    extract.on('finish', resolve);
    extract.on('error', reject);
  });
  extract.end(zlib.gunzipSync(data));
  await done;
  return out;
}

/** A ustar header for a regular file. */
export function tarHeader(name: string, size: number): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100, 'utf8');
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(size.toString(8).padStart(11, '0') + '\0', 124);
  header.write('00000000000\0', 136);
  header.write('        ', 148);
  header.write('0', 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  let sum = 0;
  for (const b of header) sum += b;
  header.write(sum.toString(8).padStart(6, '0') + '\0 ', 148);
  return header;
}

/** An entry whose content is made a chunk at a time (`size` bytes in all). */
export interface StreamedEntry {
  name: string;
  size: number;
  chunks: () => Iterable<Buffer>;
}

/** A tar.gz built as a stream, never holding its unpacked bytes: for archives that unpack to far
 * more than a test should hold (the bombs). Answers the compressed bytes. */
export async function streamedTarGz(entries: readonly StreamedEntry[], level = 9): Promise<Buffer> {
  const gzip = zlib.createGzip({ level });
  const out: Buffer[] = [];
  gzip.on('data', (c: Buffer) => out.push(c));
  const done = new Promise<void>((resolve, reject) => {
    gzip.on('end', resolve);
    gzip.on('error', reject);
  });
  const write = (b: Buffer) => (gzip.write(b) ? Promise.resolve() : new Promise<void>((r) => gzip.once('drain', () => r())));
  for (const e of entries) {
    await write(tarHeader(e.name, e.size));
    let n = 0;
    for (const c of e.chunks()) {
      n += c.length;
      await write(c);
    }
    if (n !== e.size) throw new Error(`${e.name}: ${n} bytes made, ${e.size} declared`);
    await write(Buffer.alloc((512 - (e.size % 512)) % 512));
  }
  gzip.end(Buffer.alloc(1024));
  await done;
  return Buffer.concat(out);
}

/** `count` copies of `unit` in chunks of about a megabyte, then `tail`. */
export function repeated(unit: string, count: number, head = '', tail = ''): { size: number; chunks: () => Iterable<Buffer> } {
  const per = Math.max(1, Math.floor((1 << 20) / unit.length));
  const block = Buffer.from(unit.repeat(per));
  return {
    size: Buffer.byteLength(head) + unit.length * count + Buffer.byteLength(tail),
    *chunks() {
      if (head) yield Buffer.from(head);
      let left = count;
      while (left >= per) {
        yield block;
        left -= per;
      }
      if (left > 0) yield Buffer.from(unit.repeat(left));
      if (tail) yield Buffer.from(tail);
    },
  };
}

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

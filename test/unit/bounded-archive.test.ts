/** The one reader of archives and gzip files (server/lib/bounded-archive.ts): each entry within
 * its own limit (refused from its header), the whole gzip within a budget (headers and entries
 * nobody reads included), entries counted, the SHA-256 computed as the bytes pass, JSON read as a
 * stream with limits, and a reader's refusal being what the read rejects with. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ArchiveError, digesting, gunzipBounded, jsonEntry, readGzip, readTarGz, type EntryReader } from '../../server/lib/bounded-archive';
import { JsonStreamError } from '../../server/lib/bounded-json';
import { repeated, streamedTarGz } from '../support/archives';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hmi-archive-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
function fileOf(data: Buffer): string {
  const file = path.join(dir, `a${n++}`);
  fs.writeFileSync(file, data);
  return file;
}

const entry = (name: string, content: string | Buffer) => {
  const data = Buffer.from(content);
  return { name, size: data.length, chunks: () => [data] };
};

const collect = (maxBytes: number): EntryReader & { text(): string } => {
  const chunks: Buffer[] = [];
  return { maxBytes, write: (c) => chunks.push(c), end: () => undefined, text: () => Buffer.concat(chunks).toString('utf8') };
};

describe('readTarGz', () => {
  it('hands each wanted entry to its reader, skips the others, and computes a SHA-256 as the bytes pass', async () => {
    const file = fileOf(await streamedTarGz([entry('a.txt', 'hello'), entry('skip.bin', 'x'.repeat(5000)), entry('b.json', '{"k":[1,2]}')]));
    const a = collect(100);
    const b = jsonEntry({ maxBytes: 100, maxDepth: 4, maxValues: 10, maxChars: 10, maxString: 10 });
    const digest = digesting(100, b);
    const seen: string[] = [];
    await readTarGz(file, { budget: 1 << 20, maxEntries: 4 }, (e) => {
      seen.push(`${e.index}:${e.name}:${e.size}`);
      return e.name === 'a.txt' ? a : e.name === 'b.json' ? digest : null;
    });
    expect(seen).toEqual(['0:a.txt:5', '1:skip.bin:5000', '2:b.json:11']);
    expect(a.text()).toBe('hello');
    expect(b.value()).toEqual({ k: [1, 2] });
    expect(digest.size()).toBe(11);
    expect(digest.sha256()).toBe(crypto.createHash('sha256').update('{"k":[1,2]}').digest('hex'));
  });

  it('refuses an entry past its own limit from its header, before reading it', async () => {
    const file = fileOf(await streamedTarGz([entry('a.txt', 'x'.repeat(101))]));
    const a = collect(100);
    await expect(readTarGz(file, { budget: 1 << 20, maxEntries: 4 }, () => a)).rejects.toThrow(new ArchiveError('a.txt is larger than 100 bytes'));
    expect(a.text()).toBe('');
  });

  it('counts every unpacked byte against the budget, those of skipped entries included', async () => {
    const zeros = repeated('\0', 64 << 20);
    const file = fileOf(await streamedTarGz([entry('a.txt', 'a'), { name: 'zeros.bin', ...zeros }, entry('b.txt', 'b')]));
    expect(fs.statSync(file).size).toBeLessThan(1 << 20);
    const seen: string[] = [];
    // The entry's header names 64 MB: refused at once, nothing after it asked for.
    await expect(readTarGz(file, { budget: 1 << 20, maxEntries: 4 }, (e) => (seen.push(e.name), null), undefined, 'The backup')).rejects.toThrow(
      'The backup unpacks to more than 1 MB',
    );
    expect(seen).toEqual(['a.txt', 'zeros.bin']);
    // A budget above what the header names, below the whole: refused as the bytes are counted.
    await expect(readTarGz(file, { budget: (64 << 20) + 100, maxEntries: 4 }, () => null)).rejects.toThrow('unpacks to more than 64 MB');
    await expect(readTarGz(file, { budget: (65 << 20), maxEntries: 4 }, () => null)).resolves.toBeUndefined();
  });

  it('counts entries', async () => {
    const file = fileOf(await streamedTarGz(Array.from({ length: 5 }, (_, i) => entry(`e${i}`, 'x'))));
    await expect(readTarGz(file, { budget: 1 << 20, maxEntries: 4 }, () => null)).rejects.toThrow('holds more than 4 entries');
  });

  it("rejects with the reader's own error, and stops when asked", async () => {
    const file = fileOf(await streamedTarGz([entry('a.json', '[1,'), entry('b.txt', 'b')]));
    const json = jsonEntry({ maxBytes: 100, maxDepth: 4, maxValues: 10, maxChars: 10, maxString: 10 });
    await expect(readTarGz(file, { budget: 1 << 20, maxEntries: 4 }, () => json)).rejects.toBeInstanceOf(JsonStreamError);
    const seen: string[] = [];
    await readTarGz(
      file,
      { budget: 1 << 20, maxEntries: 4 },
      (e) => (seen.push(e.name), collect(100)),
      () => true,
    );
    expect(seen).toEqual(['a.json']);
  });

  it('tells a file that is not a tar.gz', async () => {
    await expect(readTarGz(fileOf(Buffer.from('not gzip')), { budget: 1 << 20, maxEntries: 4 }, () => null)).rejects.toBeInstanceOf(ArchiveError);
    await expect(readTarGz(fileOf(zlib.gzipSync(Buffer.from('x'.repeat(600)))), { budget: 1 << 20, maxEntries: 4 }, () => null)).rejects.toBeInstanceOf(ArchiveError);
  });
});

describe('readGzip and gunzipBounded', () => {
  it('unpack within the budget and refuse past it', async () => {
    const data = zlib.gzipSync(Buffer.alloc(3 << 20));
    const file = fileOf(data);
    let total = 0;
    await readGzip(file, 3 << 20, (c) => (total += c.length));
    expect(total).toBe(3 << 20);
    await expect(readGzip(file, (3 << 20) - 1, () => undefined, 'The document')).rejects.toThrow(new ArchiveError('The document unpacks to more than 3 MB'));
    await expect(readGzip(fileOf(Buffer.from('not gzip')), 100, () => undefined)).rejects.toBeInstanceOf(ArchiveError);
    expect(gunzipBounded(data, 3 << 20).length).toBe(3 << 20);
    expect(() => gunzipBounded(data, 1 << 20)).toThrow('unpacks to more than 1 MB');
  });
});

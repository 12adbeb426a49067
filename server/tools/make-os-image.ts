/**
 * npm run make:os-image -- --out <file> --version <v> [--model <model>] [--size-mb <n>]
 *                          [--bad-signature] [--truncate]
 *
 * Writes an OS image (server/lib/os-image.ts) signed with the repository's development key, which
 * the simulated device trusts: the header (model, version, length, SHA-256), its Ed25519
 * signature, then `n` MB of payload (1 by default). `--bad-signature` spoils the signature and
 * `--truncate` cuts the payload short, for the refusals.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEVICE_MODEL } from '../hardware/system-info';
import { imageHead } from '../lib/os-image';

export interface MakeOsImageOptions {
  version: string;
  model?: string;
  sizeMb?: number;
  badSignature?: boolean;
  truncate?: boolean;
}

/** Writes the image to `out`, streaming the payload (a large image is never held whole). */
export async function writeOsImage(out: string, { version, model = DEVICE_MODEL, sizeMb = 1, badSignature = false, truncate = false }: MakeOsImageOptions): Promise<number> {
  const size = Math.round(sizeMb * 1024 * 1024);
  // The payload: a repeatable pseudo-random stream (counter-mode SHA-256 blocks), hashed once to
  // sign the header and written again to the file.
  const block = (i: number) => crypto.createHash('sha256').update(`${version}:${i}`).digest();
  const chunkOf = (offset: number, length: number) => {
    const out = Buffer.alloc(length);
    for (let p = 0; p < length; p += 32) block((offset + p) / 32).copy(out, p, 0, Math.min(32, length - p));
    return out;
  };
  const CHUNK = 1024 * 1024;
  const hash = crypto.createHash('sha256');
  for (let off = 0; off < size; off += CHUNK) hash.update(chunkOf(off, Math.min(CHUNK, size - off)));
  const head = imageHead({ model, version, payload: { length: size, sha256: hash.digest('hex') } });
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

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      version: { type: 'string' },
      model: { type: 'string' },
      'size-mb': { type: 'string' },
      'bad-signature': { type: 'boolean' },
      truncate: { type: 'boolean' },
    },
  });
  if (!values.out || !values.version) {
    process.stderr.write('Usage: npm run make:os-image -- --out <file> --version <v> [--model <model>] [--size-mb <n>] [--bad-signature] [--truncate]\n');
    process.exit(2);
  }
  if (!/^[0-9A-Za-z._-]{1,32}$/.test(values.version)) {
    process.stderr.write('--version: 1 to 32 letters, digits, dots, dashes or underscores\n');
    process.exit(2);
  }
  const sizeMb = values['size-mb'] === undefined ? 1 : Number(values['size-mb']);
  if (!Number.isFinite(sizeMb) || sizeMb < 0 || sizeMb > 4096) {
    process.stderr.write('--size-mb: a number from 0 to 4096\n');
    process.exit(2);
  }
  const bytes = await writeOsImage(values.out, {
    version: values.version,
    model: values.model,
    sizeMb,
    badSignature: values['bad-signature'],
    truncate: values.truncate,
  });
  process.stdout.write(`Wrote ${values.out} (${bytes} bytes): OS ${values.version} for ${values.model ?? DEVICE_MODEL}${values['bad-signature'] ? ', signature spoiled' : ''}${values.truncate ? ', payload cut short' : ''}\n`);
}

if (require.main === module) void main();

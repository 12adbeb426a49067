/**
 * npm run make:plc-firmware -- --out <file> --version <v> [--model <model>] [--product <p>]
 *                              [--requires-os <os version>] [--size-mb <n>] [--bad-signature] [--truncate]
 *
 * Writes a PLC runtime firmware (server/lib/plc-firmware.ts) signed with the repository's
 * development key, which the simulated device trusts: the header (product, model, version, the
 * OS it needs, length, SHA-256), its Ed25519 signature, then `n` MB of payload (1 by default).
 * `--bad-signature` spoils the signature, `--truncate` cuts the payload short and `--model` or
 * `--product` name another device, for the refusals (Invalid firmware); `--requires-os` above the
 * panel's OS makes the installer refuse it while it installs (Firmware update failed).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEVICE_MODEL } from '../hardware/system-info';
import { firmwareHead, PLC_RUNTIME_PRODUCT } from '../lib/plc-firmware';
import { PLC_VERSION_PATTERN } from '../../contract/rules/plc-runtime';

export interface MakePlcFirmwareOptions {
  version: string;
  model?: string;
  product?: string;
  requiresOs?: string | null;
  sizeMb?: number;
  badSignature?: boolean;
  truncate?: boolean;
}

/** Writes the firmware to `out`, streaming the payload; answers its size in bytes. */
export function writePlcFirmware(
  out: string,
  { version, model = DEVICE_MODEL, product = PLC_RUNTIME_PRODUCT, requiresOs = null, sizeMb = 1, badSignature = false, truncate = false }: MakePlcFirmwareOptions,
): number {
  const size = Math.round(sizeMb * 1024 * 1024);
  // A repeatable pseudo-random payload (counter-mode SHA-256 blocks), hashed once for the header
  // and written again to the file.
  const block = (i: number) => crypto.createHash('sha256').update(`plc-runtime:${version}:${i}`).digest();
  const chunkOf = (offset: number, length: number) => {
    const buf = Buffer.alloc(length);
    for (let p = 0; p < length; p += 32) block((offset + p) / 32).copy(buf, p, 0, Math.min(32, length - p));
    return buf;
  };
  const CHUNK = 1024 * 1024;
  const hash = crypto.createHash('sha256');
  for (let off = 0; off < size; off += CHUNK) hash.update(chunkOf(off, Math.min(CHUNK, size - off)));
  const head = firmwareHead({ model, version, product, requiresOs, payload: { length: size, sha256: hash.digest('hex') } });
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

function main(): void {
  const usage = 'Usage: npm run make:plc-firmware -- --out <file> --version <v> [--model <model>] [--product <p>] [--requires-os <os version>] [--size-mb <n>] [--bad-signature] [--truncate]\n';
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      version: { type: 'string' },
      model: { type: 'string' },
      product: { type: 'string' },
      'requires-os': { type: 'string' },
      'size-mb': { type: 'string' },
      'bad-signature': { type: 'boolean' },
      truncate: { type: 'boolean' },
    },
  });
  if (!values.out || !values.version) {
    process.stderr.write(usage);
    process.exit(2);
  }
  for (const [name, value] of [['--version', values.version], ['--requires-os', values['requires-os']]] as const) {
    if (value !== undefined && !PLC_VERSION_PATTERN.test(value)) {
      process.stderr.write(`${name}: 1 to 32 letters, digits, dots, dashes or underscores\n`);
      process.exit(2);
    }
  }
  const sizeMb = values['size-mb'] === undefined ? 1 : Number(values['size-mb']);
  if (!Number.isFinite(sizeMb) || sizeMb < 0 || sizeMb > 4096) {
    process.stderr.write('--size-mb: a number from 0 to 4096\n');
    process.exit(2);
  }
  const bytes = writePlcFirmware(values.out, {
    version: values.version,
    model: values.model,
    product: values.product,
    requiresOs: values['requires-os'] ?? null,
    sizeMb,
    badSignature: values['bad-signature'],
    truncate: values.truncate,
  });
  const notes = [
    values['requires-os'] ? `needs OS ${values['requires-os']} or newer` : '',
    values['bad-signature'] ? 'signature spoiled' : '',
    values.truncate ? 'payload cut short' : '',
  ].filter(Boolean);
  process.stdout.write(
    `Wrote ${values.out} (${bytes} bytes): PLC runtime firmware ${values.version} for ${values.model ?? DEVICE_MODEL}${values.product ? ` (product ${values.product})` : ''}${notes.length ? `, ${notes.join(', ')}` : ''}\n`,
  );
}

if (require.main === module) main();

/**
 * npm run make:os-image -- --out <file> --version <v> [--model <model>] [--size-mb <n>]
 *                          [--bad-signature] [--truncate]
 *
 * Writes an OS image (server/lib/os-image.ts) signed with the repository's development key, which
 * the simulated device trusts: the header (model, version, length, SHA-256), its Ed25519
 * signature, then `n` MB of payload (1 by default). `--bad-signature` spoils the signature and
 * `--truncate` cuts the payload short, for the refusals.
 */
import { parseArgs } from 'node:util';
import { DEVICE_MODEL } from '../hardware/system-info';
import { imageHead } from '../lib/os-image';
import { sizeMbOption, writeSignedFile } from './signed-file';

export interface MakeOsImageOptions {
  version: string;
  model?: string;
  sizeMb?: number;
  badSignature?: boolean;
  truncate?: boolean;
}

/** Writes the image to `out`, streaming the payload (a large image is never held whole). */
export async function writeOsImage(out: string, { version, model = DEVICE_MODEL, sizeMb = 1, badSignature = false, truncate = false }: MakeOsImageOptions): Promise<number> {
  return writeSignedFile(out, { seed: version, sizeMb, badSignature, truncate, head: (payload) => imageHead({ model, version, payload }) });
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
  const sizeMb = sizeMbOption(values['size-mb']);
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

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
import { parseArgs } from 'node:util';
import { DEVICE_MODEL } from '../hardware/system-info';
import { firmwareHead, PLC_RUNTIME_PRODUCT } from '../lib/plc-firmware';
import { PLC_VERSION_PATTERN } from '../../contract/rules/plc-runtime';
import { sizeMbOption, writeSignedFile } from './signed-file';

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
  const head = (payload: { length: number; sha256: string }) => firmwareHead({ model, version, product, requiresOs, payload });
  return writeSignedFile(out, { seed: `plc-runtime:${version}`, sizeMb, badSignature, truncate, head });
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
  const sizeMb = sizeMbOption(values['size-mb']);
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

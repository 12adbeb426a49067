/**
 * npm run make:plc-activation -- [--data-dir <dir>] [--device-serial <serial>] [--number <10 characters>]
 *
 * Prints what a tester needs to activate the simulated PLC runtime (PLC Runtime screen,
 * /admin/features/plc-runtime): a licence serial number the simulated vendor issued (valid on any
 * panel), and the activation code issued for one panel, bound to its serial number. The panel is
 * the device of a data folder (`--data-dir`, else HMI_DATA_DIR, else ./data; read only, the device
 * may be running), or the serial number given with `--device-serial`. Licences are made with the
 * development licence key of server/lib/plc-licence.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { DATABASE_FILES } from '../db/database';
import { activationCodeFor, issueSerialNumber } from '../lib/plc-licence';
import { groupLicenceText } from '../../contract/rules/plc-runtime';

/** The serial number of the device whose data is in `dataDir`, or null when it has none yet. */
export function deviceSerialOf(dataDir: string): string | null {
  const file = path.join(dataDir, DATABASE_FILES[0]);
  if (!fs.existsSync(file)) return null;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare(`SELECT value FROM settings WHERE key = 'device_identity'`).get() as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as { serial_number: string }).serial_number : null;
  } finally {
    db.close();
  }
}

function main(): void {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      'device-serial': { type: 'string' },
      number: { type: 'string' },
    },
  });
  let deviceSerial = values['device-serial'] ?? null;
  const dataDir = path.resolve(values['data-dir'] ?? process.env.HMI_DATA_DIR ?? 'data');
  if (!deviceSerial) {
    deviceSerial = deviceSerialOf(dataDir);
    if (!deviceSerial) {
      process.stderr.write(`No device in ${dataDir}: start it once (npm start), or name the panel with --device-serial <serial>\n`);
      process.exit(2);
    }
  }
  let serial: string;
  try {
    serial = issueSerialNumber(values.number?.toUpperCase());
  } catch (err) {
    process.stderr.write(`--number: ${(err as Error).message}\n`);
    process.exit(2);
  }
  const code = activationCodeFor(deviceSerial);
  process.stdout.write(
    [
      `PLC runtime licences (development licence key; the simulated device accepts them):`,
      `  Serial number (any panel):           ${groupLicenceText('serial_number', serial)}`,
      `  Activation code (panel ${deviceSerial}): ${groupLicenceText('code', code)}`,
      '',
    ].join('\n'),
  );
}

if (require.main === module) main();

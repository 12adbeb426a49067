/** PLC runtime firmwares and licences for tests, made in memory with the development keys
 * (server/lib/plc-firmware.ts, server/lib/plc-licence.ts). */
import crypto from 'node:crypto';
import { DEVICE_MODEL } from '../../server/hardware/system-info';
import { firmwareHead } from '../../server/lib/plc-firmware';
import { activationCodeFor, issueSerialNumber } from '../../server/lib/plc-licence';
import { groupLicenceText } from '../../contract/rules/plc-runtime';
import type { TestDevice } from './device';
import type { Part } from './multipart';

export interface TestFirmwareOptions {
  version: string;
  model?: string;
  product?: string;
  requiresOs?: string | null;
  payloadBytes?: number;
  badSignature?: boolean;
  truncate?: boolean;
  /** A payload that does not match the header's SHA-256. */
  tamper?: boolean;
}

export function plcFirmware({ version, model = DEVICE_MODEL, product, requiresOs = null, payloadBytes = 4096, badSignature, truncate, tamper }: TestFirmwareOptions): Buffer {
  const block = crypto.createHash('sha256').update(`plc:${version}`).digest();
  const body = Buffer.alloc(payloadBytes);
  for (let i = 0; i < payloadBytes; i += block.length) block.copy(body, i, 0, Math.min(block.length, payloadBytes - i));
  const head = firmwareHead({ model, version, product, requiresOs, payload: body });
  if (badSignature) head[head.length - 1]! ^= 0xff;
  if (tamper) body[0]! ^= 0xff;
  return Buffer.concat([head, truncate ? body.subarray(0, payloadBytes >> 1) : body]);
}

export function firmwareParts(firmware: Buffer, filename = 'plc-runtime.bin'): Part[] {
  return [{ name: 'firmware', filename, content: firmware }];
}

/** A licence serial number the simulated vendor issued, as printed (grouped). */
export function validSerialNumber(number = '0000000042'): string {
  return groupLicenceText('serial_number', issueSerialNumber(number));
}

/** The activation code issued for the test device's panel, as printed (grouped). */
export function validActivationCode(t: TestDevice): string {
  return groupLicenceText('code', activationCodeFor(t.device.settings.get('device_identity').serial_number));
}

/**
 * The PLC runtime firmware format (`.bin`) of the simulated panel: a signed image
 * (./signed-image.ts) like an OS image and signed with the same keys, but a file of its own kind,
 * with the magic "HMIPLCFW" and the header { format, format_version, product, model, version,
 * requires_os, length, sha256, key_id }.
 *
 * The device decides whether a firmware is valid while it streams in, before anything changes:
 * the magic (an OS image is told apart), a signature by a trusted key, the product and the
 * panel's model, the exact length, the payload's hash. `requires_os` (the lowest OS version the
 * runtime runs on, or null) is the installer's business: it is checked while the firmware is
 * installed, as the vendor's installer does, and fails the update with the runtime unchanged.
 * `npm run make:plc-firmware` writes firmwares with the development key of server/keys.
 */
import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { PLC_VERSION_PATTERN } from '../../contract/rules/plc-runtime';
import { OS_IMAGE_MAGIC, developmentSigningKey } from './os-image';
import { signedHeadOf, type SignedImageKind, type SignedImageVerifier, type SignedPayload } from './signed-image';

export const PLC_FIRMWARE_MAGIC = Buffer.from('HMIPLCFW', 'ascii');
/** The product a PLC runtime firmware names. */
export const PLC_RUNTIME_PRODUCT = 'plc-runtime';

export const plcFirmwareHeaderSchema = z.object({
  format: z.literal('hmi-plc-firmware'),
  format_version: z.literal(1),
  product: z.string().min(1).max(64),
  model: z.string().min(1).max(64),
  version: z.string().regex(PLC_VERSION_PATTERN),
  requires_os: z.string().regex(PLC_VERSION_PATTERN).nullable(),
  length: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  key_id: z.string().regex(/^[0-9a-f]{16}$/),
});
export type PlcFirmwareHeader = z.infer<typeof plcFirmwareHeaderSchema>;

/** Why a firmware is refused ('Invalid firmware' to the user; the reason goes to the answer's
 * message and the operation log). */
export type InvalidFirmwareReason =
  | 'not_firmware'
  | 'os_image'
  | 'bad_header'
  | 'untrusted_key'
  | 'bad_signature'
  | 'wrong_product'
  | 'wrong_model'
  | 'truncated'
  | 'too_long'
  | 'sha256_mismatch';

export class InvalidFirmwareError extends Error {
  constructor(
    readonly reason: InvalidFirmwareReason,
    message: string,
  ) {
    super(message);
  }
}

export interface BuildFirmwareOptions {
  model: string;
  version: string;
  product?: string;
  requiresOs?: string | null;
  payload: SignedPayload;
  key?: KeyObject;
}

/** Head (magic, length, header, signature) of a firmware for `payload`. */
export function firmwareHead({ model, version, product = PLC_RUNTIME_PRODUCT, requiresOs = null, payload, key = developmentSigningKey() }: BuildFirmwareOptions): Buffer {
  const fields = { format: 'hmi-plc-firmware', format_version: 1, product, model, version, requires_os: requiresOs } as const;
  return signedHeadOf(PLC_FIRMWARE, fields, payload, key);
}

export const PLC_FIRMWARE: SignedImageKind<PlcFirmwareHeader> = {
  magic: PLC_FIRMWARE_MAGIC,
  schema: plcFirmwareHeaderSchema,
  noun: 'firmware',
  notThisKind: 'The file is not a PLC runtime firmware',
  refuse: (reason, message) => new InvalidFirmwareError(reason === 'not_this_kind' ? 'not_firmware' : reason, message),
  otherMagic: (magic) => (magic.equals(OS_IMAGE_MAGIC) ? new InvalidFirmwareError('os_image', 'The file is an OS image, not a PLC runtime firmware (OS images go to OS Update)') : null),
  checkHeader: (header) => {
    if (header.product !== PLC_RUNTIME_PRODUCT) throw new InvalidFirmwareError('wrong_product', `The firmware is for ${header.product}, not the PLC runtime`);
  },
};

/** A check of a firmware as its bytes arrive: SignedImageVerifier of PLC_FIRMWARE. */
export type PlcFirmwareVerifier = SignedImageVerifier<PlcFirmwareHeader>;

/** Whether OS version `installed` is at least `required` (versions compared as numbers where
 * they are digits: 20261101 < 20270101, 3.5.9 < 3.5.10). */
export function osAtLeast(installed: string, required: string): boolean {
  return installed.localeCompare(required, 'en', { numeric: true }) >= 0;
}

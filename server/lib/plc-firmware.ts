/**
 * The PLC runtime firmware format (`.bin`) of the simulated panel, built like an OS image
 * (server/lib/os-image.ts) and signed with the same keys, but a file of its own kind:
 *
 *     "HMIPLCFW"            8 bytes, the magic
 *     header length         4 bytes, unsigned big-endian, at most MAX_HEADER_BYTES
 *     header                JSON: { format, format_version, product, model, version, requires_os,
 *                           length, sha256, key_id }
 *     signature             64 bytes, Ed25519 over the three parts above
 *     payload               `length` bytes whose SHA-256 is `sha256`
 *
 * The device decides whether a firmware is valid while it streams in, before anything changes:
 * the magic (an OS image is told apart), a signature by a trusted key, the product and the
 * panel's model, the exact length, the payload's hash. `requires_os` (the lowest OS version the
 * runtime runs on, or null) is the installer's business: it is checked while the firmware is
 * installed, as the vendor's installer does, and fails the update with the runtime unchanged.
 * `npm run make:plc-firmware` writes firmwares with the development key of server/keys.
 */
import crypto, { type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { PLC_VERSION_PATTERN } from '../../contract/rules/plc-runtime';
import { MAX_HEADER_BYTES, OS_IMAGE_MAGIC, developmentSigningKey, keyIdOf } from './os-image';

export const PLC_FIRMWARE_MAGIC = Buffer.from('HMIPLCFW', 'ascii');
/** The product a PLC runtime firmware names. */
export const PLC_RUNTIME_PRODUCT = 'plc-runtime';
const SIGNATURE_BYTES = 64;

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
  /** The payload, or its length and SHA-256 (hex) when the caller streams it. */
  payload: Buffer | { length: number; sha256: string };
  key?: KeyObject;
}

/** Head (magic, length, header, signature) of a firmware for `payload`. */
export function firmwareHead({ model, version, product = PLC_RUNTIME_PRODUCT, requiresOs = null, payload, key = developmentSigningKey() }: BuildFirmwareOptions): Buffer {
  const header: PlcFirmwareHeader = {
    format: 'hmi-plc-firmware',
    format_version: 1,
    product,
    model,
    version,
    requires_os: requiresOs,
    length: payload.length,
    sha256: Buffer.isBuffer(payload) ? crypto.createHash('sha256').update(payload).digest('hex') : payload.sha256,
    key_id: keyIdOf(crypto.createPublicKey(key)),
  };
  const json = Buffer.from(JSON.stringify(header));
  const len = Buffer.alloc(4);
  len.writeUInt32BE(json.length);
  const signed = Buffer.concat([PLC_FIRMWARE_MAGIC, len, json]);
  return Buffer.concat([signed, crypto.sign(null, signed, key)]);
}

/**
 * Checks a firmware as its bytes arrive: `push` each chunk (it throws as soon as the head is
 * refused), `finish` at the end (length and hash). Keeps the head and a running hash, never the
 * payload.
 */
export class PlcFirmwareVerifier {
  private head = Buffer.alloc(0);
  private header: PlcFirmwareHeader | null = null;
  private readonly hash = crypto.createHash('sha256');
  private payloadBytes = 0;

  constructor(
    private readonly trusted: readonly KeyObject[],
    private readonly model: string,
  ) {}

  push(chunk: Buffer): void {
    if (this.header) return this.payload(chunk);
    this.head = Buffer.concat([this.head, chunk]);
    const magic = this.head.subarray(0, PLC_FIRMWARE_MAGIC.length);
    if (magic.length === PLC_FIRMWARE_MAGIC.length && !magic.equals(PLC_FIRMWARE_MAGIC)) {
      if (magic.equals(OS_IMAGE_MAGIC)) throw new InvalidFirmwareError('os_image', 'The file is an OS image, not a PLC runtime firmware (OS images go to OS Update)');
      throw new InvalidFirmwareError('not_firmware', 'The file is not a PLC runtime firmware');
    }
    if (this.head.length < PLC_FIRMWARE_MAGIC.length + 4) return;
    const headerLength = this.head.readUInt32BE(PLC_FIRMWARE_MAGIC.length);
    if (headerLength === 0 || headerLength > MAX_HEADER_BYTES) throw new InvalidFirmwareError('bad_header', 'The firmware header is not valid');
    const signedEnd = PLC_FIRMWARE_MAGIC.length + 4 + headerLength;
    const headEnd = signedEnd + SIGNATURE_BYTES;
    if (this.head.length < headEnd) return;
    let parsed: PlcFirmwareHeader;
    try {
      parsed = plcFirmwareHeaderSchema.parse(JSON.parse(this.head.subarray(PLC_FIRMWARE_MAGIC.length + 4, signedEnd).toString('utf8')));
    } catch {
      throw new InvalidFirmwareError('bad_header', 'The firmware header is not valid');
    }
    const key = this.trusted.find((k) => keyIdOf(k) === parsed.key_id);
    if (!key) throw new InvalidFirmwareError('untrusted_key', 'The firmware is signed by a key this device does not trust');
    if (!crypto.verify(null, this.head.subarray(0, signedEnd), key, this.head.subarray(signedEnd, headEnd))) {
      throw new InvalidFirmwareError('bad_signature', 'The firmware signature is not valid');
    }
    if (parsed.product !== PLC_RUNTIME_PRODUCT) throw new InvalidFirmwareError('wrong_product', `The firmware is for ${parsed.product}, not the PLC runtime`);
    if (parsed.model !== this.model) throw new InvalidFirmwareError('wrong_model', `The firmware is for ${parsed.model}, not ${this.model}`);
    this.header = parsed;
    const rest = this.head.subarray(headEnd);
    this.head = Buffer.alloc(0);
    if (rest.length > 0) this.payload(rest);
  }

  private payload(chunk: Buffer): void {
    this.payloadBytes += chunk.length;
    if (this.payloadBytes > this.header!.length) throw new InvalidFirmwareError('too_long', 'The firmware is longer than its header says');
    this.hash.update(chunk);
  }

  /** The verified header, once every byte is in. */
  finish(): PlcFirmwareHeader {
    if (!this.header) {
      // Fewer bytes than the magic: a firmware cut short only if they begin like one.
      const begun = this.head.length > 0 && this.head.subarray(0, PLC_FIRMWARE_MAGIC.length).equals(PLC_FIRMWARE_MAGIC.subarray(0, this.head.length));
      if (!begun) throw new InvalidFirmwareError('not_firmware', 'The file is not a PLC runtime firmware');
      throw new InvalidFirmwareError('truncated', 'The firmware ends before its header does');
    }
    if (this.payloadBytes < this.header.length) throw new InvalidFirmwareError('truncated', 'The firmware is shorter than its header says');
    if (this.hash.digest('hex') !== this.header.sha256) throw new InvalidFirmwareError('sha256_mismatch', 'The firmware content does not match its SHA-256');
    return this.header;
  }
}

/** Whether OS version `installed` is at least `required` (versions compared as numbers where
 * they are digits: 20261101 < 20270101, 3.5.9 < 3.5.10). */
export function osAtLeast(installed: string, required: string): boolean {
  return installed.localeCompare(required, 'en', { numeric: true }) >= 0;
}

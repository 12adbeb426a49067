/**
 * The OS image format (`.bin`) of the simulated panel:
 *
 *     "HMIOSIMG"            8 bytes, the magic
 *     header length         4 bytes, unsigned big-endian, at most MAX_HEADER_BYTES
 *     header                JSON: { format, format_version, model, version, length, sha256, key_id }
 *     signature             64 bytes, Ed25519 over the three parts above
 *     payload               `length` bytes whose SHA-256 is `sha256`
 *
 * The device decides whether an image is valid while it streams in, before any state changes:
 * a signature by a trusted key, the device's model, the exact length, the payload's hash. The
 * `make:os-image` tool writes images with the development key of server/keys (see its README).
 */
import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const OS_IMAGE_MAGIC = Buffer.from('HMIOSIMG', 'ascii');
export const MAX_HEADER_BYTES = 4096;
const SIGNATURE_BYTES = 64;

export const osImageHeaderSchema = z.object({
  format: z.literal('hmi-os-image'),
  format_version: z.literal(1),
  model: z.string().min(1).max(64),
  version: z.string().regex(/^[0-9A-Za-z._-]{1,32}$/),
  length: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  key_id: z.string().regex(/^[0-9a-f]{16}$/),
});
export type OsImageHeader = z.infer<typeof osImageHeaderSchema>;

/** Why an image is refused ('Invalid image' to the user; the reason goes to the job and the log). */
export type InvalidImageReason = 'not_an_image' | 'bad_header' | 'untrusted_key' | 'bad_signature' | 'wrong_model' | 'truncated' | 'too_long' | 'sha256_mismatch';

export class InvalidImageError extends Error {
  constructor(readonly reason: InvalidImageReason, message: string) {
    super(message);
  }
}

/** The id of a public key: the first 16 hex digits of the SHA-256 of its SPKI encoding. */
export function keyIdOf(publicKey: KeyObject): string {
  return crypto.createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16);
}

const DEV_KEY_FILE = 'DEVELOPMENT-ONLY-os-signing-key';

/** server/keys, found from this file whether it runs from source or from build/. */
export function keysDir(from: string = __dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'server', 'keys');
    if (fs.existsSync(path.join(candidate, `${DEV_KEY_FILE}.pub.pem`))) return candidate;
    if (path.dirname(dir) === dir) throw new Error('server/keys not found');
  }
}

export function developmentSigningKey(): KeyObject {
  return crypto.createPrivateKey(fs.readFileSync(path.join(keysDir(), `${DEV_KEY_FILE}.pem`)));
}

/** The keys the simulated device trusts: the development key, plus the PEM public keys whose
 * paths `HMI_OS_TRUSTED_KEYS` lists (comma-separated). */
export function trustedOsKeys(extraPaths: readonly string[] = []): KeyObject[] {
  const files = [path.join(keysDir(), `${DEV_KEY_FILE}.pub.pem`), ...extraPaths];
  return files.map((file) => {
    const key = crypto.createPublicKey(fs.readFileSync(file));
    if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${file} is not an Ed25519 public key`);
    return key;
  });
}

export interface BuildImageOptions {
  model: string;
  version: string;
  /** The payload's length and SHA-256 (hex), when it is too large to hold: streamed by the caller. */
  payload: Buffer | { length: number; sha256: string };
  key?: KeyObject;
}

/** Head (magic, length, header, signature) of an image for `payload`. */
export function imageHead({ model, version, payload, key = developmentSigningKey() }: BuildImageOptions): Buffer {
  const header: OsImageHeader = {
    format: 'hmi-os-image',
    format_version: 1,
    model,
    version,
    length: payload.length,
    sha256: Buffer.isBuffer(payload) ? crypto.createHash('sha256').update(payload).digest('hex') : payload.sha256,
    key_id: keyIdOf(crypto.createPublicKey(key)),
  };
  const json = Buffer.from(JSON.stringify(header));
  const len = Buffer.alloc(4);
  len.writeUInt32BE(json.length);
  const signed = Buffer.concat([OS_IMAGE_MAGIC, len, json]);
  return Buffer.concat([signed, crypto.sign(null, signed, key)]);
}

/**
 * Checks an image as its bytes arrive: `push` each chunk (it throws as soon as the head is
 * refused), `finish` at the end (length and hash). Keeps the head and a running hash, never the
 * payload.
 */
export class OsImageVerifier {
  private head = Buffer.alloc(0);
  private header: OsImageHeader | null = null;
  private readonly hash = crypto.createHash('sha256');
  private payloadBytes = 0;

  constructor(
    private readonly trusted: readonly KeyObject[],
    private readonly model: string,
  ) {}

  get verifiedHeader(): OsImageHeader | null {
    return this.header;
  }

  push(chunk: Buffer): void {
    if (this.header) return this.payload(chunk);
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length >= OS_IMAGE_MAGIC.length && !this.head.subarray(0, OS_IMAGE_MAGIC.length).equals(OS_IMAGE_MAGIC)) {
      throw new InvalidImageError('not_an_image', 'The file is not an OS image');
    }
    if (this.head.length < OS_IMAGE_MAGIC.length + 4) return;
    const headerLength = this.head.readUInt32BE(OS_IMAGE_MAGIC.length);
    if (headerLength === 0 || headerLength > MAX_HEADER_BYTES) throw new InvalidImageError('bad_header', 'The image header is not valid');
    const signedEnd = OS_IMAGE_MAGIC.length + 4 + headerLength;
    const headEnd = signedEnd + SIGNATURE_BYTES;
    if (this.head.length < headEnd) return;
    let parsed: OsImageHeader;
    try {
      parsed = osImageHeaderSchema.parse(JSON.parse(this.head.subarray(OS_IMAGE_MAGIC.length + 4, signedEnd).toString('utf8')));
    } catch {
      throw new InvalidImageError('bad_header', 'The image header is not valid');
    }
    const key = this.trusted.find((k) => keyIdOf(k) === parsed.key_id);
    if (!key) throw new InvalidImageError('untrusted_key', 'The image is signed by a key this device does not trust');
    if (!crypto.verify(null, this.head.subarray(0, signedEnd), key, this.head.subarray(signedEnd, headEnd))) {
      throw new InvalidImageError('bad_signature', 'The image signature is not valid');
    }
    if (parsed.model !== this.model) throw new InvalidImageError('wrong_model', `The image is for ${parsed.model}, not ${this.model}`);
    this.header = parsed;
    const rest = this.head.subarray(headEnd);
    this.head = Buffer.alloc(0);
    if (rest.length > 0) this.payload(rest);
  }

  private payload(chunk: Buffer): void {
    this.payloadBytes += chunk.length;
    if (this.payloadBytes > this.header!.length) throw new InvalidImageError('too_long', 'The image is longer than its header says');
    this.hash.update(chunk);
  }

  /** The verified header, once every byte is in. */
  finish(): OsImageHeader {
    if (!this.header) throw new InvalidImageError(this.head.length === 0 ? 'not_an_image' : 'truncated', 'The image ends before its header does');
    if (this.payloadBytes < this.header.length) throw new InvalidImageError('truncated', 'The image is shorter than its header says');
    if (this.hash.digest('hex') !== this.header.sha256) throw new InvalidImageError('sha256_mismatch', 'The image content does not match its SHA-256');
    return this.header;
  }
}

/**
 * The OS image format (`.bin`) of the simulated panel, a signed image (./signed-image.ts) with the
 * magic "HMIOSIMG" and the header { format, format_version, model, version, length, sha256, key_id }.
 *
 * The device decides whether an image is valid while it streams in, before any state changes:
 * a signature by a trusted key, the device's model, the exact length, the payload's hash. The
 * `make:os-image` tool writes images with the development key of server/keys (see its README).
 */
import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { signedHeadOf, type SignedImageKind, type SignedImageVerifier, type SignedPayload } from './signed-image';

export { keyIdOf, MAX_HEADER_BYTES } from './signed-image';
export const OS_IMAGE_MAGIC = Buffer.from('HMIOSIMG', 'ascii');

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
  payload: SignedPayload;
  key?: KeyObject;
}

/** Head (magic, length, header, signature) of an image for `payload`. */
export function imageHead({ model, version, payload, key = developmentSigningKey() }: BuildImageOptions): Buffer {
  return signedHeadOf(OS_IMAGE, { format: 'hmi-os-image', format_version: 1, model, version }, payload, key);
}

export const OS_IMAGE: SignedImageKind<OsImageHeader> = {
  magic: OS_IMAGE_MAGIC,
  schema: osImageHeaderSchema,
  noun: 'image',
  notThisKind: 'The file is not an OS image',
  refuse: (reason, message) => new InvalidImageError(reason === 'not_this_kind' ? 'not_an_image' : reason, message),
};

/** A check of an image as its bytes arrive: SignedImageVerifier of OS_IMAGE. */
export type OsImageVerifier = SignedImageVerifier<OsImageHeader>;

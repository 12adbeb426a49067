/**
 * Signed images of the simulated panel: an OS image (./os-image.ts) and a PLC runtime firmware
 * (./plc-firmware.ts) are one format with their own magic and header:
 *
 *     magic                 8 bytes, the kind's
 *     header length         4 bytes, unsigned big-endian, at most MAX_HEADER_BYTES
 *     header                JSON, the kind's schema (with model, length, sha256, key_id)
 *     signature             64 bytes, Ed25519 over the three parts above
 *     payload               `length` bytes whose SHA-256 is `sha256`
 *
 * The verifier decides while the bytes stream in, before any state changes: the magic, a
 * signature by a trusted key, the kind's own header checks, the device's model, the exact length,
 * the payload's hash.
 */
import crypto, { type KeyObject } from 'node:crypto';
import type { z } from 'zod';

export const MAX_HEADER_BYTES = 4096;
const SIGNATURE_BYTES = 64;

/** What every signed header has. */
export interface SignedHeader {
  model: string;
  length: number;
  sha256: string;
  key_id: string;
}

/** Why a file is refused, whatever its kind (each kind names the first its own way). */
export type SignedImageReason = 'not_this_kind' | 'bad_header' | 'untrusted_key' | 'bad_signature' | 'wrong_model' | 'truncated' | 'too_long' | 'sha256_mismatch';

export interface SignedImageKind<H extends SignedHeader> {
  magic: Buffer;
  schema: z.ZodType<H>;
  /** "image", "firmware": the word the messages use. */
  noun: string;
  /** The kind's refusal (its own error class and reason names). */
  refuse(reason: SignedImageReason, message: string): Error;
  /** The message when the file is not of this kind. */
  notThisKind: string;
  /** A refusal of its own for a magic that is not this kind's (another kind's file), else null. */
  otherMagic?(magic: Buffer): Error | null;
  /** Checks of the kind's own, on a signed header (a product name). */
  checkHeader?(header: H): void;
}

/** The id of a public key: the first 16 hex digits of the SHA-256 of its SPKI encoding. */
export function keyIdOf(publicKey: KeyObject): string {
  return crypto.createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16);
}

/** The head (magic, length, header, signature) of a file whose header is `header`. */
export function signedHead(magic: Buffer, header: object, key: KeyObject): Buffer {
  const json = Buffer.from(JSON.stringify(header));
  const len = Buffer.alloc(4);
  len.writeUInt32BE(json.length);
  const signed = Buffer.concat([magic, len, json]);
  return Buffer.concat([signed, crypto.sign(null, signed, key)]);
}

/** The payload of a file to sign, or its length and SHA-256 (hex) when the caller streams it. */
export type SignedPayload = Buffer | { length: number; sha256: string };

/** The head of a file of `kind` for `payload`: the kind's own `fields`, then the payload's length
 * and hash and the id of the signing key. */
export function signedHeadOf<H extends SignedHeader>(kind: SignedImageKind<H>, fields: Omit<H, keyof SignedHeader> & { model: string }, payload: SignedPayload, key: KeyObject): Buffer {
  const header = {
    ...fields,
    length: payload.length,
    sha256: Buffer.isBuffer(payload) ? crypto.createHash('sha256').update(payload).digest('hex') : payload.sha256,
    key_id: keyIdOf(crypto.createPublicKey(key)),
  };
  return signedHead(kind.magic, header, key);
}

/**
 * Checks a file as its bytes arrive: `push` each chunk (it throws as soon as the head is refused),
 * `finish` at the end (length and hash). Keeps the head and a running hash, never the payload.
 */
export class SignedImageVerifier<H extends SignedHeader> {
  private head = Buffer.alloc(0);
  private header: H | null = null;
  private readonly hash = crypto.createHash('sha256');
  private payloadBytes = 0;

  constructor(
    private readonly kind: SignedImageKind<H>,
    private readonly trusted: readonly KeyObject[],
    private readonly model: string,
  ) {}

  get verifiedHeader(): H | null {
    return this.header;
  }

  push(chunk: Buffer): void {
    if (this.header) return this.payload(chunk);
    const { magic, noun } = this.kind;
    const refuse = (reason: SignedImageReason, message: string) => this.kind.refuse(reason, message);
    this.head = Buffer.concat([this.head, chunk]);
    const start = this.head.subarray(0, magic.length);
    if (start.length === magic.length && !start.equals(magic)) {
      throw this.kind.otherMagic?.(start) ?? refuse('not_this_kind', this.kind.notThisKind);
    }
    if (this.head.length < magic.length + 4) return;
    const headerLength = this.head.readUInt32BE(magic.length);
    if (headerLength === 0 || headerLength > MAX_HEADER_BYTES) throw refuse('bad_header', `The ${noun} header is not valid`);
    const signedEnd = magic.length + 4 + headerLength;
    const headEnd = signedEnd + SIGNATURE_BYTES;
    if (this.head.length < headEnd) return;
    let parsed: H;
    try {
      parsed = this.kind.schema.parse(JSON.parse(this.head.subarray(magic.length + 4, signedEnd).toString('utf8')));
    } catch {
      throw refuse('bad_header', `The ${noun} header is not valid`);
    }
    const key = this.trusted.find((k) => keyIdOf(k) === parsed.key_id);
    if (!key) throw refuse('untrusted_key', `The ${noun} is signed by a key this device does not trust`);
    if (!crypto.verify(null, this.head.subarray(0, signedEnd), key, this.head.subarray(signedEnd, headEnd))) {
      throw refuse('bad_signature', `The ${noun} signature is not valid`);
    }
    this.kind.checkHeader?.(parsed);
    if (parsed.model !== this.model) throw refuse('wrong_model', `The ${noun} is for ${parsed.model}, not ${this.model}`);
    this.header = parsed;
    const rest = this.head.subarray(headEnd);
    this.head = Buffer.alloc(0);
    if (rest.length > 0) this.payload(rest);
  }

  private payload(chunk: Buffer): void {
    this.payloadBytes += chunk.length;
    if (this.payloadBytes > this.header!.length) throw this.kind.refuse('too_long', `The ${this.kind.noun} is longer than its header says`);
    this.hash.update(chunk);
  }

  /** The verified header, once every byte is in. */
  finish(): H {
    const { magic, noun } = this.kind;
    if (!this.header) {
      // Fewer bytes than a head: a file cut short only if they begin like one.
      const begun = this.head.length > 0 && this.head.subarray(0, magic.length).equals(magic.subarray(0, Math.min(magic.length, this.head.length)));
      if (!begun) throw this.kind.refuse('not_this_kind', this.kind.notThisKind);
      throw this.kind.refuse('truncated', `The ${noun} ends before its header does`);
    }
    if (this.payloadBytes < this.header.length) throw this.kind.refuse('truncated', `The ${noun} is shorter than its header says`);
    if (this.hash.digest('hex') !== this.header.sha256) throw this.kind.refuse('sha256_mismatch', `The ${noun} content does not match its SHA-256`);
    return this.header;
  }
}

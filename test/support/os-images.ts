/** OS images for tests, made in memory with the development key (server/lib/os-image.ts). */
import crypto from 'node:crypto';
import { DEVICE_MODEL } from '../../server/hardware/system-info';
import { imageHead } from '../../server/lib/os-image';
import type { Part } from './multipart';

export interface TestImageOptions {
  version: string;
  model?: string;
  payloadBytes?: number;
  badSignature?: boolean;
  truncate?: boolean;
  /** A payload that does not match the header's SHA-256. */
  tamper?: boolean;
}

export function osImage({ version, model = DEVICE_MODEL, payloadBytes = 4096, badSignature, truncate, tamper }: TestImageOptions): Buffer {
  const payload = crypto.createHash('sha256').update(version).digest();
  const body = Buffer.alloc(payloadBytes);
  for (let i = 0; i < payloadBytes; i += payload.length) payload.copy(body, i, 0, Math.min(payload.length, payloadBytes - i));
  const head = imageHead({ model, version, payload: body });
  if (badSignature) head[head.length - 1]! ^= 0xff;
  if (tamper) body[0]! ^= 0xff;
  return Buffer.concat([head, truncate ? body.subarray(0, payloadBytes >> 1) : body]);
}

export function imageParts(image: Buffer, filename = 'os.bin'): Part[] {
  return [{ name: 'image', filename, content: image }];
}

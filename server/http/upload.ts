/**
 * Receives a multipart upload of the contract (`CallDef.upload`): each file part streams to a file
 * of the staging folder, never held whole, bounded in size (413 past it, as early as the
 * Content-Length says so), checked by its content as its first bytes arrive (415 when it is not
 * what the part takes); text parts are validated by the call's `fields` schema. Files are counted
 * and their CRC-32 computed on the way. Before the first byte is written the upload reserves its
 * room in the staging quota (server/services/staging-quota.ts): 409 `busy` or 507
 * `insufficient_storage` instead of a disk filled half-way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { UploadDef } from '../../contract/api/define';
import { ApiError } from '../lib/api-error';
import { crc32ToHex, crc32Update } from '../lib/crc32';
import type { Reservation, StagingQuota } from '../services/staging-quota';
import { allowDrain } from './request-body';

export interface FilePartRule {
  maxBytes: number;
  /** Bytes needed before `accepts` can judge. */
  headBytes: number;
  /** Whether the file's first bytes are what this part takes. */
  accepts(head: Buffer): boolean;
  /** Sees every chunk (a verifier that refuses as soon as it can); throws to refuse. */
  onChunk?(chunk: Buffer): void;
}

export interface ReceivedFile {
  path: string;
  fileName: string;
  size: number;
  crc: string;
}

export interface ReceivedUpload {
  files: Record<string, ReceivedFile>;
  fields: Record<string, unknown>;
}

/** Multipart framing around the files: boundaries, part headers, text parts. */
const ENVELOPE_ALLOWANCE = 64 * 1024;

export async function receiveUpload(
  req: FastifyRequest,
  def: UploadDef,
  rules: Record<string, FilePartRule>,
  dir: string,
  quota: StagingQuota,
  onBytes?: (received: number) => void,
): Promise<ReceivedUpload> {
  if (!req.isMultipart()) throw new ApiError(415, 'unsupported_media_type', 'The upload must be multipart/form-data');
  const limit = Object.values(rules).reduce((sum, r) => sum + r.maxBytes, 0);
  // An answer given before the whole body is in reads the rest up to this, no further.
  allowDrain(req, limit + ENVELOPE_ALLOWANCE);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit + ENVELOPE_ALLOWANCE) {
    throw new ApiError(413, 'payload_too_large', `The upload is larger than the device takes (${limit} bytes)`);
  }
  const reservation = await quota.reserve(dir, Number.isFinite(declared) ? declared : limit + ENVELOPE_ALLOWANCE);
  try {
    return await receiveParts(req, def, rules, dir, reservation, onBytes);
  } finally {
    reservation.release();
  }
}

async function receiveParts(
  req: FastifyRequest,
  def: UploadDef,
  rules: Record<string, FilePartRule>,
  dir: string,
  reservation: Reservation,
  onBytes?: (received: number) => void,
): Promise<ReceivedUpload> {
  const fileNames = Object.keys(def.files);
  const fieldNames = Object.keys(def.fields?.shape ?? {});
  const files: Record<string, ReceivedFile> = {};
  const fields: Record<string, unknown> = {};
  let received = 0;
  const parts = req.parts({
    limits: {
      fileSize: Math.max(...Object.values(rules).map((r) => r.maxBytes)),
      files: fileNames.length,
      fields: fieldNames.length,
      fieldSize: 4096,
      parts: fileNames.length + fieldNames.length,
      headerPairs: 20,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (!fieldNames.includes(part.fieldname)) throw ApiError.validation(part.fieldname, 'this upload has no such part');
        fields[part.fieldname] = part.value;
        continue;
      }
      const rule = rules[part.fieldname];
      if (!rule || files[part.fieldname]) {
        part.file.resume();
        throw ApiError.validation(part.fieldname, rule ? 'sent twice' : 'this upload has no such file');
      }
      const target = path.join(dir, part.fieldname);
      let size = 0;
      let crc = 0;
      let head: Buffer | null = Buffer.alloc(0);
      const check = new Transform({
        transform(chunk: Buffer, _enc, next) {
          try {
            size += chunk.length;
            received += chunk.length;
            if (size > rule.maxBytes) throw new ApiError(413, 'payload_too_large', `${part.fieldname} is larger than the device takes (${rule.maxBytes} bytes)`);
            if (head) {
              head = Buffer.concat([head, chunk]);
              if (head.length >= rule.headBytes) {
                if (!rule.accepts(head)) throw new ApiError(415, 'unsupported_file_type', `${part.fieldname} is not a ${def.files[part.fieldname]!.accept.join(' or ')} file by its content`);
                head = null;
              }
            }
            crc = crc32Update(crc, chunk);
            reservation.wrote(chunk.length);
            rule.onChunk?.(chunk);
            onBytes?.(received);
            next(null, chunk);
          } catch (err) {
            next(err as Error);
          }
        },
        flush(done) {
          try {
            if (head && !rule.accepts(head)) throw new ApiError(415, 'unsupported_file_type', `${part.fieldname} is not a ${def.files[part.fieldname]!.accept.join(' or ')} file by its content`);
            done();
          } catch (err) {
            done(err as Error);
          }
        },
      });
      await pipeline(part.file, check, fs.createWriteStream(target, { mode: 0o600 }));
      if (part.file.truncated) throw new ApiError(413, 'payload_too_large', `${part.fieldname} is larger than the device takes (${rule.maxBytes} bytes)`);
      files[part.fieldname] = { path: target, fileName: part.filename, size, crc: crc32ToHex(crc) };
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if ((err as NodeJS.ErrnoException).code === 'ENOSPC') throw new ApiError(507, 'insufficient_storage', 'The device ran out of room while the upload was written');
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) throw new ApiError(413, 'payload_too_large', 'The upload is larger than the device takes');
    throw ApiError.validation('upload', err instanceof Error ? err.message : 'the upload was cut short');
  }
  for (const [name, spec] of Object.entries(def.files)) {
    if (spec.required && !files[name]) throw ApiError.validation(name, 'required');
  }
  if (def.fields) {
    const parsed = def.fields.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw ApiError.validation(issue?.path.map(String).join('.') || 'fields', issue?.message ?? 'invalid');
    }
    return { files, fields: parsed.data as Record<string, unknown> };
  }
  return { files, fields };
}

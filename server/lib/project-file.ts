/**
 * The project files of DESIGN §5: `<name>.app`, the gzip of one JSON document (a project, or a
 * password-protected envelope of one), and `<name>.crc`, the CRC-32 of the `.app` bytes as eight
 * lower-case hex digits. Packing is used by the `make:project` tool and the sample project;
 * decoding by the device when it installs one. Decoding never holds more than the decompressed
 * document in memory (bounded), whatever the size of the `.app`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { crc32Hex } from './crc32';
import {
  MAX_PROJECT_DOCUMENT_BYTES,
  PROJECT_FORMAT,
  PROTECTED_PROJECT_FORMAT,
  projectSchema,
  protectedProjectSchema,
  type Project,
  type ProtectedProject,
} from '../../contract/project-format';

/** Why a pair of files is not a project this device can take; each is one of §8's messages. */
export type ProjectFileProblem =
  /** The `.crc` does not match the `.app`: 'Upload project failed. Please restart Project.' */
  | 'crc_mismatch'
  /** No project document inside: 'Could not find EasyBuilder project file'. */
  | 'project_file_missing'
  /** Protected, and no password was given: the user is asked for it. */
  | 'password_required'
  /** Protected, and the password given is wrong: 'error password'. */
  | 'wrong_password';

export class ProjectFileError extends Error {
  constructor(
    readonly problem: ProjectFileProblem,
    message: string,
  ) {
    super(message);
  }
}

/** gzip's first two bytes: what makes a file an `.app` by its content. */
export function looksLikeApp(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/** A `.crc` file's content: eight hex digits, optionally surrounded by white space. */
export function parseCrcText(text: string): string | null {
  const m = /^\s*([0-9a-fA-F]{8})\s*$/.exec(text);
  return m ? m[1]!.toLowerCase() : null;
}

const SCRYPT = { N: 16384, r: 8, p: 1 } as const;

function keyFor(password: string, kdf: ProtectedProject['kdf']): Buffer {
  return crypto.scryptSync(password.normalize('NFC'), Buffer.from(kdf.salt, 'base64'), 32, { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 64 * 1024 * 1024 });
}

/** Packs a project document into the `.app` + `.crc` pair; with a password, the `.app` holds the
 * document encrypted (AES-256-GCM, key by scrypt). */
export function packProject(project: Project, password?: string): { app: Buffer; crc: string } {
  const json = Buffer.from(JSON.stringify(project));
  let document: Buffer = json;
  if (password !== undefined && password !== '') {
    const kdf = { name: 'scrypt' as const, salt: crypto.randomBytes(16).toString('base64'), ...SCRYPT };
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', keyFor(password, kdf), iv);
    const data = Buffer.concat([cipher.update(json), cipher.final()]);
    const envelope: ProtectedProject = {
      format: PROTECTED_PROJECT_FORMAT,
      format_version: 1,
      kdf,
      cipher: 'aes-256-gcm',
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      data: data.toString('base64'),
    };
    document = Buffer.from(JSON.stringify(envelope));
  }
  const app = zlib.gzipSync(document);
  return { app, crc: crc32Hex(app) };
}

/** The decompressed content of an `.app` file, streamed and bounded. */
async function gunzipFile(appPath: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      total += chunk.length;
      if (total > MAX_PROJECT_DOCUMENT_BYTES) return done(new ProjectFileError('project_file_missing', 'The project document is larger than the device accepts'));
      chunks.push(chunk);
      done();
    },
  });
  try {
    await pipeline(fs.createReadStream(appPath), zlib.createGunzip(), sink);
  } catch (err) {
    if (err instanceof ProjectFileError) throw err;
    throw new ProjectFileError('project_file_missing', 'The .app file cannot be unpacked');
  }
  return Buffer.concat(chunks);
}

function parseDocument(json: unknown): Project {
  const parsed = projectSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ProjectFileError('project_file_missing', `The project document is not valid: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim());
  }
  return parsed.data;
}

/** What decoding an `.app` found: the project, and whether it was protected. */
export interface DecodedProject {
  project: Project;
  protected: boolean;
}

/** Decodes a document's bytes: a project, or a protected envelope opened with `password`. */
export function decodeDocument(bytes: Buffer, password: string | undefined): DecodedProject {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ProjectFileError('project_file_missing', 'The .app file holds no project document');
  }
  const format = typeof json === 'object' && json !== null ? (json as { format?: unknown }).format : undefined;
  if (format === PROJECT_FORMAT) return { project: parseDocument(json), protected: false };
  if (format !== PROTECTED_PROJECT_FORMAT) throw new ProjectFileError('project_file_missing', 'The .app file holds no project document');
  const envelope = protectedProjectSchema.safeParse(json);
  if (!envelope.success) throw new ProjectFileError('project_file_missing', 'The protected project envelope is not valid');
  if (password === undefined || password === '') throw new ProjectFileError('password_required', 'The project is protected by a password');
  const e = envelope.data;
  let plain: Buffer;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyFor(password, e.kdf), Buffer.from(e.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(e.tag, 'base64'));
    plain = Buffer.concat([decipher.update(Buffer.from(e.data, 'base64')), decipher.final()]);
  } catch {
    throw new ProjectFileError('wrong_password', 'The project password is wrong');
  }
  try {
    return { project: parseDocument(JSON.parse(plain.toString('utf8'))), protected: true };
  } catch (err) {
    if (err instanceof ProjectFileError) throw err;
    throw new ProjectFileError('project_file_missing', 'The protected project holds no project document');
  }
}

/** Decodes the `.app` file at `appPath` whose CRC-32 is `actualCrc` against the `.crc` text. */
export async function decodeProjectFile(appPath: string, actualCrc: string, crcText: string, password: string | undefined): Promise<DecodedProject> {
  if (parseCrcText(crcText) !== actualCrc) throw new ProjectFileError('crc_mismatch', 'The .crc file does not match the .app file');
  return decodeDocument(await gunzipFile(appPath), password);
}

/** Decodes an in-memory pair (the sample project, tests). */
export function decodeProjectPair(app: Buffer, crcText: string, password?: string): DecodedProject {
  if (parseCrcText(crcText) !== crc32Hex(app)) throw new ProjectFileError('crc_mismatch', 'The .crc file does not match the .app file');
  let bytes: Buffer;
  try {
    bytes = zlib.gunzipSync(app, { maxOutputLength: MAX_PROJECT_DOCUMENT_BYTES });
  } catch {
    throw new ProjectFileError('project_file_missing', 'The .app file cannot be unpacked');
  }
  return decodeDocument(bytes, password);
}

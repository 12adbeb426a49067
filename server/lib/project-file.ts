/**
 * The project files (docs/decisions.md#file-formats): `<name>.app`, the gzip of one JSON document
 * (a project, or a password-protected envelope of one), and `<name>.crc`, the CRC-32 of the `.app`
 * bytes as eight lower-case hex digits. Packing is used by the `make:project` tool and the sample
 * project; decoding by the device when it installs one. Decoding reads the document as a stream
 * (server/lib/bounded-archive.ts, bounded-json.ts): bounded in bytes and in values, each element of
 * the project's lists checked as it is read, whatever the `.app` holds.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { crc32Hex } from './crc32';
import { ArchiveError, gunzipBounded, readGzip } from './bounded-archive';
import { JsonStream, JsonStreamError, type JsonLimits, type JsonPath } from './bounded-json';
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

/** The values a project document may hold (about five times the 10,000-tag project of
 * `npm run make:project -- --tags 10000`): with MAX_PROJECT_DOCUMENT_BYTES, what bounds the memory
 * of reading one, whatever it holds. */
export const MAX_PROJECT_DOCUMENT_VALUES = 1_000_000;

const DOCUMENT_LIMITS: JsonLimits = {
  maxBytes: MAX_PROJECT_DOCUMENT_BYTES,
  // An OPC UA folder is two levels: some sixty folders inside one another.
  maxDepth: 128,
  maxValues: MAX_PROJECT_DOCUMENT_VALUES,
  maxChars: MAX_PROJECT_DOCUMENT_BYTES,
  maxString: 64 * 1024,
};

/** The lists of a project checked an element at a time as they are read (each element by the
 * project schema's own element schema), so a list of junk is refused at its first element. */
const LISTS = {
  tags: projectSchema.shape.tags.element,
  alarms: projectSchema.shape.alarms.element,
  recipes: projectSchema.shape.recipes.element,
  data_logs: projectSchema.shape.data_logs.element,
  devices: projectSchema.shape.devices.element,
  screens: projectSchema.shape.webview.shape.screens.element,
} as const;
type ListName = keyof typeof LISTS;

/** The list a path is an element of: `tags.3`, `webview.screens.0`, … */
function listOf(path: JsonPath): ListName | null {
  if (path.length === 2 && typeof path[1] === 'number' && typeof path[0] === 'string' && path[0] !== 'screens' && path[0] in LISTS) return path[0] as ListName;
  if (path.length === 3 && path[0] === 'webview' && path[1] === 'screens' && typeof path[2] === 'number') return 'screens';
  return null;
}

function invalid(path: readonly PropertyKey[], message: string): ProjectFileError {
  return new ProjectFileError('project_file_missing', `The project document is not valid: ${path.join('.')} ${message}`.trim());
}

/** What a document read as a stream turned out to be. */
type ReadDocument = { kind: 'project'; project: Project } | { kind: 'protected'; envelope: ProtectedProject } | { kind: 'other' };

/**
 * A project document (or the envelope of a protected one) read a chunk at a time, bounded
 * (DOCUMENT_LIMITS): the elements of the project's lists are checked as each one is read and kept
 * as the schema gives them; the rest is checked once the document is complete.
 */
class DocumentReader {
  private lists: { [K in ListName]: unknown[] } = { tags: [], alarms: [], recipes: [], data_logs: [], devices: [], screens: [] };
  private readonly json: JsonStream;

  constructor(envelopeAllowed: boolean) {
    this.json = new JsonStream(DOCUMENT_LIMITS, {
      emits: (path) => listOf(path) !== null,
      onValue: (value, path) => {
        const list = listOf(path)!;
        const parsed = LISTS[list].safeParse(value);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw invalid([...path, ...(issue?.path ?? [])], issue?.message ?? '');
        }
        // A list named twice is the last one, as JSON.parse reads it.
        if (path[path.length - 1] === 0) this.lists[list] = [];
        this.lists[list].push(parsed.data);
        // Kept: it stays counted against the values the document may hold.
        return true;
      },
      // The ciphertext of a protected project is one string as long as the document allows.
      longStrings: envelopeAllowed ? (path) => (path.length === 1 && path[0] === 'data' ? MAX_PROJECT_DOCUMENT_BYTES : undefined) : undefined,
    });
  }

  write(chunk: Buffer): void {
    try {
      this.json.write(chunk);
    } catch (err) {
      throw documentError(err);
    }
  }

  end(): ReadDocument {
    let root: unknown;
    try {
      root = this.json.end();
    } catch (err) {
      throw documentError(err);
    }
    if (typeof root !== 'object' || root === null || Array.isArray(root)) return { kind: 'other' };
    const doc = root as Record<string, unknown>;
    if (doc.format === PROTECTED_PROJECT_FORMAT) {
      const envelope = protectedProjectSchema.safeParse(doc);
      if (!envelope.success) throw new ProjectFileError('project_file_missing', 'The protected project envelope is not valid');
      return { kind: 'protected', envelope: envelope.data };
    }
    if (doc.format !== PROJECT_FORMAT) return { kind: 'other' };
    // The lists are checked already: the rest of the document is, with them left empty.
    const webview = doc.webview;
    const screensRead = typeof webview === 'object' && webview !== null && Array.isArray((webview as Record<string, unknown>).screens);
    const parsed = projectSchema.safeParse(doc);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalid(issue?.path ?? [], issue?.message ?? '');
    }
    const project = parsed.data;
    const lists = this.lists as unknown as Pick<Project, 'tags' | 'alarms' | 'recipes' | 'data_logs' | 'devices'> & { screens: Project['webview']['screens'] };
    return {
      kind: 'project',
      project: {
        ...project,
        tags: lists.tags,
        alarms: lists.alarms,
        recipes: lists.recipes,
        data_logs: lists.data_logs,
        devices: lists.devices,
        webview: { ...project.webview, screens: screensRead ? lists.screens : project.webview.screens },
      },
    };
  }
}

/** A refusal of the JSON reader as the project's problem. */
function documentError(err: unknown): unknown {
  if (err instanceof JsonStreamError) {
    return new ProjectFileError('project_file_missing', err.kind === 'syntax' ? 'The .app file holds no project document' : `The project document is larger than the device accepts: ${err.message}`);
  }
  return err;
}

/** What decoding an `.app` found: the project, and whether it was protected. */
export interface DecodedProject {
  project: Project;
  protected: boolean;
}

/** Opens a protected envelope with `password`: the ciphertext is authenticated first (a wrong
 * password is told as such, never as a damaged document), then deciphered a piece at a time into
 * a document reader, so the plain document is never held whole. */
function openEnvelope(e: ProtectedProject, password: string | undefined): DecodedProject {
  if (password === undefined || password === '') throw new ProjectFileError('password_required', 'The project is protected by a password');
  const data = Buffer.from(e.data, 'base64');
  const PIECE = 1 << 20;
  const decipherer = (key: Buffer) => {
    const d = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(e.iv, 'base64'));
    d.setAuthTag(Buffer.from(e.tag, 'base64'));
    return d;
  };
  let key: Buffer;
  try {
    key = keyFor(password, e.kdf);
    const check = decipherer(key);
    for (let i = 0; i < data.length; i += PIECE) check.update(data.subarray(i, i + PIECE));
    check.final();
  } catch {
    throw new ProjectFileError('wrong_password', 'The project password is wrong');
  }
  const reader = new DocumentReader(false);
  const d = decipherer(key);
  for (let i = 0; i < data.length; i += PIECE) reader.write(d.update(data.subarray(i, i + PIECE)));
  reader.write(d.final());
  const inner = reader.end();
  if (inner.kind !== 'project') throw new ProjectFileError('project_file_missing', 'The protected project holds no project document');
  return { project: inner.project, protected: true };
}

function decoded(doc: ReadDocument, password: string | undefined): DecodedProject {
  if (doc.kind === 'project') return { project: doc.project, protected: false };
  if (doc.kind === 'protected') return openEnvelope(doc.envelope, password);
  throw new ProjectFileError('project_file_missing', 'The .app file holds no project document');
}

/** Decodes a document's bytes: a project, or a protected envelope opened with `password`. */
export function decodeDocument(bytes: Buffer, password: string | undefined): DecodedProject {
  const reader = new DocumentReader(true);
  reader.write(bytes);
  return decoded(reader.end(), password);
}

/** Decodes the `.app` file at `appPath` whose CRC-32 is `actualCrc` against the `.crc` text. */
export async function decodeProjectFile(appPath: string, actualCrc: string, crcText: string, password: string | undefined): Promise<DecodedProject> {
  if (parseCrcText(crcText) !== actualCrc) throw new ProjectFileError('crc_mismatch', 'The .crc file does not match the .app file');
  const reader = new DocumentReader(true);
  try {
    await readGzip(appPath, MAX_PROJECT_DOCUMENT_BYTES, (chunk) => reader.write(chunk), 'The project document');
  } catch (err) {
    if (err instanceof ArchiveError) throw new ProjectFileError('project_file_missing', err.reason === 'too_large' ? 'The project document is larger than the device accepts' : 'The .app file cannot be unpacked');
    throw err;
  }
  return decoded(reader.end(), password);
}

/** Decodes an in-memory pair (the sample project, tests). */
export function decodeProjectPair(app: Buffer, crcText: string, password?: string): DecodedProject {
  if (parseCrcText(crcText) !== crc32Hex(app)) throw new ProjectFileError('crc_mismatch', 'The .crc file does not match the .app file');
  let bytes: Buffer;
  try {
    bytes = gunzipBounded(app, MAX_PROJECT_DOCUMENT_BYTES, 'The project document');
  } catch {
    throw new ProjectFileError('project_file_missing', 'The .app file cannot be unpacked');
  }
  return decodeDocument(bytes, password);
}

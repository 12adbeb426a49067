/**
 * The recipe books of the running project and their backups.
 *
 * A project brings its recipe books (fields and records, `recipes` in the project format); the
 * device keeps them in SQLite, bound to the project's row, so records outlive restarts and a
 * Clear stays cleared. A new project switched in brings its own books in the same transaction as
 * the switch (ProjectService's activation hook): a kill -9 leaves the old project with its books
 * or the new one with its books.
 *
 * A backup (`.cxob`) is a tar.gz of `manifest.json` (format, device, project, the books' names,
 * fields and record counts, the SHA-256 of the books file) and `recipes.json` (the books), in that
 * order. A restore reads it as a stream (server/lib/bounded-archive.ts): the archive within a
 * budget of unpacked bytes, the books file as JSON with limits, each book checked against the
 * running project's books as it starts (a book of the project, once, with the same fields) and
 * each record against the schema and the rules of contract/rules/recipe.ts as it is read, at most
 * the records its manifest counts; the first problem refuses the file at once. The records go to
 * a spool file as they pass (memory stays flat whatever their count); once the size and SHA-256
 * match the manifest, one transaction replaces the records of every book of the backup with
 * them: all or nothing.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { z } from 'zod';
import type { Db } from '../db/database';
import { ApiError } from '../lib/api-error';
import { ArchiveError, digesting, jsonEntry, readTarGz, type EntryReader } from '../lib/bounded-archive';
import { JsonStreamError, type JsonLimits, type JsonPath } from '../lib/bounded-json';
import { DEVICE_MODEL } from '../hardware/system-info';
import { MAX_PROJECT_DOCUMENT_BYTES, recipeSchema, type Project } from '../../contract/project-format';
import { MEDIA, type Medium } from '../../contract/media';
import { stampOf } from '../lib/stamp';
import { freeName, writeThroughPart } from '../lib/media-part';
import {
  RECIPE_MAX_RECORDS,
  recipeBooksProblem,
  recipeRecordProblem,
  type RecipeBackupProblem,
  type RecipeField,
} from '../../contract/rules/recipe';
import type { ResponseOf } from '../../contract/api/define';
import type { backups as backupsCall, backupToMedia as backupToMediaCall, books as booksCall, records as recordsCall, restoredSchema } from '../../contract/api/recipe';

export const RECIPE_BACKUP_FORMAT = 'hmi-recipe-backup';
export const RECIPE_BACKUP_FORMAT_VERSION = 1;
/** The largest backup file the device reads (compressed). */
export const RECIPE_BACKUP_MAX_BYTES = 64 * 1024 * 1024;
/** The largest books file: the books came from a project, whose document is at most this. */
export const RECIPE_BOOKS_MAX_BYTES = MAX_PROJECT_DOCUMENT_BYTES;
/** A manifest is a few kilobytes; one past this is not ours. */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;
/** What a backup may unpack to in all: its two files, and their tar headers. */
export const RECIPE_BACKUP_BUDGET = MAX_MANIFEST_BYTES + RECIPE_BOOKS_MAX_BYTES + 64 * 1024;
/** A backup holds two entries; a few more are passed over (and counted in the budget). */
const MAX_ENTRIES = 8;

const MANIFEST_LIMITS: JsonLimits = { maxBytes: MAX_MANIFEST_BYTES, maxDepth: 8, maxValues: 200_000, maxChars: MAX_MANIFEST_BYTES, maxString: 4096 };
/** The books file: held at once are one book's name and fields and one record (the records go
 * to the spool as they are read). A string longer than a field takes is told by the rules. */
const BOOKS_LIMITS: JsonLimits = { maxBytes: RECIPE_BOOKS_MAX_BYTES, maxDepth: 8, maxValues: 200_000, maxChars: 8 * 1024 * 1024, maxString: 4096 };

type Books = ResponseOf<typeof booksCall>;
type RecordsPage = ResponseOf<typeof recordsCall>;
type MediaBackups = ResponseOf<typeof backupsCall>;
type Restored = z.infer<typeof restoredSchema>;

interface BookRow {
  id: number;
  name: string;
  fields: string;
  record_count: number;
}

const manifestSchema = z.object({
  format: z.literal(RECIPE_BACKUP_FORMAT),
  format_version: z.literal(RECIPE_BACKUP_FORMAT_VERSION),
  device: z.object({ model: z.string(), serial: z.string(), os_version: z.string() }),
  created_at: z.iso.datetime(),
  project: z.object({ name: z.string(), design_software_version: z.string() }),
  books: z.array(z.object({ name: z.string(), fields: recipeSchema.shape.fields, records: z.number().int().min(0).max(RECIPE_MAX_RECORDS) })),
  files: z.object({ 'recipes.json': z.object({ size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }) }),
});
type Manifest = z.infer<typeof manifestSchema>;

/** A book of the books file without its records (they are read one by one). */
const bookHeadSchema = recipeSchema.omit({ records: true });
const recordSchema = recipeSchema.shape.records.element;

const invalidBackup = (what: string) => new ApiError(400, 'invalid_backup', what);

/** A refusal of the archive or JSON reader as the answer of the call. */
function backupError(err: unknown, file: string): unknown {
  if (err instanceof ArchiveError) return invalidBackup(`Not a readable backup: ${err.message}`);
  if (err instanceof JsonStreamError) return invalidBackup(`${file} is not ${err.kind === 'syntax' ? 'JSON' : 'a backup the device takes'}: ${err.message}`);
  return err;
}

/** The manifest of a backup, read bounded; once the entry ended, its value checked or not. One
 * that is not JSON, or past the limits, is no manifest (its entry is read to its end, at most
 * MAX_MANIFEST_BYTES). */
function manifestEntry(): EntryReader & { manifest(): Manifest | null; problem(): string | null; isProjectBackup(): boolean } {
  const entry = jsonEntry(MANIFEST_LIMITS);
  let broken = false;
  const value = () => (broken ? undefined : entry.value());
  const guarded = (fn: () => void) => {
    if (broken) return;
    try {
      fn();
    } catch (err) {
      if (!(err instanceof JsonStreamError)) throw err;
      broken = true;
    }
  };
  return {
    maxBytes: entry.maxBytes,
    write: (c) => guarded(() => entry.write(c)),
    end: () => guarded(() => entry.end()),
    manifest(): Manifest | null {
      const parsed = manifestSchema.safeParse(value());
      return parsed.success ? parsed.data : null;
    },
    /** What is wrong with a manifest of the recipe backup format, or null. */
    problem(): string | null {
      const v = value();
      if (typeof v !== 'object' || v === null || (v as { format?: unknown }).format !== RECIPE_BACKUP_FORMAT) return null;
      const parsed = manifestSchema.safeParse(v);
      const issue = parsed.success ? null : parsed.error.issues[0];
      return issue ? `${issue.path.join('.')} ${issue.message}`.trim() : null;
    },
    isProjectBackup(): boolean {
      const v = value();
      return typeof v === 'object' && v !== null && (v as { format?: unknown }).format === 'hmi-project-backup';
    },
  };
}

/** The message of a problem of a backup against the running project. */
function problemText(problem: RecipeBackupProblem): string {
  switch (problem.code) {
    case 'no_books':
      return 'the backup holds no recipe book';
    case 'book_missing':
      return `the running project has no recipe book "${problem.book}"`;
    case 'fields_differ':
      return `the fields of recipe book "${problem.book}" differ from the running project's`;
    case 'bad_value':
      return `record "${problem.record}" of "${problem.book}": field ${problem.field}: ${problem.problem}`;
  }
}

function mismatch(problem: RecipeBackupProblem): ApiError {
  return new ApiError(409, 'recipe_mismatch', `The backup does not fit the running project: ${problemText(problem)}. Nothing was restored`);
}

/** The records of a restore on their way from the books file to the database: a line of JSON
 * each in a file of the data folder (never all in memory), read back in the restore's one
 * transaction. */
class RecordSpool {
  private static next = 0;
  readonly file: string;
  private readonly fd: number;
  private pending = '';

  constructor(dir: string) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.file = path.join(dir, `restore-${process.pid}-${++RecordSpool.next}.ndjson`);
    this.fd = fs.openSync(this.file, 'w+', 0o600);
  }

  add(book: number, name: string, values: Record<string, number | string>): void {
    this.pending += `${JSON.stringify([book, name, JSON.stringify(values)])}\n`;
    if (this.pending.length >= 256 * 1024) this.flush();
  }

  private flush(): void {
    if (this.pending) fs.writeSync(this.fd, this.pending);
    this.pending = '';
  }

  /** Every record in the order added: its book's index, its name and its values' JSON. */
  *records(): Generator<[number, string, string]> {
    this.flush();
    const buf = Buffer.alloc(1024 * 1024);
    let rest = '';
    let at = 0;
    for (;;) {
      const n = fs.readSync(this.fd, buf, 0, buf.length, at);
      if (n === 0) break;
      at += n;
      const text = rest + buf.toString('utf8', 0, n);
      const lines = text.split('\n');
      rest = lines.pop()!;
      for (const line of lines) yield JSON.parse(line) as [number, string, string];
    }
  }

  discard(): void {
    try {
      fs.closeSync(this.fd);
    } finally {
      fs.rmSync(this.file, { force: true });
    }
  }
}

export class RecipeService {
  private readonly mediaRoot: string;
  private readonly spoolDir: string;

  private readonly db: Db;
  /** The panel's clock (the host clock plus the offset Date and Time sets): backups are named
     * and dated by what the panel shows. */
  private readonly time: { nowMs(): number };
  /** The active project's row and document (ProjectService). */
  private readonly active: () => { id: number; project: Project; fileName: string };

  constructor(deps: {
    db: Db;
    /** The panel's clock (the host clock plus the offset Date and Time sets): backups are named
     * and dated by what the panel shows. */
    time: { nowMs(): number };
    dataDir: string;
    /** The active project's row and document (ProjectService). */
    active: () => { id: number; project: Project; fileName: string };
  }) {
    this.db = deps.db;
    this.time = deps.time;
    this.active = deps.active;
    const dataDir = deps.dataDir;
    this.mediaRoot = path.join(dataDir, 'media');
    this.spoolDir = path.join(dataDir, 'recipe-restore');
    // A restore cut by a kill -9 left its spool: nothing reads it again.
    fs.rmSync(this.spoolDir, { recursive: true, force: true });
  }

  /** Gives the project `projectId` its books as the project defines them, and drops the books of
   * every other project. Runs inside the switch's transaction. */
  replace(projectId: number, recipes: Project['recipes']): void {
    this.db.prepare('DELETE FROM recipe_books WHERE project_id != ?').run(projectId);
    this.db.prepare('DELETE FROM recipe_books WHERE project_id = ?').run(projectId);
    const book = this.db.prepare('INSERT INTO recipe_books (project_id, position, name, fields) VALUES (?, ?, ?, ?)');
    const record = this.db.prepare('INSERT INTO recipe_records (book_id, position, name, "values") VALUES (?, ?, ?, ?)');
    recipes.forEach((r, i) => {
      const id = Number(book.run(projectId, i, r.name, JSON.stringify(r.fields)).lastInsertRowid);
      r.records.forEach((rec, j) => record.run(id, j, rec.name, JSON.stringify(rec.values)));
    });
  }

  /** A device whose active project has no books yet (made before recipes were kept) gets them. */
  ensureSeeded(): void {
    const { id, project } = this.active();
    const has = this.db.prepare('SELECT 1 FROM recipe_books WHERE project_id = ? LIMIT 1').get(id);
    if (!has && project.recipes.length > 0) this.db.transaction(() => this.replace(id, project.recipes))();
  }

  private bookRows(): BookRow[] {
    const { id } = this.active();
    return this.db
      .prepare(
        `SELECT b.id, b.name, b.fields, (SELECT COUNT(*) FROM recipe_records r WHERE r.book_id = b.id) AS record_count
         FROM recipe_books b WHERE b.project_id = ? ORDER BY b.position`,
      )
      .all(id) as BookRow[];
  }

  private shapes(): { id: number; name: string; fields: RecipeField[]; record_count: number }[] {
    return this.bookRows().map((b) => ({ id: b.id, name: b.name, fields: JSON.parse(b.fields) as RecipeField[], record_count: b.record_count }));
  }

  books(): Books {
    return { project: this.active().project.name, books: this.shapes() };
  }

  private book(id: number): BookRow {
    const row = this.bookRows().find((b) => b.id === id);
    if (!row) throw ApiError.notFound(`No recipe book ${id} in the running project`);
    return row;
  }

  records(id: number, offset: number, limit: number): RecordsPage {
    const book = this.book(id);
    const rows = this.db
      .prepare('SELECT position, name, "values" AS v FROM recipe_records WHERE book_id = ? ORDER BY position LIMIT ? OFFSET ?')
      .all(id, limit, offset) as { position: number; name: string; v: string }[];
    return {
      book_id: id,
      total: book.record_count,
      offset,
      records: rows.map((r) => ({ position: r.position, name: r.name, values: JSON.parse(r.v) as Record<string, number | string> })),
    };
  }

  /** Removes every record of book `id`; answers its name and how many went. */
  clear(id: number): { book: string; cleared: number } {
    const book = this.book(id);
    const cleared = this.db.transaction(() => this.db.prepare('DELETE FROM recipe_records WHERE book_id = ?').run(id).changes)();
    return { book: book.name, cleared };
  }

  // ---- backups -------------------------------------------------------------------------------

  /** Every book with its records, as a backup holds them. */
  private snapshot(): Project['recipes'] {
    const read = this.db.prepare('SELECT name, "values" AS v FROM recipe_records WHERE book_id = ? ORDER BY position');
    return this.db.transaction(() =>
      this.shapes().map((b) => ({
        name: b.name,
        fields: b.fields.map((f) => ({ name: f.name, data_type: f.data_type })),
        records: (read.all(b.id) as { name: string; v: string }[]).map((r) => ({ name: r.name, values: JSON.parse(r.v) as Record<string, number | string> })),
      })),
    )();
  }

  /** The backup of every book: its file name and its bytes (a tar.gz). */
  async backupArchive(deviceFacts: { serial: string; osVersion: string }): Promise<{ fileName: string; data: Buffer; books: number; records: number }> {
    const { project, fileName } = this.active();
    const books = this.snapshot();
    const recipes = Buffer.from(JSON.stringify(books));
    const now = this.time.nowMs();
    const manifest: Manifest = {
      format: RECIPE_BACKUP_FORMAT,
      format_version: RECIPE_BACKUP_FORMAT_VERSION,
      device: { model: DEVICE_MODEL, serial: deviceFacts.serial, os_version: deviceFacts.osVersion },
      created_at: new Date(now).toISOString(),
      project: { name: project.name, design_software_version: project.design_software_version },
      books: books.map((b) => ({ name: b.name, fields: b.fields, records: b.records.length })),
      files: { 'recipes.json': { size: recipes.length, sha256: crypto.createHash('sha256').update(recipes).digest('hex') } },
    };
    const manifestData = Buffer.from(JSON.stringify(manifest, null, 2));
    const pack = tar.pack();
    const mtime = new Date(now);
    pack.entry({ name: 'manifest.json', size: manifestData.length, mtime, mode: 0o644 }, manifestData);
    pack.entry({ name: 'recipes.json', size: recipes.length, mtime, mode: 0o644 }, recipes);
    pack.finalize();
    const chunks: Buffer[] = [];
    await pipeline(pack, zlib.createGzip(), async function* (source: AsyncIterable<Buffer>) {
      for await (const c of source) chunks.push(c);
    });
    const safeName = fileName.replace(/[^A-Za-z0-9._()-]/g, '_').slice(0, 64) || 'project';
    return {
      fileName: `recipes-${safeName}-${stampOf(now)}.cxob`,
      data: Buffer.concat(chunks),
      books: books.length,
      records: books.reduce((n, b) => n + b.records.length, 0),
    };
  }

  private mediaDir(medium: Medium): string {
    return path.join(this.mediaRoot, medium);
  }

  private mediumName(medium: Medium): string {
    return medium === 'usb' ? 'USB stick' : 'SD card';
  }

  /** Writes the backup to `medium` (a temporary name first, renamed when complete). */
  async writeToMedium(medium: Medium, deviceFacts: { serial: string; osVersion: string }): Promise<ResponseOf<typeof backupToMediaCall>> {
    const dir = this.mediaDir(medium);
    if (!fs.existsSync(dir)) throw new ApiError(404, 'not_found', `No ${this.mediumName(medium)} is in the device`);
    const archive = await this.backupArchive(deviceFacts);
    const name = freeName(dir, archive.fileName, '.cxob');
    try {
      await writeThroughPart(dir, name, (part) => fs.writeFileSync(part, archive.data, { mode: 0o644 }));
    } catch (err) {
      throw new ApiError(500, 'media_write_failed', `The backup could not be written to the ${this.mediumName(medium)}: ${err instanceof Error ? err.message : String(err)}`);
    }
    return { medium, file_name: name, size: archive.data.length, books: archive.books, records: archive.records };
  }

  /** The `.cxob` files on each medium, each read as far as its manifest. */
  async listBackups(): Promise<MediaBackups> {
    const ours = this.shapes();
    const media = [];
    for (const medium of MEDIA) {
      const dir = this.mediaDir(medium);
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        media.push({ medium, present: false, backups: [] });
        continue;
      }
      const backups = [];
      for (const e of entries) {
        if (!e.isFile() || !/\.cxob$/i.test(e.name) || e.name.startsWith('.') || !/^[A-Za-z0-9 ._()-]{1,128}$/.test(e.name)) continue;
        const file = path.join(dir, e.name);
        const stat = fs.statSync(file);
        const base = { file_name: e.name, size: stat.size, modified_at: stat.mtime.toISOString() };
        let kind: 'recipe' | 'project' | 'unreadable' = 'unreadable';
        let manifest: Manifest | null = null;
        if (stat.size <= RECIPE_BACKUP_MAX_BYTES) {
          try {
            // The manifest only (the first entry of a recipe or a project backup), bounded.
            const entry = manifestEntry();
            let read = false;
            await readTarGz(
              file,
              { budget: MAX_MANIFEST_BYTES + 64 * 1024, maxEntries: MAX_ENTRIES },
              (e) => (e.name === 'manifest.json' && !read ? entry : null),
              () => (read = true),
            );
            manifest = read ? entry.manifest() : null;
            if (manifest) kind = 'recipe';
            else if (read && entry.isProjectBackup()) kind = 'project';
          } catch {
            kind = 'unreadable';
          }
        }
        backups.push({
          ...base,
          kind,
          created_at: manifest?.created_at ?? null,
          project: manifest?.project.name ?? null,
          books: manifest?.books.map((b) => ({ name: b.name, records: b.records })) ?? [],
          problem: manifest ? recipeBooksProblem(ours, manifest.books) : null,
        });
      }
      backups.sort((a, b) => b.modified_at.localeCompare(a.modified_at) || a.file_name.localeCompare(b.file_name));
      media.push({ medium, present: true, backups });
    }
    return { media };
  }

  /** The backup `fileName` on `medium`, found among the folder's own entries (never a path built
   * from the request). */
  mediaBackup(medium: Medium, fileName: string): string {
    const dir = this.mediaDir(medium);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      throw new ApiError(404, 'not_found', `No ${this.mediumName(medium)} is in the device`);
    }
    const found = entries.find((e) => e.isFile() && e.name === fileName);
    if (!found) throw new ApiError(404, 'not_found', `${fileName} is not on the ${this.mediumName(medium)}`);
    return path.join(dir, found.name);
  }

  /** Reads, checks and restores the backup at `file`: all of it, or nothing. */
  async restoreFrom(file: string): Promise<Restored> {
    let size: number;
    try {
      size = fs.statSync(file).size;
    } catch {
      throw new ApiError(500, 'media_read_failed', 'The backup could not be read');
    }
    if (size > RECIPE_BACKUP_MAX_BYTES) throw new ApiError(413, 'payload_too_large', `The backup is larger than ${RECIPE_BACKUP_MAX_BYTES} bytes`);
    const ours = this.shapes();
    const spool = new RecordSpool(this.spoolDir);
    try {
      const read = await this.readBackup(file, ours, spool);
      const ids = new Map(ours.map((b) => [b.name, b.id]));
      const del = this.db.prepare('DELETE FROM recipe_records WHERE book_id = ?');
      const ins = this.db.prepare('INSERT INTO recipe_records (book_id, position, name, "values") VALUES (?, ?, ?, ?)');
      this.db.transaction(() => {
        for (const book of read) del.run(ids.get(book.name)!);
        let current = -1;
        let position = 0;
        for (const [book, name, values] of spool.records()) {
          if (book !== current) {
            current = book;
            position = 0;
          }
          ins.run(ids.get(read[book]!.name)!, position++, name, values);
        }
      })();
      return { books: read.map((b) => ({ name: b.name, records: b.records })) };
    } finally {
      spool.discard();
    }
  }

  /** Reads the backup at `file` into `spool`, checking it as it goes (see the top of the file);
   * answers its books in order with their record counts. */
  private async readBackup(file: string, ours: readonly { name: string; fields: RecipeField[] }[], spool: RecordSpool): Promise<{ name: string; records: number }[]> {
    const byName = new Map(ours.map((b) => [b.name, b]));
    const manifestReader = manifestEntry();
    let manifest: Manifest | null = null;
    let books: ReturnType<typeof digesting> | null = null;
    /** The books read (or begun), by their index in the file. */
    const read: { name: string; fields: RecipeField[]; records: number; declared: number }[] = [];

    /** The book at `index`, checked when its first record (`beforeRecord`) or its end is read. */
    const bookAt = (index: number, raw: unknown, beforeRecord: boolean): (typeof read)[number] => {
      const known = read[index];
      if (known) return known;
      const head = bookHeadSchema.safeParse(raw);
      if (!head.success) {
        const issue = head.error.issues[0]!;
        const missing = beforeRecord && typeof raw === 'object' && raw !== null && (!('name' in raw) || !('fields' in raw));
        throw invalidBackup(
          missing
            ? `recipes.json: book ${index + 1} has no name and fields before its records`
            : `recipes.json: book ${index + 1}: ${issue.path.join('.')} ${issue.message}`.trim(),
        );
      }
      const { name, fields } = head.data;
      if (read.some((b) => b.name === name)) throw invalidBackup(`recipes.json holds recipe book "${name}" twice`);
      const shape = recipeBooksProblem(ours, [{ name, fields }]);
      if (shape) throw mismatch(shape);
      const declared = manifest!.books.find((b) => b.name === name)?.records;
      if (declared === undefined) throw invalidBackup(`recipes.json: recipe book "${name}" is not in its manifest: the backup is damaged`);
      const book = { name, fields: byName.get(name)!.fields, records: 0, declared };
      read[index] = book;
      return book;
    };

    const onValue = (value: unknown, p: JsonPath, ancestors: readonly unknown[]) => {
      const index = p[0] as number;
      if (p.length === 1) {
        // A book is complete: its records were read one by one (its list is left empty).
        const book = bookAt(index, value, false);
        if (!Array.isArray((value as { records?: unknown }).records)) throw invalidBackup(`recipes.json: recipe book "${book.name}" has no list of records`);
        if (book.records !== book.declared) throw invalidBackup(`recipes.json: recipe book "${book.name}" holds ${book.records} records where its manifest counts ${book.declared}: the backup is damaged`);
        return;
      }
      const book = bookAt(index, ancestors[1], true);
      const record = recordSchema.safeParse(value);
      if (!record.success) {
        const issue = record.error.issues[0]!;
        throw invalidBackup(`recipes.json: recipe book "${book.name}", record ${(p[2] as number) + 1}: ${issue.path.join('.')} ${issue.message}`.trim());
      }
      if (book.records >= book.declared) throw invalidBackup(`recipes.json: recipe book "${book.name}" holds more records than its manifest counts (${book.declared}): the backup is damaged`);
      const problem = recipeRecordProblem(book, record.data);
      if (problem) throw mismatch(problem);
      book.records++;
      spool.add(index, record.data.name, record.data.values);
    };

    const noManifest = () => invalidBackup('The file is not a recipe backup (no recipe manifest)');
    try {
      await readTarGz(file, { budget: RECIPE_BACKUP_BUDGET, maxEntries: MAX_ENTRIES }, (entry) => {
        // The manifest first: what follows is read against it, or not at all.
        if (entry.index === 0) {
          if (entry.name !== 'manifest.json') throw noManifest();
          return {
            ...manifestReader,
            end: () => {
              manifestReader.end();
              manifest = manifestReader.manifest();
              const problem = manifestReader.problem();
              if (problem) throw invalidBackup(`manifest.json is not valid: ${problem}`);
              if (!manifest) throw noManifest();
            },
          };
        }
        if (entry.name !== 'recipes.json') return null;
        if (books) throw invalidBackup('The backup holds recipes.json twice');
        const expected = manifest!.files['recipes.json'];
        if (entry.size !== expected.size) throw invalidBackup(`recipes.json is ${entry.size} bytes where its manifest says ${expected.size}: the backup is damaged`);
        const json = jsonEntry(BOOKS_LIMITS, {
          // The books, and the records of each, as each is complete.
          emits: (p) => typeof p[0] === 'number' && (p.length === 1 || (p.length === 3 && p[1] === 'records' && typeof p[2] === 'number')),
          onValue,
        });
        books = digesting(RECIPE_BOOKS_MAX_BYTES, {
          write: (c) => json.write(c),
          end: () => {
            json.end();
            if (!Array.isArray(json.value())) throw invalidBackup('recipes.json is not a list of recipe books');
          },
        });
        return books;
      }, undefined, 'The backup');
    } catch (err) {
      throw backupError(err, 'recipes.json');
    }
    const m = manifest as Manifest | null;
    if (!m) throw noManifest();
    const digest = books as ReturnType<typeof digesting> | null;
    if (!digest) throw invalidBackup('The backup holds no recipes.json');
    const expected = m.files['recipes.json'];
    if (digest.size() !== expected.size || digest.sha256() !== expected.sha256) {
      throw invalidBackup('recipes.json does not match the SHA-256 its manifest names: the backup is damaged');
    }
    if (read.length === 0) throw mismatch({ code: 'no_books' });
    return read.map((b) => ({ name: b.name, records: b.records }));
  }
}

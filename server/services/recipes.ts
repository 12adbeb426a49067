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
 * fields and record counts, the SHA-256 of the books file) and `recipes.json` (the books). A
 * restore reads and checks the whole file first (format, size, checksum, schema, and the rules of
 * contract/rules/recipe.ts against the running project's books), then replaces the records of
 * every book of the backup in one transaction: all or nothing.
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
import { DEVICE_MODEL } from '../hardware/system-info';
import { recipeSchema, type Project } from '../../contract/project-format';
import { MEDIA, type Medium } from '../../contract/media';
import { stampOf } from '../lib/stamp';
import { recipeBackupProblem, recipeBooksProblem, type RecipeField } from '../../contract/rules/recipe';
import type { ResponseOf } from '../../contract/api/define';
import type { backups as backupsCall, backupToMedia as backupToMediaCall, books as booksCall, records as recordsCall, restoredSchema } from '../../contract/api/recipe';

export const RECIPE_BACKUP_FORMAT = 'hmi-recipe-backup';
export const RECIPE_BACKUP_FORMAT_VERSION = 1;
/** The largest backup file the device reads (compressed), and the largest file inside it. */
export const RECIPE_BACKUP_MAX_BYTES = 64 * 1024 * 1024;
const MAX_ENTRY_BYTES = 128 * 1024 * 1024;
/** A manifest is a few kilobytes; one past this is not ours. */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;

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
  books: z.array(z.object({ name: z.string(), fields: recipeSchema.shape.fields, records: z.number().int().min(0) })),
  files: z.object({ 'recipes.json': z.object({ size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }) }),
});
type Manifest = z.infer<typeof manifestSchema>;

const booksFileSchema = z.array(recipeSchema);

/** Reads the entries of a tar.gz, each bounded in size; `stopAfter` ends the read once that entry
 * is in (a listing needs only the manifest). Throws ApiError invalid_backup on anything else. */
async function readArchive(file: string, wanted: readonly string[], stopAfter?: string): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  const extract = tar.extract();
  const source = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  let stopped = false;
  extract.on('entry', (header, stream, next) => {
    // The archive's own error ends the pipeline below; the entry's copy of it needs no one else.
    stream.on('error', () => undefined);
    const limit = header.name === 'manifest.json' ? MAX_MANIFEST_BYTES : MAX_ENTRY_BYTES;
    if (!wanted.includes(header.name) || header.type !== 'file') {
      stream.resume();
      stream.on('end', next);
      return;
    }
    if ((header.size ?? 0) > limit) {
      extract.destroy(new Error(`${header.name} is too large`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (c: unknown) => {
      if (!Buffer.isBuffer(c)) return;
      size += c.length;
      if (size > limit) extract.destroy(new Error(`${header.name} is too large`));
      else chunks.push(c);
    });
    stream.on('end', () => {
      found.set(header.name, Buffer.concat(chunks));
      if (header.name === stopAfter) {
        stopped = true;
        source.destroy();
        extract.destroy();
        return;
      }
      next();
    });
  });
  try {
    await pipeline(source, gunzip, extract);
  } catch (err) {
    if (!stopped) throw new ApiError(400, 'invalid_backup', `Not a readable backup: ${err instanceof Error ? err.message : String(err)}`);
  }
  return found;
}

function parseManifest(data: Buffer | undefined): Manifest | null {
  if (!data) return null;
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(data.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeDurably(file: string, data: Buffer): void {
  const fd = fs.openSync(file, 'w', 0o644);
  try {
    fs.writeSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}


export class RecipeService {
  private readonly mediaRoot: string;

  constructor(
    private readonly db: Db,
    /** The panel's clock (the host clock plus the offset Date and Time sets): backups are named
     * and dated by what the panel shows. */
    private readonly time: { nowMs(): number },
    dataDir: string,
    /** The active project's row and document (ProjectService). */
    private readonly active: () => { id: number; project: Project; fileName: string },
  ) {
    this.mediaRoot = path.join(dataDir, 'media');
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
    let name = archive.fileName;
    for (let n = 2; fs.existsSync(path.join(dir, name)); n++) name = archive.fileName.replace(/\.cxob$/, `-${n}.cxob`);
    const part = path.join(dir, `.${name}.part`);
    try {
      writeDurably(part, archive.data);
      fs.renameSync(part, path.join(dir, name));
    } catch (err) {
      fs.rmSync(part, { force: true });
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
            const found = await readArchive(file, ['manifest.json'], 'manifest.json');
            const raw = found.get('manifest.json');
            manifest = parseManifest(raw);
            if (manifest) kind = 'recipe';
            else if (raw && /"format"\s*:\s*"hmi-project-backup"/.test(raw.toString('utf8'))) kind = 'project';
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
    const found = await readArchive(file, ['manifest.json', 'recipes.json']);
    const manifest = parseManifest(found.get('manifest.json'));
    if (!manifest) throw new ApiError(400, 'invalid_backup', 'The file is not a recipe backup (no recipe manifest)');
    const data = found.get('recipes.json');
    if (!data) throw new ApiError(400, 'invalid_backup', 'The backup holds no recipes.json');
    const expected = manifest.files['recipes.json'];
    if (data.length !== expected.size || crypto.createHash('sha256').update(data).digest('hex') !== expected.sha256) {
      throw new ApiError(400, 'invalid_backup', 'recipes.json does not match the SHA-256 its manifest names: the backup is damaged');
    }
    let books: z.infer<typeof booksFileSchema>;
    try {
      const parsed = booksFileSchema.safeParse(JSON.parse(data.toString('utf8')));
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'schema');
      books = parsed.data;
    } catch (err) {
      throw new ApiError(400, 'invalid_backup', `recipes.json is not a list of recipe books: ${err instanceof Error ? err.message : String(err)}`);
    }
    const ours = this.shapes();
    const problem = recipeBackupProblem(ours, books);
    if (problem) {
      const what =
        problem.code === 'no_books'
          ? 'the backup holds no recipe book'
          : problem.code === 'book_missing'
            ? `the running project has no recipe book "${problem.book}"`
            : problem.code === 'fields_differ'
              ? `the fields of recipe book "${problem.book}" differ from the running project's`
              : `record "${problem.record}" of "${problem.book}": field ${problem.field}: ${problem.problem}`;
      throw new ApiError(409, 'recipe_mismatch', `The backup does not fit the running project: ${what}. Nothing was restored`);
    }
    const ids = new Map(ours.map((b) => [b.name, b.id]));
    const del = this.db.prepare('DELETE FROM recipe_records WHERE book_id = ?');
    const ins = this.db.prepare('INSERT INTO recipe_records (book_id, position, name, "values") VALUES (?, ?, ?, ?)');
    this.db.transaction(() => {
      for (const book of books) {
        const id = ids.get(book.name)!;
        del.run(id);
        book.records.forEach((r, i) => ins.run(id, i, r.name, JSON.stringify(r.values)));
      }
    })();
    return { books: books.map((b) => ({ name: b.name, records: b.records.length })) };
  }
}

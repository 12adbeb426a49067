/** Recipes on the device: the running project's books kept in SQLite (through restarts, replaced
 * with a new project), Clear, backups to a download and to the media, the listing of the media,
 * and restores that are checked whole before anything changes. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { entriesOf } from '../support/archives';
import { startTestDevice, makeDataDir, type TestDevice } from '../support/device';
import { multipartBody, type Part } from '../support/multipart';
import { projectPair, uploadParts } from '../support/projects';
import { jobSchema } from '../../contract/api/jobs';
import { backupsSchema, backupWrittenSchema, booksSchema, restoredSchema } from '../../contract/api/recipe';
import type { Project } from '../../contract/project-format';
import { RECIPE_MAX_RECORDS } from '../../contract/rules/recipe';

jest.setTimeout(30_000);

/** A tar.gz of the given entries. */
function archiveOf(entries: Record<string, Buffer | string>): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content);
    const header = Buffer.alloc(512);
    header.write(name, 0, 100, 'utf8');
    header.write('0000644\0', 100);
    header.write('0000000\0', 108);
    header.write('0000000\0', 116);
    header.write(data.length.toString(8).padStart(11, '0') + '\0', 124);
    header.write('00000000000\0', 136);
    header.write('        ', 148);
    header.write('0', 156);
    header.write('ustar\0', 257);
    header.write('00', 263);
    let sum = 0;
    for (const b of header) sum += b;
    header.write(sum.toString(8).padStart(6, '0') + '\0 ', 148);
    blocks.push(header, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return zlib.gzipSync(Buffer.concat(blocks));
}

/** A backup as the device writes it, edited: `edit` changes the books before the manifest is made;
 * `text` writes the books file (JSON.stringify by default), `manifestEdit` changes the manifest
 * made. */
function editedBackup(
  original: Map<string, Buffer>,
  edit: (books: Project['recipes']) => void,
  opts: { keepSha?: boolean; text?: (books: Project['recipes']) => string; manifestEdit?: (manifest: any) => void; manifestLast?: boolean } = {},
): Buffer {
  const manifest = JSON.parse(original.get('manifest.json')!.toString('utf8'));
  const books = JSON.parse(original.get('recipes.json')!.toString('utf8')) as Project['recipes'];
  edit(books);
  const recipes = Buffer.from((opts.text ?? JSON.stringify)(books));
  manifest.books = books.map((b) => ({ name: b.name, fields: b.fields, records: b.records.length }));
  if (!opts.keepSha) manifest.files['recipes.json'] = { size: recipes.length, sha256: crypto.createHash('sha256').update(recipes).digest('hex') };
  opts.manifestEdit?.(manifest);
  return opts.manifestLast
    ? archiveOf({ 'recipes.json': recipes, 'manifest.json': JSON.stringify(manifest) })
    : archiveOf({ 'manifest.json': JSON.stringify(manifest), 'recipes.json': recipes });
}

async function restoreUpload(t: TestDevice, token: string, content: Buffer, filename = 'recipes.cxob'): Promise<LightMyRequestResponse> {
  const parts: Part[] = [{ name: 'backup', filename, content }];
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({ method: 'POST', url: '/api/v1/recipe/restore', headers: { ...headers, authorization: `Bearer ${token}` }, payload });
}

function oplog(t: TestDevice, action: string) {
  return t.device.db.prepare('SELECT account, after_value, result FROM operation_log WHERE action = ? ORDER BY id').all(action) as Array<{
    account: string | null;
    after_value: string | null;
    result: string;
  }>;
}

describe('recipes', () => {
  let t: TestDevice;
  let admin: string;
  beforeAll(async () => {
    t = await startTestDevice();
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const books = async () => booksSchema.parse((await t.call('GET', '/api/v1/recipe/books', admin)).json());
  const bookId = async () => (await books()).books[0]!.id;
  const records = async (id: number, q = '') => (await t.call('GET', `/api/v1/recipe/books/${id}/records${q}`, admin)).json();
  const recordNames = async () => (await records(await bookId())).records.map((r: { name: string }) => r.name);
  const mediaDir = (m: string) => path.join(t.dataDir, 'media', m);

  it("lists the running project's books with their fields and record counts", async () => {
    expect(await books()).toEqual({
      project: 'Sample Bottling Line',
      books: [
        {
          id: expect.any(Number),
          name: 'Bottle sizes',
          fields: [
            { name: 'Volume_ml', data_type: 'uint16' },
            { name: 'Fill_time_ms', data_type: 'uint16' },
            { name: 'Label', data_type: 'string' },
          ],
          record_count: 3,
        },
      ],
    });
  });

  it('answers a book page by page, in order, and 404 for a book the project does not have', async () => {
    const id = await bookId();
    expect(await records(id)).toEqual({
      book_id: id,
      total: 3,
      offset: 0,
      records: [
        { position: 0, name: 'Small', values: { Volume_ml: 330, Fill_time_ms: 900, Label: 'S-330' } },
        { position: 1, name: 'Medium', values: { Volume_ml: 500, Fill_time_ms: 1300, Label: 'M-500' } },
        { position: 2, name: 'Large', values: { Volume_ml: 1000, Fill_time_ms: 2500, Label: 'L-1000' } },
      ],
    });
    expect((await records(id, '?offset=1&limit=1')).records.map((r: { name: string }) => r.name)).toEqual(['Medium']);
    const missing = await t.call('GET', `/api/v1/recipe/books/${id + 1000}/records`, admin);
    expect(missing.statusCode).toBe(404);
    expect((await t.call('POST', `/api/v1/recipe/books/${id + 1000}/clear`, admin)).json()).toMatchObject({ error_code: 'not_found' });
  });

  let download: Buffer;
  it('downloads every book as a .cxob: a manifest with the SHA-256 of the books file', async () => {
    const res = await t.call('GET', '/api/v1/recipe/backup', await t.login('update'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="recipes-sample-\d{8}-\d{6}\.cxob"$/);
    download = res.rawPayload;
    const entries = await entriesOf(download);
    expect([...entries.keys()]).toEqual(['manifest.json', 'recipes.json']);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
    const recipes = entries.get('recipes.json')!;
    expect(manifest).toMatchObject({
      format: 'hmi-recipe-backup',
      format_version: 1,
      device: { model: 'HMI-X1070' },
      project: { name: 'Sample Bottling Line' },
      books: [{ name: 'Bottle sizes', records: 3 }],
      files: { 'recipes.json': { size: recipes.length, sha256: crypto.createHash('sha256').update(recipes).digest('hex') } },
    });
    expect(JSON.parse(recipes.toString('utf8'))[0].records).toHaveLength(3);
    expect(oplog(t, 'backup_recipe').at(-1)).toMatchObject({ account: 'update', result: 'success' });
  });

  it("names and dates a backup by the panel's clock (Date and Time), not the host's", async () => {
    t.device.time.set('2030.01.02-03:04:05');
    try {
      const res = await t.call('GET', '/api/v1/recipe/backup', admin);
      expect(res.headers['content-disposition']).toMatch(/filename="recipes-sample-20300102-03040[5-9]\.cxob"/);
      const manifest = JSON.parse((await entriesOf(res.rawPayload)).get('manifest.json')!.toString('utf8'));
      expect(new Date(manifest.created_at).getFullYear()).toBe(2030);
    } finally {
      t.device.settings.set('time_offset_ms', 0);
    }
  });

  it('clears a book: its records go, its fields stay, the log names the book and the count', async () => {
    const id = await bookId();
    const res = await t.call('POST', `/api/v1/recipe/books/${id}/clear`, await t.login('update'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ book: 'Bottle sizes', cleared: 3 });
    expect((await books()).books[0]).toMatchObject({ name: 'Bottle sizes', record_count: 0 });
    expect(await records(id)).toMatchObject({ total: 0, records: [] });
    expect(JSON.parse(oplog(t, 'clear_recipe_book').at(-1)!.after_value!)).toEqual({ book_id: id, book: 'Bottle sizes', cleared: 3 });
  });

  it('restores a downloaded backup: every record back, in order', async () => {
    const res = await restoreUpload(t, admin, download);
    expect(res.statusCode).toBe(200);
    expect(restoredSchema.parse(res.json())).toEqual({ books: [{ name: 'Bottle sizes', records: 3 }] });
    expect(await recordNames()).toEqual(['Small', 'Medium', 'Large']);
    expect(oplog(t, 'restore_recipe').at(-1)).toMatchObject({ account: 'admin', result: 'success' });
  });

  describe('[BK-01] a restore that does not fit changes nothing', () => {
    let original: Map<string, Buffer>;
    beforeAll(async () => {
      // (The download of the test above, or its own when this block runs alone: npm run test:security.)
      download ??= (await t.call('GET', '/api/v1/recipe/backup', admin)).rawPayload;
      original = await entriesOf(download);
      // A state that differs from every backup below: one record.
      const id = await bookId();
      await t.call('POST', `/api/v1/recipe/books/${id}/clear`, admin);
      const one = editedBackup(original, (b) => b[0]!.records.splice(1));
      expect((await restoreUpload(t, admin, one)).statusCode).toBe(200);
      expect(await recordNames()).toEqual(['Small']);
    });

    it.each([
      ['a book the project does not have', (b: Project['recipes']) => b.push({ ...b[0]!, name: 'Cap colours' }), 'recipe_mismatch', 409],
      ['a book whose fields differ', (b: Project['recipes']) => b[0]!.fields.reverse(), 'recipe_mismatch', 409],
      ['a value that does not fit its field', (b: Project['recipes']) => (b[0]!.records[2]!.values.Volume_ml = 70000), 'recipe_mismatch', 409],
      ['a text in a number field', (b: Project['recipes']) => (b[0]!.records[1]!.values.Fill_time_ms = 'slow'), 'recipe_mismatch', 409],
      ['a field the book does not have', (b: Project['recipes']) => (b[0]!.records[0]!.values.Colour = 'red'), 'recipe_mismatch', 409],
    ])('%s', async (_what, edit, code, status) => {
      const res = await restoreUpload(t, admin, editedBackup(original, edit));
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ error_code: code });
      expect(await recordNames()).toEqual(['Small']);
      expect(oplog(t, 'restore_recipe').at(-1)).toMatchObject({ result: code });
    });

    it.each([
      ['a book twice', (b: Project['recipes']) => b.push(structuredClone(b[0]!)), {}, 'recipes.json holds recipe book "Bottle sizes" twice'],
      ['more records than its manifest counts', () => undefined, { manifestEdit: (m: any) => (m.books[0].records = 1) }, 'recipes.json: recipe book "Bottle sizes" holds more records than its manifest counts (1): the backup is damaged'],
      ['fewer records than its manifest counts', () => undefined, { manifestEdit: (m: any) => (m.books[0].records = 4) }, 'recipes.json: recipe book "Bottle sizes" holds 3 records where its manifest counts 4: the backup is damaged'],
      [
        'a manifest counting more records than a book holds at most',
        () => undefined,
        { manifestEdit: (m: any) => (m.books[0].records = RECIPE_MAX_RECORDS + 1) },
        expect.stringMatching(/^manifest\.json is not valid: books\.0\.records /),
      ],
      ['a manifest after the books', () => undefined, { manifestLast: true }, 'The file is not a recipe backup (no recipe manifest)'],
      [
        'records before the name and fields of their book',
        () => undefined,
        { text: (b: Project['recipes']) => JSON.stringify(b.map(({ records, ...rest }) => ({ records, ...rest }))) },
        'recipes.json: book 1 has no name and fields before its records',
      ],
      ['a record without a name', (b: Project['recipes']) => delete (b[0]!.records[1] as { name?: string }).name, {}, expect.stringMatching(/^recipes\.json: recipe book "Bottle sizes", record 2: name /)],
      ['a string longer than any field takes', (b: Project['recipes']) => (b[0]!.records[1]!.values.Label = 'x'.repeat(5000)), {}, expect.stringMatching(/^recipes\.json is not a backup the device takes: a string is longer than 4096 characters/)],
      ['books nested past the limits', () => undefined, { text: () => `[${'['.repeat(20)}${']'.repeat(20)}]` }, expect.stringMatching(/nests deeper than 8 levels/)],
    ])('UP-02 %s: refused as it is read (400 invalid_backup naming it)', async (_what, edit, opts, message) => {
      const res = await restoreUpload(t, admin, editedBackup(original, edit, opts));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'invalid_backup', message });
      expect(await recordNames()).toEqual(['Small']);
    });

    it('UP-02 a books file of [{},{},…] on a medium: refused at its first book, and listed without reading it', async () => {
      const manifest = JSON.parse(original.get('manifest.json')!.toString('utf8'));
      const junk = Buffer.from(`[${'{},'.repeat(2_000_000)}{}]`);
      manifest.files['recipes.json'] = { size: junk.length, sha256: crypto.createHash('sha256').update(junk).digest('hex') };
      fs.writeFileSync(path.join(mediaDir('usb'), 'junk.cxob'), archiveOf({ 'manifest.json': JSON.stringify(manifest), 'recipes.json': junk }));
      // An archive whose first entry unpacks to 64 MB of zeros: the listing stops at its header.
      fs.writeFileSync(path.join(mediaDir('usb'), 'zeros.cxob'), archiveOf({ 'zeros.bin': Buffer.alloc(64 * 1024 * 1024), 'manifest.json': JSON.stringify(manifest) }));
      try {
        const started = Date.now();
        const res = await t.call('POST', '/api/v1/recipe/restore-from-media', admin, { medium: 'usb', file_name: 'junk.cxob' });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error_code: 'invalid_backup', message: expect.stringMatching(/^recipes\.json: book 1: name /) });
        const list = backupsSchema.parse((await t.call('GET', '/api/v1/recipe/backups', admin)).json());
        const usb = Object.fromEntries(list.media.find((m) => m.medium === 'usb')!.backups.map((b) => [b.file_name, b.kind]));
        expect(usb).toMatchObject({ 'junk.cxob': 'recipe', 'zeros.cxob': 'unreadable' });
        expect(Date.now() - started).toBeLessThan(5000);
        expect(await recordNames()).toEqual(['Small']);
      } finally {
        for (const f of ['junk.cxob', 'zeros.cxob']) fs.rmSync(path.join(mediaDir('usb'), f));
      }
    });

    it('a books file whose SHA-256 is not the manifest’s (damaged)', async () => {
      const res = await restoreUpload(t, admin, editedBackup(original, (b) => b[0]!.records.pop(), { keepSha: true }));
      expect(res.json()).toMatchObject({ error_code: 'invalid_backup' });
      expect(res.statusCode).toBe(400);
      expect(await recordNames()).toEqual(['Small']);
    });

    it('a project backup, a truncated archive, a file that is not gzip', async () => {
      const project = await t.call('GET', '/api/v1/project/management/backup', admin);
      expect((await restoreUpload(t, admin, project.rawPayload)).json()).toMatchObject({ error_code: 'invalid_backup' });
      expect((await restoreUpload(t, admin, download.subarray(0, download.length - 40))).json()).toMatchObject({ error_code: 'invalid_backup' });
      const text = await restoreUpload(t, admin, Buffer.from('manifest.json'), 'recipes.cxob');
      expect(text.statusCode).toBe(415);
      expect(text.json()).toMatchObject({ error_code: 'unsupported_file_type' });
      expect(await recordNames()).toEqual(['Small']);
      // Nothing stays in the staging folder, nor in the spool of the records read.
      expect(fs.readdirSync(path.join(t.dataDir, 'project', 'incoming'))).toEqual([]);
      expect(fs.readdirSync(path.join(t.dataDir, 'recipe-restore'))).toEqual([]);
    });
  });

  it('writes a backup to the SD card and the USB stick, and lists what each holds', async () => {
    // The hidden part of a write the device never finished (killed in the middle of it): the next
    // write to that medium removes it.
    fs.writeFileSync(path.join(mediaDir('sd'), '.recipes-Line-20260101-000000.cxob.part'), 'half of a backup');
    const res = await t.call('POST', '/api/v1/recipe/backup/media', admin, { medium: 'sd' });
    expect(res.statusCode).toBe(200);
    const written = backupWrittenSchema.parse(res.json());
    expect(written).toMatchObject({ medium: 'sd', books: 1, records: 1 });
    expect(fs.readdirSync(mediaDir('sd'))).toEqual([written.file_name]);
    // A second one at the same second gets a name of its own.
    const again = backupWrittenSchema.parse((await t.call('POST', '/api/v1/recipe/backup/media', admin, { medium: 'sd' })).json());
    expect(again.file_name).not.toBe(written.file_name);
    fs.rmSync(path.join(mediaDir('sd'), again.file_name));

    // Beside it on the USB stick: a project backup, a damaged file, a backup of other books.
    fs.writeFileSync(path.join(mediaDir('usb'), 'line.cxob'), (await t.call('GET', '/api/v1/project/management/backup', admin)).rawPayload);
    fs.writeFileSync(path.join(mediaDir('usb'), 'broken.cxob'), 'not an archive');
    const original = await entriesOf(download);
    fs.writeFileSync(path.join(mediaDir('usb'), 'other.cxob'), editedBackup(original, (b) => (b[0]!.name = 'Cap colours')));
    fs.writeFileSync(path.join(mediaDir('usb'), 'notes.txt'), 'ignored');

    const list = backupsSchema.parse((await t.call('GET', '/api/v1/recipe/backups', await t.login('update'))).json());
    const sd = list.media.find((m) => m.medium === 'sd')!;
    expect(sd).toMatchObject({ present: true, backups: [{ file_name: written.file_name, kind: 'recipe', project: 'Sample Bottling Line', books: [{ name: 'Bottle sizes', records: 1 }], problem: null }] });
    const usb = list.media.find((m) => m.medium === 'usb')!;
    const byName = Object.fromEntries(usb.backups.map((b) => [b.file_name, b]));
    expect(Object.keys(byName).sort()).toEqual(['broken.cxob', 'line.cxob', 'other.cxob']);
    expect(byName['line.cxob']).toMatchObject({ kind: 'project', problem: null, books: [] });
    expect(byName['broken.cxob']).toMatchObject({ kind: 'unreadable', problem: null });
    expect(byName['other.cxob']).toMatchObject({ kind: 'recipe', problem: { code: 'book_missing', book: 'Cap colours' } });
  });

  it('restores from a medium, and refuses what does not fit with nothing changed', async () => {
    const id = await bookId();
    await t.call('POST', `/api/v1/recipe/books/${id}/clear`, admin);
    const refused = await t.call('POST', '/api/v1/recipe/restore-from-media', admin, { medium: 'usb', file_name: 'other.cxob' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error_code: 'recipe_mismatch' });
    expect(await recordNames()).toEqual([]);
    const missing = await t.call('POST', '/api/v1/recipe/restore-from-media', admin, { medium: 'usb', file_name: 'gone.cxob' });
    expect(missing.statusCode).toBe(404);

    const sdFile = fs.readdirSync(mediaDir('sd'))[0]!;
    const res = await t.call('POST', '/api/v1/recipe/restore-from-media', await t.login('update'), { medium: 'sd', file_name: sdFile });
    expect(res.statusCode).toBe(200);
    expect(await recordNames()).toEqual(['Small']);
    expect(JSON.parse(oplog(t, 'restore_recipe').at(-1)!.after_value!)).toMatchObject({ medium: 'sd', file: sdFile, books: [{ name: 'Bottle sizes', records: 1 }] });
  });

  it('a medium that is not in: listed absent, a backup to it refused', async () => {
    fs.rmSync(mediaDir('sd'), { recursive: true });
    const list = backupsSchema.parse((await t.call('GET', '/api/v1/recipe/backups', admin)).json());
    expect(list.media.find((m) => m.medium === 'sd')).toEqual({ medium: 'sd', present: false, backups: [] });
    const res = await t.call('POST', '/api/v1/recipe/backup/media', admin, { medium: 'sd' });
    expect(res.statusCode).toBe(404);
    expect(oplog(t, 'backup_recipe_to_media').at(-1)).toMatchObject({ result: 'not_found' });
    fs.mkdirSync(mediaDir('sd'));
  });
});

describe('recipes and the project', () => {
  it('keep their records through a restart, and a new project brings its own books', async () => {
    const dataDir = makeDataDir();
    let t = await startTestDevice({ dataDir });
    try {
      let admin = await t.login('admin');
      const id = booksSchema.parse((await t.call('GET', '/api/v1/recipe/books', admin)).json()).books[0]!.id;
      await t.call('POST', `/api/v1/recipe/books/${id}/clear`, admin);
      await t.app.close();

      t = await startTestDevice({ dataDir });
      admin = await t.login('admin');
      expect(booksSchema.parse((await t.call('GET', '/api/v1/recipe/books', admin)).json()).books[0]).toMatchObject({ name: 'Bottle sizes', record_count: 0 });

      const pair = projectPair({ name: 'Caps' }, (p) => {
        p.name = 'Cap line';
        p.recipes = [{ name: 'Cap colours', fields: [{ name: 'Colour', data_type: 'string' }], records: [{ name: 'Red', values: { Colour: 'red' } }] }];
      });
      const { payload, headers } = multipartBody(uploadParts(pair));
      const started = await t.app.inject({ method: 'POST', url: '/api/v1/project/management/update', headers: { ...headers, authorization: `Bearer ${admin}` }, payload });
      expect(started.statusCode).toBe(202);
      let job = jobSchema.parse((await t.call('GET', `/api/v1/jobs/${started.json().job_id}`, admin)).json());
      for (let i = 0; i < 400 && job.state === 'running'; i++) {
        await new Promise((r) => setTimeout(r, 10));
        job = jobSchema.parse((await t.call('GET', `/api/v1/jobs/${job.id}`, admin)).json());
      }
      expect(job.state).toBe('done');
      const after = booksSchema.parse((await t.call('GET', '/api/v1/recipe/books', admin)).json());
      expect(after).toMatchObject({ project: 'Cap line', books: [{ name: 'Cap colours', record_count: 1 }] });
      // The previous project's books are gone with it.
      expect(t.device.db.prepare('SELECT COUNT(*) FROM recipe_books').pluck().get()).toBe(1);
    } finally {
      await t.close();
    }
  });
});

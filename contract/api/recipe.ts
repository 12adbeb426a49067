import { z } from 'zod';
import { defineCall, type UploadDef } from './define';
import { RECIPE_ROUTES } from './recipe.routes';
import { MEDIA } from '../media';
import { DATA_TYPES } from '../project-format';
import { RECIPE_BACKUP_PROBLEMS } from '../rules/recipe';

/** The most records one page of a book answers (specification §9: up to 1000 records per
 * view; docs/decisions.md#views-and-exports). */
export const RECIPE_PAGE_MAX = 1000;

export const recipeFieldSchema = z.object({ name: z.string(), data_type: z.enum(DATA_TYPES) });

export const recipeBookSchema = z
  .object({
    id: z.number().int().min(1),
    name: z.string(),
    fields: z.array(recipeFieldSchema),
    record_count: z.number().int().min(0),
  })
  .meta({ id: 'RecipeBook' });

export const booksSchema = z
  .object({
    /** The project the books belong to: a new project brings its own books and records. */
    project: z.string(),
    books: z.array(recipeBookSchema),
  })
  .meta({ id: 'RecipeBooks' });

export const books = defineCall({
  ...RECIPE_ROUTES.books,
  tag: 'recipe',
  summary: "The running project's recipe books: fields and how many records each holds",
  access: { kind: 'menu', menu: 'recipe' },
  response: booksSchema,
});

const bookId = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const recipeRecordSchema = z.object({
  /** The record's place in its book, from 0. */
  position: z.number().int().min(0),
  name: z.string(),
  values: z.record(z.string(), z.union([z.number(), z.string()])),
});

export const records = defineCall({
  ...RECIPE_ROUTES.records,
  tag: 'recipe',
  summary: `One page of a recipe book's records, in order (at most ${RECIPE_PAGE_MAX})`,
  access: { kind: 'menu', menu: 'recipe' },
  params: bookId,
  query: z.object({
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(RECIPE_PAGE_MAX).default(100),
  }),
  response: z
    .object({ book_id: z.number().int(), total: z.number().int().min(0), offset: z.number().int().min(0), records: z.array(recipeRecordSchema) })
    .meta({ id: 'RecipeRecords' }),
});

export const clear = defineCall({
  ...RECIPE_ROUTES.clear,
  tag: 'recipe',
  summary: 'Removes every record of a recipe book (its fields stay)',
  access: { kind: 'menu', menu: 'recipe' },
  params: bookId,
  response: z.object({ book: z.string(), cleared: z.number().int().min(0) }).meta({ id: 'RecipeCleared' }),
  audit: { action: 'clear_recipe_book', target: 'recipe' },
});

export const backup = defineCall({
  ...RECIPE_ROUTES.backup,
  tag: 'recipe',
  summary: 'Every recipe book of the running project as a .cxob backup (a tar.gz of a manifest and the books)',
  access: { kind: 'menu', menu: 'backup_recipe' },
  download: { contentType: 'application/octet-stream' },
  response: z.custom<Blob>(() => true),
  audit: { action: 'backup_recipe', target: 'recipe' },
});

/** A backup file's name on a medium, as found there: no path, no leading dot. */
export const backupFileName = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9 ._()-]+\.cxob$/i)
  .refine((n) => !n.startsWith('.'), 'must not start with a dot');

export const backupWrittenSchema = z
  .object({ medium: z.enum(MEDIA), file_name: z.string(), size: z.number().int().min(0), books: z.number().int().min(0), records: z.number().int().min(0) })
  .meta({ id: 'RecipeBackupWritten' });

export const backupToMedia = defineCall({
  ...RECIPE_ROUTES.backupToMedia,
  tag: 'recipe',
  summary: 'Writes the recipe backup (.cxob) to the USB stick or the SD card',
  access: { kind: 'menu', menu: 'backup_recipe' },
  body: z.object({ medium: z.enum(MEDIA) }),
  response: backupWrittenSchema,
  audit: { action: 'backup_recipe_to_media', target: 'recipe' },
});

export const RECIPE_BACKUP_KINDS = ['recipe', 'project', 'unreadable'] as const;

export const mediaBackupSchema = z.object({
  file_name: z.string(),
  size: z.number().int().min(0),
  modified_at: z.iso.datetime(),
  /** What the file holds by its content: a recipe backup, a project backup, or neither. */
  kind: z.enum(RECIPE_BACKUP_KINDS),
  /** From a recipe backup's manifest. */
  created_at: z.iso.datetime().nullable(),
  project: z.string().nullable(),
  books: z.array(z.object({ name: z.string(), records: z.number().int().min(0) })),
  /** Why it cannot be restored into the running project (books or fields that differ), or null. */
  problem: z
    .object({ code: z.enum(RECIPE_BACKUP_PROBLEMS), book: z.string().optional() })
    .nullable(),
});

export const backupsSchema = z
  .object({
    media: z.array(z.object({ medium: z.enum(MEDIA), present: z.boolean(), backups: z.array(mediaBackupSchema) })),
  })
  .meta({ id: 'RecipeBackups' });

export const backups = defineCall({
  ...RECIPE_ROUTES.backups,
  tag: 'recipe',
  summary: 'The .cxob files on the USB stick and the SD card: which are recipe backups, and whether each fits the running project',
  access: { kind: 'menu', menu: 'backup_recipe' },
  response: backupsSchema,
});

export const restoredSchema = z
  .object({ books: z.array(z.object({ name: z.string(), records: z.number().int().min(0) })) })
  .meta({ id: 'RecipeRestored' });

export const restoreFromMedia = defineCall({
  ...RECIPE_ROUTES.restoreFromMedia,
  tag: 'recipe',
  summary:
    'Restores a recipe backup from the USB stick or the SD card: checked whole first (format, checksums, books, fields, values), then every book of the backup replaced in one transaction, or nothing',
  access: { kind: 'menu', menu: 'backup_recipe' },
  body: z.object({ medium: z.enum(MEDIA), file_name: backupFileName }),
  response: restoredSchema,
  audit: { action: 'restore_recipe', target: 'recipe' },
});

/** The part of a restore from a file of the computer. */
export const recipeBackupUpload = {
  files: {
    backup: { summary: 'A recipe backup (.cxob) made by this device or another of its model', accept: ['.cxob'], required: true },
  },
} satisfies UploadDef;

export const restore = defineCall({
  ...RECIPE_ROUTES.restore,
  tag: 'recipe',
  summary: 'Restores a recipe backup uploaded from the computer (multipart `backup`), checked whole first, all or nothing',
  access: { kind: 'menu', menu: 'backup_recipe' },
  upload: recipeBackupUpload,
  response: restoredSchema,
  audit: { action: 'restore_recipe', target: 'recipe' },
});

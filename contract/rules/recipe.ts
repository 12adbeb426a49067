/** Recipe rules: what a recipe record's value may be for its field's data type, and whether a
 * recipe backup fits the running project. The device runs them before a restore changes anything
 * and when it lists the backups on the media (so the console can say which ones fit before the
 * user picks one). Zod-free: the console imports the problem codes. */
import type { DATA_TYPES } from '../project-format';

export type RecipeDataType = (typeof DATA_TYPES)[number];

export interface RecipeField {
  name: string;
  data_type: RecipeDataType;
}

export interface RecipeBookShape {
  name: string;
  fields: readonly RecipeField[];
}

export interface RecipeBookData extends RecipeBookShape {
  records: readonly { name: string; values: Readonly<Record<string, number | string>> }[];
}

const INTEGER_RANGES: Partial<Record<RecipeDataType, readonly [number, number]>> = {
  bit: [0, 1],
  int16: [-32768, 32767],
  uint16: [0, 65535],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
};

/** The longest text a string field holds (a panel's string tag holds up to 255 words). */
export const RECIPE_STRING_MAX = 510;

/** The records one recipe book holds at most: in a project, and in a backup restored. */
export const RECIPE_MAX_RECORDS = 100_000;

export type RecipeValueProblem = 'not_a_number' | 'not_an_integer' | 'out_of_range' | 'not_a_text' | 'too_long';

/** What is wrong with `value` for a field of `dataType`, or null. */
export function recipeValueProblem(dataType: RecipeDataType, value: unknown): RecipeValueProblem | null {
  if (dataType === 'string') {
    if (typeof value !== 'string') return 'not_a_text';
    return value.length > RECIPE_STRING_MAX ? 'too_long' : null;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'not_a_number';
  if (dataType === 'float') return Math.abs(value) > 3.4028234663852886e38 ? 'out_of_range' : null;
  if (!Number.isInteger(value)) return 'not_an_integer';
  const [min, max] = INTEGER_RANGES[dataType]!;
  return value < min || value > max ? 'out_of_range' : null;
}

/** Why a backup does not fit the running project's recipe books: a book the project does not
 * have, a book whose fields (names, types, order) differ, or a record whose value does not fit
 * its field. */
export type RecipeBackupProblem =
  | { code: 'no_books' }
  | { code: 'book_missing'; book: string }
  | { code: 'fields_differ'; book: string }
  | { code: 'bad_value'; book: string; record: string; field: string; problem: RecipeValueProblem | 'unknown_field' };

export const RECIPE_BACKUP_PROBLEMS = ['no_books', 'book_missing', 'fields_differ', 'bad_value'] as const;

function sameFields(a: readonly RecipeField[], b: readonly RecipeField[]): boolean {
  return a.length === b.length && a.every((f, i) => f.name === b[i]!.name && f.data_type === b[i]!.data_type);
}

/** Whether the books' names and fields fit the project (checked without the records: what a
 * backup's manifest tells). */
export function recipeBooksProblem(project: readonly RecipeBookShape[], backup: readonly RecipeBookShape[]): RecipeBackupProblem | null {
  if (backup.length === 0) return { code: 'no_books' };
  const byName = new Map(project.map((b) => [b.name, b]));
  for (const book of backup) {
    const ours = byName.get(book.name);
    if (!ours) return { code: 'book_missing', book: book.name };
    if (!sameFields(ours.fields, book.fields)) return { code: 'fields_differ', book: book.name };
  }
  return null;
}

/** Why one record of `book` (a book that fits the project) cannot be restored, or null. A
 * restore reads the records one at a time and checks each as it is read. */
export function recipeRecordProblem(book: RecipeBookShape, record: RecipeBookData['records'][number]): RecipeBackupProblem | null {
  for (const [field, value] of Object.entries(record.values)) {
    const type = book.fields.find((f) => f.name === field)?.data_type;
    const problem = type ? recipeValueProblem(type, value) : 'unknown_field';
    if (problem) return { code: 'bad_value', book: book.name, record: record.name, field, problem };
  }
  return null;
}

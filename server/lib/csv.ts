/**
 * The one cell writer of every CSV the device exports: the event log, the operation log, the data
 * logs (header and values), and the data backups that hold them.
 *
 * A text cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return would be run as a
 * formula by a spreadsheet (quoting does not stop it): it gets a leading single quote (OWASP's
 * rule for CSV injection), then the usual quoting. What the device writes as numbers (values, ids,
 * counts, negative numbers) stays as it is, and so does a text that is exactly a plain decimal
 * number (`-5`, `3.25`): a spreadsheet reads it as that number and runs nothing. Times are ISO 8601
 * and start with a digit.
 */

/** The first characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;
const NEEDS_QUOTES = /[",\n\r]/;

/** A text as a spreadsheet may open it: with a leading single quote when it starts a formula. */
export function neutralisedText(s: string): string {
  return FORMULA_START.test(s) && !PLAIN_DECIMAL.test(s) ? `'${s}` : s;
}

/** One cell: nothing for null, numbers and booleans as they are, objects as JSON text, texts
 * neutralised; quoted when it holds a quote, a comma or a line end. */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  const s = neutralisedText(typeof v === 'object' ? JSON.stringify(v) : String(v));
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A line of cells, with its line end. */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\n`;
}

/**
 * The contacts as CSV: `name,address,groups` (group names separated by `;`), written with the
 * device's one cell writer (server/lib/csv.ts: no cell a spreadsheet runs as a formula) and read
 * back by a small RFC 4180 reader (quotes, doubled quotes, line ends inside quotes).
 */
import { csvLine } from '../../lib/csv';
import { ApiError } from '../../lib/api-error';
import type { Contact, Group } from './contacts';

export const CONTACTS_CSV_HEADER = ['name', 'address', 'groups'] as const;
/** The largest contacts file read (500 contacts fit many times over). */
export const CONTACTS_CSV_MAX_BYTES = 256 * 1024;

export function contactsCsv(contacts: readonly Contact[], groups: readonly Group[]): string {
  const nameOf = new Map(groups.map((g) => [g.id, g.name]));
  return csvLine([...CONTACTS_CSV_HEADER]) + contacts.map((c) => csvLine([c.name, c.address, c.groups.map((g) => nameOf.get(g) ?? '').join(';')])).join('');
}

/** The cells of a CSV text, row by row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const bad = () => new ApiError(400, 'email_csv_invalid', 'The contacts file is not a CSV the device can read (a quote is not closed)');
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      cell += ch;
      i++;
      continue;
    }
    if (ch === '"' && cell === '') {
      quoted = true;
    } else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else {
      cell += ch;
    }
    i++;
  }
  if (quoted) throw bad();
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0]!.trim() === ''));
}

/** The leading quote the export put before a text a spreadsheet would run, taken off again. */
const unneutralised = (s: string) => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s);

/** The contacts of a file the export wrote (its header first). */
export function readContactsCsv(bytes: Buffer): { name: string; address: string; groups: string[] }[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new ApiError(400, 'email_csv_invalid', 'The contacts file is not UTF-8 text');
  }
  const rows = parseCsv(text);
  const header = rows.shift()?.map((h) => h.trim().toLowerCase());
  if (!header || CONTACTS_CSV_HEADER.some((h, i) => header[i] !== h)) {
    throw new ApiError(400, 'email_csv_invalid', `The contacts file must start with the header ${CONTACTS_CSV_HEADER.join(',')}`);
  }
  return rows.map((r, i) => {
    if (r.length < 2 || r.length > 3) throw new ApiError(400, 'email_csv_invalid', `Row ${i + 1} of the contacts file does not have the columns ${CONTACTS_CSV_HEADER.join(',')}`);
    return {
      name: unneutralised(r[0]!),
      address: unneutralised(r[1]!),
      groups: (r[2] ?? '')
        .split(';')
        .map((g) => unneutralised(g.trim()))
        .filter((g) => g !== ''),
    };
  });
}

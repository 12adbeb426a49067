/**
 * Reading a log table newest first (the event log, the operation log): a WHERE clause built from
 * fixed SQL fragments with the request's values as parameters only, pages by id with a cursor, and
 * the whole filter as CSV, a page at a time as the reader takes it (nothing holds the database
 * between pages, and memory stays flat whatever the size).
 */
import { Readable } from 'node:stream';
import type { Db } from '../db/database';

/** A WHERE clause: each condition a fragment written in the code, its values bound. */
export class Where {
  private readonly parts: string[] = [];
  readonly params: unknown[] = [];

  add(fragment: string, ...params: unknown[]): this {
    this.parts.push(fragment);
    this.params.push(...params);
    return this;
  }

  get sql(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }

  /** The clause with one more condition (the pages' cursor). */
  and(fragment: string): string {
    return this.parts.length ? `${this.sql} AND ${fragment}` : `WHERE ${fragment}`;
  }
}

/** Rows of a CSV export read per page. */
const CSV_PAGE = 2000;

/** A table with an integer `id` that only grows, read newest first. `table` is a name written in
 * the code, never one from a request. */
export class NewestFirst<Row extends { id: number }> {
  constructor(
    private readonly db: Db,
    private readonly table: string,
  ) {}

  count(w: Where): number {
    return this.db.prepare(`SELECT COUNT(*) FROM ${this.table} ${w.sql}`).pluck().get(...w.params) as number;
  }

  /** Up to `limit` rows from `cursor` (an id, inclusive) down, with the cursor of the next page. */
  page(w: Where, limit: number, cursor?: number): { total: number; rows: Row[]; next_cursor: string | null } {
    const rows = this.db
      .prepare(`SELECT * FROM ${this.table} ${cursor === undefined ? w.sql : w.and('id <= ?')} ORDER BY id DESC LIMIT ?`)
      .all(...w.params, ...(cursor === undefined ? [] : [cursor]), limit + 1) as Row[];
    const more = rows.length > limit;
    const kept = more ? rows.slice(0, limit) : rows;
    return { total: this.count(w), rows: kept, next_cursor: more ? String(kept[kept.length - 1]!.id - 1) : null };
  }

  /** Every row of the filter as CSV, newest first: `header`, then `line(row)` per row. */
  csv(w: Where, header: string, line: (row: Row) => string): { count: number; stream: Readable } {
    const stmt = this.db.prepare(`SELECT * FROM ${this.table} ${w.and('id < ?')} ORDER BY id DESC LIMIT ?`);
    let before = Number.MAX_SAFE_INTEGER;
    let head = header;
    let done = false;
    const stream = new Readable({
      read() {
        let out = head;
        head = '';
        if (!done) {
          const rows = stmt.all(...w.params, before, CSV_PAGE) as Row[];
          for (const r of rows) out += line(r);
          if (rows.length < CSV_PAGE) done = true;
          else before = rows[rows.length - 1]!.id;
        }
        if (out) this.push(out);
        if (done) this.push(null);
      },
    });
    return { count: this.count(w), stream };
  }
}

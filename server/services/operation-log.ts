import type { Readable } from 'node:stream';
import { csvLine } from '../lib/csv';
import { NewestFirst, Where } from '../lib/newest-first';
import type { z } from 'zod';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { maskSecrets } from '../lib/mask';
import type { AuditAction, AuditTarget } from '../../contract/audit';

export interface OperationRecord {
  account: string | null;
  source: string;
  action: AuditAction;
  target: AuditTarget;
  before?: unknown;
  after?: unknown;
  /** The schema `before` and `after` follow: the values it marks as secret are masked, every
   * other value is kept. Null for values no schema describes (nothing in them is secret). */
  values: z.core.$ZodType | null;
  /** 'success' or the error code of the answer. */
  result: string;
}

/** Refused sign-ins from one address are one row per this window: the first writes the row, the
 * next ones count on it (`repeat_count`, `repeat_last_at`, `repeat_results`). */
export const FAILED_SIGN_IN_WINDOW_MS = 10 * 60_000;
/** The count of an open row is written at most this often while attempts keep coming (and when
 * the log is flushed): a flood costs memory, not a write per attempt. */
export const FAILED_SIGN_IN_FLUSH_MS = 5_000;
/** Addresses with an open row kept in memory; past this the least recently seen is written and
 * forgotten (its next failure opens a new row). */
export const MAX_OPEN_FAILURE_ROWS = 10_000;
/** Retention runs after this many rows are written, besides its periodic run. */
export const PRUNE_EVERY_INSERTS = 100;

export interface Retention {
  rows: number;
  days: number;
}

interface OpenFailureRow {
  id: number;
  startedAt: number;
  lastAt: number;
  count: number;
  /** The count the row holds in the database. */
  written: number;
  writtenAt: number;
  results: Record<string, number>;
}

export class OperationLog {
  private readonly insert;
  private readonly updateRepeats;
  private readonly deleteOlder;
  private readonly nthNewestId;
  private readonly deleteUpTo;
  /** Open failed-sign-in rows by source address, least recently seen first. */
  private readonly open = new Map<string, OpenFailureRow>();
  private inserts = 0;
  private afterInserts: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly retention: () => Retention = () => ({ rows: Number.MAX_SAFE_INTEGER, days: 36_500 }),
  ) {
    this.insert = db.prepare(
      `INSERT INTO operation_log (at, account, source, action, target, before_value, after_value, result)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.updateRepeats = db.prepare('UPDATE operation_log SET repeat_count = ?, repeat_last_at = ?, repeat_results = ? WHERE id = ?');
    this.deleteOlder = db.prepare('DELETE FROM operation_log WHERE at < ?');
    this.nthNewestId = db.prepare('SELECT id FROM operation_log ORDER BY id DESC LIMIT 1 OFFSET ?').pluck();
    this.deleteUpTo = db.prepare('DELETE FROM operation_log WHERE id <= ?');
  }

  record(r: OperationRecord): void {
    if (r.action === 'login' && r.result !== 'success') this.recordFailedSignIn(r);
    else this.write(r);
  }

  /** Runs `task` after every PRUNE_EVERY_INSERTS rows written (the retention, cheaply on insert). */
  onInserts(task: () => void): void {
    this.afterInserts = task;
  }

  /** Writes the counts of the open rows and forgets the rows whose window has ended. */
  flush(): void {
    const now = this.clock.now();
    for (const [source, row] of this.open) {
      this.writeRepeats(row, now);
      if (now - row.startedAt >= FAILED_SIGN_IN_WINDOW_MS) this.open.delete(source);
    }
  }

  /** Removes the rows past the retention (older than its days, beyond its row count, the oldest
   * first) and, when anything went, writes one row saying what: the operation log's rows and any
   * `extra` counts (other tables pruned at the same time). Answers the operation log rows removed. */
  prune(extra: Record<string, number> = {}): number {
    const { rows, days } = this.retention();
    const now = this.clock.now();
    const removed = this.db.transaction(() => {
      let n = this.deleteOlder.run(new Date(now - days * 24 * 60 * 60_000).toISOString()).changes;
      // Room for the row this pruning writes: the log holds `rows` rows afterwards.
      const boundary = this.nthNewestId.get(Math.max(0, rows - 1)) as number | undefined;
      if (boundary !== undefined) n += this.deleteUpTo.run(boundary).changes;
      return n;
    })();
    const other = Object.fromEntries(Object.entries(extra).filter(([, v]) => v > 0));
    if (removed > 0 || Object.keys(other).length > 0) {
      this.write({
        account: null,
        source: 'device',
        action: 'operation_log_pruned',
        target: 'operation_log',
        after: { removed: { operation_log: removed, ...other }, retention: { rows, days } },
        values: null,
        result: 'success',
      });
    }
    return removed;
  }

  private write(r: OperationRecord): number {
    const json = (v: unknown) => (v === undefined ? null : JSON.stringify(maskSecrets(v, r.values)));
    const id = Number(
      this.insert.run(new Date(this.clock.now()).toISOString(), r.account, r.source, r.action, r.target, json(r.before), json(r.after), r.result)
        .lastInsertRowid,
    );
    this.inserts += 1;
    if (this.afterInserts && this.inserts % PRUNE_EVERY_INSERTS === 0) this.afterInserts();
    return id;
  }

  /** One row per address and window: the first refusal writes it, the next ones count on it. */
  private recordFailedSignIn(r: OperationRecord): void {
    const now = this.clock.now();
    const open = this.open.get(r.source);
    if (open) {
      this.open.delete(r.source);
      if (now - open.startedAt < FAILED_SIGN_IN_WINDOW_MS) {
        open.count += 1;
        open.lastAt = now;
        open.results[r.result] = (open.results[r.result] ?? 0) + 1;
        this.open.set(r.source, open);
        if (now - open.writtenAt >= FAILED_SIGN_IN_FLUSH_MS && !this.writeRepeats(open, now)) this.open.delete(r.source);
        return;
      }
      this.writeRepeats(open, now);
    }
    if (this.open.size >= MAX_OPEN_FAILURE_ROWS) {
      const [oldestSource, oldest] = this.open.entries().next().value!;
      this.writeRepeats(oldest, now);
      this.open.delete(oldestSource);
    }
    const id = this.write(r);
    this.open.set(r.source, { id, startedAt: now, lastAt: now, count: 1, written: 1, writtenAt: now, results: { [r.result]: 1 } });
  }

  /** Writes the row's count if it changed. False when the row is gone (pruned meanwhile). */
  private writeRepeats(row: OpenFailureRow, now: number): boolean {
    if (row.count === row.written) return true;
    const changed = this.updateRepeats.run(row.count, new Date(row.lastAt).toISOString(), JSON.stringify(row.results), row.id).changes;
    row.written = row.count;
    row.writtenAt = now;
    return changed > 0;
  }
}

/** What the Operation Log screen asks for. */
export interface OperationFilter {
  from?: number;
  to?: number;
  /** An account, or `device` for the device's own rows. */
  account?: string;
  action?: string;
  result?: 'success' | 'failure';
}

interface OperationRow {
  id: number;
  at: string;
  account: string | null;
  source: string;
  action: string;
  target: string;
  before_value: string | null;
  after_value: string | null;
  result: string;
  repeat_count: number;
  repeat_last_at: string | null;
  repeat_results: string | null;
}

function operationOf(r: OperationRow) {
  return {
    id: r.id,
    at: r.at,
    account: r.account,
    source: r.source,
    action: r.action,
    target: r.target,
    before: r.before_value === null ? null : (JSON.parse(r.before_value) as unknown),
    after: r.after_value === null ? null : (JSON.parse(r.after_value) as unknown),
    result: r.result,
    repeat_count: r.repeat_count,
    repeat_last_at: r.repeat_last_at,
    repeat_results: r.repeat_results === null ? null : (JSON.parse(r.repeat_results) as Record<string, number>),
  };
}

export const OPERATION_CSV_HEADER = 'id,at,account,source,action,target,result,repeat_count,repeat_last_at,before,after\n';

/** Reads the operation log (its rows are written masked: what is read is what may be shown). */
export class OperationLogReader {
  private readonly rows: NewestFirst<OperationRow>;

  constructor(db: Db) {
    this.rows = new NewestFirst<OperationRow>(db, 'operation_log');
  }

  private where(f: OperationFilter): Where {
    const w = new Where();
    if (f.from !== undefined) w.add('at >= ?', new Date(f.from).toISOString());
    if (f.to !== undefined) w.add('at <= ?', new Date(f.to).toISOString());
    if (f.account === 'device') w.add('account IS NULL');
    else if (f.account !== undefined) w.add('account = ?', f.account);
    if (f.action !== undefined) w.add('action = ?', f.action);
    if (f.result === 'success') w.add("result = 'success'");
    if (f.result === 'failure') w.add("result != 'success'");
    return w;
  }

  list(f: OperationFilter, limit: number, cursor?: number) {
    const { total, rows, next_cursor } = this.rows.page(this.where(f), limit, cursor);
    return { total, entries: rows.map(operationOf), next_cursor };
  }

  csv(f: OperationFilter): { count: number; stream: Readable } {
    return this.rows.csv(this.where(f), OPERATION_CSV_HEADER, (r) =>
      csvLine([r.id, r.at, r.account ?? 'device', r.source, r.action, r.target, r.result, r.repeat_count, r.repeat_last_at, r.before_value, r.after_value]),
    );
  }
}

/**
 * The running project's data logs (docs/decisions.md#the-simulated-panel): records sampled from the
 * tags into SQLite, kept to each log's `max_records` (the oldest go first), and read back as
 * trends, pages and CSV.
 *
 * A trend over any range answers at most `points` points per tag without reading every record:
 * besides the records, each log keeps summary blocks of DATALOG_FANOUT^level consecutive records
 * (level 1 = 8 records, level 2 = 64, …), each with its first and last time and the min, max and
 * last value of every tag. A block is written when its last record is, from its children (the
 * records, or the blocks one level down), in the same transaction. A range of N records is then
 * read as whole blocks of the largest size that fits in one bucket of N / points records, with
 * records and smaller blocks at its two ends: between `points` and DATALOG_FANOUT × `points` rows,
 * whatever N is. The min and max of every bucket are exact, so a one-sample spike shows at any zoom.
 *
 * Times are the device's clock (host clock plus the Date and Time offset) in milliseconds. A
 * record is never stamped before the one before it (the clock set back holds the stamps until it
 * catches up), so a log's times grow with its record numbers and a time is found by bisection.
 */
import { Readable } from 'node:stream';
import type { Db } from '../db/database';
import type { Project } from '../../contract/project-format';
import type { ResponseOf } from '../../contract/api/define';
import type { logs as logsCall, records as recordsCall, trend as trendCall } from '../../contract/api/data';
import type { TagValue } from './tag-values';
import { csvCell } from '../lib/csv';

export const DATALOG_FANOUT = 8;
/** 8^9 = 134 million records: more than a log may hold (max_records ≤ 10 million). */
export const DATALOG_MAX_LEVEL = 9;
/** Records per page of the CSV export (read by record number, so no read holds the database). */
const EXPORT_PAGE = 5000;
const DAY_MS = 86_400_000;

/** What the calls answer (the contract's schemas). */
export type DataLogInfo = ResponseOf<typeof logsCall>[number];
export type Trend = ResponseOf<typeof trendCall>;
export type TrendPoint = Trend['series'][number]['points'][number];
export type RecordsPage = ResponseOf<typeof recordsCall>;

interface LogRow {
  id: number;
  project_id: number | null;
  active: number;
  position: number;
  name: string;
  sample_period_s: number;
  tags: string;
  max_records: number;
}

/** Where a log's records stand, kept in memory and read from the database at first use. */
interface LogState {
  id: number;
  tags: string[];
  maxRecords: number;
  /** Number of the oldest record kept, and the next record's; equal while empty. */
  firstSeq: number;
  nextSeq: number;
  lastT: number;
}

/** One unit of a trend: a record (level 0) or a block, with its stats per tag. */
interface Unit {
  start: number;
  tFirst: number;
  /** min, max, last per tag (NaN where there is no number). */
  stats: Float64Array;
}

const pow = (level: number) => DATALOG_FANOUT ** level;

function encodeStats(stats: Float64Array): Buffer {
  const buf = Buffer.allocUnsafe(stats.length * 8);
  for (let i = 0; i < stats.length; i++) buf.writeDoubleLE(stats[i]!, i * 8);
  return buf;
}

function decodeStats(buf: Buffer): Float64Array {
  const out = new Float64Array(buf.length / 8);
  for (let i = 0; i < out.length; i++) out[i] = buf.readDoubleLE(i * 8);
  return out;
}

/** min, max, last of one record's values. */
function recordStats(values: unknown[], tags: number): Float64Array {
  const s = new Float64Array(tags * 3);
  for (let i = 0; i < tags; i++) {
    const v = values[i];
    const n = typeof v === 'number' && Number.isFinite(v) ? v : NaN;
    s[i * 3] = n;
    s[i * 3 + 1] = n;
    s[i * 3 + 2] = n;
  }
  return s;
}

/** Folds `next` (later in time) into `acc`. */
function fold(acc: Float64Array, next: Float64Array): void {
  for (let i = 0; i < acc.length; i += 3) {
    const lo = next[i]!;
    const hi = next[i + 1]!;
    if (!Number.isNaN(lo) && !(acc[i]! <= lo)) acc[i] = lo;
    if (!Number.isNaN(hi) && !(acc[i + 1]! >= hi)) acc[i + 1] = hi;
    acc[i + 2] = next[i + 2]!;
  }
}

const orNull = (n: number): number | null => (Number.isNaN(n) ? null : n);

/** The CSV values of a stored record: its JSON array without the brackets when that is already
 * CSV (numbers and nulls: no text, so nothing for csvCell to neutralise or quote), else each value
 * through csvCell. */
function csvValues(v: string): string {
  if (!v.includes('"')) return v.slice(1, -1).replace(/null/g, '');
  return (JSON.parse(v) as unknown[]).map(csvCell).join(',');
}

/** Bytes of the export's lines. */
const ZERO = 0x30;
const NINE = 0x39;
const OPEN = 0x5b;
const CLOSE = 0x5d;
const N_OF_NULL = 0x6e;
/** Most bytes a line may have beyond its record in the page: the date and `T` (11), the time of
 * day (`HH:MM:SS.mmmZ,`, 14) and the line end, less the record's brackets and at least one digit of
 * its time. */
const LINE_GROWTH = 11 + 14 + 1 - 3;
/** 10000-01-01T00:00:00Z: from there on (and before 1970) a time is not written `YYYY-MM-DD…` with
 * four digits of year, so such a page is written row by row, as toISOString writes it. */
const YEAR_10000_MS = 253_402_300_800_000;

/** The CSV lines of a page of records as the export reads them (exportText: `<ms><JSON array>`
 * after one another): `<ISO 8601 time>,<values>` a record, the values the JSON array without its
 * brackets, nulls as empty fields, written byte by byte into one buffer; the same bytes as
 * toISOString and csvValues write. Only a page of numbers and nulls is written here (no quote in
 * it: no text a user typed, nothing for csvCell to neutralise or quote), its times between 1970
 * and the year 10000; for any other page (a text, a time that is not such an integer, times that go
 * back) it answers null and the page is written row by row. The date of the last day seen is kept,
 * so a record costs a few integer operations; the lines are written into one buffer kept from page
 * to page, and each page answered as a copy of its own size. */
export class CsvPageWriter {
  private dayStart = NaN;
  private date = Buffer.alloc(0);
  private out = Buffer.alloc(0);

  write(src: string, records: number): Buffer | null {
    if (src.indexOf('"') !== -1) return null;
    const size = src.length + records * LINE_GROWTH;
    if (this.out.length < size) this.out = Buffer.allocUnsafe(size);
    const out = this.out;
    const end = src.length;
    let i = 0;
    let o = 0;
    let previous = -Infinity;
    while (i < end) {
      // The time: an integer (ms).
      let t = 0;
      const digitsFrom = i;
      let b = src.charCodeAt(i);
      while (b >= ZERO && b <= NINE) {
        t = t * 10 + (b - ZERO);
        b = src.charCodeAt(++i);
      }
      if (b !== OPEN || i === digitsFrom || i - digitsFrom > 15 || t >= YEAR_10000_MS || t < previous) return null;
      previous = t;
      let ms = t - this.dayStart;
      if (!(ms >= 0 && ms < DAY_MS)) {
        this.dayStart = t - (t % DAY_MS);
        this.date = Buffer.from(`${new Date(this.dayStart).toISOString().slice(0, 10)}T`, 'latin1');
        ms = t - this.dayStart;
      }
      const date = this.date;
      for (let k = 0; k < date.length; k++) out[o++] = date[k]!;
      const h = (ms / 3_600_000) | 0;
      const m = ((ms / 60_000) | 0) % 60;
      const sec = ((ms / 1000) | 0) % 60;
      const milli = ms % 1000;
      out[o] = ZERO + ((h / 10) | 0);
      out[o + 1] = ZERO + (h % 10);
      out[o + 2] = 0x3a; // :
      out[o + 3] = ZERO + ((m / 10) | 0);
      out[o + 4] = ZERO + (m % 10);
      out[o + 5] = 0x3a;
      out[o + 6] = ZERO + ((sec / 10) | 0);
      out[o + 7] = ZERO + (sec % 10);
      out[o + 8] = 0x2e; // .
      out[o + 9] = ZERO + ((milli / 100) | 0);
      out[o + 10] = ZERO + (((milli / 10) | 0) % 10);
      out[o + 11] = ZERO + (milli % 10);
      out[o + 12] = 0x5a; // Z
      out[o + 13] = 0x2c; // ,
      o += 14;
      // The values: numbers and nulls (no quote in the page), up to the array's end.
      i++;
      while ((b = src.charCodeAt(i)) !== CLOSE) {
        if (i >= end) return null;
        if (b === N_OF_NULL) i += 4;
        else {
          out[o++] = b;
          i++;
        }
      }
      out[o++] = 0x0a;
      i++;
    }
    // More records than `records` would have run past the buffer (its writes dropped): refused.
    if (o > out.length) return null;
    return Buffer.from(out.subarray(0, o));
  }
}

export class DataLogService {
  private readonly states = new Map<number, LogState>();
  private readonly st;

  /** `now` is the device clock (a log's creation date). */
  constructor(private readonly db: Db, private readonly now: () => number) {
    this.st = {
      activeLogs: db.prepare('SELECT * FROM datalogs WHERE active = 1 ORDER BY position'),
      log: db.prepare('SELECT * FROM datalogs WHERE id = ? AND active = 1'),
      bounds: db.prepare('SELECT MIN(seq) AS first, MAX(seq) AS last FROM datalog_records WHERE log_id = ?'),
      tAt: db.prepare('SELECT t FROM datalog_records WHERE log_id = ? AND seq = ?').pluck(),
      insert: db.prepare('INSERT INTO datalog_records (log_id, seq, t, v) VALUES (?, ?, ?, ?)'),
      recordsIn: db.prepare('SELECT seq, t, v FROM datalog_records WHERE log_id = ? AND seq BETWEEN ? AND ? ORDER BY seq'),
      recordsDesc: db.prepare('SELECT seq, t, v FROM datalog_records WHERE log_id = ? AND seq BETWEEN ? AND ? ORDER BY seq DESC LIMIT ?'),
      recordsAsc: db.prepare('SELECT seq, t, v FROM datalog_records WHERE log_id = ? AND seq BETWEEN ? AND ? ORDER BY seq LIMIT ?'),
      exportPage: db.prepare('SELECT t, v FROM datalog_records WHERE log_id = ? AND seq BETWEEN ? AND ? ORDER BY seq').raw(),
      // A page of the CSV export as SQLite hands it over: its records' times and JSON arrays joined
      // with nothing between ("1767225600000[49.58,19.6]1767225601000[null,19.5]"), one string a
      // page (no JS row per record), made into CSV lines by CsvPageWriter. SQLite does no
      // formatting: printf of the time and substr/replace of the values were two thirds of the
      // export. A string, not a BLOB: it lives in V8's heap, so the collector keeps pace with the
      // export (a Buffer a page is memory outside the heap, collected every 64 MB or so: the RSS
      // grew 35 MB over an export of a million records). The records are joined in the order the
      // primary key's range scan visits them, seq order (an ORDER BY, in a subquery or in
      // group_concat, costs a third more); CsvPageWriter refuses a page whose times go back, and
      // the server tests check every line's place.
      exportText: db.prepare("SELECT group_concat(t || v, '') FROM datalog_records WHERE log_id = ? AND seq BETWEEN ? AND ?").pluck(),
      blocksIn: db.prepare('SELECT idx, t_first, t_last, stats FROM datalog_blocks WHERE log_id = ? AND level = ? AND idx BETWEEN ? AND ? ORDER BY idx'),
      insertBlock: db.prepare('INSERT OR REPLACE INTO datalog_blocks (log_id, level, idx, t_first, t_last, stats) VALUES (?, ?, ?, ?, ?, ?)'),
      deleteBefore: db.prepare('DELETE FROM datalog_records WHERE log_id = ? AND seq < ?'),
      deleteBlocksBefore: db.prepare('DELETE FROM datalog_blocks WHERE log_id = ? AND level = ? AND idx < ?'),
    };
  }

  // ---- the project's logs ---------------------------------------------------------------------

  /** Makes `project`'s data logs the active ones; runs inside the project switch's transaction. A
   * log whose name, tags and period are unchanged keeps its records; the others start empty. The
   * records of logs no longer active are removed afterwards, a batch at a time (`purgeInactive`). */
  replace(projectId: number, project: Project): void {
    const current = this.st.activeLogs.all() as LogRow[];
    const keep = new Set<number>();
    project.data_logs.forEach((def, position) => {
      const tags = JSON.stringify(def.tags);
      const same = current.find((r) => r.name === def.name && r.tags === tags && r.sample_period_s === def.sample_period_s && !keep.has(r.id));
      if (same) {
        keep.add(same.id);
        this.db.prepare('UPDATE datalogs SET project_id = ?, position = ?, max_records = ? WHERE id = ?').run(projectId, position, def.max_records, same.id);
      } else {
        this.db
          .prepare('INSERT INTO datalogs (project_id, active, position, name, sample_period_s, tags, max_records, created_at) VALUES (?, 1, ?, ?, ?, ?, ?, ?)')
          .run(projectId, position, def.name, def.sample_period_s, tags, def.max_records, new Date(this.now()).toISOString());
      }
    });
    for (const r of current) if (!keep.has(r.id)) this.db.prepare('UPDATE datalogs SET active = 0 WHERE id = ?').run(r.id);
    this.states.clear();
  }

  /** A device that ran its project before it had data logs gets the project's logs at start. */
  ensureActive(active: { id: number; project: Project }): void {
    const has = this.db.prepare('SELECT 1 FROM datalogs WHERE active = 1 AND project_id = ? LIMIT 1').get(active.id);
    if (!has && active.project.data_logs.length > 0) this.db.transaction(() => this.replace(active.id, active.project))();
  }

  /** Removes up to `limit` records (and their blocks) of logs no longer active; answers how many
   * went. A log with nothing left is forgotten. */
  purgeInactive(limit = 20_000): number {
    const row = this.db.prepare('SELECT id FROM datalogs WHERE active = 0 LIMIT 1').get() as { id: number } | undefined;
    if (!row) return 0;
    return this.db.transaction(() => {
      const removed = this.db
        .prepare('DELETE FROM datalog_records WHERE log_id = ? AND seq IN (SELECT seq FROM datalog_records WHERE log_id = ? ORDER BY seq LIMIT ?)')
        .run(row.id, row.id, limit).changes;
      if (removed < limit) {
        this.db.prepare('DELETE FROM datalog_blocks WHERE log_id = ?').run(row.id);
        this.db.prepare('DELETE FROM datalogs WHERE id = ?').run(row.id);
      }
      return removed;
    })();
  }

  private rowOf(id: number): LogRow | undefined {
    return this.st.log.get(id) as LogRow | undefined;
  }

  private state(id: number): LogState | null {
    const cached = this.states.get(id);
    if (cached) return cached;
    const row = this.rowOf(id);
    if (!row) return null;
    const b = this.st.bounds.get(id) as { first: number | null; last: number | null };
    const state: LogState = {
      id,
      tags: JSON.parse(row.tags) as string[],
      maxRecords: row.max_records,
      firstSeq: b.first ?? 0,
      nextSeq: b.last === null ? 0 : b.last + 1,
      lastT: b.last === null ? -Infinity : (this.st.tAt.get(id, b.last) as number),
    };
    this.states.set(id, state);
    return state;
  }

  /** The active logs, in the project's order, with what they hold. */
  list(): DataLogInfo[] {
    return (this.st.activeLogs.all() as LogRow[]).map((row) => {
      const s = this.state(row.id)!;
      const empty = s.nextSeq === s.firstSeq;
      return {
        id: row.id,
        name: row.name,
        sample_period_s: row.sample_period_s,
        tags: s.tags,
        max_records: row.max_records,
        records: s.nextSeq - s.firstSeq,
        first: empty ? null : new Date(this.st.tAt.get(row.id, s.firstSeq) as number).toISOString(),
        last: empty ? null : new Date(s.lastT).toISOString(),
      };
    });
  }

  /** The active logs as the recorder needs them. */
  activeLogs(): { id: number; name: string; samplePeriodMs: number; tags: string[]; lastT: number }[] {
    return (this.st.activeLogs.all() as LogRow[]).map((row) => {
      const s = this.state(row.id)!;
      return { id: row.id, name: row.name, samplePeriodMs: row.sample_period_s * 1000, tags: s.tags, lastT: s.lastT };
    });
  }

  exists(id: number): boolean {
    return this.state(id) !== null;
  }

  // ---- writing --------------------------------------------------------------------------------

  /** Appends one record (a value per tag, in the log's order) at `t`, with the blocks it completes,
   * and removes what passes `max_records`; in one transaction. */
  append(id: number, t: number, values: readonly (TagValue | null | undefined)[]): void {
    this.appendMany(id, [[t, values]]);
  }

  /** Appends records in one transaction (the bench fills a log this way). */
  appendMany(id: number, rows: Iterable<readonly [number, readonly (TagValue | null | undefined)[]]>): number {
    const s = this.state(id);
    if (!s) throw new Error(`no active data log ${id}`);
    let n = 0;
    try {
      this.db.transaction(() => {
        for (const [t0, values] of rows) {
          const t = Math.max(t0, s.lastT === -Infinity ? t0 : s.lastT);
          const seq = s.nextSeq;
          const vals = s.tags.map((_, i) => values[i] ?? null);
          this.st.insert.run(id, seq, t, JSON.stringify(vals));
          s.nextSeq = seq + 1;
          s.lastT = t;
          for (let level = 1; level <= DATALOG_MAX_LEVEL && (seq + 1) % pow(level) === 0; level++) this.writeBlock(s, level, (seq + 1) / pow(level) - 1);
          if (s.nextSeq - s.firstSeq > s.maxRecords) this.trim(s);
          n++;
        }
      })();
    } catch (err) {
      // Rolled back (the disk full, say): where the log stands is read again from the database, or
      // the next record would leave a gap and the counts would include what was never kept.
      this.states.delete(id);
      throw err;
    }
    return n;
  }

  /** Block `idx` of `level` from its children. */
  private writeBlock(s: LogState, level: number, idx: number): void {
    const start = idx * pow(level);
    const children = this.units(s, level - 1, start / pow(level - 1), start / pow(level - 1) + DATALOG_FANOUT - 1);
    if (children.length === 0) return;
    const acc = children[0]!.stats.slice();
    for (let i = 1; i < children.length; i++) fold(acc, children[i]!.stats);
    // Written as its last record is: that record's time is the block's last.
    this.st.insertBlock.run(s.id, level, idx, children[0]!.tFirst, s.lastT, encodeStats(acc));
  }

  private trim(s: LogState): void {
    const first = s.nextSeq - s.maxRecords;
    this.st.deleteBefore.run(s.id, first);
    const crossed = Math.floor(first / DATALOG_FANOUT) !== Math.floor(s.firstSeq / DATALOG_FANOUT) || first - s.firstSeq >= DATALOG_FANOUT;
    s.firstSeq = first;
    if (crossed) for (let level = 1; level <= DATALOG_MAX_LEVEL; level++) this.st.deleteBlocksBefore.run(s.id, level, Math.floor(first / pow(level)));
  }

  // ---- reading --------------------------------------------------------------------------------

  /** Units of one level from index `from` to `to` (records at level 0). */
  private units(s: LogState, level: number, from: number, to: number): Unit[] {
    if (level === 0) {
      return (this.st.recordsIn.all(s.id, from, to) as { seq: number; t: number; v: string }[]).map((r) => ({
        start: r.seq,
        tFirst: r.t,
        stats: recordStats(JSON.parse(r.v) as unknown[], s.tags.length),
      }));
    }
    return (this.st.blocksIn.all(s.id, level, from, to) as { idx: number; t_first: number; stats: Buffer }[]).map((b) => ({
      start: b.idx * pow(level),
      tFirst: b.t_first,
      stats: decodeStats(b.stats),
    }));
  }

  /** The first record at or after `t`, between `lo` and `hi` (hi + 1 when none is). */
  private lowerBound(s: LogState, t: number, lo: number, hi: number): number {
    let a = lo;
    let b = hi + 1;
    while (a < b) {
      const mid = Math.floor((a + b) / 2);
      if ((this.st.tAt.get(s.id, mid) as number) < t) a = mid + 1;
      else b = mid;
    }
    return a;
  }

  /** The records in `[from, to]` as a range of record numbers (empty when `last < first`). */
  private seqRange(s: LogState, from?: number, to?: number): { first: number; last: number } {
    const lo = s.firstSeq;
    const hi = s.nextSeq - 1;
    if (hi < lo) return { first: 0, last: -1 };
    const first = from === undefined ? lo : this.lowerBound(s, from, lo, hi);
    const last = to === undefined ? hi : this.lowerBound(s, to + 1, lo, hi) - 1;
    return { first, last };
  }

  /** At most `points` points per tag over `[from, to]` (ms; either open): each the min, max and
   * last value of a bucket of consecutive records, stamped with the bucket's first time. Null when
   * the log does not exist. */
  trend(id: number, from: number | undefined, to: number | undefined, points: number): Trend | null {
    const s = this.state(id);
    if (!s) return null;
    const { first, last } = this.seqRange(s, from, to);
    const n = Math.max(0, last - first + 1);
    const series = s.tags.map((tag) => ({ tag, points: [] as TrendPoint[] }));
    if (n === 0) return { log_id: id, records: 0, bucket_records: 0, series };
    const bucket = n <= points ? 1 : n / points;
    let level = 0;
    while (level < DATALOG_MAX_LEVEL && pow(level + 1) <= bucket) level++;
    const units = this.decompose(s, first, last, level);
    let current = -1;
    let acc: Float64Array | null = null;
    let tFirst = 0;
    const flush = () => {
      if (!acc) return;
      for (let i = 0; i < series.length; i++) series[i]!.points.push([tFirst, orNull(acc[i * 3]!), orNull(acc[i * 3 + 1]!), orNull(acc[i * 3 + 2]!)]);
    };
    for (const u of units) {
      const b = Math.min(points - 1, Math.floor((u.start - first) / bucket));
      if (b !== current) {
        flush();
        current = b;
        acc = u.stats.slice();
        tFirst = u.tFirst;
      } else fold(acc!, u.stats);
    }
    flush();
    return { log_id: id, records: n, bucket_records: bucket, series };
  }

  /** `[first, last]` as units no larger than `top`'s blocks: smaller ones up to the first boundary
   * of a `top` block, whole `top` blocks, smaller ones after the last. */
  private decompose(s: LogState, first: number, last: number, top: number): Unit[] {
    const head: Unit[] = [];
    const tail: Unit[] = [];
    let lo = first;
    let hi = last + 1; // exclusive
    for (let level = 0; level < top && lo < hi; level++) {
      const size = pow(level);
      const up = pow(level + 1);
      // Climb: units of this level until `lo` sits on a boundary of the next.
      const loNext = Math.min(hi, Math.ceil(lo / up) * up);
      if (loNext > lo && loNext - lo >= size) {
        const end = lo + Math.floor((loNext - lo) / size) * size;
        head.push(...this.units(s, level, lo / size, end / size - 1));
        lo = end;
      }
      // The same at the far end, walking down from `hi`.
      const hiPrev = Math.max(lo, Math.floor(hi / up) * up);
      if (hi > hiPrev && hi - hiPrev >= size) {
        const start = hi - Math.floor((hi - hiPrev) / size) * size;
        tail.unshift(...this.units(s, level, start / size, hi / size - 1));
        hi = start;
      }
    }
    const size = pow(top);
    const middle = hi - lo >= size ? this.units(s, top, lo / size, Math.floor(hi / size) - 1) : [];
    return [...head, ...middle, ...tail];
  }

  /** One page of records in `[from, to]`, newest first (or oldest first with `asc`). */
  records(id: number, from: number | undefined, to: number | undefined, limit: number, cursor: number | undefined, order: 'asc' | 'desc'): RecordsPage | null {
    const s = this.state(id);
    if (!s) return null;
    const { first, last } = this.seqRange(s, from, to);
    const total = Math.max(0, last - first + 1);
    let rows: { seq: number; t: number; v: string }[] = [];
    if (total > 0) {
      rows =
        order === 'desc'
          ? (this.st.recordsDesc.all(id, first, Math.min(last, cursor ?? last), limit + 1) as typeof rows)
          : (this.st.recordsAsc.all(id, Math.max(first, cursor ?? first), last, limit + 1) as typeof rows);
    }
    const more = rows.length > limit;
    if (more) rows = rows.slice(0, limit);
    const next = more ? (order === 'desc' ? rows[rows.length - 1]!.seq - 1 : rows[rows.length - 1]!.seq + 1) : null;
    return {
      log_id: id,
      tags: s.tags,
      total,
      records: rows.map((r) => ({ seq: r.seq, time: new Date(r.t).toISOString(), values: JSON.parse(r.v) as (number | string | null)[] })),
      next_cursor: next === null ? null : String(next),
    };
  }

  /** The name of a log (for file names). */
  nameOf(id: number): string | null {
    return this.rowOf(id)?.name ?? null;
  }

  /** Every record in `[from, to]` as CSV (a header, then `time,<tag>,…` rows, oldest first), read a
   * page at a time as the reader takes it. */
  csv(id: number, from?: number, to?: number): { count: number; stream: Readable } | null {
    const s = this.state(id);
    if (!s) return null;
    const { first, last } = this.seqRange(s, from, to);
    const count = Math.max(0, last - first + 1);
    let next = first;
    let header = `time,${s.tags.map(csvCell).join(',')}\n`;
    const { exportPage: rowPage, exportText } = this.st;
    const writer = new CsvPageWriter();
    const stream = new Readable({
      highWaterMark: 1 << 16,
      read() {
        if (header) {
          this.push(header);
          header = '';
        }
        while (next <= last) {
          // The oldest records may have gone past max_records meanwhile: on from the first kept.
          next = Math.max(next, s.firstSeq);
          if (next > last) break;
          const from = next;
          const to = Math.min(last, from + EXPORT_PAGE - 1);
          next = to + 1;
          const text = exportText.get(id, from, to) as string | null;
          if (!text) continue;
          const lines = writer.write(text, to - from + 1);
          if (lines) this.push(lines);
          else {
            let out = '';
            for (const [t, v] of rowPage.all(id, from, to) as [number, string][]) out += `${new Date(t).toISOString()},${csvValues(v)}\n`;
            this.push(out);
          }
          return;
        }
        this.push(null);
      },
    });
    return { count, stream };
  }
}

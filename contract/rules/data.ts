/** Rules of the Data screens that the device and the console both run: time ranges, quick ranges,
 * the limits of a view, and the before/after difference of an operation-log row. Zod-free (the
 * import of the schema is type-only). */
import type { z } from 'zod';
import type { oplogRetentionSchema } from '../api/data';

/** Specification §9 and docs/decisions.md#views-and-exports: a view shows at most 1000 points or
 * records; an export is not limited. */
export const VIEW_MAX = 1000;
/** How many points a trend asks for when the console does not say. */
export const TREND_POINTS_DEFAULT = 1000;
/** Specification §9: a chart redraws at most this often while its window is resized. */
export const CHART_REDRAW_DEBOUNCE_MS = 200;
/** The event log keeps at most this many events; the oldest go first. */
export const EVENT_LOG_MAX_EVENTS = 100_000;

/** How much of the operation log the device may be told to keep: rows, and days. */
export const OPLOG_RETENTION_ROWS = { min: 100, max: 1_000_000 } as const;
export const OPLOG_RETENTION_DAYS = { min: 1, max: 3650 } as const;
export type OplogRetention = z.output<typeof oplogRetentionSchema>;
/** A new device's retention: about 2 MB of rows at most, three months at the longest
 * (server/services/settings.ts; tests build theirs from it). */
export const DEFAULT_OPLOG_RETENTION: OplogRetention = { rows: 10_000, days: 90 };

export const ALARM_SEVERITIES = ['low', 'medium', 'high'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

/** The accounts that acknowledge alarms (with the event log among their menus); History reads the
 * event log only. The contract's access of the acknowledging calls and the console's buttons both
 * read it. */
export const ACKNOWLEDGING_ACCOUNTS = ['admin', 'update'] as const;

/** What a data backup can hold. */
export const BACKUP_CONTENTS = ['datalog', 'eventlog', 'operationlog'] as const;
export type BackupContent = (typeof BACKUP_CONTENTS)[number];

export type RangeProblem = 'from_after_to' | 'invalid';

/** Why a range `[from, to]` (milliseconds) cannot be asked for, or null. An empty range (from = to)
 * is a range: it holds the records of that instant. */
export function rangeProblem(from: number, to: number): RangeProblem | null {
  if (!Number.isFinite(from) || !Number.isFinite(to)) return 'invalid';
  if (from > to) return 'from_after_to';
  return null;
}

/** The quick ranges of the trend and the event log, ending now. */
export const QUICK_RANGES = {
  '15m': 15 * 60_000,
  '1h': 60 * 60_000,
  '8h': 8 * 60 * 60_000,
  '24h': 24 * 60 * 60_000,
  '7d': 7 * 24 * 60 * 60_000,
  '30d': 30 * 24 * 60 * 60_000,
} as const;
export type QuickRange = keyof typeof QUICK_RANGES;

export function quickRange(range: QuickRange, now: number): { from: number; to: number } {
  return { from: now - QUICK_RANGES[range], to: now };
}

/** The range a zoom by `factor` around `center` gives (factor < 1 zooms in), never narrower than
 * `minSpan` milliseconds. */
export function zoomRange(range: { from: number; to: number }, factor: number, center = (range.from + range.to) / 2, minSpan = 1000): { from: number; to: number } {
  const span = Math.max(minSpan, (range.to - range.from) * factor);
  const left = (center - range.from) / Math.max(1, range.to - range.from);
  const from = Math.round(center - span * left);
  return { from, to: from + Math.round(span) };
}

/** The range moved by `fraction` of its width (negative moves back in time). */
export function panRange(range: { from: number; to: number }, fraction: number): { from: number; to: number } {
  const shift = Math.round((range.to - range.from) * fraction);
  return { from: range.from + shift, to: range.to + shift };
}

/** One line of an operation-log row's difference: a value at `path` before and after the change. */
export interface ValueChange {
  /** Dotted path of the value (`interfaces.0.ip`); empty for a value that is not an object. */
  path: string;
  before: unknown;
  after: unknown;
  kind: 'added' | 'removed' | 'changed' | 'same';
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object';
}

/** The leaves of `before` and `after` side by side, by path, in the order they first appear;
 * `undefined` where a side has no value at that path. */
export function valueChanges(before: unknown, after: unknown): ValueChange[] {
  const out: ValueChange[] = [];
  const walk = (path: string, b: unknown, a: unknown) => {
    // A value that turned into an object (or back) changed as a whole.
    if (isObject(b) !== isObject(a) && a !== undefined && b !== undefined) {
      out.push({ path, before: b, after: a, kind: 'changed' });
      return;
    }
    if (isObject(b) || isObject(a)) {
      const keys: string[] = [];
      for (const k of [...Object.keys(isObject(b) ? b : {}), ...Object.keys(isObject(a) ? a : {})]) if (!keys.includes(k)) keys.push(k);
      if (keys.length === 0) {
        out.push({ path, before: b, after: a, kind: JSON.stringify(a) === JSON.stringify(b) ? 'same' : b === undefined ? 'added' : a === undefined ? 'removed' : 'changed' });
        return;
      }
      for (const k of keys) {
        walk(path ? `${path}.${k}` : k, isObject(b) ? b[k] : undefined, isObject(a) ? a[k] : undefined);
      }
      return;
    }
    const kind = b === undefined && a !== undefined ? 'added' : a === undefined && b !== undefined ? 'removed' : Object.is(a, b) ? 'same' : 'changed';
    out.push({ path, before: b, after: a, kind });
  };
  walk('', before ?? undefined, after ?? undefined);
  return out;
}

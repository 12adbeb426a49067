/**
 * The running project's alarms (docs/decisions.md#the-simulated-panel): each is evaluated against
 * its tag at every scan of the runtime; when its condition starts to hold an event is raised (time,
 * tag, value, severity, message), when it stops holding the event is cleared, and an operator
 * acknowledges it (before or after it clears). Events live in SQLite, the newest
 * EVENT_LOG_MAX_EVENTS of them; an event still raised when the device stops is found raised at the
 * next start, and cleared at the first scan if its condition no longer holds.
 */
import type { Readable } from 'node:stream';
import type { Db } from '../db/database';
import type { z } from 'zod';
import type { alarmEventSchema } from '../../contract/api/data';
import type { Project } from '../../contract/project-format';
import { EVENT_LOG_MAX_EVENTS, type AlarmSeverity } from '../../contract/rules/data';
import type { TagValue } from './tag-values';
import { csvLine } from '../lib/csv';
import { NewestFirst, Where } from '../lib/newest-first';

type AlarmDef = Project['alarms'][number];

/** An event as the calls answer it (the contract's schema). */
export type AlarmEvent = z.infer<typeof alarmEventSchema>;

/** An event as stored: times in milliseconds, no `active` (it is `cleared_at` being null). */
type EventRow = Omit<AlarmEvent, 'raised_at' | 'acknowledged_at' | 'cleared_at' | 'active'> & {
  raised_at: number;
  acknowledged_at: number | null;
  cleared_at: number | null;
};

export interface EventFilter {
  from?: number;
  to?: number;
  severities?: AlarmSeverity[];
  state: 'all' | 'active' | 'unacknowledged';
  text?: string;
}

/** Events are checked against the retention after this many are raised. */
const PRUNE_EVERY = 100;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toEvent(r: EventRow): AlarmEvent {
  return {
    id: r.id,
    alarm_id: r.alarm_id,
    name: r.name,
    tag: r.tag,
    severity: r.severity,
    message: r.message,
    value: r.value,
    raised_at: iso(r.raised_at)!,
    active: r.cleared_at === null,
    acknowledged_at: iso(r.acknowledged_at),
    acknowledged_by: r.acknowledged_by,
    cleared_at: iso(r.cleared_at),
    cleared_value: r.cleared_value,
  };
}

/** Whether `value` meets the alarm's condition; a value that is not a number meets none. */
export function conditionHolds(alarm: AlarmDef, value: TagValue | undefined): boolean {
  if (typeof value !== 'number') return false;
  const c = alarm.condition.value;
  switch (alarm.condition.op) {
    case '>':
      return value > c;
    case '>=':
      return value >= c;
    case '<':
      return value < c;
    case '<=':
      return value <= c;
    case '==':
      return value === c;
    case '!=':
      return value !== c;
  }
}

/** The alarm an open event belongs to: a new project's alarm with another name or tag is another alarm. */
const keyOf = (a: { id?: number; alarm_id?: number; name: string; tag: string }) => `${a.alarm_id ?? a.id}\u0000${a.name}\u0000${a.tag}`;

/** An alarm that rose or cleared at a scan, as its listeners are told (inside the scan's
 * transaction: what they write is kept with the event, or not at all). */
export interface AlarmTransition {
  kind: 'raised' | 'cleared';
  alarm: AlarmDef;
  event_id: number;
  value: number | null;
  at: number;
}

export class AlarmService {
  /** Open (not cleared) events by alarm. */
  private open = new Map<string, number>();
  private raised = 0;
  private listeners = new Set<() => void>();
  private transitionListeners = new Set<(t: AlarmTransition) => void>();

  private readonly events: NewestFirst<EventRow>;

  constructor(private readonly db: Db) {
    this.events = new NewestFirst<EventRow>(db, 'alarm_events');
    this.loadOpen();
  }

  /** The open events as the database holds them. */
  private loadOpen(): void {
    const rows = this.db.prepare('SELECT id, alarm_id, name, tag FROM alarm_events WHERE cleared_at IS NULL').all() as EventRow[];
    this.open = new Map(rows.map((r) => [keyOf(r), r.id]));
  }

  /** Called after every change of the events (raised, cleared, acknowledged). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called for each alarm of the project that rises or clears, inside the scan's transaction
   * (the e-mail outbox queues its mails there, so an event is never kept without them). */
  onTransition(listener: (t: AlarmTransition) => void): () => void {
    this.transitionListeners.add(listener);
    return () => this.transitionListeners.delete(listener);
  }

  private transition(t: AlarmTransition): void {
    for (const l of this.transitionListeners) l(t);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  /** One scan: raises the alarms whose condition started to hold, clears those whose stopped. The
   * events of alarms the project no longer has are cleared. */
  evaluate(alarms: readonly AlarmDef[], valueOf: (tag: string) => TagValue | undefined, now: number): { raised: number; cleared: number } {
    let raised = 0;
    let cleared = 0;
    const defined = new Set<string>();
    try {
      this.db.transaction(() => {
        for (const alarm of alarms) {
          const key = keyOf(alarm);
          defined.add(key);
          const value = valueOf(alarm.tag);
          const holds = conditionHolds(alarm, value);
          const openId = this.open.get(key);
          if (holds && openId === undefined) {
            const id = Number(
              this.db
                .prepare('INSERT INTO alarm_events (alarm_id, name, tag, severity, message, value, raised_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
                .run(alarm.id, alarm.name, alarm.tag, alarm.severity, alarm.message, typeof value === 'number' ? value : null, now).lastInsertRowid,
            );
            this.open.set(key, id);
            raised++;
            this.transition({ kind: 'raised', alarm, event_id: id, value: typeof value === 'number' ? value : null, at: now });
          } else if (!holds && openId !== undefined) {
            this.db.prepare('UPDATE alarm_events SET cleared_at = ?, cleared_value = ? WHERE id = ?').run(now, typeof value === 'number' ? value : null, openId);
            this.open.delete(key);
            cleared++;
            this.transition({ kind: 'cleared', alarm, event_id: openId, value: typeof value === 'number' ? value : null, at: now });
          }
        }
        for (const [key, id] of this.open) {
          if (defined.has(key)) continue;
          this.db.prepare('UPDATE alarm_events SET cleared_at = ? WHERE id = ?').run(now, id);
          this.open.delete(key);
          cleared++;
        }
      })();
    } catch (err) {
      // Rolled back (the disk full, say): the open events are those the database holds, or an
      // alarm whose event was never kept would count as raised and never be raised again.
      this.loadOpen();
      throw err;
    }
    this.raised += raised;
    if (this.raised >= PRUNE_EVERY) {
      this.raised = 0;
      this.prune();
    }
    if (raised + cleared > 0) this.changed();
    return { raised, cleared };
  }

  /** Keeps the newest EVENT_LOG_MAX_EVENTS events. */
  prune(max = EVENT_LOG_MAX_EVENTS): number {
    const boundary = this.db.prepare('SELECT id FROM alarm_events ORDER BY id DESC LIMIT 1 OFFSET ?').pluck().get(max - 1) as number | undefined;
    if (boundary === undefined) return 0;
    const removed = this.db.prepare('DELETE FROM alarm_events WHERE id < ?').run(boundary).changes;
    if (removed > 0) {
      const left = new Set(this.db.prepare('SELECT id FROM alarm_events WHERE cleared_at IS NULL').pluck().all() as number[]);
      for (const [key, id] of this.open) if (!left.has(id)) this.open.delete(key);
    }
    return removed;
  }

  /** The WHERE clause of a filter. */
  private where(f: EventFilter): Where {
    const w = new Where();
    if (f.from !== undefined) w.add('raised_at >= ?', f.from);
    if (f.to !== undefined) w.add('raised_at <= ?', f.to);
    if (f.severities && f.severities.length > 0) w.add(`severity IN (${f.severities.map(() => '?').join(',')})`, ...f.severities);
    if (f.state === 'active') w.add('cleared_at IS NULL');
    if (f.state === 'unacknowledged') w.add('acknowledged_at IS NULL');
    if (f.text) {
      const t = f.text.toLowerCase();
      w.add('(instr(lower(name), ?) > 0 OR instr(lower(message), ?) > 0 OR instr(lower(tag), ?) > 0)', t, t, t);
    }
    return w;
  }

  list(f: EventFilter, limit: number, cursor?: number) {
    const { total, rows, next_cursor } = this.events.page(this.where(f), limit, cursor);
    return {
      active: this.db.prepare('SELECT COUNT(*) FROM alarm_events WHERE cleared_at IS NULL').pluck().get() as number,
      unacknowledged: this.db.prepare('SELECT COUNT(*) FROM alarm_events WHERE acknowledged_at IS NULL').pluck().get() as number,
      total,
      events: rows.map(toEvent),
      next_cursor,
    };
  }

  get(id: number): AlarmEvent | null {
    const row = this.db.prepare('SELECT * FROM alarm_events WHERE id = ?').get(id) as EventRow | undefined;
    return row ? toEvent(row) : null;
  }

  /** Acknowledges an event; one already acknowledged keeps who and when. Null when there is none. */
  acknowledge(id: number, account: string, now: number): { event: AlarmEvent; changed: boolean } | null {
    const changed = this.db.prepare('UPDATE alarm_events SET acknowledged_at = ?, acknowledged_by = ? WHERE id = ? AND acknowledged_at IS NULL').run(now, account, id).changes > 0;
    const event = this.get(id);
    if (!event) return null;
    if (changed) this.changed();
    return { event, changed };
  }

  acknowledgeAll(account: string, now: number): number {
    const n = this.db.prepare('UPDATE alarm_events SET acknowledged_at = ?, acknowledged_by = ? WHERE acknowledged_at IS NULL').run(now, account).changes;
    if (n > 0) this.changed();
    return n;
  }

  static readonly CSV_HEADER = 'id,raised_at,name,tag,severity,message,value,active,acknowledged_at,acknowledged_by,cleared_at,cleared_value\n';

  /** The events of a filter as CSV, newest first, a page at a time as the reader takes it. */
  csv(f: EventFilter): { count: number; stream: Readable } {
    return this.events.csv(this.where(f), AlarmService.CSV_HEADER, (r) => {
      const e = toEvent(r);
      return csvLine([e.id, e.raised_at, e.name, e.tag, e.severity, e.message, e.value, e.active, e.acknowledged_at, e.acknowledged_by, e.cleared_at, e.cleared_value]);
    });
  }
}

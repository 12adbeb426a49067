/**
 * The device's structured log as Diagnostics shows it (docs/decisions.md#diagnostics): the last
 * LOG_RING_SIZE entries in memory, fed by the Fastify/pino logger through `destination()` (which
 * also passes each line on to stdout when the device logs there), every secret removed before an
 * entry is kept or written anywhere. The ring exists whether or not the device logs to stdout (the
 * tests start devices with the logger off: their log is still kept here).
 */
import { LOG_LEVELS, LOG_RING_SIZE, type LogLevel } from '../../contract/rules/diagnostics';
import type { LogEntry } from '../../contract/api/diagnostics';
import { makeScrubber, scrubText, type Scrubber } from '../lib/log-scrub';

/** pino's numbers of the levels. */
const LEVEL_OF_NUMBER: Readonly<Record<number, LogLevel>> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
export const RANK: Readonly<Record<LogLevel, number>> = Object.fromEntries(LOG_LEVELS.map((l, i) => [l, i])) as Record<LogLevel, number>;

/** A context longer than this is cut (an error's stack is the longest thing a line holds). */
const CONTEXT_MAX = 4_000;
const MSG_MAX = 2_000;

/** pino's own fields: the rest of a line is its context. */
const OWN_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'v']);

interface Kept {
  seq: number;
  time: number;
  level: LogLevel;
  msg: string;
  context: string | null;
  /** Message and context in lower case, for the text filter. */
  haystack: string;
}

export interface LogQuery {
  level?: LogLevel;
  text?: string;
  limit: number;
  before?: number;
  after?: number;
}

export interface LogPage {
  entries: LogEntry[];
  newest: number;
  more: boolean;
}

export interface LineSink {
  write(line: string): unknown;
}

export class DeviceLog {
  private readonly ring: (Kept | undefined)[];
  private next = 1;
  private scrubber: Scrubber = makeScrubber();

  constructor(
    /** The device clock, for a line that carries no time of its own. */
    private readonly now: () => number,
    readonly capacity = LOG_RING_SIZE,
  ) {
    this.ring = new Array<Kept | undefined>(capacity);
  }

  /** Also removes the values of these field names (the contract's secret marks). */
  knowSecretKeys(keys: Iterable<string>): void {
    this.scrubber = makeScrubber(keys);
  }

  /** A pino destination: each JSON line is scrubbed, kept, and written on to `out` (stdout) as
   * scrubbed, when there is one and the line is at `outLevel` or above (the ring keeps what the
   * logger emits: at least info, whatever stdout's level). */
  destination(out?: LineSink | null, outLevel: LogLevel = 'trace'): LineSink {
    return {
      write: (line: string) => {
        const { text, level } = this.add(line);
        if (out && RANK[level] >= RANK[outLevel]) out.write(text);
      },
    };
  }

  /** Keeps one pino line (JSON, or plain text) and answers it scrubbed, as written on. */
  add(line: string): { text: string; level: LogLevel } {
    let fields: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(line);
      fields = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { msg: String(parsed) };
    } catch {
      fields = { level: 30, msg: line.trimEnd() };
    }
    const clean = this.scrubber.scrub(fields) as Record<string, unknown>;
    const level = typeof clean.level === 'number' ? (LEVEL_OF_NUMBER[clean.level] ?? 'info') : 'info';
    const time = typeof clean.time === 'number' ? clean.time : this.now();
    const msg = (typeof clean.msg === 'string' ? clean.msg : clean.msg === undefined ? '' : JSON.stringify(clean.msg)).slice(0, MSG_MAX);
    const rest = Object.fromEntries(Object.entries(clean).filter(([k]) => !OWN_FIELDS.has(k)));
    let context = Object.keys(rest).length > 0 ? JSON.stringify(rest) : null;
    if (context && context.length > CONTEXT_MAX) context = `${context.slice(0, CONTEXT_MAX)}…`;
    const seq = this.next++;
    this.ring[seq % this.capacity] = { seq, time, level, msg, context, haystack: `${msg}\n${context ?? ''}`.toLowerCase() };
    return { text: `${JSON.stringify(clean)}\n`, level };
  }

  /** The newest entry's number (0 before any). */
  get newest(): number {
    return this.next - 1;
  }

  /** The entries kept, oldest first. */
  private *oldestFirst(): Generator<Kept> {
    const first = Math.max(1, this.next - this.capacity);
    for (let seq = first; seq < this.next; seq++) {
      const e = this.ring[seq % this.capacity];
      if (e && e.seq === seq) yield e;
    }
  }

  private *newestFirst(from: number, down: number): Generator<Kept> {
    const oldest = Math.max(1, this.next - this.capacity);
    for (let seq = from; seq >= Math.max(oldest, down); seq--) {
      const e = this.ring[seq % this.capacity];
      if (e && e.seq === seq) yield e;
    }
  }

  /** Newest first: the entries at or above `level`, holding `text`, older than `before` or newer
   * than `after`, at most `limit`. */
  query({ level, text, limit, before, after }: LogQuery): LogPage {
    const min = level ? RANK[level] : 0;
    const needle = text?.trim().toLowerCase() ?? '';
    const entries: LogEntry[] = [];
    let more = false;
    const from = before === undefined ? this.next - 1 : Math.min(before - 1, this.next - 1);
    const down = after === undefined ? 1 : after + 1;
    for (const e of this.newestFirst(from, down)) {
      if (RANK[e.level] < min || (needle !== '' && !e.haystack.includes(needle))) continue;
      if (entries.length === limit) {
        more = true;
        break;
      }
      entries.push({ seq: e.seq, time: new Date(e.time).toISOString(), level: e.level, msg: e.msg, context: e.context });
    }
    return { entries, newest: this.newest, more };
  }

  /** The last `n` entries (all kept by default), oldest first, one JSON line each, secrets removed:
   * for the diagnostic bundle and anything else that takes the log whole. */
  lastLines(n = this.capacity): string[] {
    const all = [...this.oldestFirst()];
    return all.slice(Math.max(0, all.length - n)).map((e) =>
      JSON.stringify({ seq: e.seq, time: new Date(e.time).toISOString(), level: e.level, msg: e.msg, ...(e.context ? { context: parsedOrText(e.context) } : {}) }),
    );
  }
}

/** A context as its JSON, or as the text it is once cut short. */
function parsedOrText(context: string): unknown {
  try {
    return JSON.parse(context) as unknown;
  } catch {
    return context;
  }
}

export { scrubText };

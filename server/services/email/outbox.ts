/**
 * The durable outbox of mails (migration 10): a mail is queued in SQLite, then sent by this
 * service one at a time, at most `maxPerMinute` a minute (an alarm storm does not flood anyone).
 *
 *   queued --(picked: state 'sending', attempts + 1, in a transaction)--> sending
 *   sending --(the server answered 250: kept in a transaction)--> sent
 *   sending --(refused for now: 4xx, no connection, a timeout)--> queued again after a back-off,
 *            or failed after EMAIL_MAX_ATTEMPTS tries
 *   sending --(refused for good: 5xx, wrong password, TLS)--> failed, with the reason
 *
 * A mail is 'sending' on disk before it is handed to the server and stays so until the answer is
 * kept: a mail found 'sending' at start (the device stopped in between, kill -9 say) may have
 * gone, so it is failed as 'interrupted' and never sent again on its own; the administrator may
 * retry it. A mail recorded as sent is never sent again. Dates from the device clock.
 */
import type { Db } from '../../db/database';
import { EMAIL_MAX_ATTEMPTS, EMAIL_MAX_PER_MINUTE, EMAIL_OUTBOX_KEEP, TRANSIENT_OUTCOMES, retryDelayMs, type OutboxState, type SmtpOutcome } from '../../../contract/rules/email';
import type { OutgoingMail, SmtpResult } from './smtp';
import { oneLine } from './smtp';
import type { ServiceHealth } from '../../../contract/api/diagnostics';
import { HealthTracker } from '../service-health';

export interface OutboxRow {
  id: number;
  state: OutboxState;
  recipient: string;
  subject: string;
  body: string;
  event_id: number | null;
  event_kind: 'raised' | 'cleared' | null;
  created_at: number;
  attempted_at: number | null;
  sent_at: number | null;
  next_attempt_at: number | null;
  attempts: number;
  reason: SmtpOutcome | null;
  smtp_code: number | null;
  smtp_reply: string | null;
}

export interface OutboxOptions {
  /** How often the sender looks for mails due (a queued mail also wakes it at once). */
  tickMs: number;
  maxPerMinute: number;
  maxAttempts: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = { tickMs: 1_000, maxPerMinute: EMAIL_MAX_PER_MINUTE, maxAttempts: EMAIL_MAX_ATTEMPTS };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A row as the outbox call answers it. */
export function outboxMailOf(r: OutboxRow) {
  return {
    id: r.id,
    state: r.state,
    recipient: r.recipient,
    subject: r.subject,
    created_at: iso(r.created_at)!,
    attempted_at: iso(r.attempted_at),
    sent_at: iso(r.sent_at),
    next_attempt_at: r.state === 'queued' ? iso(r.next_attempt_at) : null,
    attempts: r.attempts,
    reason: r.reason,
    smtp_code: r.smtp_code,
    smtp_reply: r.smtp_reply,
  };
}

export class EmailOutbox {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  /** Diagnostics: since when, and the last mail the server did not take. */
  private readonly tracker: HealthTracker;
  private lastFailed = false;

  constructor(
    private readonly deps: {
      db: Db;
      now: () => number;
      /** Hands one mail to the SMTP server (server/services/email/smtp.ts), never throws. */
      send: (mail: OutgoingMail) => Promise<SmtpResult>;
      options: OutboxOptions;
      /** The SMTP server mails go to (`host:port`), null while none is set (Diagnostics). */
      server?: () => string | null;
    },
  ) {
    this.tracker = new HealthTracker('smtp_outbox', deps.now);
  }

  /** Diagnostics: running while it looks for mails due, in error while the last mail it handed on
   * was not taken (until one is), disabled while no SMTP server is set; the server's address. */
  health(): ServiceHealth {
    const server = this.deps.server?.() ?? null;
    const state = this.timer === null ? 'stopped' : this.deps.server && server === null ? 'disabled' : this.lastFailed ? 'error' : 'running';
    return this.tracker.health(state, server);
  }

  /** Mails left 'sending' by a device that stopped: failed as interrupted (they may have gone). */
  recoverInterrupted(): number {
    return this.deps.db
      .prepare("UPDATE email_outbox SET state = 'failed', reason = 'interrupted', next_attempt_at = NULL WHERE state = 'sending'")
      .run().changes;
  }

  /** Queues one mail (one recipient); an alarm event's mail to a recipient is queued once.
   * Answers the new row's id, or null when it was queued already. Runs inside the caller's
   * transaction when there is one. */
  enqueue(mail: OutgoingMail & { event?: { id: number; kind: 'raised' | 'cleared' } }): number | null {
    const now = this.deps.now();
    const r = this.deps.db
      .prepare(
        `INSERT OR IGNORE INTO email_outbox (state, recipient, subject, body, event_id, event_kind, created_at, next_attempt_at, attempts)
         VALUES ('queued', ?, ?, ?, ?, ?, ?, ?, 0)`,
      )
      .run(mail.to, oneLine(mail.subject), mail.text, mail.event?.id ?? null, mail.event?.kind ?? null, now, now);
    return r.changes > 0 ? Number(r.lastInsertRowid) : null;
  }

  list(limit = 200): OutboxRow[] {
    return this.deps.db.prepare('SELECT * FROM email_outbox ORDER BY id DESC LIMIT ?').all(limit) as OutboxRow[];
  }

  get(id: number): OutboxRow | null {
    return (this.deps.db.prepare('SELECT * FROM email_outbox WHERE id = ?').get(id) as OutboxRow | undefined) ?? null;
  }

  /** Queues a failed mail again, due now, with its tries counted afresh. Null for no such mail;
   * 'not_failed' for one that is not failed (a sent mail is never sent again). */
  retry(id: number): OutboxRow | null | 'not_failed' {
    const db = this.deps.db;
    const result = db.transaction(() => {
      const row = this.get(id);
      if (!row) return null;
      if (row.state !== 'failed') return 'not_failed' as const;
      db.prepare("UPDATE email_outbox SET state = 'queued', attempts = 0, next_attempt_at = ? WHERE id = ?").run(this.deps.now(), id);
      return this.get(id);
    })();
    if (result && result !== 'not_failed') this.kick();
    return result;
  }

  /** Starts looking for mails due every tick. */
  start(): void {
    this.closed = false;
    this.recoverInterrupted();
    this.tracker.set(this.deps.server && this.deps.server() === null ? 'disabled' : 'running');
    this.timer = setInterval(() => this.kick(), this.deps.options.tickMs);
    this.timer.unref();
    this.kick();
  }

  /** Sends what is due now (unless a round is running already); resolves when the round ends. */
  kick(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (!this.running) {
      this.running = this.round().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  /** Stops sending; waits for the mail in hand. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Mails handed to the server within the last minute. */
  private sentLastMinute(now: number): number {
    return this.deps.db.prepare('SELECT COUNT(*) FROM email_outbox WHERE attempted_at > ?').pluck().get(now - 60_000) as number;
  }

  /** Takes the next mail due, marking it 'sending' on disk first. */
  private take(): OutboxRow | null {
    const db = this.deps.db;
    return db.transaction(() => {
      const now = this.deps.now();
      if (this.sentLastMinute(now) >= this.deps.options.maxPerMinute) return null;
      const row = db.prepare("SELECT * FROM email_outbox WHERE state = 'queued' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT 1").get(now) as OutboxRow | undefined;
      if (!row) return null;
      db.prepare("UPDATE email_outbox SET state = 'sending', attempted_at = ?, attempts = attempts + 1 WHERE id = ?").run(now, row.id);
      return { ...row, state: 'sending' as const, attempted_at: now, attempts: row.attempts + 1 };
    })();
  }

  /** Keeps the server's answer. */
  private record(row: OutboxRow, result: SmtpResult): void {
    const db = this.deps.db;
    const now = this.deps.now();
    db.transaction(() => {
      if (result.outcome === 'accepted') {
        db.prepare("UPDATE email_outbox SET state = 'sent', sent_at = ?, reason = NULL, smtp_code = ?, smtp_reply = ?, next_attempt_at = NULL WHERE id = ?").run(
          now,
          result.smtp_code,
          result.smtp_reply,
          row.id,
        );
        return;
      }
      const again = (TRANSIENT_OUTCOMES.includes(result.outcome) || result.outcome === 'not_configured') && row.attempts < this.deps.options.maxAttempts;
      db.prepare('UPDATE email_outbox SET state = ?, reason = ?, smtp_code = ?, smtp_reply = ?, next_attempt_at = ? WHERE id = ?').run(
        again ? 'queued' : 'failed',
        result.outcome,
        result.smtp_code,
        result.smtp_reply,
        again ? now + retryDelayMs(row.attempts) : null,
        row.id,
      );
    })();
  }

  private async round(): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const row = this.take();
      if (!row) break;
      const result = await this.deps.send({ to: row.recipient, subject: row.subject, text: row.body });
      this.lastFailed = result.outcome !== 'accepted';
      if (this.lastFailed) this.tracker.failed([result.outcome, result.smtp_code, result.smtp_reply].filter((p) => p !== null && p !== undefined).join(' '));
      this.record(row, result);
    }
    this.prune();
  }

  /** Keeps the newest EMAIL_OUTBOX_KEEP mails that are sent or failed. */
  private prune(): void {
    this.deps.db
      .prepare(
        `DELETE FROM email_outbox WHERE state IN ('sent', 'failed') AND id < (SELECT COALESCE(MIN(id), 0) FROM (SELECT id FROM email_outbox ORDER BY id DESC LIMIT ?))`,
      )
      .run(EMAIL_OUTBOX_KEEP);
  }
}

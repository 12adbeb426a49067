/**
 * Long device tasks as jobs (contract/jobs.ts): a row per job in SQLite, written at every step,
 * so that a job survives the server: one still marked running when the device starts was cut
 * short by a crash or a power loss, and ends there as failed with `interrupted`. Byte counts
 * change many times a second and live in memory only.
 */
import crypto from 'node:crypto';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import type { ErrorCode } from '../../contract/error-codes';
import { JOB_STEPS_BY_KIND, type JobKind, type JobStepState } from '../../contract/jobs';
import type { Job } from '../../contract/api/jobs';

interface JobRow {
  id: string;
  kind: JobKind;
  account: string | null;
  state: Job['state'];
  steps: string;
  current_step: string | null;
  error_code: ErrorCode | null;
  error_detail: string | null;
  rolled_back: number;
  detail: string | null;
  result: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** Jobs kept after they end (the newest); older ones are removed as new ones start. */
export const KEPT_JOBS = 50;

export class JobFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly rolledBack = false,
  ) {
    super(message);
  }
}

export class JobsService {
  private readonly bytes = new Map<string, { done: number; total: number }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }

  /** Ends the jobs a previous run of the server left running; answers them. */
  interruptLeftovers(): Array<{ id: string; kind: JobKind; account: string | null; step: string | null; detail: unknown }> {
    const rows = this.db.prepare(`SELECT * FROM jobs WHERE state = 'running'`).all() as JobRow[];
    for (const row of rows) {
      const steps = (JSON.parse(row.steps) as Job['steps']).map((s) => (s.state === 'running' ? { ...s, state: 'failed' as const } : s));
      this.db
        .prepare(`UPDATE jobs SET state = 'failed', steps = ?, error_code = 'interrupted', error_detail = ?, updated_at = ?, finished_at = ? WHERE id = ?`)
        .run(JSON.stringify(steps), `The device restarted during ${row.current_step ?? 'the job'}`, this.now(), this.now(), row.id);
    }
    return rows.map((r) => ({ id: r.id, kind: r.kind, account: r.account, step: r.current_step, detail: r.detail ? JSON.parse(r.detail) : null }));
  }

  /** Starts a job of `kind` with every step pending; refuses while another job of a kind in
   * `exclusive` runs. */
  create(kind: JobKind, account: string | null, detail: unknown): Job {
    const id = crypto.randomBytes(9).toString('base64url');
    const steps = JOB_STEPS_BY_KIND[kind].map((s) => ({ id: s, state: 'pending' as JobStepState }));
    const now = this.now();
    this.db.transaction(() => {
      this.db
        .prepare(`INSERT INTO jobs (id, kind, account, state, steps, detail, created_at, updated_at) VALUES (?, ?, ?, 'running', ?, ?, ?, ?)`)
        .run(id, kind, account, JSON.stringify(steps), JSON.stringify(detail ?? null), now, now);
      this.db.prepare(`DELETE FROM jobs WHERE state != 'running' AND id NOT IN (SELECT id FROM jobs ORDER BY created_at DESC, rowid DESC LIMIT ?)`).run(KEPT_JOBS);
    })();
    return this.get(id)!;
  }

  /** The running job of one of `kinds`, if any. */
  running(kinds: readonly JobKind[]): Job | null {
    const row = this.db
      .prepare(`SELECT * FROM jobs WHERE state = 'running' AND kind IN (${kinds.map(() => '?').join(',')}) ORDER BY created_at LIMIT 1`)
      .get(...kinds) as JobRow | undefined;
    return row ? this.toJob(row) : null;
  }

  get(id: string): Job | null {
    const row = this.db.prepare('SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
    return row ? this.toJob(row) : null;
  }

  /** Who started a job (the route shows it only to accounts that may start its kind). */
  accountOf(id: string): string | null {
    return (this.db.prepare('SELECT account FROM jobs WHERE id = ?').get(id) as { account: string | null } | undefined)?.account ?? null;
  }

  /** What the job was started with (file, versions), as given to `create`. */
  detailOf(id: string): unknown {
    const row = this.db.prepare('SELECT detail FROM jobs WHERE id = ?').get(id) as { detail: string | null } | undefined;
    return row?.detail ? (JSON.parse(row.detail) as unknown) : null;
  }

  /** Marks the running step done and `step` running. */
  step(id: string, step: string): void {
    this.bytes.delete(id);
    this.updateSteps(id, (steps) => steps.map((s) => (s.state === 'running' ? { ...s, state: 'done' } : s.id === step ? { ...s, state: 'running' } : s)), step);
  }

  progress(id: string, done: number, total: number): void {
    this.bytes.set(id, { done, total });
  }

  /** Every step done: the job succeeded (with the file it wrote, if it wrote one). */
  finish(id: string, result: Job['result'] = null): void {
    this.bytes.delete(id);
    this.updateSteps(id, (steps) => steps.map((s) => ({ ...s, state: 'done' })), null, { state: 'done', result: result ? JSON.stringify(result) : null });
  }

  /** The running step failed, and with it the job. */
  fail(id: string, failure: JobFailure): void {
    this.bytes.delete(id);
    this.updateSteps(id, (steps) => steps.map((s) => (s.state === 'running' ? { ...s, state: 'failed' } : s)), undefined, {
      state: 'failed',
      error_code: failure.code,
      error_detail: failure.message.slice(0, 500),
      rolled_back: failure.rolledBack ? 1 : 0,
    });
  }

  private updateSteps(id: string, change: (steps: Job['steps']) => Job['steps'], current: string | null | undefined, end?: Partial<JobRow>): void {
    const row = this.db.prepare('SELECT steps, current_step FROM jobs WHERE id = ?').get(id) as Pick<JobRow, 'steps' | 'current_step'> | undefined;
    if (!row) return;
    const steps = change(JSON.parse(row.steps) as Job['steps']);
    const now = this.now();
    const fields: Record<string, unknown> = {
      steps: JSON.stringify(steps),
      current_step: current === undefined ? row.current_step : current,
      updated_at: now,
      ...(end ? { ...end, finished_at: now } : {}),
    };
    const names = Object.keys(fields);
    this.db.prepare(`UPDATE jobs SET ${names.map((n) => `${n} = @${n}`).join(', ')} WHERE id = @id`).run({ ...fields, id });
  }

  private toJob(row: JobRow): Job {
    return {
      id: row.id,
      kind: row.kind,
      state: row.state,
      steps: JSON.parse(row.steps) as Job['steps'],
      current_step: row.current_step,
      bytes: row.state === 'running' ? (this.bytes.get(row.id) ?? null) : null,
      error_code: row.error_code,
      error_detail: row.error_detail,
      rolled_back: row.rolled_back === 1,
      result: row.result ? (JSON.parse(row.result) as Job['result']) : null,
      created_at: row.created_at,
      updated_at: row.updated_at,
      finished_at: row.finished_at,
    };
  }
}

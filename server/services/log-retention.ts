import type { Clock } from '../lib/clock';
import type { LockoutService } from './lockout';
import type { OperationLog } from './operation-log';
import type { SignInLimits } from './sign-in-limits';

/** How often the open failed-sign-in rows are written and the in-memory limits swept. */
export const HOUSEKEEPING_INTERVAL_MS = 30_000;
/** How often retention runs by time (it also runs every PRUNE_EVERY_INSERTS rows written). */
export const RETENTION_INTERVAL_MS = 60 * 60_000;

/**
 * Keeps the logs of sign-in bounded: retention of the operation log (rows and age, from the
 * `oplog_retention` setting) and of the failure and lockout tables (their caps), run every
 * PRUNE_EVERY_INSERTS rows of the log and hourly; the pending counts of repeated failed
 * sign-ins written every HOUSEKEEPING_INTERVAL_MS and at close.
 */
export class LogRetention {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private lastRun: number;

  constructor(
    private readonly clock: Clock,
    private readonly oplog: OperationLog,
    private readonly lockout: LockoutService,
    private readonly limits: SignInLimits,
  ) {
    this.lastRun = clock.now();
    oplog.onInserts(() => this.run());
  }

  /** Prunes every table now; the pruning writes one operation-log row when anything went. */
  run(): void {
    // The row the pruning writes counts as an insert: no pruning inside a pruning.
    if (this.running) return;
    this.running = true;
    try {
      this.lastRun = this.clock.now();
      this.oplog.flush();
      this.oplog.prune(this.lockout.prune());
    } finally {
      this.running = false;
    }
  }

  /** The periodic part: flushes and sweeps, and retention once an hour. */
  tick(): void {
    this.oplog.flush();
    this.limits.sweep();
    if (this.clock.now() - this.lastRun >= RETENTION_INTERVAL_MS) this.run();
  }

  start(): void {
    if (this.timer) return;
    this.run();
    this.timer = setInterval(() => this.tick(), HOUSEKEEPING_INTERVAL_MS);
    this.timer.unref();
  }

  /** Stops the timer and writes what is pending; call before the database closes. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.oplog.flush();
  }
}

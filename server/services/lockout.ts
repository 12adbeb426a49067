import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { ApiError } from '../lib/api-error';
import { isAccountName } from '../../contract/roles';

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 10 * 60 * 1000;
export const LOCKOUT_MS = 10 * 60 * 1000;
/** The key every user name that is no account shares: guessing names adds no rows. */
export const UNKNOWN_ACCOUNT_KEY = '*unknown*';
/** Row caps of the failure and lockout tables, whatever the number of addresses: past them the
 * oldest failures and the earliest-ending lockouts go first. */
export const MAX_FAILURE_ROWS = 5_000;
export const MAX_LOCKOUT_ROWS = 5_000;

/** The name failures and lockouts are kept under: the account's, or one shared by all unknown names. */
export function accountKey(username: string, isAccount: (name: string) => boolean = isAccountName): string {
  return isAccount(username) ? username : UNKNOWN_ACCOUNT_KEY;
}

/** Whether a name is an account of this device: a built-in one, or a WebView user of the
 * accounts table (docs/decisions.md#webview-users). */
export function accountsOf(db: Db): (name: string) => boolean {
  const exists = db.prepare('SELECT 1 FROM accounts WHERE username = ?').pluck();
  return (name) => isAccountName(name) || (name.length <= 64 && exists.get(name) !== undefined);
}

/** Login lockout (docs/decisions.md#lockout), keyed on the socket address and the account name. */
export class LockoutService {
  private readonly lockedUntil;
  private readonly insertFailure;
  private readonly countFailures;
  private readonly pruneFailures;
  private readonly clearFailures;
  private readonly lock;
  private readonly unlock;
  private readonly pruneLockouts;
  private readonly capFailures;
  private readonly capLockouts;

  private readonly isAccount: (name: string) => boolean;

  constructor(db: Db, private readonly clock: Clock) {
    this.isAccount = accountsOf(db);
    this.lockedUntil = db.prepare('SELECT until FROM login_lockouts WHERE source = ? AND username = ?').pluck();
    this.insertFailure = db.prepare('INSERT INTO login_failures (source, username, at) VALUES (?, ?, ?)');
    this.countFailures = db.prepare('SELECT COUNT(*) FROM login_failures WHERE source = ? AND username = ? AND at > ?').pluck();
    this.pruneFailures = db.prepare('DELETE FROM login_failures WHERE at <= ?');
    this.clearFailures = db.prepare('DELETE FROM login_failures WHERE source = ? AND username = ?');
    this.lock = db.prepare(
      'INSERT INTO login_lockouts (source, username, until) VALUES (?, ?, ?) ON CONFLICT(source, username) DO UPDATE SET until = excluded.until',
    );
    this.unlock = db.prepare('DELETE FROM login_lockouts WHERE source = ? AND username = ?');
    this.pruneLockouts = db.prepare('DELETE FROM login_lockouts WHERE until <= ?');
    this.capFailures = db.prepare(
      'DELETE FROM login_failures WHERE rowid IN (SELECT rowid FROM login_failures ORDER BY at DESC, rowid DESC LIMIT -1 OFFSET ?)',
    );
    this.capLockouts = db.prepare(
      'DELETE FROM login_lockouts WHERE rowid IN (SELECT rowid FROM login_lockouts ORDER BY until DESC LIMIT -1 OFFSET ?)',
    );
    const failuresOf = db.prepare('DELETE FROM login_failures WHERE username = ?');
    const lockoutsOf = db.prepare('DELETE FROM login_lockouts WHERE username = ?');
    this.clearAccountRows = db.transaction((key: string) => {
      failuresOf.run(key);
      lockoutsOf.run(key);
    });
    this.releasePair = db.transaction((source: string, key: string) => {
      this.unlock.run(source, key);
      this.clearFailures.run(source, key);
    });
    this.transactFailure = db.transaction((source: string, username: string, now: number): boolean => {
      this.pruneFailures.run(now - FAILURE_WINDOW_MS);
      this.insertFailure.run(source, username, now);
      const n = this.countFailures.get(source, username, now - FAILURE_WINDOW_MS) as number;
      if (n < MAX_FAILURES) return false;
      this.clearFailures.run(source, username);
      this.lock.run(source, username, now + LOCKOUT_MS);
      return true;
    });
  }

  private readonly transactFailure: (source: string, username: string, now: number) => boolean;
  private readonly clearAccountRows: (key: string) => void;
  private readonly releasePair: (source: string, key: string) => void;

  private lockedError(until: number): ApiError {
    const minutes = Math.max(1, Math.ceil((until - this.clock.now()) / 60_000));
    return new ApiError(429, 'login_locked', `You reached the maximum login attempts. Please wait ${minutes} minutes and try again`, { qty: minutes });
  }

  /** Throws 429 while the pair is locked out. */
  assertNotLocked(source: string, username: string): void {
    const key = accountKey(username, this.isAccount);
    const until = this.lockedUntil.get(source, key) as number | undefined;
    if (until === undefined) return;
    if (until > this.clock.now()) throw this.lockedError(until);
    this.unlock.run(source, key);
  }

  /** Records a failure; the failure that reaches the limit answers 429 at once. */
  recordFailure(source: string, username: string): void {
    if (this.transactFailure(source, accountKey(username, this.isAccount), this.clock.now())) throw this.lockedError(this.clock.now() + LOCKOUT_MS);
  }

  /** Forgets every failure and lockout of `username`, from every address (admin's recovery). */
  clearAccount(username: string): void {
    this.clearAccountRows(accountKey(username, this.isAccount));
  }

  /** Ends the lockout of an address for the name it is kept under (`accountKey`'s), and forgets
   * that pair's failures: Account Management's Unlock. */
  release(source: string, key: string): void {
    this.releasePair(source, key);
  }

  recordSuccess(source: string, username: string): void {
    this.clearFailures.run(source, accountKey(username, this.isAccount));
  }

  /** Drops what no longer counts (failures out of the window, ended lockouts), then caps both
   * tables. Answers how many rows the caps removed: those still counted, so their removal is
   * worth a line in the operation log. */
  prune(): { login_failures: number; login_lockouts: number } {
    const now = this.clock.now();
    this.pruneFailures.run(now - FAILURE_WINDOW_MS);
    this.pruneLockouts.run(now);
    return {
      login_failures: this.capFailures.run(MAX_FAILURE_ROWS).changes,
      login_lockouts: this.capLockouts.run(MAX_LOCKOUT_ROWS).changes,
    };
  }
}

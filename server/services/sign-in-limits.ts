import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { ApiError } from '../lib/api-error';
import { accountKey } from './lockout';

/** Sign-in attempts one address may make at once (a token bucket's size)… */
export const SOURCE_BURST = 10;
/** …and the time it takes to earn one more: a flood settles at 10 attempts a minute per address. */
export const SOURCE_REFILL_MS = 6_000;
/** Addresses whose bucket is kept in memory; past this the least recently seen one is forgotten. */
export const MAX_TRACKED_SOURCES = 10_000;

/** Failed sign-ins to one account, from any addresses, that start the account's throttle… */
export const ACCOUNT_THROTTLE_FAILURES = 10;
/** …within this window… */
export const ACCOUNT_THROTTLE_WINDOW_MS = 10 * 60_000;
/** …after which the account takes one attempt per this interval, until a sign-in succeeds or the
 * failures age out of the window. */
export const ACCOUNT_THROTTLE_INTERVAL_MS = 30_000;
/** An address that signed in to the account successfully within this time is not held back by the
 * account's throttle (the per-address limit and lockout still apply to it): the administrator's
 * usual computer keeps working while strangers guess from elsewhere. */
export const KNOWN_SOURCE_MS = 30 * 24 * 60 * 60_000;

interface Bucket {
  /** Tokens at `at`; it refills from there. */
  tokens: number;
  at: number;
}

interface AccountState {
  /** Times of the latest failures within the window, at most ACCOUNT_THROTTLE_FAILURES of them. */
  failures: number[];
  /** While throttled: when the next attempt may be made. */
  nextAttemptAt: number;
}

function tooManyRequests(waitMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ApiError(429, 'too_many_requests', `Too many sign-in attempts. Please wait ${seconds} seconds and try again`, { qty: seconds });
}

/**
 * Limits on sign-in attempts, checked before any password is, kept in memory (they cost nothing
 * to refuse and write nothing): a token bucket per source address, and a throttle per account
 * across addresses. Every token call (password or refresh) takes a token from its address's
 * bucket; a successful one gives it back, so only refused attempts use the bucket up. A restart
 * clears both.
 */
export class SignInLimits {
  private readonly buckets = new Map<string, Bucket>();
  private readonly accounts = new Map<string, AccountState>();
  private readonly signedInFrom;

  constructor(db: Db, private readonly clock: Clock) {
    // The sessions table remembers where each account signed in from.
    this.signedInFrom = db
      .prepare('SELECT 1 FROM sessions WHERE username = ? AND source = ? AND created_at > ? LIMIT 1')
      .pluck();
  }

  /** Admits one attempt from `source` (for `username`, on a password grant), or throws 429
   * `too_many_requests` with the seconds to wait. An admitted attempt must end in `succeeded` or
   * `failed`. */
  admit(source: string, username: string | null): void {
    const now = this.clock.now();
    const bucket = this.bucket(source, now);
    if (bucket.tokens < 1) throw tooManyRequests((1 - bucket.tokens) * SOURCE_REFILL_MS);
    if (username !== null) {
      const key = accountKey(username);
      const account = this.accounts.get(key);
      if (account && this.throttled(account, now) && !this.known(key, source, now)) {
        if (now < account.nextAttemptAt) throw tooManyRequests(account.nextAttemptAt - now);
        account.nextAttemptAt = now + ACCOUNT_THROTTLE_INTERVAL_MS;
      }
    }
    bucket.tokens -= 1;
  }

  /** A successful sign-in (or renewal): the address gets its token back, the account's throttle ends. */
  succeeded(source: string, username: string | null): void {
    const bucket = this.buckets.get(source);
    if (bucket) bucket.tokens = Math.min(SOURCE_BURST, bucket.tokens + 1);
    if (username !== null) this.accounts.delete(accountKey(username));
  }

  /** A wrong password, or an unknown user name (all unknown names count as one account). */
  failed(username: string): void {
    const now = this.clock.now();
    const key = accountKey(username);
    const account = this.accounts.get(key) ?? { failures: [], nextAttemptAt: 0 };
    account.failures.push(now);
    if (account.failures.length > ACCOUNT_THROTTLE_FAILURES) account.failures.shift();
    this.accounts.set(key, account);
  }

  /** Forgets full buckets and accounts whose failures aged out: what is left is what still limits. */
  sweep(): void {
    const now = this.clock.now();
    for (const [source, bucket] of this.buckets) if (this.level(bucket, now) >= SOURCE_BURST) this.buckets.delete(source);
    for (const [key, account] of this.accounts) {
      if (account.failures.every((at) => at <= now - ACCOUNT_THROTTLE_WINDOW_MS)) this.accounts.delete(key);
    }
  }

  /** How many addresses are tracked (for tests: the map is bounded). */
  get trackedSources(): number {
    return this.buckets.size;
  }

  private level(bucket: Bucket, now: number): number {
    return Math.min(SOURCE_BURST, bucket.tokens + Math.max(0, now - bucket.at) / SOURCE_REFILL_MS);
  }

  /** The address's bucket refilled up to now, moved to the end of the map (most recently seen). */
  private bucket(source: string, now: number): Bucket {
    const old = this.buckets.get(source);
    const bucket: Bucket = { tokens: old ? this.level(old, now) : SOURCE_BURST, at: now };
    this.buckets.delete(source);
    if (this.buckets.size >= MAX_TRACKED_SOURCES) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    this.buckets.set(source, bucket);
    return bucket;
  }

  private throttled(account: AccountState, now: number): boolean {
    const oldest = account.failures[0];
    return account.failures.length >= ACCOUNT_THROTTLE_FAILURES && oldest !== undefined && oldest > now - ACCOUNT_THROTTLE_WINDOW_MS;
  }

  private known(key: string, source: string, now: number): boolean {
    return this.signedInFrom.get(key, source, now - KNOWN_SOURCE_MS) !== undefined;
  }
}

import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { ApiError } from '../lib/api-error';
import { accountKey, accountsOf } from './lockout';

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
/** Addresses one throttled account keeps in its line; past this, a new one is told to wait for
 * the whole line and not put in it. */
export const MAX_WAITING_SOURCES = 1_000;
/** How much sooner than it was told an address may ask again without counting as asking early
 * (the seconds told are rounded up; clocks and clicks are not exact). */
export const EARLY_TOLERANCE_MS = 1_000;

interface Bucket {
  /** Tokens at `at`; it refills from there. */
  tokens: number;
  at: number;
}

interface AccountState {
  /** Times of the latest failures within the window, at most ACCOUNT_THROTTLE_FAILURES of them. */
  failures: number[];
  /** Attempts admitted whose password is still being checked: each may be one more failure, so
   * they count towards the throttle until they end (a burst from many addresses is not checked
   * whole before the first failure is known). */
  pending: number;
  /** The addresses that gave a wrong password for the account, with when they last did. */
  wrongFrom: Map<string, number>;
  /** While throttled: when the next attempt may be made; the windows of one attempt each follow
   * from there, every ACCOUNT_THROTTLE_INTERVAL_MS. */
  nextAttemptAt: number;
  /** Addresses refused by the throttle, waiting for a window. */
  waiting: Map<string, InLine>;
  /** The address the latest window given out is kept for (chosen when the first attempt of that
   * window came), until it comes. */
  owner: { start: number; source: string } | null;
}

interface InLine {
  /** The order addresses first asked in. */
  seq: number;
  /** When it was last told to come back. */
  toldAt: number;
  /** It asked again before it was told to (a client that does not wait as told). */
  early: boolean;
}

/** Whose accounts a set of limits keeps: which names are accounts (all others count as one), and
 * whether an address signed in to an account lately (it is not held back by the account's throttle). */
export interface SignInAccounts {
  isAccount(name: string): boolean;
  /** Whether `source` signed in as the account kept under `key` after `since` (host clock). */
  signedInFrom(key: string, source: string, since: number): boolean;
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
 *
 * The throttle admits one attempt per window of ACCOUNT_THROTTLE_INTERVAL_MS, and each window is
 * kept for one address, in turn: the addresses it refused wait in line and each is told when its
 * window opens. First in line are those that waited as told and gave no wrong password for the
 * account in the last ACCOUNT_THROTTLE_WINDOW_MS, then those that asked again sooner than told,
 * then those that gave a wrong password; within each, who asked first. An address that misses its
 * window leaves the line (asking again puts it at the back). So guessers, however many and however
 * fast they ask, cannot take every window: the administrator who asks from a new address and comes
 * back when told gets in after the window under way and one window per address that was in line
 * before it, waited as told and has not guessed wrong, while the account still gets no more than
 * one attempt per window.
 */
export class SignInLimits {
  private readonly buckets = new Map<string, Bucket>();
  private readonly accounts = new Map<string, AccountState>();
  /** Numbers the first attempts of the addresses put in line: who asked first. */
  private asked = 0;
  private readonly signedInFrom: SignInAccounts['signedInFrom'];

  private readonly isAccount: (name: string) => boolean;

  /** The console's accounts by default; another service that signs in users of its own (the OPC
   * UA server) names its own `accounts`. */
  constructor(db: Db, private readonly clock: Clock, accounts?: SignInAccounts) {
    if (accounts) {
      this.isAccount = (name) => accounts.isAccount(name);
      this.signedInFrom = (key, source, since) => accounts.signedInFrom(key, source, since);
    } else {
      this.isAccount = accountsOf(db);
      // The sessions table remembers where each account signed in from.
      const signedIn = db.prepare('SELECT 1 FROM sessions WHERE username = ? AND source = ? AND created_at > ? LIMIT 1').pluck();
      this.signedInFrom = (key, source, since) => signedIn.get(key, source, since) !== undefined;
    }
  }

  /** Admits one attempt from `source` (for `username`, on a password grant), or throws 429
   * `too_many_requests` with the seconds to wait. An admitted attempt must end in `succeeded` or
   * `failed`. */
  admit(source: string, username: string | null): void {
    const now = this.clock.now();
    const bucket = this.bucket(source, now);
    if (bucket.tokens < 1) throw tooManyRequests((1 - bucket.tokens) * SOURCE_REFILL_MS);
    if (username !== null) {
      const key = accountKey(username, this.isAccount);
      const account = this.account(key);
      if (!this.throttled(account, now)) this.endLine(account);
      else if (!this.known(key, source, now)) this.takeWindow(account, source, now);
      account.pending += 1;
    }
    bucket.tokens -= 1;
  }

  /** A successful sign-in (or renewal): the address gets its token back, the account's throttle ends. */
  succeeded(source: string, username: string | null): void {
    const bucket = this.buckets.get(source);
    if (bucket) bucket.tokens = Math.min(SOURCE_BURST, bucket.tokens + 1);
    if (username !== null) this.accounts.delete(accountKey(username, this.isAccount));
  }

  /** A wrong password, or an unknown user name (all unknown names count as one account), from
   * `source`. */
  failed(username: string, source: string): void {
    const now = this.clock.now();
    const account = this.account(accountKey(username, this.isAccount));
    account.pending = Math.max(0, account.pending - 1);
    account.failures.push(now);
    if (account.failures.length > ACCOUNT_THROTTLE_FAILURES) account.failures.shift();
    account.wrongFrom.delete(source);
    account.wrongFrom.set(source, now);
    if (account.wrongFrom.size > MAX_WAITING_SOURCES) account.wrongFrom.delete(account.wrongFrom.keys().next().value!);
  }

  /** An admitted password attempt that ended neither way (a refusal before the password was
   * checked: a locked address, a user name that does not match the path). */
  abandoned(username: string): void {
    const account = this.accounts.get(accountKey(username, this.isAccount));
    if (account) account.pending = Math.max(0, account.pending - 1);
  }

  /** Forgets full buckets and accounts whose failures aged out: what is left is what still limits. */
  sweep(): void {
    const now = this.clock.now();
    for (const [source, bucket] of this.buckets) if (this.level(bucket, now) >= SOURCE_BURST) this.buckets.delete(source);
    for (const [key, account] of this.accounts) {
      if (account.pending === 0 && account.failures.every((at) => at <= now - ACCOUNT_THROTTLE_WINDOW_MS)) this.accounts.delete(key);
    }
  }

  /** How many addresses are tracked (for tests: the map is bounded). */
  get trackedSources(): number {
    return this.buckets.size;
  }

  /** How many addresses wait in the line of `username`'s throttle (for tests: it is bounded). */
  lineLength(username: string): number {
    return this.accounts.get(accountKey(username, this.isAccount))?.waiting.size ?? 0;
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

  private account(key: string): AccountState {
    let account = this.accounts.get(key);
    if (!account) {
      account = { failures: [], pending: 0, wrongFrom: new Map(), nextAttemptAt: 0, waiting: new Map(), owner: null };
      this.accounts.set(key, account);
    }
    return account;
  }

  private throttled(account: AccountState, now: number): boolean {
    const recent = account.failures.filter((at) => at > now - ACCOUNT_THROTTLE_WINDOW_MS).length;
    return recent + account.pending >= ACCOUNT_THROTTLE_FAILURES;
  }

  /** The throttle is over: nobody waits any more, and the next throttle starts a new line. */
  private endLine(account: AccountState): void {
    account.waiting.clear();
    account.owner = null;
  }

  /** Where an address stands in the line: waited as told (0), asked sooner (1), guessed wrong (2). */
  private rank(account: AccountState, source: string, entry: InLine, now: number): number {
    if ((account.wrongFrom.get(source) ?? -Infinity) > now - ACCOUNT_THROTTLE_WINDOW_MS) return 2;
    return entry.early ? 1 : 0;
  }

  /** Whether `a` goes before `b` in the line. */
  private before(account: AccountState, now: number, a: [string, InLine], b: [string, InLine]): boolean {
    const ra = this.rank(account, a[0], a[1], now);
    const rb = this.rank(account, b[0], b[1], now);
    return ra !== rb ? ra < rb : a[1].seq < b[1].seq;
  }

  /** How many of the line go before `source` (all of them when it is not in it); `except` left out. */
  private ahead(account: AccountState, source: string, now: number, except: string | null): number {
    const mine = account.waiting.get(source);
    let n = 0;
    for (const entry of account.waiting) {
      if (entry[0] === source || entry[0] === except) continue;
      if (mine === undefined || this.before(account, now, entry, [source, mine])) n++;
    }
    return n;
  }

  /** The first of the line, if any. */
  private first(account: AccountState, now: number): string | null {
    let first: [string, InLine] | null = null;
    for (const entry of account.waiting) if (!first || this.before(account, now, entry, first)) first = entry;
    return first ? first[0] : null;
  }

  /** Refuses `source` (429), telling it to come back in `waitMs`. */
  private tell(account: AccountState, source: string, now: number, waitMs: number): never {
    const entry = account.waiting.get(source);
    if (entry) entry.toldAt = now + waitMs;
    throw tooManyRequests(waitMs);
  }

  /** Admits `source` when the window under way is kept for it, else puts it in line and throws 429
   * with the seconds until its window opens. The k-th of the line gets the k-th window from
   * `nextAttemptAt` on (one after another, as each is used or missed); a window that passed
   * without its address coming takes that address out of the line. */
  private takeWindow(account: AccountState, source: string, now: number): void {
    const interval = ACCOUNT_THROTTLE_INTERVAL_MS;
    const join = () => {
      const entry = account.waiting.get(source);
      if (entry) {
        if (now < entry.toldAt - EARLY_TOLERANCE_MS) entry.early = true;
      } else if (account.waiting.size < MAX_WAITING_SOURCES) {
        account.waiting.set(source, { seq: this.asked++, toldAt: now, early: false });
      }
    };
    if (now < account.nextAttemptAt) {
      join();
      this.tell(account, source, now, account.nextAttemptAt + this.ahead(account, source, now, null) * interval - now);
    }
    const index = Math.floor((now - account.nextAttemptAt) / interval);
    const start = account.nextAttemptAt + index * interval;
    if (account.owner?.start !== start) {
      // The windows since the last one given out passed: their addresses did not come.
      const given = account.owner ? Math.round((account.owner.start - account.nextAttemptAt) / interval) : -1;
      if (account.owner) account.waiting.delete(account.owner.source);
      for (let k = given + 1; k < index && account.waiting.size > 0; k++) account.waiting.delete(this.first(account, now)!);
      join();
      const owner = this.first(account, now);
      account.owner = owner === null ? null : { start, source: owner };
    } else {
      join();
    }
    if (account.owner === null || account.owner.source === source) {
      account.waiting.delete(source);
      account.owner = null;
      account.nextAttemptAt = now + interval;
      return;
    }
    this.tell(account, source, now, start + (1 + this.ahead(account, source, now, account.owner.source)) * interval - now);
  }

  private known(key: string, source: string, now: number): boolean {
    return this.signedInFrom(key, source, now - KNOWN_SOURCE_MS);
  }
}

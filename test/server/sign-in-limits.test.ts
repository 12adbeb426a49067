/** Sign-in under a flood: a per-address rate limit and a per-account throttle refuse attempts with
 * 429 `too_many_requests` before any password check and without a row per attempt; refused
 * sign-ins are one operation-log row per address and window; retention bounds the operation log
 * and the failure tables, and logs its pruning. */
import { startTestDevice, TEST_PASSWORD, type TestDevice } from '../support/device';
import { ManualClock } from '../../server/lib/clock';
import {
  ACCOUNT_THROTTLE_FAILURES,
  ACCOUNT_THROTTLE_INTERVAL_MS,
  ACCOUNT_THROTTLE_WINDOW_MS,
  MAX_TRACKED_SOURCES,
  MAX_WAITING_SOURCES,
  SignInLimits,
  SOURCE_BURST,
  SOURCE_REFILL_MS,
} from '../../server/services/sign-in-limits';
import { FAILED_SIGN_IN_FLUSH_MS, FAILED_SIGN_IN_WINDOW_MS, PRUNE_EVERY_INSERTS } from '../../server/services/operation-log';
import { MAX_FAILURE_ROWS, UNKNOWN_ACCOUNT_KEY } from '../../server/services/lockout';
import { DEFAULT_OPLOG_RETENTION } from '../../contract/rules/data';

interface Row {
  id: number;
  at: string;
  account: string | null;
  source: string;
  action: string;
  target: string;
  after_value: string | null;
  result: string;
  repeat_count: number;
  repeat_last_at: string | null;
  repeat_results: string | null;
}

// The guessing runs below make hundreds of sign-in calls and a few real password checks each.
jest.setTimeout(120_000);

const DAY = 24 * 60 * 60_000;
/** Accounts that exist, tried in turn so that no address reaches the lockout of one account. */
const ACCOUNTS = ['admin', 'update', 'history', 'cmt_default_control_user', 'cmt_default_view_only_user'] as const;

describe('sign-in limits', () => {
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 8, 0, 0));
  let t: TestDevice;
  let nextSource = 1;
  const newSource = () => `10.77.${Math.floor(nextSource / 250)}.${(nextSource++ % 250) + 1}`;

  beforeAll(async () => {
    t = await startTestDevice({ clock });
    // The periodic flush and retention are run by hand here, on the fake clock.
    t.device.retention.close();
  });
  afterAll(() => t.close());
  // Each test starts with the previous one's failures, rows and limits out of their windows.
  beforeEach(() => clock.advance(Math.max(ACCOUNT_THROTTLE_WINDOW_MS, FAILED_SIGN_IN_WINDOW_MS) + 1000));
  afterEach(() => jest.restoreAllMocks());

  function signIn(source: string, username: string, password: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token/app',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
      remoteAddress: source,
    });
  }
  const db = () => t.device.db;
  const count = (table: string) => db().prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
  /** Rows, updates and deletions this connection has made since it opened. */
  const writes = () => db().prepare('SELECT total_changes()').pluck().get() as number;
  const rowsOf = (source: string) => db().prepare('SELECT * FROM operation_log WHERE source = ? ORDER BY id').all(source) as Row[];
  const verifySpy = () => jest.spyOn(t.device.accounts, 'verify');

  describe('[RL-01] per address', () => {
    it(`refuses an address after ${SOURCE_BURST} refused attempts with 429, the seconds to wait and no password check`, async () => {
      const src = newSource();
      for (let i = 0; i < SOURCE_BURST; i++) {
        expect((await signIn(src, ACCOUNTS[i % ACCOUNTS.length]!, `wrong-${i}`)).statusCode).toBe(401);
      }
      const verify = verifySpy();
      const blocked = await signIn(src, 'admin', TEST_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ error_code: 'too_many_requests', qty: SOURCE_REFILL_MS / 1000 });
      expect(verify).not.toHaveBeenCalled();
      // another address is not concerned
      expect((await signIn(newSource(), 'admin', TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('writes no row of any table per blocked attempt', async () => {
      const src = newSource();
      for (let i = 0; i < SOURCE_BURST; i++) await signIn(src, ACCOUNTS[i % ACCOUNTS.length]!, `wrong-${i}`);
      const verify = verifySpy();
      const tables = ['operation_log', 'login_failures', 'login_lockouts'].map(count);
      const before = writes();
      for (let i = 0; i < 50; i++) expect((await signIn(src, `guess-${i}`, 'x')).statusCode).toBe(429);
      expect(writes()).toBe(before);
      expect(['operation_log', 'login_failures', 'login_lockouts'].map(count)).toEqual(tables);
      expect(verify).not.toHaveBeenCalled();
    });

    it('earns one attempt back every refill interval, and a success costs nothing', async () => {
      const src = newSource();
      for (let i = 0; i < SOURCE_BURST; i++) await signIn(src, ACCOUNTS[i % ACCOUNTS.length]!, `wrong-${i}`);
      clock.advance(SOURCE_REFILL_MS - 1000);
      expect((await signIn(src, 'admin', TEST_PASSWORD)).json()).toMatchObject({ error_code: 'too_many_requests', qty: 1 });
      clock.advance(1000);
      expect((await signIn(src, 'admin', TEST_PASSWORD)).statusCode).toBe(200);
      expect((await signIn(src, 'update', TEST_PASSWORD)).statusCode).toBe(200);
      expect((await signIn(src, 'update', 'wrong')).statusCode).toBe(401);
      expect((await signIn(src, 'update', 'wrong')).statusCode).toBe(429);
    });

    it('limits the renewal of tokens from a blocked address too', async () => {
      const src = newSource();
      const pair = await t.loginPair('history', src);
      for (let i = 0; i < SOURCE_BURST; i++) await signIn(src, ACCOUNTS[i % ACCOUNTS.length]!, `wrong-${i}`);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/token/history',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: pair.refresh_token }).toString(),
        remoteAddress: src,
      });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ error_code: 'too_many_requests' });
    });

    it(`keeps at most ${MAX_TRACKED_SOURCES} addresses in memory and forgets the ones that are whole again`, () => {
      const limits = new SignInLimits(db(), clock);
      for (let i = 0; i < MAX_TRACKED_SOURCES + 500; i++) limits.admit(`fd00::${i.toString(16)}`, null);
      expect(limits.trackedSources).toBe(MAX_TRACKED_SOURCES);
      clock.advance(SOURCE_REFILL_MS);
      limits.sweep();
      expect(limits.trackedSources).toBe(0);
    });
  });

  describe('operation-log rows of refused sign-ins', () => {
    it('writes one row per address and window, and counts the next refusals on it', async () => {
      const src = newSource();
      const other = newSource();
      expect((await signIn(src, 'admin', 'wrong-1')).statusCode).toBe(401);
      const [first] = rowsOf(src);
      expect(first).toMatchObject({ action: 'login', account: 'admin', result: 'invalid_credentials', repeat_count: 1 });
      expect(first!.after_value).not.toContain('wrong-1');
      await signIn(src, 'mallory', 'wrong-2');
      await signIn(src, 'update', 'wrong-3');
      // counted in memory, written at most every few seconds
      expect(rowsOf(src)).toEqual([first]);
      clock.advance(FAILED_SIGN_IN_FLUSH_MS);
      await signIn(src, 'history', 'wrong-4');
      const rows = rowsOf(src);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: first!.id, repeat_count: 4, repeat_last_at: new Date(clock.now()).toISOString() });
      expect(JSON.parse(rows[0]!.repeat_results!)).toEqual({ invalid_credentials: 3, user_not_in_list: 1 });
      // another address has its own row
      await signIn(other, 'admin', 'wrong');
      expect(rowsOf(other)).toHaveLength(1);
      // after the window, a new row
      clock.advance(FAILED_SIGN_IN_WINDOW_MS);
      await signIn(src, 'admin', 'wrong-5');
      expect(rowsOf(src)).toHaveLength(2);
      expect(rowsOf(src)[0]).toMatchObject({ repeat_count: 4 });
    });

    it('counts the blocked attempts on the row once it is flushed', async () => {
      const src = newSource();
      for (let i = 0; i < SOURCE_BURST; i++) await signIn(src, ACCOUNTS[i % ACCOUNTS.length]!, `wrong-${i}`);
      for (let i = 0; i < 30; i++) await signIn(src, 'admin', 'x');
      t.device.oplog.flush();
      const rows = rowsOf(src);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.repeat_count).toBe(SOURCE_BURST + 30);
      expect(JSON.parse(rows[0]!.repeat_results!)).toEqual({ invalid_credentials: SOURCE_BURST, too_many_requests: 30 });
    });

    it('keeps one row per successful sign-in', async () => {
      const src = newSource();
      await signIn(src, 'admin', 'wrong');
      await signIn(src, 'admin', TEST_PASSWORD);
      await signIn(src, 'admin', TEST_PASSWORD);
      expect(rowsOf(src).map((r) => r.result)).toEqual(['invalid_credentials', 'success', 'success']);
    });

    it('[AUTH-03] keeps the failures of unknown user names under one key: one lockout row, not one per name', async () => {
      const src = newSource();
      for (let i = 0; i < 4; i++) expect((await signIn(src, `nobody-${i}`, 'x')).statusCode).toBe(401);
      expect(db().prepare('SELECT DISTINCT username FROM login_failures WHERE source = ?').pluck().all(src)).toEqual([UNKNOWN_ACCOUNT_KEY]);
      expect((await signIn(src, 'nobody-5', 'x')).json()).toMatchObject({ error_code: 'login_locked' });
      expect((await signIn(src, 'someone-else', 'x')).json()).toMatchObject({ error_code: 'login_locked' });
      expect(db().prepare('SELECT username FROM login_lockouts WHERE source = ?').pluck().all(src)).toEqual([UNKNOWN_ACCOUNT_KEY]);
      // the accounts themselves stay open from that address
      expect((await signIn(src, 'admin', TEST_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('[AUD-02] retention', () => {
    const record = (n: number) => {
      for (let i = 0; i < n; i++) {
        t.device.oplog.record({ account: 'admin', source: '10.0.0.1', action: 'set_hmi_name', target: 'system.hmi_name', after: `name-${i}`, values: null, result: 'success' });
      }
    };
    const prunings = () =>
      db().prepare("SELECT * FROM operation_log WHERE action = 'operation_log_pruned' ORDER BY id").all() as Row[];
    afterEach(() => t.device.settings.set('oplog_retention', { ...DEFAULT_OPLOG_RETENTION }));

    it('defaults to 10000 rows and 90 days', () => {
      expect(DEFAULT_OPLOG_RETENTION).toEqual({ rows: 10_000, days: 90 });
    });

    it('prunes the oldest rows past the row count as rows are written, and logs each pruning in one row', async () => {
      t.device.settings.set('oplog_retention', { rows: 100, days: 90 });
      const before = prunings().length;
      record(3 * PRUNE_EVERY_INSERTS);
      // pruned while writing, without waiting for the periodic run
      expect(count('operation_log')).toBeLessThanOrEqual(100 + PRUNE_EVERY_INSERTS);
      expect(prunings().length).toBeGreaterThan(before);
      t.device.retention.run();
      expect(count('operation_log')).toBe(100);
      const last = prunings().at(-1)!;
      expect(last).toMatchObject({ account: null, source: 'device', target: 'operation_log', result: 'success' });
      const after = JSON.parse(last.after_value!);
      expect(after.retention).toEqual({ rows: 100, days: 90 });
      expect(after.removed.operation_log).toBeGreaterThan(0);
      // the newest rows are the ones kept
      const newest = db().prepare("SELECT after_value FROM operation_log WHERE action = 'set_hmi_name' ORDER BY id DESC LIMIT 1").pluck().get();
      expect(newest).toBe(JSON.stringify(`name-${3 * PRUNE_EVERY_INSERTS - 1}`));
    });

    it('prunes the rows older than the days kept', () => {
      t.device.settings.set('oplog_retention', { rows: 10_000, days: 30 });
      record(5);
      const oldMax = db().prepare('SELECT MAX(id) FROM operation_log').pluck().get() as number;
      clock.advance(31 * DAY);
      record(2);
      t.device.retention.run();
      expect(db().prepare('SELECT COUNT(*) FROM operation_log WHERE id <= ?').pluck().get(oldMax)).toBe(0);
      expect(count('operation_log')).toBe(3);
      expect(JSON.parse(prunings().at(-1)!.after_value!).removed.operation_log).toBeGreaterThanOrEqual(5);
    });

    it('writes no pruning row when nothing went', () => {
      t.device.retention.run();
      const before = count('operation_log');
      t.device.retention.run();
      expect(count('operation_log')).toBe(before);
    });

    it('caps the failure table and logs what the cap removed', () => {
      const now = clock.now();
      const insert = db().prepare('INSERT INTO login_failures (source, username, at) VALUES (?, ?, ?)');
      db().transaction(() => {
        for (let i = 0; i < MAX_FAILURE_ROWS + 25; i++) insert.run(`fd00::${i.toString(16)}`, 'admin', now - 1000);
      })();
      t.device.retention.run();
      expect(count('login_failures')).toBe(MAX_FAILURE_ROWS);
      expect(JSON.parse(prunings().at(-1)!.after_value!).removed).toMatchObject({ login_failures: 25 });
      // ended lockouts and failures out of the window go without a row
      clock.advance(FAILED_SIGN_IN_WINDOW_MS + 1);
      const rows = count('operation_log');
      t.device.retention.run();
      expect(count('login_failures')).toBe(0);
      expect(count('operation_log')).toBe(rows);
    });
  });

  describe('[RL-01] per account, across addresses', () => {
    const sources = Array.from({ length: 20 }, (_, i) => `10.88.0.${i + 1}`);

    /** 80 wrong admin passwords, 4 from each of 20 addresses (under the lockout of one address). */
    async function distributedGuessing(): Promise<{ status: number; qty?: number }[]> {
      const answers = [];
      for (let round = 0; round < 4; round++) {
        for (const src of sources) {
          const res = await signIn(src, 'admin', `guess-${round}-${src}`);
          answers.push({ status: res.statusCode, ...(res.statusCode === 429 ? { qty: res.json().qty, code: res.json().error_code } : {}) });
        }
      }
      return answers;
    }

    it(`throttles an account to one attempt per ${ACCOUNT_THROTTLE_INTERVAL_MS / 1000} s after ${ACCOUNT_THROTTLE_FAILURES} failures from any addresses, without a password check`, async () => {
      const verify = verifySpy();
      const answers = await distributedGuessing();
      // the first failures, then the one attempt of the interval, are checked
      expect(answers.filter((a) => a.status === 401)).toHaveLength(ACCOUNT_THROTTLE_FAILURES + 1);
      expect(answers.slice(0, ACCOUNT_THROTTLE_FAILURES + 1).every((a) => a.status === 401)).toBe(true);
      const refused = answers.slice(ACCOUNT_THROTTLE_FAILURES + 1);
      expect(refused).toHaveLength(80 - ACCOUNT_THROTTLE_FAILURES - 1);
      expect(refused.every((a) => a.status === 429)).toBe(true);
      expect(refused[0]).toMatchObject({ code: 'too_many_requests', qty: ACCOUNT_THROTTLE_INTERVAL_MS / 1000 });
      expect(verify).toHaveBeenCalledTimes(ACCOUNT_THROTTLE_FAILURES + 1);
      // other accounts are not concerned
      expect((await signIn(sources[0]!, 'update', TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('gives each window to one address in line, in the order they asked, each told when; one that does not come loses its turn', async () => {
      // 10 wrong passwords from 10 addresses start the throttle; one attempt of the window is left.
      for (const src of sources.slice(0, ACCOUNT_THROTTLE_FAILURES + 1)) expect((await signIn(src, 'admin', 'guess')).statusCode).toBe(401);
      // Five addresses ask once each: a line, each told its own window, 30 s after the one before.
      const line = Array.from({ length: 5 }, () => newSource());
      const waits: number[] = [];
      for (const src of line) {
        const res = await signIn(src, 'admin', 'ask');
        expect(res.statusCode).toBe(429);
        waits.push(res.json().qty as number);
      }
      expect(waits[0]).toBeLessThanOrEqual(ACCOUNT_THROTTLE_INTERVAL_MS / 1000);
      for (let i = 1; i < waits.length; i++) expect(waits[i]! - waits[i - 1]!).toBe(ACCOUNT_THROTTLE_INTERVAL_MS / 1000);
      // The first comes when told and is checked, before one that comes at the same time without
      // having asked; the second does not come; the third, on time, is checked.
      const verify = verifySpy();
      clock.advance(waits[0]! * 1000);
      expect((await signIn(newSource(), 'admin', 'pushing in')).statusCode).toBe(429);
      expect((await signIn(sources[0]!, 'admin', 'guessed before')).statusCode).toBe(429);
      expect((await signIn(line[0]!, 'admin', 'guess')).statusCode).toBe(401);
      clock.advance((waits[2]! - waits[0]!) * 1000);
      expect((await signIn(line[2]!, 'admin', 'guess')).statusCode).toBe(401);
      expect(verify).toHaveBeenCalledTimes(2);
      // The one that missed its window goes to the back of the line.
      const late = await signIn(line[1]!, 'admin', 'late');
      expect(late.statusCode).toBe(429);
      expect(late.json().qty).toBeGreaterThan(waits.at(-1)! - waits[2]!);
    });

    it('keeps one attempt per window open however long the guessing goes on', async () => {
      const verify = verifySpy();
      await distributedGuessing();
      let checked = 0;
      for (let i = 0; i < 20; i++) {
        clock.advance(ACCOUNT_THROTTLE_INTERVAL_MS / 2);
        for (const src of sources) if ((await signIn(src, 'admin', 'still-guessing')).statusCode === 401) checked++;
      }
      // 10 minutes: one attempt a window, never more.
      expect(checked).toBeGreaterThanOrEqual(9);
      expect(checked).toBeLessThanOrEqual(10);
      expect(verify).toHaveBeenCalledTimes(ACCOUNT_THROTTLE_FAILURES + 1 + checked);
    });

    /**
     * Guessers that each send a wrong password every `everyMs` whatever they are answered, from
     * the start; the administrator comes at `adminAtMs` from an address the account never signed
     * in from and, told to wait N s, tries again N s + 1 s later. Answers how long the
     * administrator waited (null: still out at `untilMs`) and how many passwords were checked.
     */
    async function guessingWhileAdminWaits(opts: { guessers: string[]; everyMs: number; adminAtMs: number; untilMs: number; beforeAdmin?: () => Promise<void> }) {
      const verify = verifySpy();
      const admin = newSource();
      let adminNextAt = opts.adminAtMs;
      let adminFirst: number | null = null;
      let waited: number | null = null;
      const told: number[] = [];
      for (let at = 0; at <= opts.untilMs && waited === null; at += opts.everyMs) {
        for (const src of opts.guessers) await signIn(src, 'admin', `guess-${at}`);
        if (at === opts.adminAtMs && opts.beforeAdmin) await opts.beforeAdmin();
        if (at >= adminNextAt) {
          adminFirst ??= at;
          const res = await signIn(admin, 'admin', TEST_PASSWORD);
          if (res.statusCode === 200) waited = at - adminFirst;
          else {
            expect(res.statusCode).toBe(429);
            told.push(res.json().qty as number);
            adminNextAt = at + (res.json().qty as number) * 1000 + 1000;
          }
        }
        clock.advance(opts.everyMs);
      }
      return { waited, checked: verify.mock.calls.length - (waited === null ? 0 : 1), told };
    }

    it('LOCK-05 lets the administrator in from a new address within two windows while 10 addresses guess every second, one password a window checked', async () => {
      const guessers = Array.from({ length: 10 }, () => newSource());
      const { waited, checked } = await guessingWhileAdminWaits({ guessers, everyMs: 1000, adminAtMs: 20_000, untilMs: 300_000 });
      // Measured with the fake clock: the window under way, then the administrator's own.
      expect(waited).not.toBeNull();
      expect(waited!).toBeLessThanOrEqual(2 * ACCOUNT_THROTTLE_INTERVAL_MS + 1000);
      // The guessers' first wrong passwords, then one a window.
      const windows = Math.ceil((20_000 + waited!) / ACCOUNT_THROTTLE_INTERVAL_MS) + 1;
      expect(checked).toBeLessThanOrEqual(ACCOUNT_THROTTLE_FAILURES + windows);
    });

    it('LOCK-05 lets the administrator in within two windows while 40 addresses ask every second, 30 of them never checked', async () => {
      const guessers = Array.from({ length: 40 }, () => newSource());
      const { waited, checked } = await guessingWhileAdminWaits({ guessers, everyMs: 1000, adminAtMs: 20_000, untilMs: 300_000 });
      // Those that ask again sooner than told go behind the administrator, who waits as told.
      expect(waited).not.toBeNull();
      expect(waited!).toBeLessThanOrEqual(2 * ACCOUNT_THROTTLE_INTERVAL_MS + 1000);
      const windows = Math.ceil((20_000 + waited!) / ACCOUNT_THROTTLE_INTERVAL_MS) + 1;
      expect(checked).toBeLessThanOrEqual(ACCOUNT_THROTTLE_FAILURES + windows);
    });

    it('LOCK-05 lets in the administrator after one window per address that asked first, waited as told and did not guess wrong', async () => {
      const guessers = Array.from({ length: 10 }, () => newSource());
      const strangers = Array.from({ length: 4 }, () => newSource());
      const { waited, told } = await guessingWhileAdminWaits({
        guessers,
        everyMs: 1000,
        adminAtMs: 20_000,
        untilMs: 600_000,
        // They ask once, are put in line before the administrator, and never come back.
        beforeAdmin: async () => {
          for (const src of strangers) expect((await signIn(src, 'admin', 'one-try')).statusCode).toBe(429);
        },
      });
      expect(told[0]).toBeGreaterThan(strangers.length * (ACCOUNT_THROTTLE_INTERVAL_MS / 1000) - ACCOUNT_THROTTLE_INTERVAL_MS / 1000);
      expect(waited).not.toBeNull();
      expect(waited!).toBeLessThanOrEqual((strangers.length + 2) * ACCOUNT_THROTTLE_INTERVAL_MS + 1000);
    });

    it('counts the attempts whose password is being checked: a burst from 30 addresses at once checks no more than the throttle allows', async () => {
      const verify = verifySpy();
      const burst = await Promise.all(Array.from({ length: 30 }, () => signIn(newSource(), 'admin', 'burst')));
      // The failures that start the throttle, then the one attempt of the window.
      expect(verify).toHaveBeenCalledTimes(ACCOUNT_THROTTLE_FAILURES + 1);
      expect(burst.filter((r) => r.statusCode === 401)).toHaveLength(ACCOUNT_THROTTLE_FAILURES + 1);
      expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(30 - ACCOUNT_THROTTLE_FAILURES - 1);
    });

    it(`keeps at most ${MAX_WAITING_SOURCES} addresses in line`, () => {
      const limits = new SignInLimits(db(), clock);
      for (let i = 0; i < ACCOUNT_THROTTLE_FAILURES; i++) {
        limits.admit(`fd01::${i}`, 'admin');
        limits.failed('admin', `fd01::${i}`);
      }
      limits.admit('fd01::ff', 'admin');
      for (let i = 0; i < MAX_WAITING_SOURCES + 200; i++) expect(() => limits.admit(`fd02::${i.toString(16)}`, 'admin')).toThrow(/Too many sign-in attempts/);
      expect(limits.lineLength('admin')).toBe(MAX_WAITING_SOURCES);
    });

    it('does not hold back an address the account signed in from before', async () => {
      const usual = newSource();
      await t.login('admin', usual);
      clock.advance(ACCOUNT_THROTTLE_WINDOW_MS + 1000);
      await distributedGuessing();
      expect((await signIn(newSource(), 'admin', TEST_PASSWORD)).statusCode).toBe(429);
      expect((await signIn(usual, 'admin', 'typo')).statusCode).toBe(401);
      expect((await signIn(usual, 'admin', TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('ends the throttle once the failures leave the window', async () => {
      await distributedGuessing();
      clock.advance(ACCOUNT_THROTTLE_WINDOW_MS);
      expect((await signIn(newSource(), 'admin', 'wrong')).statusCode).toBe(401);
      expect((await signIn(newSource(), 'admin', 'wrong')).statusCode).toBe(401);
    });
  });
});

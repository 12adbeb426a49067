import type { z } from 'zod';
import type { lockoutSchema, managedAccountSchema, sessionSchema } from '../../contract/api/accounts';
import { PASSWORD_HISTORY_DEPTH } from '../../contract/rules/password-form';
import { strengthFailures, strengthRulesFromWire } from '../../contract/rules/password-strength';
import type { MenuId } from '../../contract/roles';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { ApiError } from '../lib/api-error';
import type { Account, AccountsService } from './accounts';
import { UNKNOWN_ACCOUNT_KEY, type LockoutService } from './lockout';
import type { SettingsService } from './settings';
import type { TokenService } from './tokens';

export type ManagedAccount = z.output<typeof managedAccountSchema>;
export type SessionView = z.output<typeof sessionSchema>;
export type LockoutView = z.output<typeof lockoutSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A user agent in a few words: the browser and its major version, and the system
 * ("Chrome 131 on Windows", "Safari 17 on iPad"); the first 60 characters when it names no known
 * browser. */
export function shortBrowser(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const ua = userAgent;
  const browsers: [string, RegExp][] = [
    ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
    ['Opera', /OPR\/(\d+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
    ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
    ['Safari', /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
  ];
  const systems: [string, RegExp][] = [
    ['iPad', /iPad/],
    ['iPhone', /iPhone/],
    ['Android', /Android/],
    ['Windows', /Windows/],
    ['macOS', /Mac OS X|Macintosh/],
    ['ChromeOS', /CrOS/],
    ['Linux', /Linux/],
  ];
  const system = systems.find(([, re]) => re.test(ua))?.[0];
  for (const [name, re] of browsers) {
    const m = re.exec(ua);
    if (m) return system ? `${name} ${m[1]} on ${system}` : `${name} ${m[1]}`;
  }
  return ua.length > 60 ? `${ua.slice(0, 59)}…` : ua;
}

/** The id of a lockout in the path of its unlock: its address and the name it is kept under. */
export function lockoutId(source: string, key: string): string {
  return `${key}@${source}`;
}

function parseLockoutId(id: string): { source: string; key: string } | null {
  const at = id.indexOf('@');
  if (at <= 0 || at === id.length - 1) return null;
  return { key: id.slice(0, at), source: id.slice(at + 1) };
}

interface Deps {
  db: Db;
  /** The host clock: sessions and lockouts are kept on it (docs/decisions.md#tokens, #lockout). */
  clock: Clock;
  /** The device clock: a password's age is measured on it. */
  deviceClock: { nowMs(): number };
  accounts: AccountsService;
  tokens: TokenService;
  lockout: LockoutService;
  settings: SettingsService;
}

/**
 * Account Management (docs/decisions.md#account-management): admin's view of every account, its
 * live sessions and its lockouts, and the changes admin makes to update and history (enable,
 * disable, extra roles, a new password). Passwords go through the accounts service (hashing,
 * history), sessions through the token service (a revocation closes the time socket too).
 */
export class AccountManagementService {
  constructor(private readonly deps: Deps) {}

  // ---- accounts ----

  list(): ManagedAccount[] {
    const { db, clock, deviceClock, accounts } = this.deps;
    const now = clock.now();
    const rows = db
      .prepare(
        `SELECT username FROM accounts
         ORDER BY CASE username WHEN 'admin' THEN 0 WHEN 'update' THEN 1 WHEN 'history' THEN 2 ELSE 3 END,
                  username NOT IN ('cmt_default_control_user', 'cmt_default_view_only_user'), username`,
      )
      .pluck()
      .all() as string[];
    const lastSignIn = db.prepare('SELECT created_at, source FROM sessions WHERE username = ? ORDER BY created_at DESC, rowid DESC LIMIT 1');
    const locked = db.prepare('SELECT 1 FROM login_lockouts WHERE username = ? AND until > ? LIMIT 1').pluck();
    const live = this.liveSessionRows(now);
    return rows.flatMap((username) => {
      const a = accounts.get(username);
      if (!a) return [];
      const last = lastSignIn.get(username) as { created_at: number; source: string } | undefined;
      const updated = Date.parse(a.password_updated_at);
      return [
        {
          username,
          mode: a.mode,
          webview_role: a.webview_role,
          enabled: a.enabled,
          password_updated_at: Number.isNaN(updated) ? a.password_updated_at : iso(updated),
          password_age_days: Number.isNaN(updated) ? 0 : Math.max(0, Math.floor((deviceClock.nowMs() - updated) / DAY_MS)),
          must_change_password: a.state_code === 0,
          last_sign_in: last ? { at: iso(last.created_at), source: last.source } : null,
          locked: locked.get(username, now) !== undefined,
          extra_roles: a.mode === 'admin' && username !== 'admin' ? accounts.extraRoles(username) : [],
          live_sessions: live.filter((s) => s.username === username).length,
        },
      ];
    });
  }

  private managed(name: string): Account {
    const account = this.deps.accounts.get(name);
    if (!account || account.mode !== 'admin') throw ApiError.notFound('No such account');
    return account;
  }

  /** Enables or disables update or history, or sets its extra roles. Disabling ends its sessions at
   * once; admin is never disabled (409 own_account) and has every menu already. Answers what it
   * was. */
  update(name: 'admin' | 'update' | 'history', change: { enabled?: boolean; extra_roles?: readonly string[] }): { enabled: boolean; extra_roles: MenuId[] } {
    const { db, accounts, tokens } = this.deps;
    const before = this.managed(name);
    const beforeRoles = accounts.extraRoles(name);
    if (name === 'admin') {
      if (change.enabled === false) throw new ApiError(409, 'own_account', 'admin cannot be disabled: nobody could manage the device');
      if (change.extra_roles !== undefined) throw ApiError.validation('extra_roles', 'admin opens every menu: it takes no extra roles');
      return { enabled: before.enabled, extra_roles: beforeRoles };
    }
    db.transaction(() => {
      if (change.enabled !== undefined) db.prepare("UPDATE accounts SET enabled = ? WHERE username = ? AND mode = 'admin'").run(change.enabled ? 1 : 0, name);
      if (change.extra_roles !== undefined) {
        db.prepare('DELETE FROM extra_roles WHERE username = ?').run(name);
        const insert = db.prepare('INSERT INTO extra_roles (username, menu) VALUES (?, ?)');
        for (const menu of change.extra_roles) insert.run(name, menu);
      }
    })();
    if (change.enabled === false) tokens.revokeAccounts([name], 'account_disabled');
    return { enabled: before.enabled, extra_roles: beforeRoles };
  }

  /** The caller's own password confirms a new password (400 current_password_error; a wrong one
   * counts towards the lockout, as in a password change). */
  async confirm(caller: string, source: string, password: string): Promise<void> {
    const { lockout, accounts } = this.deps;
    lockout.assertNotLocked(source, caller);
    if (!(await accounts.verify(caller, password))) {
      lockout.recordFailure(source, caller);
      throw new ApiError(400, 'current_password_error', 'Current password error, please retry');
    }
  }

  /** A new password for update or history: the strength rules and the password history apply as
   * to any change; its sessions end at once and it must change the password at its next sign-in
   * (the first-run wizard, state_code 0). */
  async resetPassword(name: 'update' | 'history', password: string): Promise<void> {
    const { accounts, tokens, settings } = this.deps;
    this.managed(name);
    const failures = strengthFailures(password, strengthRulesFromWire(settings.get('password_strength_rules')));
    if (failures.length > 0) {
      throw new ApiError(400, 'password_too_weak', 'The password does not meet the password strength rules', { failures, field: 'password' });
    }
    if ((await accounts.reusedBy([name], password)).length > 0) {
      throw new ApiError(400, 'password_reused', `The new password is one of the last ${PASSWORD_HISTORY_DEPTH} passwords of ${name}: choose another`, {
        field: 'password',
        qty: PASSWORD_HISTORY_DEPTH,
      });
    }
    await accounts.setPassword([name], password);
    accounts.setState(name, 0);
    tokens.revokeAccounts([name], 'password_reset');
  }

  // ---- sessions ----

  private liveSessionRows(now: number) {
    return this.deps.db
      .prepare(
        `SELECT s.id, s.username, s.source, s.user_agent, s.created_at, s.last_seen_at FROM sessions s
         WHERE s.revoked_at IS NULL
           AND EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.session_id = s.id AND r.used_at IS NULL AND r.expires_at > ?)
         ORDER BY s.created_at DESC, s.rowid DESC`,
      )
      .all(now) as { id: string; username: string; source: string; user_agent: string | null; created_at: number; last_seen_at: number | null }[];
  }

  /** Every live session: not signed out nor revoked, and still renewable. */
  sessions(currentSessionId: string | null): SessionView[] {
    const { clock, tokens } = this.deps;
    return this.liveSessionRows(clock.now()).map((s) => ({
      id: s.id,
      username: s.username,
      source: s.source,
      browser: shortBrowser(s.user_agent),
      user_agent: s.user_agent,
      started_at: iso(s.created_at),
      last_seen_at: iso(Math.max(s.created_at, s.last_seen_at ?? 0, tokens.lastSeen(s.id) ?? 0)),
      current: s.id === currentSessionId,
    }));
  }

  /** Signs a live session out at once (404 for none of that id). Answers it as it was. */
  endSession(id: string, currentSessionId: string | null): SessionView {
    const session = this.sessions(currentSessionId).find((s) => s.id === id);
    if (!session) throw ApiError.notFound('No live session of that id');
    this.deps.tokens.revokeSessions([id], 'signed_out_by_admin');
    return session;
  }

  // ---- lockouts ----

  lockouts(): LockoutView[] {
    const now = this.deps.clock.now();
    const rows = this.deps.db
      .prepare('SELECT source, username, until FROM login_lockouts WHERE until > ? ORDER BY until DESC, source, username')
      .all(now) as { source: string; username: string; until: number }[];
    return rows.map((r) => ({
      id: lockoutId(r.source, r.username),
      source: r.source,
      username: r.username === UNKNOWN_ACCOUNT_KEY ? null : r.username,
      until: iso(r.until),
      minutes_left: Math.max(1, Math.ceil((r.until - now) / 60_000)),
    }));
  }

  /** Ends a lockout and forgets that address's failures for that account (404 for none). Answers
   * it as it was. */
  unlock(id: string): LockoutView {
    const found = this.lockouts().find((l) => l.id === id);
    const parsed = parseLockoutId(id);
    if (!found || !parsed) throw ApiError.notFound('No such lockout');
    this.deps.lockout.release(parsed.source, parsed.key);
    return found;
  }
}

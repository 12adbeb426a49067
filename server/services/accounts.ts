import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { ADMIN_MODE_ACCOUNTS, USER_MODE_ACCOUNTS, isAdminModeAccount, isMenuId, type AccountName, type MenuId, type UserModeAccount } from '../../contract/roles';
import type { WebviewRole } from '../../contract/api/webview.routes';
import { hashPassword, isLegacyHash, needsRehash, randomPassword, verifyPassword } from './passwords';
import { PASSWORD_HISTORY_DEPTH } from '../../contract/rules/password-form';

export const INITIAL_CREDENTIALS_FILE = 'initial-credentials';

export interface Account {
  /** One of the five built-in accounts, or a WebView user WebView Setting added. */
  username: string;
  mode: 'admin' | 'user';
  password_hash: string;
  state_code: 0 | 1;
  password_updated_at: string;
  /** A user-mode account's WebView role; null for admin, update and history. */
  webview_role: WebviewRole | null;
  /** A disabled account cannot sign in (WebView users, disabled in WebView Setting; update and
   * history, disabled in Account Management; never admin). */
  enabled: boolean;
}

/** The built-in account a WebView user acts as for every permission check (the role matrix is
 * keyed by the built-in names): its role's (docs/decisions.md#webview-users). */
export const ACTING_ACCOUNT_OF_ROLE: Record<WebviewRole, UserModeAccount> = {
  control: 'cmt_default_control_user',
  view_only: 'cmt_default_view_only_user',
};

/** The two WebView users the device ships with: they may be disabled, never removed. */
export function isBuiltinUser(username: string): boolean {
  return (USER_MODE_ACCOUNTS as readonly string[]).includes(username);
}

interface AccountRow extends Omit<Account, 'enabled'> {
  enabled: number;
}

const fromRow = (row: AccountRow | undefined): Account | undefined => (row ? { ...row, enabled: row.enabled === 1 } : undefined);

/** What a change of WebView users leaves behind, for who must follow it (the WebView socket). */
export interface WebviewUsersChange {
  /** The WebView users that may no longer view: disabled, removed or given a new password. */
  ended: string[];
}

export class AccountsService {
  private readonly byName;
  private readonly updateHash;
  private readonly extraRolesOf;
  private readonly previousHashes;
  private readonly retire;
  private readonly trimHistory;

  /** `data/initial-credentials`: the passwords printed at first start, one account per line. */
  private readonly credentialsFile: string | null;

  /** `clock` is the device clock: a password's date is compared with the device time. */
  constructor(private readonly db: Db, private readonly clock: Clock, dataDir: string | null = null) {
    this.credentialsFile = dataDir === null ? null : path.join(dataDir, INITIAL_CREDENTIALS_FILE);
    this.byName = db.prepare('SELECT username, mode, password_hash, state_code, password_updated_at, webview_role, enabled FROM accounts WHERE username = ?');
    this.updateHash = db.prepare('UPDATE accounts SET password_hash = ?, password_updated_at = ? WHERE username = ?');
    this.extraRolesOf = db.prepare('SELECT menu FROM extra_roles WHERE username = ? ORDER BY menu').pluck();
    this.previousHashes = db.prepare('SELECT password_hash FROM password_history WHERE username = ? ORDER BY id DESC LIMIT ?').pluck();
    this.retire = db.prepare('INSERT INTO password_history (username, password_hash, retired_at) VALUES (?, ?, ?)');
    this.trimHistory = db.prepare(
      'DELETE FROM password_history WHERE username = ? AND id NOT IN (SELECT id FROM password_history WHERE username = ? ORDER BY id DESC LIMIT ?)',
    );
  }

  /** First start: creates the five accounts. Returns their passwords, or null when they exist. */
  async ensureAccounts(initialPassword?: string): Promise<Record<AccountName, string> | null> {
    const count = this.db.prepare('SELECT COUNT(*) FROM accounts').pluck().get() as number;
    if (count > 0) return null;
    const all = [...ADMIN_MODE_ACCOUNTS, ...USER_MODE_ACCOUNTS];
    const passwords = Object.fromEntries(all.map((a) => [a, initialPassword ?? randomPassword()])) as Record<AccountName, string>;
    const hashes = await Promise.all(all.map((a) => hashPassword(passwords[a])));
    const now = new Date(this.clock.now()).toISOString();
    const insert = this.db.prepare(
      'INSERT INTO accounts (username, mode, password_hash, state_code, password_updated_at, created_at, webview_role) VALUES (?, ?, ?, 0, ?, ?, ?)',
    );
    const roleOf = (a: AccountName): WebviewRole | null =>
      a === 'cmt_default_control_user' ? 'control' : a === 'cmt_default_view_only_user' ? 'view_only' : null;
    this.db.transaction(() => {
      all.forEach((a, i) => insert.run(a, isAdminModeAccount(a) ? 'admin' : 'user', hashes[i], now, now, roleOf(a)));
    })();
    return passwords;
  }

  get(username: string): Account | undefined {
    if (typeof username !== 'string' || username.length === 0 || username.length > 64) return undefined;
    return fromRow(this.byName.get(username) as AccountRow | undefined);
  }

  /** The built-in account whose permissions `username` has: admin, update and history their own,
   * a WebView user its role's built-in user; null for no account (or a WebView user without a
   * role, which no call makes). */
  actingAccount(username: string): AccountName | null {
    if (isAdminModeAccount(username)) return username;
    const account = this.get(username);
    if (!account || account.mode !== 'user' || account.webview_role === null) return null;
    return ACTING_ACCOUNT_OF_ROLE[account.webview_role];
  }

  // ---- WebView users (docs/decisions.md#webview-users) ----

  /** Every user-mode account, the built-in two first, then by name. */
  webviewUsers(): Account[] {
    const rows = this.db
      .prepare(
        `SELECT username, mode, password_hash, state_code, password_updated_at, webview_role, enabled FROM accounts
         WHERE mode = 'user' ORDER BY username NOT IN ('cmt_default_control_user', 'cmt_default_view_only_user'), username`,
      )
      .all() as AccountRow[];
    return rows.map((r) => fromRow(r)!);
  }

  /** Adds a WebView user with its password. The administrator chose the password, so the user
   * does not go through the first-run wizard (state_code 1). The caller checks the name is free. */
  async addWebviewUser(username: string, role: WebviewRole, password: string): Promise<void> {
    const hash = await hashPassword(password);
    const now = new Date(this.clock.now()).toISOString();
    this.db
      .prepare(
        "INSERT INTO accounts (username, mode, password_hash, state_code, password_updated_at, created_at, webview_role, enabled) VALUES (?, 'user', ?, 1, ?, ?, ?, 1)",
      )
      .run(username, hash, now, now, role);
  }

  /** Enables or disables a WebView user, or changes its role. */
  updateWebviewUser(username: string, change: { enabled?: boolean; role?: WebviewRole }): void {
    this.db.transaction(() => {
      if (change.enabled !== undefined) this.db.prepare("UPDATE accounts SET enabled = ? WHERE username = ? AND mode = 'user'").run(change.enabled ? 1 : 0, username);
      if (change.role !== undefined) this.db.prepare("UPDATE accounts SET webview_role = ? WHERE username = ? AND mode = 'user'").run(change.role, username);
    })();
  }

  /** Removes a WebView user, its password history and its sessions (revoke them first). */
  removeWebviewUser(username: string): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM password_history WHERE username = ?').run(username);
      this.db.prepare("DELETE FROM accounts WHERE username = ? AND mode = 'user'").run(username);
    })();
  }
  /** Checks a password; a hash in an older format or with weaker parameters is replaced by a
   * current one on success. */
  async verify(username: string, password: string): Promise<boolean> {
    const account = this.get(username);
    if (!account) return false;
    const ok = await verifyPassword(password, account.password_hash);
    if (ok && needsRehash(account.password_hash)) {
      const upgraded = await hashPassword(password);
      this.db.prepare('UPDATE accounts SET password_hash = ? WHERE username = ? AND password_hash = ?').run(upgraded, username, account.password_hash);
    }
    return ok;
  }

  /** The accounts among `usernames` for which `password` is one of the PASSWORD_HISTORY_DEPTH
   * passwords the device remembers (the current one included). */
  async reusedBy(usernames: readonly string[], password: string): Promise<string[]> {
    const reused: string[] = [];
    for (const username of usernames) {
      const account = this.get(username);
      if (!account) continue;
      const previous = this.previousHashes.all(username, PASSWORD_HISTORY_DEPTH - 1) as string[];
      for (const hash of [account.password_hash, ...previous]) {
        if (await verifyPassword(password, hash)) {
          reused.push(username);
          break;
        }
      }
    }
    return reused;
  }

  /** Sets one new password on several accounts at once (admin's change-all), in one transaction;
   * each account's password so far joins its history (the newest PASSWORD_HISTORY_DEPTH - 1 kept). */
  async setPassword(usernames: readonly string[], password: string): Promise<void> {
    const hashes = await Promise.all(usernames.map(() => hashPassword(password)));
    const now = new Date(this.clock.now()).toISOString();
    this.db.transaction(() => {
      usernames.forEach((u, i) => {
        const old = this.get(u);
        if (old) {
          this.retire.run(u, old.password_hash, now);
          this.trimHistory.run(u, u, PASSWORD_HISTORY_DEPTH - 1);
        }
        this.updateHash.run(hashes[i], now, u);
      });
    })();
    this.forgetInitialPasswords(usernames);
  }

  /** Writes the initial passwords of the first start (mode 0600), one `account<TAB>password` line each. */
  writeInitialPasswords(passwords: Record<string, string>): void {
    if (this.credentialsFile === null) return;
    const text = Object.entries(passwords).map(([user, pw]) => `${user}\t${pw}`).join('\n') + '\n';
    fs.writeFileSync(this.credentialsFile, text, { mode: 0o600 });
    fs.chmodSync(this.credentialsFile, 0o600);
  }

  /** Recovery (`HMI_RECOVER_ADMIN=1` at start, by whoever can start the device): admin gets a new
   * random password, written to the initial-credentials file beside any still there, and the
   * first-run wizard at its next sign-in so that it chooses its own. Answers the password. */
  async recoverAdmin(): Promise<string> {
    const password = randomPassword();
    const hash = await hashPassword(password);
    this.db.prepare('UPDATE accounts SET password_hash = ?, password_updated_at = ?, state_code = 0 WHERE username = ?').run(hash, new Date(this.clock.now()).toISOString(), 'admin');
    if (this.credentialsFile !== null) {
      const others = fs.existsSync(this.credentialsFile)
        ? fs.readFileSync(this.credentialsFile, 'utf8').split('\n').filter((line) => line !== '' && line.split('\t')[0] !== 'admin')
        : [];
      this.writeInitialPasswords(Object.fromEntries([['admin', password], ...others.map((line) => line.split('\t') as [string, string])]));
    }
    return password;
  }

  /** An initial password no longer in force leaves the file; the file goes with the last one. */
  private forgetInitialPasswords(usernames: readonly string[]): void {
    const file = this.credentialsFile;
    if (file === null || !fs.existsSync(file)) return;
    const gone = new Set(usernames);
    const kept = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !gone.has(line.split('\t')[0]!));
    if (kept.length === 0) fs.rmSync(file, { force: true });
    else fs.writeFileSync(file, `${kept.join('\n')}\n`, { mode: 0o600 });
  }

  /** The built-in accounts whose password is still the one the device made (at first start, or
   * a recovery's): listed in the initial-credentials file (an account leaves it when its password
   * is set), or, should the file be gone, never given another password (no history, set when the
   * account was made). A WebView user added later chose its own and is never one of them. */
  withInitialPassword(): string[] {
    const builtIn = [...ADMIN_MODE_ACCOUNTS, ...USER_MODE_ACCOUNTS] as readonly string[];
    const listed =
      this.credentialsFile !== null && fs.existsSync(this.credentialsFile)
        ? fs.readFileSync(this.credentialsFile, 'utf8').split('\n').filter((l) => l !== '').map((l) => l.split('\t')[0]!)
        : [];
    const neverChanged = this.db
      .prepare('SELECT username FROM accounts a WHERE password_updated_at = created_at AND NOT EXISTS (SELECT 1 FROM password_history h WHERE h.username = a.username)')
      .pluck()
      .all() as string[];
    const exists = new Set(this.db.prepare('SELECT username FROM accounts').pluck().all() as string[]);
    return builtIn.filter((u) => exists.has(u) && (listed.includes(u) || neverChanged.includes(u)));
  }

  setState(username: string, code: 0 | 1): void {
    this.db.prepare('UPDATE accounts SET state_code = ? WHERE username = ?').run(code, username);
  }

  extraRoles(username: string): MenuId[] {
    return (this.extraRolesOf.all(username) as string[]).filter(isMenuId);
  }

  legacyAccounts(): string[] {
    const rows = this.db.prepare('SELECT username, password_hash FROM accounts ORDER BY username').all() as Pick<Account, 'username' | 'password_hash'>[];
    return rows.filter((r) => isLegacyHash(r.password_hash)).map((r) => r.username);
  }
}

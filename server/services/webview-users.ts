import { EventEmitter } from 'node:events';
import type { z } from 'zod';
import type { webviewSettingsSchema } from '../../contract/api/webview';
import type { WebviewRole } from '../../contract/api/webview.routes';
import { PASSWORD_HISTORY_DEPTH } from '../../contract/rules/password-form';
import { strengthFailures, strengthRulesFromWire } from '../../contract/rules/password-strength';
import { isAccountName } from '../../contract/roles';
import { ApiError } from '../lib/api-error';
import { isBuiltinUser, type Account, type AccountsService } from './accounts';
import type { LockoutService } from './lockout';
import type { SettingsService } from './settings';
import type { TokenService } from './tokens';
import type { Db } from '../db/database';

export type WebviewSettings = z.output<typeof webviewSettingsSchema>;

/**
 * What a change of WebView Setting or of its users means for those viewing WebView right now,
 * sent to every `onChange` listener (the WebView socket) after the change is stored:
 * - `turnedOff`: WebView was on and is now off: close every viewer (4403, feature disabled);
 * - `ended`: users that may no longer view (disabled, removed, or given a new password; their
 *   sessions are revoked as well, so `tokens.onRevoked` fires for them too);
 * - `roleChanged`: users whose WebView role changed (`webviewRoleOf` answers the new one);
 * - `settings`: WebView Setting as it now is (max viewers, idle timeout).
 */
export interface WebviewChange {
  settings: WebviewSettings;
  turnedOff: boolean;
  ended: string[];
  roleChanged: string[];
}

/** WebView users are accounts of mode 'user' (docs/decisions.md#webview-users); this service
 * changes them and WebView Setting, ends the sessions a change must end, and tells the WebView
 * socket (`onChange`). */
export class WebviewUsersService {
  private readonly events = new EventEmitter();

  constructor(
    private readonly deps: { db: Db; accounts: AccountsService; tokens: TokenService; settings: SettingsService; lockout: LockoutService },
  ) {
    this.events.setMaxListeners(0);
  }

  /** Subscribes to changes; answers the unsubscribe. */
  onChange(listener: (change: WebviewChange) => void): () => void {
    this.events.on('change', listener);
    return () => this.events.off('change', listener);
  }

  private emit(change: Partial<WebviewChange>): void {
    this.events.emit('change', { settings: this.settings(), turnedOff: false, ended: [], roleChanged: [], ...change } satisfies WebviewChange);
  }

  settings(): WebviewSettings {
    return this.deps.settings.get('webview');
  }

  /** The user-mode accounts. */
  list(): Account[] {
    return this.deps.accounts.webviewUsers();
  }

  /** A WebView user that may sign in now (it exists, has a role and is enabled). */
  isEnabledUser(username: string): boolean {
    const account = this.deps.accounts.get(username);
    return account !== undefined && account.mode === 'user' && account.webview_role !== null && account.enabled;
  }

  /** Saves WebView Setting in one transaction. The automatic sign-in user must be an enabled
   * WebView user (400 naming `auto_login.username`). Turning WebView off ends every viewer. */
  saveSettings(next: WebviewSettings): { before: WebviewSettings; after: WebviewSettings } {
    if (next.auto_login.enabled && (next.auto_login.username === null || !this.isEnabledUser(next.auto_login.username))) {
      throw ApiError.validation('auto_login.username', 'the automatic sign-in user must be an enabled WebView user');
    }
    const before = this.settings();
    this.deps.db.transaction(() => this.deps.settings.set('webview', next))();
    this.emit({ turnedOff: before.enabled && !next.enabled });
    return { before, after: next };
  }

  /** The caller's own password confirms a change of users (400 current_password_error; a wrong
   * one counts towards the lockout, as in a password change). */
  async confirm(caller: string, source: string, password: string | undefined): Promise<void> {
    this.deps.lockout.assertNotLocked(source, caller);
    if (password === undefined || !(await this.deps.accounts.verify(caller, password))) {
      this.deps.lockout.recordFailure(source, caller);
      throw new ApiError(400, 'current_password_error', 'Current password error, please retry');
    }
  }

  /** The device's strength rules, as for every password (400 password_too_weak). */
  private assertStrong(password: string): void {
    const failures = strengthFailures(password, strengthRulesFromWire(this.deps.settings.get('password_strength_rules')));
    if (failures.length > 0) {
      throw new ApiError(400, 'password_too_weak', 'The password does not meet the password strength rules', { failures, field: 'password' });
    }
  }

  private userOf(username: string): Account {
    const account = this.deps.accounts.get(username);
    if (!account || account.mode !== 'user') throw ApiError.notFound('No WebView user of that name');
    return account;
  }

  async add(req: { username: string; role: WebviewRole; password: string }): Promise<void> {
    if (isAccountName(req.username) || this.deps.accounts.get(req.username)) {
      throw new ApiError(409, 'account_exists', 'An account of that name exists', { field: 'username' });
    }
    this.assertStrong(req.password);
    await this.deps.accounts.addWebviewUser(req.username, req.role, req.password);
  }

  /** Enables or disables a user, changes its role, or sets a new password; disabling it or a new
   * password ends its sessions at once. Answers the user as it was. */
  async update(username: string, change: { enabled?: boolean; role?: WebviewRole; password?: string }): Promise<Account> {
    const before = this.userOf(username);
    if (change.password !== undefined) {
      this.assertStrong(change.password);
      const reused = await this.deps.accounts.reusedBy([username], change.password);
      if (reused.length > 0) {
        throw new ApiError(400, 'password_reused', `The new password is one of the last ${PASSWORD_HISTORY_DEPTH} passwords of ${username}: choose another`, {
          field: 'password',
          qty: PASSWORD_HISTORY_DEPTH,
        });
      }
      await this.deps.accounts.setPassword([username], change.password);
    }
    this.deps.db.transaction(() => {
      this.deps.accounts.updateWebviewUser(username, { enabled: change.enabled, role: change.role });
      if (change.enabled === false) this.forgetAutoLogin(username);
    })();
    const ends = change.enabled === false || change.password !== undefined;
    if (ends) this.deps.tokens.revokeAccounts([username], change.enabled === false ? 'webview_user_disabled' : 'password_changed');
    const roleChanged = change.role !== undefined && change.role !== before.webview_role;
    if (ends || roleChanged) this.emit({ ended: ends ? [username] : [], roleChanged: roleChanged ? [username] : [] });
    return before;
  }

  /** Removes a user (never one of the two built-in ones: 409 builtin_user) and ends its sessions. */
  remove(username: string): Account {
    const before = this.userOf(username);
    if (isBuiltinUser(username)) throw new ApiError(409, 'builtin_user', 'The built-in WebView users can be disabled, not removed');
    this.deps.tokens.revokeAccounts([username], 'webview_user_removed');
    this.deps.db.transaction(() => {
      this.deps.accounts.removeWebviewUser(username);
      this.forgetAutoLogin(username);
    })();
    this.emit({ ended: [username] });
    return before;
  }

  /** Automatic sign-in as a user that can no longer sign in is turned off with it. */
  private forgetAutoLogin(username: string): void {
    const s = this.settings();
    if (s.auto_login.username === username) this.deps.settings.set('webview', { ...s, auto_login: { enabled: false, username: null } });
  }
}

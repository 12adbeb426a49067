/**
 * Enhanced Security's operator accounts (docs/decisions.md#enhanced-security): the running
 * project's accounts, each an ID, a name, a scrypt hash of its password (hashed as the console's
 * accounts are, server/services/passwords.ts) and the classes A–L it may operate. Kept in SQLite,
 * keyed by the running project's name. Every change is confirmed by the administrator's own
 * password, as WebView Setting's are (a wrong one counts towards the lockout).
 *
 * The OPC UA server may take these accounts as users besides its own (`opcuaUser`): with the
 * mapping of `security_opcua` on, an account gets browse, read and write from its classes.
 */
import { EventEmitter } from 'node:events';
import type { z } from 'zod';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { ApiError } from '../lib/api-error';
import type { Project } from '../../contract/project-format';
import { strengthFailures, strengthRulesFromWire } from '../../contract/rules/password-strength';
import {
  SECURITY_ACCOUNTS_MAX,
  SECURITY_EXPORT_FORMAT,
  SECURITY_EXPORT_VERSION,
  accountExists,
  accountKey,
  nextAccountId,
  opcuaRightsOf,
  sortedClasses,
  type OpcuaRight,
  type SecurityClass,
  type SecurityOpcuaMapping,
} from '../../contract/rules/security';
import { securityExportRowSchema, securityExportSchema, type IMPORT_ROW_PROBLEMS, type SecurityAccount, type SecurityAccounts } from '../../contract/api/security';
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from './passwords';
import type { AccountsService } from './accounts';
import type { LockoutService } from './lockout';
import type { SettingsService } from './settings';

interface Row {
  project: string;
  id: number;
  account: string;
  account_key: string;
  password_hash: string;
  classes: string;
  password_updated_at: string;
}

export type ImportRowProblem = (typeof IMPORT_ROW_PROBLEMS)[number];
export interface ImportResult {
  added: string[];
  updated: string[];
  rejected: { row: number; account: string | null; problem: ImportRowProblem; field: string | null }[];
}

/** What the OPC UA server needs of an account to sign it in. */
export interface SecurityOpcuaUser {
  password_hash: string;
  rights: Record<OpcuaRight, boolean>;
}

/** A hash an import may bring: the device's own scrypt format, no cheaper to guess than the
 * hashes it makes itself allow and no dearer to check than them (a file cannot make a sign-in take
 * minutes or gigabytes): N a power of two from 2^10 up to the device's, r up to the device's, p up
 * to the device's, a 16-byte salt and a 32-byte key. */
export function acceptableHash(hash: string): boolean {
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (!Number.isInteger(n) || n < 1024 || n > SCRYPT_PARAMS.N || (n & (n - 1)) !== 0) return false;
  if (!Number.isInteger(r) || r < 1 || r > SCRYPT_PARAMS.r) return false;
  if (!Number.isInteger(p) || p < 1 || p > Math.max(SCRYPT_PARAMS.p, 3)) return false;
  return Buffer.from(parts[4]!, 'base64').length === 16 && Buffer.from(parts[5]!, 'base64').length === 32;
}

export class SecurityAccountsService {
  private readonly events = new EventEmitter();
  /** The OPC UA server asks for a user's rights at every permission check: answered from here,
   * forgotten at every change (of the accounts, the mapping or the project). */
  private readonly opcuaCache = new Map<string, SecurityOpcuaUser | null>();

  constructor(
    private readonly deps: {
      db: Db;
      accounts: AccountsService;
      lockout: LockoutService;
      settings: SettingsService;
      /** The running project (its name keys the accounts, its flag enables the screen). */
      project: () => Project;
      /** The device clock: when a password was set, when a list was exported. */
      time: Clock;
    },
  ) {
    this.events.setMaxListeners(0);
  }

  /** Subscribes to changes of the accounts or of the OPC UA mapping; answers the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.events.on('change', listener);
    return () => this.events.off('change', listener);
  }

  private changed(): void {
    this.opcuaCache.clear();
    this.events.emit('change');
  }

  private now(): string {
    return new Date(this.deps.time.now()).toISOString();
  }

  projectName(): string {
    return this.deps.project().name;
  }

  enabled(): boolean {
    return this.deps.project().enhanced_security === true;
  }

  private rows(): Row[] {
    return this.deps.db.prepare('SELECT * FROM security_accounts WHERE project = ? ORDER BY id').all(this.projectName()) as Row[];
  }

  private toAccount(row: Row): SecurityAccount {
    return { id: row.id, account: row.account, classes: sortedClasses(row.classes.split('')), password_updated_at: row.password_updated_at };
  }

  list(): SecurityAccounts {
    return { enabled: this.enabled(), project: this.projectName(), accounts: this.rows().map((r) => this.toAccount(r)), max_accounts: SECURITY_ACCOUNTS_MAX };
  }

  /** One account as it is now (404 when the project has none of that ID). */
  get(id: number): SecurityAccount {
    const row = this.deps.db.prepare('SELECT * FROM security_accounts WHERE project = ? AND id = ?').get(this.projectName(), id) as Row | undefined;
    if (!row) throw ApiError.notFound('The project has no operator account of that ID');
    return this.toAccount(row);
  }

  /** A change needs the running project to enable Enhanced Security (409 security_not_enabled). */
  assertEnabled(): void {
    if (!this.enabled()) throw new ApiError(409, 'security_not_enabled', 'The running project does not enable Enhanced Security');
  }

  /** The caller's own password confirms a change (400 current_password_error; a wrong one counts
   * towards the lockout), as WebView Setting's changes of users do (server/services/webview-users.ts). */
  async confirm(caller: string, source: string, password: string): Promise<void> {
    this.deps.lockout.assertNotLocked(source, caller);
    if (!(await this.deps.accounts.verify(caller, password))) {
      this.deps.lockout.recordFailure(source, caller);
      throw new ApiError(400, 'current_password_error', 'Current password error, please retry');
    }
  }

  /** The device's strength rules, as for every password (400 password_too_weak). */
  private assertStrong(password: string): void {
    const failures = strengthFailures(password, strengthRulesFromWire(this.deps.settings.get('password_strength_rules')));
    if (failures.length > 0) throw new ApiError(400, 'password_too_weak', 'The password does not meet the password strength rules', { failures, field: 'password' });
  }

  private assertFree(name: string, exceptId: number | null): void {
    if (accountExists(this.rows(), name, exceptId)) throw new ApiError(409, 'account_exists', 'Account is exist', { field: 'account' });
  }

  async add(req: { account: string; password: string; classes: SecurityClass[] }): Promise<SecurityAccount> {
    this.assertEnabled();
    this.assertFree(req.account, null);
    if (this.rows().length >= SECURITY_ACCOUNTS_MAX) throw new ApiError(409, 'too_many_accounts', `A project keeps at most ${SECURITY_ACCOUNTS_MAX} accounts`);
    this.assertStrong(req.password);
    const hash = await hashPassword(req.password);
    const project = this.projectName();
    let id = 0;
    this.deps.db.transaction(() => {
      // Checked again inside the transaction: the hash took a while.
      const rows = this.rows();
      if (accountExists(rows, req.account)) throw new ApiError(409, 'account_exists', 'Account is exist', { field: 'account' });
      id = nextAccountId(rows);
      this.deps.db
        .prepare('INSERT INTO security_accounts (project, id, account, account_key, password_hash, classes, password_updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(project, id, req.account, accountKey(req.account), hash, sortedClasses(req.classes).join(''), this.now());
    })();
    this.changed();
    return this.get(id);
  }

  /** Renames an account, sets a new password or other classes. Answers it as it was. */
  async update(id: number, change: { account?: string; password?: string; classes?: SecurityClass[] }): Promise<SecurityAccount> {
    this.assertEnabled();
    const before = this.get(id);
    if (change.account !== undefined) this.assertFree(change.account, id);
    if (change.password !== undefined) this.assertStrong(change.password);
    const hash = change.password !== undefined ? await hashPassword(change.password) : null;
    this.deps.db.transaction(() => {
      if (change.account !== undefined) {
        if (accountExists(this.rows(), change.account, id)) throw new ApiError(409, 'account_exists', 'Account is exist', { field: 'account' });
        this.deps.db.prepare('UPDATE security_accounts SET account = ?, account_key = ? WHERE project = ? AND id = ?').run(change.account, accountKey(change.account), this.projectName(), id);
      }
      if (hash !== null) this.deps.db.prepare('UPDATE security_accounts SET password_hash = ?, password_updated_at = ? WHERE project = ? AND id = ?').run(hash, this.now(), this.projectName(), id);
      if (change.classes !== undefined) this.deps.db.prepare('UPDATE security_accounts SET classes = ? WHERE project = ? AND id = ?').run(sortedClasses(change.classes).join(''), this.projectName(), id);
    })();
    this.changed();
    return before;
  }

  remove(id: number): SecurityAccount {
    this.assertEnabled();
    const before = this.get(id);
    this.deps.db.prepare('DELETE FROM security_accounts WHERE project = ? AND id = ?').run(this.projectName(), id);
    this.changed();
    return before;
  }

  /** The export file: every account with its password hash (never a password). */
  exportFile(): string {
    const file: z.input<typeof securityExportSchema> = {
      format: SECURITY_EXPORT_FORMAT,
      format_version: SECURITY_EXPORT_VERSION,
      project: this.projectName(),
      exported_at: this.now(),
      accounts: this.rows().map((r) => ({ id: r.id, account: r.account, password_hash: r.password_hash, classes: sortedClasses(r.classes.split('')) })),
    };
    return `${JSON.stringify(file, null, 2)}\n`;
  }

  /**
   * Merges an export file into the project's accounts, in one transaction. The file as a whole
   * must be a list of this format (400 invalid_import_file otherwise, nothing changes); then each
   * row on its own: one that does not pass the contract's row schema, brings a hash the device
   * would not make, repeats a name of the file or would pass the limit is reported and skipped.
   * A row whose name the project has updates that account (its hash and classes; its ID stays); a
   * new one is added with its own ID when free, else the next free one.
   */
  importFile(text: string): ImportResult {
    this.assertEnabled();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ApiError(400, 'invalid_import_file', 'The file is not JSON', { field: 'file' });
    }
    const file = securityExportSchema.safeParse(json);
    if (!file.success) {
      const issue = file.error.issues[0]!;
      throw new ApiError(400, 'invalid_import_file', `The file is not an account list: ${issue.path.join('.') || 'file'}: ${issue.message}`, { field: ['file', ...issue.path].join('.') });
    }
    const result: ImportResult = { added: [], updated: [], rejected: [] };
    const project = this.projectName();
    const now = this.now();
    this.deps.db.transaction(() => {
      const rows = this.rows();
      const byKey = new Map(rows.map((r) => [r.account_key, r]));
      const ids = new Set(rows.map((r) => r.id));
      const seen = new Set<string>();
      file.data.accounts.forEach((raw, i) => {
        const rowNo = i + 1;
        const named = raw && typeof raw === 'object' && typeof (raw as { account?: unknown }).account === 'string' ? ((raw as { account: string }).account.slice(0, 64) as string) : null;
        const parsed = securityExportRowSchema.safeParse(raw);
        if (!parsed.success) {
          result.rejected.push({ row: rowNo, account: named, problem: 'invalid_row', field: parsed.error.issues[0]!.path.join('.') || null });
          return;
        }
        const row = parsed.data;
        if (!acceptableHash(row.password_hash)) {
          result.rejected.push({ row: rowNo, account: row.account, problem: 'invalid_hash', field: 'password_hash' });
          return;
        }
        const key = accountKey(row.account);
        if (seen.has(key)) {
          result.rejected.push({ row: rowNo, account: row.account, problem: 'account_exists', field: 'account' });
          return;
        }
        seen.add(key);
        const classes = sortedClasses(row.classes).join('');
        const existing = byKey.get(key);
        if (existing) {
          this.deps.db
            .prepare('UPDATE security_accounts SET password_hash = ?, classes = ?, password_updated_at = ? WHERE project = ? AND id = ?')
            .run(row.password_hash, classes, existing.password_hash === row.password_hash ? existing.password_updated_at : now, project, existing.id);
          result.updated.push(existing.account);
          return;
        }
        if (ids.size >= SECURITY_ACCOUNTS_MAX) {
          result.rejected.push({ row: rowNo, account: row.account, problem: 'too_many_accounts', field: null });
          return;
        }
        const id = ids.has(row.id) ? nextAccountId([...ids].map((n) => ({ id: n }))) : row.id;
        ids.add(id);
        this.deps.db
          .prepare('INSERT INTO security_accounts (project, id, account, account_key, password_hash, classes, password_updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
          .run(project, id, row.account, key, row.password_hash, classes, now);
        result.added.push(row.account);
      });
    })();
    if (result.added.length > 0 || result.updated.length > 0) this.changed();
    return result;
  }

  // ---- the OPC UA server's use of the accounts ---------------------------------------------

  opcuaMapping(): SecurityOpcuaMapping {
    return this.deps.settings.get('security_opcua');
  }

  setOpcuaMapping(next: SecurityOpcuaMapping): SecurityOpcuaMapping {
    const before = this.opcuaMapping();
    const stored = { enabled: next.enabled, browse: sortedClasses(next.browse), read: sortedClasses(next.read), write: sortedClasses(next.write) };
    this.deps.db.transaction(() => this.deps.settings.set('security_opcua', stored))();
    this.changed();
    return before;
  }

  /** The account of that name as an OPC UA user, while the running project enables Enhanced
   * Security and the mapping is on; undefined otherwise. */
  opcuaUser(username: string): SecurityOpcuaUser | undefined {
    const key = `${this.projectName()}\n${username}`;
    const cached = this.opcuaCache.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const user = this.lookUpOpcuaUser(username);
    if (this.opcuaCache.size > 1000) this.opcuaCache.clear();
    this.opcuaCache.set(key, user ?? null);
    return user;
  }

  private lookUpOpcuaUser(username: string): SecurityOpcuaUser | undefined {
    const mapping = this.opcuaMapping();
    if (!mapping.enabled || !this.enabled()) return undefined;
    const row = this.deps.db.prepare('SELECT * FROM security_accounts WHERE project = ? AND account_key = ?').get(this.projectName(), accountKey(username)) as Row | undefined;
    // The name must be the account's own, its case included: OPC UA user names are exact.
    if (!row || row.account !== username) return undefined;
    return { password_hash: row.password_hash, rights: opcuaRightsOf(row.classes.split(''), mapping) };
  }

  /** Checks an OPC UA sign-in against the accounts: the user's rights, or null. */
  async opcuaSignIn(username: string, password: string): Promise<Record<OpcuaRight, boolean> | null> {
    const user = this.opcuaUser(username);
    if (!user) return null;
    return (await verifyPassword(password, user.password_hash)) ? user.rights : null;
  }

  /** A new project became the running one: the accounts of other projects go with the old one. */
  keepOnly(projectName: string): void {
    this.deps.db.prepare('DELETE FROM security_accounts WHERE project != ?').run(projectName);
    this.opcuaCache.clear();
  }
}

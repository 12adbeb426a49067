import crypto from 'node:crypto';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { ApiError } from '../lib/api-error';
import type { CallDef } from '../../contract/api/define';
import { isMenuId, type MenuId } from '../../contract/roles';
import {
  API_KEY_ACCOUNTS,
  API_KEY_PATTERN,
  keyMenusOf,
  API_KEY_PREFIX,
  apiKeyProblems,
  apiKeyState,
  type ApiKeyAccess,
  type ApiKeyAccount,
} from '../../contract/rules/api-keys';
import type { AccountsService } from './accounts';

/** A key as the list answers it (never its secret nor its hash). */
export interface ApiKey {
  id: string;
  name: string;
  account: ApiKeyAccount;
  menus: MenuId[];
  access: ApiKeyAccess;
  prefix: string;
  expires_at: string | null;
  created_at: string;
  created_by: string;
  last_used_at: string | null;
  last_used_from: string | null;
  revoked_at: string | null;
  state: 'active' | 'expired' | 'revoked';
}

/** What a call made with a key carries beside its account (server/http/register-call.ts). */
export interface KeyScope {
  id: string;
  name: string;
  menus: readonly MenuId[];
  readOnly: boolean;
}

interface KeyRow {
  id: string;
  name: string;
  account: string;
  menus: string;
  read_only: number;
  secret_hash: string;
  expires_at: string | null;
  created_at: string;
  created_by: string;
  last_used_at: string | null;
  last_used_from: string | null;
  revoked_at: string | null;
}

/** The contract areas a key never calls, whatever its menus: signing in and tokens (auth), the
 * accounts' passwords and user info (uac), and the keys themselves. */
const REFUSED_AREAS = ['auth.', 'uac.', 'apiKeys.'];

/** A key's last use is written at most this often (a machine polling many times a second costs
 * one write a second, not one per request). */
export const LAST_USE_WRITE_MS = 1000;

/** The secret is 32 random bytes (256 bits). A fast hash is right for it, unlike a password's: no
 * dictionary or brute force reaches a 256-bit random value, so SHA-256 (the refresh tokens' too)
 * keeps a stolen database from giving working keys, and a call costs microseconds, not the
 * password hash's tens of milliseconds. */
const hashOf = (secret: string) => crypto.createHash('sha256').update(secret).digest();

/** The source an operation-log row names: the address, and for a call made with a key, the key
 * (the row's account is the key's account). */
export function auditSource(source: string, caller: { apiKey?: KeyScope } | null): string {
  return caller?.apiKey ? `${source} (API key ${caller.apiKey.id})` : source;
}

const unauthorized = (message: string) => new ApiError(401, 'unauthorized', message);

/** API keys: keys for machines, acting as one admin-mode account for some of its menus
 * (docs/decisions.md#api-keys). Stored hashed (migration 12); a call with one is checked as a
 * token of that account and scope would be, and more narrowly (`authorizeKey`). */
export class ApiKeyService {
  private readonly byId;
  private readonly lastUseWritten = new Map<string, number>();

  constructor(
    private readonly db: Db,
    /** The device's clock: every date stamped. */
    private readonly time: Clock,
    /** The host clock: how often the last use is written. */
    private readonly clock: Clock,
    private readonly accounts: AccountsService,
  ) {
    this.byId = db.prepare('SELECT * FROM api_keys WHERE id = ?');
  }

  private toKey(row: KeyRow, nowMs: number): ApiKey {
    return {
      id: row.id,
      name: row.name,
      account: row.account as ApiKeyAccount,
      menus: (JSON.parse(row.menus) as string[]).filter(isMenuId),
      access: row.read_only === 1 ? 'read_only' : 'read_write',
      prefix: `${API_KEY_PREFIX}${row.id}_`,
      expires_at: row.expires_at,
      created_at: row.created_at,
      created_by: row.created_by,
      last_used_at: row.last_used_at,
      last_used_from: row.last_used_from,
      revoked_at: row.revoked_at,
      state: apiKeyState(row, nowMs),
    };
  }

  list(): ApiKey[] {
    const now = this.time.now();
    return (this.db.prepare('SELECT * FROM api_keys ORDER BY created_at DESC, id').all() as KeyRow[]).map((r) => this.toKey(r, now));
  }

  /** The menus a new key acting as each account may be given (`keyMenusOf`, with its extra roles now). */
  offeredMenus(): Record<ApiKeyAccount, MenuId[]> {
    return Object.fromEntries(API_KEY_ACCOUNTS.map((a) => [a, keyMenusOf(a, this.accounts.extraRoles(a))])) as Record<ApiKeyAccount, MenuId[]>;
  }

  get(id: string): ApiKey | undefined {
    const row = this.byId.get(id) as KeyRow | undefined;
    return row ? this.toKey(row, this.time.now()) : undefined;
  }

  /** Makes a key; answers it and its secret (`hmik_<id>_<secret>`), which is never stored. */
  create(
    input: { name: string; account: ApiKeyAccount; menus: string[]; access: ApiKeyAccess; expires_at: string | null },
    createdBy: string,
  ): { key: ApiKey; secret: string } {
    const now = this.time.now();
    const problems = apiKeyProblems(input, now, this.accounts.extraRoles(input.account));
    const field = (['name', 'menus', 'expires_at'] as const).find((f) => problems[f]);
    if (field) throw ApiError.rule(field, problems[field]!);
    const id = crypto.randomBytes(8).toString('hex');
    const secret = crypto.randomBytes(32).toString('base64url');
    const menus = [...new Set(input.menus)];
    this.db
      .prepare(
        `INSERT INTO api_keys (id, name, account, menus, read_only, secret_hash, expires_at, created_at, created_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        input.name.trim(),
        input.account,
        JSON.stringify(menus),
        input.access === 'read_only' ? 1 : 0,
        hashOf(secret).toString('hex'),
        input.expires_at === null ? null : new Date(Date.parse(input.expires_at)).toISOString(),
        new Date(now).toISOString(),
        createdBy,
      );
    return { key: this.get(id)!, secret: `${API_KEY_PREFIX}${id}_${secret}` };
  }

  /** Revokes a key: its next call is refused. 404 for an unknown key; a revoked one stays as it is. */
  revoke(id: string): { before: ApiKey; after: ApiKey } {
    const before = this.get(id);
    if (!before) throw ApiError.notFound('No such API key');
    this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(new Date(this.time.now()).toISOString(), id);
    return { before, after: this.get(id)! };
  }

  /** Whether a bearer token is a key (and not an access token). */
  static isKey(token: string): boolean {
    return token.startsWith(API_KEY_PREFIX);
  }

  /** Checks a key and records its use: unknown, wrong, revoked or expired → 401; a key whose
   * account is disabled → 401. Answers the account it acts as and its scope. */
  authenticate(token: string, source: string): { account: ApiKeyAccount; scope: KeyScope } {
    const m = API_KEY_PATTERN.exec(token);
    if (!m) throw unauthorized('This API key is not valid');
    const row = this.byId.get(m[1]!) as KeyRow | undefined;
    const given = hashOf(m[2]!);
    // Compared in constant time, and a hash is compared even for an unknown id.
    const stored = row ? Buffer.from(row.secret_hash, 'hex') : Buffer.alloc(given.length);
    const matches = crypto.timingSafeEqual(given, stored.length === given.length ? stored : Buffer.alloc(given.length));
    if (!row || !matches) throw unauthorized('This API key is not valid');
    const now = this.time.now();
    const state = apiKeyState(row, now);
    if (state === 'revoked') throw unauthorized('This API key was revoked');
    if (state === 'expired') throw unauthorized('This API key has expired');
    const account = this.accounts.get(row.account);
    if (!account || !account.enabled) throw unauthorized('The account of this API key is disabled');
    this.recordUse(row.id, source, now);
    return {
      account: row.account as ApiKeyAccount,
      scope: { id: row.id, name: row.name, menus: (JSON.parse(row.menus) as string[]).filter(isMenuId), readOnly: row.read_only === 1 },
    };
  }

  /** A key makes only calls of the menus it was given (which the account's own access check then
   * asks too), reads only when it is read-only, and never the calls of signing in, passwords,
   * user info or keys. 403 otherwise. */
  static authorizeKey(call: CallDef, scope: KeyScope): void {
    if (REFUSED_AREAS.some((a) => call.id.startsWith(a))) throw ApiError.forbidden('An API key may not make this call');
    if (call.access.kind !== 'menu' || !scope.menus.includes(call.access.menu)) throw ApiError.forbidden('This API key is not given this menu');
    if (scope.readOnly && call.method !== 'GET') throw ApiError.forbidden('This API key is read-only');
  }

  private recordUse(id: string, source: string, deviceNow: number): void {
    const hostNow = this.clock.now();
    const last = this.lastUseWritten.get(id);
    if (last !== undefined && hostNow - last < LAST_USE_WRITE_MS && hostNow >= last) return;
    if (this.lastUseWritten.size >= 10_000) this.lastUseWritten.clear();
    this.lastUseWritten.set(id, hostNow);
    this.db.prepare('UPDATE api_keys SET last_used_at = ?, last_used_from = ? WHERE id = ?').run(new Date(deviceNow).toISOString(), source, id);
  }
}

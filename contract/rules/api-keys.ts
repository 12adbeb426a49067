/** The rules of an API key (docs/decisions.md#api-keys), zod-free: the create dialog and the server
 * run the same functions. */
import { effectiveRoles, GRANTABLE_MENUS, type MenuId } from '../roles';

/** What every key starts with, then its id, an underscore and its secret: the server finds the row
 * by the id without scanning, and a leaked key is recognisable in logs and secret scanners. */
export const API_KEY_PREFIX = 'hmik_';
/** The id: 8 random bytes in hex. */
export const API_KEY_ID_PATTERN = /^[0-9a-f]{16}$/;
/** `hmik_<id>_<secret>`, the secret 32 random bytes in base64url (43 characters). */
export const API_KEY_PATTERN = /^hmik_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

/** The accounts a key may act as: the admin-mode ones (never a WebView user). */
export const API_KEY_ACCOUNTS = ['admin', 'update', 'history'] as const;
export type ApiKeyAccount = (typeof API_KEY_ACCOUNTS)[number];

export const API_KEY_ACCESS = ['read_only', 'read_write'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

export const API_KEY_NAME_MAX = 64;

/** The menus a key acting as `account` may be given: the account's own (with its extra roles) that
 * carry no power over accounts, passwords, security, keys or the QA explorer (`GRANTABLE_MENUS`,
 * the same line extra roles stop at). */
export function keyMenusOf(account: ApiKeyAccount, extraRoles: readonly MenuId[] = []): MenuId[] {
  const roles = effectiveRoles(account, extraRoles);
  return GRANTABLE_MENUS.filter((m) => roles.has(m));
}

export type ApiKeyProblem = 'name_required' | 'name_too_long' | 'name_invalid' | 'menus_required' | 'menu_not_allowed' | 'expiry_past';

export interface ApiKeyDraft {
  name: string;
  account: ApiKeyAccount;
  menus: readonly string[];
  /** ISO date-time, or null for a key that does not expire. */
  expires_at: string | null;
}

/** What is wrong with a new key, by field: its name (1 to 64 characters, no control characters),
 * its menus (at least one, each one the account may give a key), its expiry (in the future of
 * `nowMs`, the device's clock on the server, the browser's in the form). */
export function apiKeyProblems(draft: ApiKeyDraft, nowMs: number, extraRoles: readonly MenuId[] = []): Partial<Record<'name' | 'menus' | 'expires_at', ApiKeyProblem>> {
  const problems: Partial<Record<'name' | 'menus' | 'expires_at', ApiKeyProblem>> = {};
  const name = draft.name.trim();
  // eslint-disable-next-line no-control-regex
  if (name.length === 0) problems.name = 'name_required';
  else if (name.length > API_KEY_NAME_MAX) problems.name = 'name_too_long';
  // eslint-disable-next-line no-control-regex
  else if (/[\u0000-\u001f\u007f]/.test(draft.name)) problems.name = 'name_invalid';
  const allowed = keyMenusOf(draft.account, extraRoles) as readonly string[];
  if (draft.menus.length === 0) problems.menus = 'menus_required';
  else if (draft.menus.some((m) => !allowed.includes(m))) problems.menus = 'menu_not_allowed';
  if (draft.expires_at !== null) {
    const at = Date.parse(draft.expires_at);
    if (!Number.isFinite(at) || at <= nowMs) problems.expires_at = 'expiry_past';
  }
  return problems;
}

/** A key's state at `nowMs`. */
export function apiKeyState(key: { revoked_at: string | null; expires_at: string | null }, nowMs: number): 'active' | 'expired' | 'revoked' {
  if (key.revoked_at !== null) return 'revoked';
  if (key.expires_at !== null && Date.parse(key.expires_at) <= nowMs) return 'expired';
  return 'active';
}

import { apiKeyProblems, keyMenusOf, type ApiKeyAccess, type ApiKeyAccount, type ApiKeyProblem } from '../../../contract/rules/api-keys';
import type { MenuId } from '../../../contract/roles';
import type { NewApiKeyBody } from '../../../store/api/api-keys-endpoints';

export const API_NS = 'api';

/** The create dialog's fields as typed. */
export interface KeyDraft {
  name: string;
  account: ApiKeyAccount;
  menus: MenuId[];
  access: ApiKeyAccess;
  /** `YYYY-MM-DD` from the date input, or '' for a key that does not expire. */
  expiry: string;
}

export const EMPTY_DRAFT: KeyDraft = { name: '', account: 'history', menus: [], access: 'read_only', expiry: '' };

/** The end of the chosen day in the browser's time zone, as the device takes it; null for none. */
export function expiryOf(date: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date === '' ? null : 'invalid';
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59).toISOString();
}

/** The menus a key may be given, by account: as the device says (with the accounts' extra roles),
 * else the shared rule on the accounts' own menus. */
export type OfferedMenus = Partial<Record<ApiKeyAccount, readonly string[]>>;

export function offeredMenus(account: ApiKeyAccount, offered: OfferedMenus): MenuId[] {
  const fromDevice = offered[account];
  return fromDevice ? keyMenusOf('admin').filter((m) => fromDevice.includes(m)) : keyMenusOf(account);
}

/** A new account keeps the menus the new one offers too. */
export function accountChanged(draft: KeyDraft, account: ApiKeyAccount, offered: OfferedMenus): KeyDraft {
  const menus = offeredMenus(account, offered);
  return { ...draft, account, menus: draft.menus.filter((m) => menus.includes(m)) };
}

export function toBody(draft: KeyDraft): NewApiKeyBody {
  return { name: draft.name.trim(), account: draft.account, menus: draft.menus, access: draft.access, expires_at: expiryOf(draft.expiry) };
}

/** What the shared rule says about the draft, by field (the server runs the same rule), with the
 * account's extra roles as the device answered them (the menus it offers beyond the account's own). */
export function draftProblems(draft: KeyDraft, nowMs: number, offered: OfferedMenus = {}): Partial<Record<'name' | 'menus' | 'expires_at', ApiKeyProblem>> {
  const expires_at = expiryOf(draft.expiry);
  const extraRoles = offeredMenus(draft.account, offered);
  return apiKeyProblems({ name: draft.name, account: draft.account, menus: draft.menus, expires_at }, nowMs, extraRoles);
}

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

/** The menus offered for an account: the ones a key may be given (the shared rule). */
export function offeredMenus(account: ApiKeyAccount): MenuId[] {
  return keyMenusOf(account);
}

/** A new account keeps the menus the new one offers too. */
export function accountChanged(draft: KeyDraft, account: ApiKeyAccount): KeyDraft {
  const offered = offeredMenus(account);
  return { ...draft, account, menus: draft.menus.filter((m) => offered.includes(m)) };
}

export function toBody(draft: KeyDraft): NewApiKeyBody {
  return { name: draft.name.trim(), account: draft.account, menus: draft.menus, access: draft.access, expires_at: expiryOf(draft.expiry) };
}

/** What the shared rule says about the draft, by field (the server runs the same rule). */
export function draftProblems(draft: KeyDraft, nowMs: number): Partial<Record<'name' | 'menus' | 'expires_at', ApiKeyProblem>> {
  const expires_at = expiryOf(draft.expiry);
  return apiKeyProblems({ name: draft.name, account: draft.account, menus: draft.menus, expires_at }, nowMs);
}

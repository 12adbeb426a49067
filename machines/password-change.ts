/**
 * What the first-run wizard and the password-expiry dialog share: the change-password form they
 * edit, the input of their `changePassword` actor, and how a rejected change becomes an error code.
 * Pure helpers only; the validation itself is the contract's `validatePasswordChangeForm`.
 */
import type { ResponseOf } from '../contract/api/define';
import type * as uac from '../contract/api/uac';
import type { PasswordFormErrors } from '../contract/rules/password-form';

export type PasswordField = 'current' | 'password' | 'confirm';

/** The form as both dialogs hold it (specification §3 "Change form"); `changeAll` is admin only. */
export interface PasswordFormState {
  current: string;
  password: string;
  confirm: string;
  changeAll: boolean;
}

export const EMPTY_PASSWORD_FORM: PasswordFormState = { current: '', password: '', confirm: '', changeAll: false };

/** Input of the `changePassword` actor both machines invoke (the body of the password call). */
export interface ChangePasswordInput {
  username: string;
  current: string;
  password: string;
  changeAll: boolean;
}

/** What the `changePassword` actor resolves with: the password call's answer (`{ status: 'success' }`). */
export type ChangePasswordOutput = ResponseOf<typeof uac.changeAdminPassword>;

export { errorCodeOf, FALLBACK_ERROR_CODE, notProvided } from './actor-errors';

/** The form with one field changed. */
export function editForm(form: PasswordFormState, field: PasswordField, value: string): PasswordFormState {
  return { ...form, [field]: value };
}

/** The errors without the one of `field` (editing a field clears its own error only). */
export function clearFieldError(errors: PasswordFormErrors, field: PasswordField): PasswordFormErrors {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

/** The `changePassword` input; `changeAll` is honoured for admin only. */
export function changePasswordInput(username: string, isAdmin: boolean, form: PasswordFormState): ChangePasswordInput {
  return { username, current: form.current, password: form.password, changeAll: isAdmin && form.changeAll };
}

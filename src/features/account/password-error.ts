import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { PasswordFormErrors, StrengthFailure } from '../../../contract/rules';

/**
 * What a failed password change leaves on the form: the device's `error_code` (or one of the
 * transport words `timeout` / `network` when no answer came), the values its message needs, and
 * the strength rules the device said the new password breaks. Plain data, so an XState machine can
 * keep it in its context.
 */
export interface PasswordServerError {
  serverError: string | null;
  serverErrorValues?: Record<string, string | number>;
  errors?: PasswordFormErrors;
}

/** The translation key of a password-change failure (specification §8 "Password"). */
export function passwordErrorKey(errorCode: string): string {
  switch (errorCode) {
    case 'current_password_error':
      return 'password.errors.current_password_error';
    case 'password_too_weak':
      return 'password.errors.password_too_weak';
    case 'validation_failure':
      return 'password.errors.validation_failure';
    case 'login_locked':
      return 'password.errors.login_locked';
    case 'timeout':
      return 'errors.request_timeout';
    case 'network':
      return 'errors.network';
    default:
      return 'password.errors.change_failed';
  }
}

const STRENGTH_FAILURES: readonly StrengthFailure[] = ['min_length', 'numbers', 'mixed_cases', 'special_characters'];

function isStrengthFailure(value: unknown): value is StrengthFailure {
  return typeof value === 'string' && (STRENGTH_FAILURES as readonly string[]).includes(value);
}

/** Turns the error of a password-change call into what the form shows. */
export function passwordServerError(error: FetchBaseQueryError | SerializedError | undefined | null): PasswordServerError {
  if (!error) return { serverError: null };
  if (!('status' in error)) return { serverError: 'fail' };
  if (error.status === 'TIMEOUT_ERROR' || error.status === 408) return { serverError: 'timeout' };
  if (error.status === 'FETCH_ERROR') return { serverError: 'network' };
  const body = (error.data ?? {}) as { error_code?: unknown; qty?: unknown; failures?: unknown };
  const code = typeof body.error_code === 'string' ? body.error_code : 'fail';
  switch (code) {
    case 'login_locked':
      return { serverError: code, serverErrorValues: { qty: typeof body.qty === 'number' ? body.qty : 10 } };
    case 'password_too_weak': {
      const failures = Array.isArray(body.failures) ? body.failures.filter(isStrengthFailure) : [];
      return failures.length > 0 ? { serverError: code, errors: { password: failures } } : { serverError: code };
    }
    default:
      return { serverError: code };
  }
}

/** The answer of a password-change call that did not say `success` (specification §8). */
export const CHANGE_FAILED: PasswordServerError = { serverError: 'fail' };

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { transportErrorKey } from '../../../store/api/base-query';

export interface Message {
  key: string;
  values?: Record<string, string | number>;
}

/** The sign-in messages of specification §8, from the device's error code. */
export function loginErrorMessage(error: FetchBaseQueryError | SerializedError | undefined): Message | null {
  if (!error) return null;
  if (!('status' in error)) return { key: 'errors.hmi_error' };
  const body = error.data as { error_code?: string; qty?: number } | undefined;
  switch (body?.error_code) {
    case 'invalid_credentials':
      return { key: 'login.errors.invalid_credentials' };
    case 'user_not_in_list':
      return { key: 'login.errors.user_not_in_list' };
    case 'login_locked':
      return { key: 'login.errors.login_locked', values: { qty: body.qty ?? 10 } };
    default:
      return { key: transportErrorKey(error) ?? 'errors.hmi_error' };
  }
}

import type { TFunction } from 'i18next';
import { WPA_PASSWORD_LENGTH } from '../../../contract/rules/network';

export const NETWORK_NS = 'network';

/** The message of a rule's problem code (contract/rules/network.ts), in the chosen language. */
export function problemText(t: TFunction, problem: string | undefined, extra: Record<string, unknown> = {}): string | undefined {
  if (!problem) return undefined;
  return t(`problem.${problem}`, { ns: NETWORK_NS, defaultValue: t('problem.invalid', { ns: NETWORK_NS }), ...WPA_PASSWORD_LENGTH, ...extra });
}

/** The message of a failed network call: the device's error code, else the general failure. */
export function callErrorText(t: TFunction, code: string | null): string {
  const known = ['change_pending', 'no_pending_change', 'wifi_disabled', 'key_mismatch', 'key_password', 'validation_failure'];
  return code && known.includes(code) ? t(`errors.${code}`, { ns: NETWORK_NS }) : t('settings.update_failed');
}

/** The 400 of a call, read as `{ field, problem }` (the field without its `settings.` prefix). */
export function fieldProblemOf(error: unknown): { field: string; problem: string } | null {
  const data = (error as { data?: { field?: unknown; problem?: unknown; error_code?: unknown } } | null)?.data;
  if (!data || typeof data.field !== 'string') return null;
  const problem = typeof data.problem === 'string' ? data.problem : typeof data.error_code === 'string' ? data.error_code : 'invalid';
  return { field: data.field.replace(/^settings\./, ''), problem };
}

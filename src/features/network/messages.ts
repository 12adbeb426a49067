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

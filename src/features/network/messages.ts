import type { TFunction } from 'i18next';
import { WPA_PASSWORD_LENGTH } from '../../../contract/rules/network';

export const NETWORK_NS = 'network';

/** The message of a rule's problem code (contract/rules/network.ts), in the chosen language. */
export function problemText(t: TFunction, problem: string | undefined, extra: Record<string, unknown> = {}): string | undefined {
  if (!problem) return undefined;
  return t(`problem.${problem}`, { ns: NETWORK_NS, defaultValue: t('problem.invalid', { ns: NETWORK_NS }), ...WPA_PASSWORD_LENGTH, ...extra });
}

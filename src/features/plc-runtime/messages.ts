import type { TFunction } from 'i18next';

export const PLC_NS = 'plc-runtime';

/** The message of a rule's problem code (contract/rules/plc-runtime.ts), in the chosen language. */
export function problemText(t: TFunction, problem: string | null | undefined): string | undefined {
  if (!problem) return undefined;
  return t(`problem.${problem}`, { ns: PLC_NS, defaultValue: t('problem.invalid', { ns: PLC_NS }) });
}

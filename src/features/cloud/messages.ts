import type { TFunction } from 'i18next';
import type { ResponseOf } from '../../../contract/api/define';
import type { status } from '../../../contract/api/cloud';

export const CLOUD_NS = 'cloud';

/** What GET /cloud/status answers (types only: the console loads no zod). */
export type CloudStatus = ResponseOf<typeof status>;

/** The message of a rule's problem code (contract/rules/cloud.ts), in the chosen language. */
export function problemText(t: TFunction, problem: string | null | undefined): string | undefined {
  if (!problem) return undefined;
  return t(`problem.${problem}`, { ns: CLOUD_NS, defaultValue: t('problem.invalid', { ns: CLOUD_NS }) });
}

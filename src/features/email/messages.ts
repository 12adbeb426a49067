import type { TFunction } from 'i18next';
import type { SmtpOutcome, TextProblem } from '../../../contract/rules/email';

export const EMAIL_NS = 'email';

const ADDRESS_FIELDS = ['address', 'sender_address', 'to'];

/** The message of a rule's problem (contract/rules/email.ts) for a field, in the chosen language:
 * an invalid address or host says what one looks like. */
export function problemText(t: TFunction, problem: TextProblem | string | undefined, field?: string): string | undefined {
  if (!problem) return undefined;
  if (problem === 'invalid' && field && ADDRESS_FIELDS.includes(field)) return t('problem.invalid_address', { ns: EMAIL_NS });
  if (problem === 'invalid' && field === 'host') return t('problem.invalid_host', { ns: EMAIL_NS });
  return t(`problem.${problem}`, { ns: EMAIL_NS, defaultValue: t('problem.invalid', { ns: EMAIL_NS }) });
}

/** A problem is named as it is typed, except a missing value, which waits for a first try (a new
 * form does not open in red). */
export function shownProblem<P extends string>(problem: P | undefined, attempted: boolean): P | undefined {
  return problem === 'required' && !attempted ? undefined : problem;
}

/** What the SMTP server made of a mail, in the chosen language, with its reply code when it gave one. */
export function outcomeText(t: TFunction, outcome: SmtpOutcome, code: number | null): string {
  const text = t(`outcome.${outcome}`, { ns: EMAIL_NS });
  return code === null ? text : t('outcome.with_code', { ns: EMAIL_NS, text, code });
}

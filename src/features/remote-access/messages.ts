import type { TFunction } from 'i18next';
import {
  PARTNER_NAME_MAX,
  PARTNER_NAME_MIN,
  PARTNER_PASSWORD_MAX,
  PARTNER_PASSWORD_MIN,
  PROXY_PASSWORD_MAX,
  PROXY_USER_MAX,
  type RemoteField,
  type RemoteProblem,
} from '../../../contract/rules/remote-access';

export const REMOTE_NS = 'remote-access';

/** The element id of a setting's control: a code's "fix it" link focuses it. */
export const fieldId = (field: RemoteField) => `remote-access-${field.replace(/_/g, '-')}`;

const LIMITS: Partial<Record<RemoteField, { min?: number; max?: number }>> = {
  partner_name: { min: PARTNER_NAME_MIN, max: PARTNER_NAME_MAX },
  partner_password: { min: PARTNER_PASSWORD_MIN, max: PARTNER_PASSWORD_MAX },
  proxy_user: { max: PROXY_USER_MAX },
  proxy_password: { max: PROXY_PASSWORD_MAX },
};

/** The message of a rule's problem (contract/rules/remote-access.ts) for a field. */
export function problemText(t: TFunction, field: RemoteField, problem: RemoteProblem | undefined): string | undefined {
  if (!problem) return undefined;
  const limits = LIMITS[field] ?? {};
  if (problem === 'invalid') {
    if (field === 'partner_name') return t('problem.invalid_name', { ns: REMOTE_NS });
    if (field === 'proxy_host' || field === 'custom_host') return t('problem.invalid_host', { ns: REMOTE_NS });
  }
  return t(`problem.${problem}`, { ns: REMOTE_NS, min: limits.min, max: limits.max });
}

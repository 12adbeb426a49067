import type { TFunction } from 'i18next';
import {
  ADDRESS_LENGTH_MAX,
  INDEX_REGISTER_MAX,
  NODE_NAME_MAX,
  OPCUA_PASSWORD_MAX,
  OPCUA_PASSWORD_MIN,
  PORT_MAX,
  PORT_MIN,
  TAG_LENGTH_MAX,
  TAG_LENGTH_MIN,
} from '../../../contract/rules/opcua';
import type { ErrorTexts } from '../../i18n/error-text';

export const OPCUA_NS = 'opcua';

/** The bounds the rules' messages name (contract/rules/opcua.ts). */
const BOUNDS = {
  name_max: NODE_NAME_MAX,
  address_max: ADDRESS_LENGTH_MAX,
  index_max: INDEX_REGISTER_MAX,
  length_min: TAG_LENGTH_MIN,
  length_max: TAG_LENGTH_MAX,
  password_min: OPCUA_PASSWORD_MIN,
  password_max: OPCUA_PASSWORD_MAX,
  port_min: PORT_MIN,
  port_max: PORT_MAX,
};

/** The message of a rule's problem code (contract/rules/opcua.ts), in the chosen language. */
export function problemText(t: TFunction, problem: string | null | undefined, extra: Record<string, unknown> = {}): string | undefined {
  if (!problem) return undefined;
  return t(`problem.${problem}`, { ns: OPCUA_NS, defaultValue: t('problem.invalid', { ns: OPCUA_NS }), ...BOUNDS, ...extra });
}

/** A failed save of the tags. */
export const TREE_TEXTS: ErrorTexts = { fallback: 'opcua:tags.save_failed' };

/** A failed certificate action: the certificate and key that do not belong together (§5, §8),
 * a file that is no certificate, one already gone. */
export const CERTIFICATE_TEXTS: ErrorTexts = {
  codes: {
    key_mismatch: 'opcua:errors.key_mismatch',
    invalid_certificate: 'opcua:errors.invalid_certificate',
    not_found: 'opcua:errors.certificate_gone',
    payload_too_large: 'opcua:errors.file_too_large',
  },
  fallback: 'opcua:certificates.action_failed',
};

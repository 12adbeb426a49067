import type { TFunction } from 'i18next';
import { AUDIT_ACTIONS, auditTargetWords, type AuditAction } from '../../../contract/audit';
import { FAILURE_CODES } from '../../../contract/failure';
import { fromAreas } from '../../../contract/areas';
import { errorText } from '../../i18n/error-text';
import { TEXT_NAMESPACES } from '../areas';
import { apartNamespaceOf } from '../../i18n/apart-texts';

/**
 * The names of the operation log's actions and targets in the chosen language. Each area names
 * the actions and targets it declares (contract/api/<area>.routes.ts) in its own texts, kept apart
 * from its screens' (`public/locales/<ns>/audit/<lng>.json`, namespace `<ns>/audit`:
 * `audit.actions.<action>`, `audit.targets.<key>`, the key from `auditTargetWords`); the Operation
 * Log loads every area's (one file per language, src/i18n/apart-locales.ts) and i18next looks a
 * name up in these namespaces in order, the Data area's first. No list here says which area names
 * what.
 */
export const AUDIT_TEXT_NAMESPACES: readonly string[] = ['data', ...TEXT_NAMESPACES.filter((ns) => ns !== 'data')].map((ns) => apartNamespaceOf(ns, 'audit'));

export function isAuditAction(action: string): action is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(action);
}

/** An action's name in the chosen language (an action this console does not know: as it came). */
export function actionName(t: TFunction, action: string): string {
  return isAuditAction(action) ? t(`audit.actions.${action}`, { ns: AUDIT_TEXT_NAMESPACES }) : action;
}

/** What a row is about, in words in the chosen language (a target this console does not know: as
 * it came). The accounts of a password change are a list in the language's own way. */
export function targetText(t: TFunction, target: string, language: string): string {
  const words = auditTargetWords(target);
  if (!words) return target;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(words.values)) {
    if (typeof value === 'string') values[name] = value;
    else {
      values[name] = new Intl.ListFormat(language, { type: 'conjunction' }).format(value);
      values.count = value.length;
    }
  }
  return t(`audit.targets.${words.key}`, { ...values, ns: AUDIT_TEXT_NAMESPACES });
}

/** Every code a result may be: the common ones and every area's. */
const RESULT_CODES: ReadonlySet<string> = new Set([...FAILURE_CODES, ...fromAreas('errorCodes')]);

/** A row's result as the user reads it: success, or the failure's own text (`t` is the Data texts'). */
export function resultText(t: TFunction, result: string): string {
  if (result === 'success') return t('operations.result.success');
  return RESULT_CODES.has(result) ? errorText(t, { error_code: result }) : result;
}

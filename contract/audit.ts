import { CONTRACT_AREAS, fromAreas, type ContractAreaOf } from './areas';
import type { AuditTargetForm, ContractArea } from './area';

/** Every action the operation log records, once. Zod-free, so the console (the Operation Log
 * screen, its filters and texts) can import it. A call names its action in its contract entry
 * (`audit.action`, typed from this list); the device's own actions, written without a call, are
 * listed apart so a test can tell that every entry is written by something. */

/** Actions written by a call of the API, one row per request (success or refusal): each area's
 * `auditActions`. */
export const CALL_AUDIT_ACTIONS = fromAreas('auditActions') as readonly CallAuditAction[];

/** Actions written without a call: the device's own, with `source: 'device'` and no account, and
 * those of a socket's messages (WebView's writes): each area's `deviceAuditActions`. */
export const DEVICE_AUDIT_ACTIONS = fromAreas('deviceAuditActions') as readonly DeviceAuditAction[];

export const AUDIT_ACTIONS: readonly AuditAction[] = [...CALL_AUDIT_ACTIONS, ...DEVICE_AUDIT_ACTIONS];

type Declared<K extends string> = ContractAreaOf extends infer A ? (A extends { readonly [P in K]: readonly (infer V)[] } ? V : never) : never;
export type CallAuditAction = Declared<'auditActions'>;
export type DeviceAuditAction = Declared<'deviceAuditActions'>;
export type AuditAction = CallAuditAction | DeviceAuditAction;

/** What an operation-log row is about: a part of the device, named once by its area (`auditTargets`). The console says
 * each in words (`audit.targets.<key>` of the area's own texts, the key from `auditTargetWords`;
 * an action likewise, `audit.actions.<action>`: src/features/data/audit-words.ts); the server can
 * write no other (its targets are typed `AuditTarget`). */
export const AUDIT_TARGETS = fromAreas('auditTargets') as readonly Declared<'auditTargets'>[];

/** The targets that name one thing: which, by its name or id, is the wording's parameter. */
export const AUDIT_TARGET_FORMS: readonly AuditTargetForm[] = CONTRACT_AREAS.flatMap((area: ContractArea) => area.auditTargetForms ?? []);

type FormPrefix = ContractAreaOf extends infer A ? (A extends { readonly auditTargetForms: readonly (infer F)[] } ? (F extends { prefix: infer P extends string } ? P : never) : never) : never;

export type AuditTarget = Declared<'auditTargets'> | `${FormPrefix}${string}`;

/** The words of a target: the key of its wording and the values it names (a list is the accounts
 * of a password change). Null for a target this list does not know (a newer device's): shown as
 * it came. */
export function auditTargetWords(target: string): { key: string; values: Record<string, string | readonly string[]> } | null {
  if ((AUDIT_TARGETS as readonly string[]).includes(target)) return { key: target.replaceAll('.', '_'), values: {} };
  for (const form of AUDIT_TARGET_FORMS) {
    const m = form.pattern.exec(target);
    if (m) return { key: form.key, values: { [form.param]: form.list ? m[1]!.split(',') : m[1]! } };
  }
  return null;
}

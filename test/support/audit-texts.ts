/**
 * The operation log's names as the locale files hold them: each area's `audit` section
 * (`audit.actions.<action>`, `audit.targets.<key>`) in its audit namespace's file
 * (`public/locales/<ns>/audit/<lng>.json`), for every namespace the Operation Log looks names up in.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_TEXT_NAMESPACES } from '../../src/features/data/audit-words';

const LOCALES = join(__dirname, '..', '..', 'public', 'locales');

export interface AuditSection {
  actions?: Record<string, string>;
  targets?: Record<string, string>;
}

/** Each namespace's `audit` section in `language` (empty for a namespace that names nothing). */
export function auditSections(language = 'en'): { ns: string; audit: AuditSection }[] {
  return AUDIT_TEXT_NAMESPACES.map((ns) => {
    const file = join(LOCALES, ns, `${language}.json`);
    const json = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { audit?: AuditSection }) : {};
    return { ns, audit: json.audit ?? {} };
  });
}

/** Every text of one kind (`actions` or `targets`) across the namespaces: key → where it is and what it says. */
export function auditTexts(kind: 'actions' | 'targets', language = 'en'): Map<string, { ns: string; text: string }[]> {
  const out = new Map<string, { ns: string; text: string }[]>();
  for (const { ns, audit } of auditSections(language)) {
    for (const [key, text] of Object.entries(audit[kind] ?? {})) out.set(key, [...(out.get(key) ?? []), { ns, text }]);
  }
  return out;
}

/**
 * Sections of an area's texts that only one screen reads are kept in files of their own beside the
 * area's namespace, so that the area's screens do not download them:
 * - `qa`: its machines' titles and descriptions, for the QA explorer
 *   (`public/locales/<ns>/qa/<lng>.json`, machines/qa-support.ts);
 * - `audit`: the operation log's names of the actions and targets its contract area declares, for
 *   the Operation Log (`public/locales/<ns>/audit/<lng>.json`, src/features/data/audit-words.ts);
 * - `checks`: the titles and fixes of the security self-check's findings its server area declares
 *   (`selfCheck.ids`), for Diagnostics (`public/locales/<ns>/checks/<lng>.json`,
 *   src/features/diagnostics/check-words.ts).
 * Each is the i18next namespace `<ns>/<section>`, holding its section under its own key (`qa.*`,
 * `audit.*`, `checks.*`), and is loaded by ./apart-locales. Import-free: the i18n start-up tells such a
 * namespace by it.
 */
export const APART_SECTIONS = ['qa', 'audit', 'checks'] as const;
export type ApartSection = (typeof APART_SECTIONS)[number];

/** The namespace of an area's `section` texts. */
export const apartNamespaceOf = (textNamespace: string, section: ApartSection): string => `${textNamespace}/${section}`;

/** The namespace of an area's machines' QA texts (`qa.<id>.title`, `qa.<id>.description`). */
export const qaNamespaceOf = (textNamespace: string): string => apartNamespaceOf(textNamespace, 'qa');

/** The area and section of a namespace made by apartNamespaceOf, or null for any other. */
export function apartOf(namespace: string): { area: string; section: ApartSection } | null {
  const slash = namespace.lastIndexOf('/');
  if (slash <= 0) return null;
  const section = namespace.slice(slash + 1);
  return (APART_SECTIONS as readonly string[]).includes(section) ? { area: namespace.slice(0, slash), section: section as ApartSection } : null;
}

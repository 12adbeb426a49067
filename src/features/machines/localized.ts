import { descriptionKey, titleKey, type MachineEntry } from '../../../machines/qa-support';
import { qaNamespaceOf } from '../../i18n/apart-texts';
import type { Translate } from './event-labels';

/** The namespaces the explorer shows texts of: its own ('machines') and the QA namespaces of the
 * areas its entries belong to, where each machine's QA texts live (`qa.<id>.*`, qaNamespaceOf):
 * not the areas' own namespaces, which are their screens' texts. */
export function entryNamespaces(entries: readonly MachineEntry[]): string[] {
  return [...new Set(['machines', ...entries.map((e) => qaNamespaceOf(e.textNamespace))])];
}

/** A registry entry's title in the console's language: `qa.<id>.title` of the entry's area's QA
 * namespace, with the timings and counts the entry supplies from its machine's constants. */
export function entryTitle(t: Translate, entry: MachineEntry): string {
  return t(titleKey(entry.id), { ...entry.textValues, ns: qaNamespaceOf(entry.textNamespace) });
}

/** A registry entry's description, the same way (`qa.<id>.description`). */
export function entryDescription(t: Translate, entry: MachineEntry): string {
  return t(descriptionKey(entry.id), { ...entry.textValues, ns: qaNamespaceOf(entry.textNamespace) });
}

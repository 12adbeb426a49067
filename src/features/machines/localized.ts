import { descriptionKey, titleKey, type MachineEntry, type MachineRef } from '../../../machines/qa-support';
import { qaNamespaceOf } from '../../i18n/apart-texts';
import type { Translate } from './event-labels';

/** The namespaces the explorer shows texts of: its own ('machines') and the QA namespaces of the
 * areas its entries belong to, where each machine's QA texts live (`qa.<id>.*`, qaNamespaceOf):
 * not the areas' own namespaces, which are their screens' texts. */
export function entryNamespaces(entries: readonly Pick<MachineRef, 'textNamespace'>[]): string[] {
  return [...new Set(['machines', ...entries.map((e) => qaNamespaceOf(e.textNamespace))])];
}

/** A machine's title in the console's language: `qa.<id>.title` of its area's QA namespace. The
 * list shows it before the entry is loaded, so a title interpolates nothing (the locale test
 * checks); the timings and counts are the description's. */
export function entryTitle(t: Translate, ref: Pick<MachineRef, 'id' | 'textNamespace'>): string {
  return t(titleKey(ref.id), { ns: qaNamespaceOf(ref.textNamespace) });
}

/** A registry entry's description, the same way (`qa.<id>.description`). */
export function entryDescription(t: Translate, entry: MachineEntry): string {
  return t(descriptionKey(entry.id), { ...entry.textValues, ns: qaNamespaceOf(entry.textNamespace) });
}

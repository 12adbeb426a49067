import { descriptionKey, titleKey, type MachineEntry } from '../../../machines/qa-support';
import type { Translate } from './event-labels';

/** A registry entry's title in the console's language: `entries.<id>.title` of the 'machines'
 * namespace, with the timings and counts the entry supplies from its machine's constants. */
export function entryTitle(t: Translate, entry: MachineEntry): string {
  return t(titleKey(entry.id), { ...entry.textValues });
}

/** A registry entry's description, the same way (`entries.<id>.description`). */
export function entryDescription(t: Translate, entry: MachineEntry): string {
  return t(descriptionKey(entry.id), { ...entry.textValues });
}

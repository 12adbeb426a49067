/**
 * Where a machine's QA texts are: the namespace `<ns>/qa` of the area it belongs to
 * (`public/locales/<ns>/qa/<lng>.json`), apart from the area's own namespace so that a screen does
 * not download the explorer's descriptions (src/i18n/apart-texts.ts).
 */
import { apartNamespaceOf } from '../src/i18n/apart-texts';

/** The QA namespace of an area's text namespace. */
export const qaNamespaceOf = (textNamespace: string): string => apartNamespaceOf(textNamespace, 'qa');

import type { LocalizedText } from '../../../machines/registry';

/** A registry text in the console's language (English when that one is missing). */
export function localized(text: LocalizedText, language: string): string {
  return (text as Record<string, string | undefined>)[language] ?? text.en;
}

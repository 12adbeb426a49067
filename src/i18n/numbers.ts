/**
 * Numbers as the interface's language writes them (19,200 / 19.200 / 19 200): one format for every
 * screen, so a range reads "1 to 3,650" on the Security page as it does on the Operation Log.
 */
import { useTranslation } from 'react-i18next';

const formats = new Map<string, Intl.NumberFormat>();

/** The number format of `language`, plain or with at most `maximumFractionDigits` decimals (one
 * of each, kept: making an Intl.NumberFormat costs a slow tablet milliseconds every time). */
export function numberFormat(language: string, maximumFractionDigits?: number): Intl.NumberFormat {
  const key = maximumFractionDigits === undefined ? language : `${language}/${maximumFractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, maximumFractionDigits === undefined ? undefined : { maximumFractionDigits });
    formats.set(key, format);
  }
  return format;
}

/** The number format of the language shown now; components re-render when it changes. */
export function useNumberFormat(): Intl.NumberFormat {
  const { i18n } = useTranslation();
  return numberFormat(i18n.language);
}

/** A range's bounds written for a text (`{{min}} to {{max}}`). */
export function rangeText(range: { readonly min: number; readonly max: number }, n: Intl.NumberFormat): { min: string; max: string } {
  return { min: n.format(range.min), max: n.format(range.max) };
}

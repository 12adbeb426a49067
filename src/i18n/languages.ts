/** The ten console languages (specification §9), each with its own name as shown in the selector. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'zh-CN', name: '简体中文' },
  { code: 'zh-TW', name: '繁體中文' },
  { code: 'ja', name: '日本語' },
  { code: 'ko', name: '한국어' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'it', name: 'Italiano' },
  { code: 'pl', name: 'Polski' },
  { code: 'ru', name: 'Русский' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const FALLBACK_LANGUAGE: LanguageCode = 'en';
export const LANGUAGE_COOKIE = 'language';

export function isLanguageCode(value: string): value is LanguageCode {
  return LANGUAGES.some((l) => l.code === value);
}

/** Maps a browser tag (`de-AT`, `zh-Hant-HK`, `zh`) to one of ours, or null. */
export function matchLanguage(tag: string): LanguageCode | null {
  const lower = tag.toLowerCase();
  if (lower.startsWith('zh')) {
    return /-(tw|hk|mo|hant)/.test(lower) ? 'zh-TW' : 'zh-CN';
  }
  const base = lower.split('-')[0] ?? '';
  return isLanguageCode(base) ? base : null;
}

/** Saved cookie, else the browser's languages in order, else English (specification §4). */
export function pickLanguage(cookie: string | null, browser: readonly string[]): LanguageCode {
  if (cookie && isLanguageCode(cookie)) return cookie;
  for (const tag of browser) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return FALLBACK_LANGUAGE;
}

import type { Localization } from '@mui/material/locale';
import type { LanguageCode } from './languages';

// MUI's own texts and dayjs's month and day names, loaded with the language.
type MuiLocaleName = 'zhCN' | 'zhTW' | 'jaJP' | 'koKR' | 'deDE' | 'frFR' | 'itIT' | 'plPL' | 'ruRU';

/** English is MUI's default; the others come from one chunk holding just these nine. */
const MUI_LOCALE_NAME: Record<LanguageCode, MuiLocaleName | null> = {
  en: null,
  'zh-CN': 'zhCN',
  'zh-TW': 'zhTW',
  ja: 'jaJP',
  ko: 'koKR',
  de: 'deDE',
  fr: 'frFR',
  it: 'itIT',
  pl: 'plPL',
  ru: 'ruRU',
};

async function loadMuiLocale(language: LanguageCode): Promise<Localization | undefined> {
  const name = MUI_LOCALE_NAME[language];
  if (!name) return undefined;
  // Destructured at the import, so webpack keeps just these nine of MUI's sixty locales.
  const locales = await import(/* webpackChunkName: "mui-locales" */ '@mui/material/locale').then(
    ({ zhCN, zhTW, jaJP, koKR, deDE, frFR, itIT, plPL, ruRU }) => ({ zhCN, zhTW, jaJP, koKR, deDE, frFR, itIT, plPL, ruRU }),
  );
  return locales[name];
}

export const DAYJS_LOCALE: Record<LanguageCode, string> = {
  en: 'en',
  'zh-CN': 'zh-cn',
  'zh-TW': 'zh-tw',
  ja: 'ja',
  ko: 'ko',
  de: 'de',
  fr: 'fr',
  it: 'it',
  pl: 'pl',
  ru: 'ru',
};

const DAYJS_LOADERS: Record<LanguageCode, () => Promise<unknown>> = {
  en: async () => undefined, // built into dayjs
  'zh-CN': () => import(/* webpackChunkName: "dayjs-zh-CN" */ 'dayjs/locale/zh-cn'),
  'zh-TW': () => import(/* webpackChunkName: "dayjs-zh-TW" */ 'dayjs/locale/zh-tw'),
  ja: () => import(/* webpackChunkName: "dayjs-ja" */ 'dayjs/locale/ja'),
  ko: () => import(/* webpackChunkName: "dayjs-ko" */ 'dayjs/locale/ko'),
  de: () => import(/* webpackChunkName: "dayjs-de" */ 'dayjs/locale/de'),
  fr: () => import(/* webpackChunkName: "dayjs-fr" */ 'dayjs/locale/fr'),
  it: () => import(/* webpackChunkName: "dayjs-it" */ 'dayjs/locale/it'),
  pl: () => import(/* webpackChunkName: "dayjs-pl" */ 'dayjs/locale/pl'),
  ru: () => import(/* webpackChunkName: "dayjs-ru" */ 'dayjs/locale/ru'),
};

const loadedMui = new Map<LanguageCode, Localization>();

/** Loads MUI's and dayjs's texts of a language; afterwards `muiLocaleOf` answers synchronously. */
export async function loadLocaleResources(language: LanguageCode): Promise<void> {
  const [mui] = await Promise.all([loadMuiLocale(language), setDayjsLocale(language)]);
  if (mui) loadedMui.set(language, mui);
}

let dayjsLoaded = false;

/** dayjs speaks English by itself: it is only loaded here for another language (or to go back). */
async function setDayjsLocale(language: LanguageCode): Promise<void> {
  if (language === 'en' && !dayjsLoaded) return;
  const [{ default: dayjs }] = await Promise.all([import(/* webpackChunkName: "dayjs" */ 'dayjs'), DAYJS_LOADERS[language]()]);
  dayjsLoaded = true;
  dayjs.locale(DAYJS_LOCALE[language]);
}

export function muiLocaleOf(language: string): Localization | undefined {
  return loadedMui.get(language as LanguageCode);
}

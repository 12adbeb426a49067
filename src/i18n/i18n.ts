import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, pickLanguage, type LanguageCode } from './languages';
import { readCookie, writeCookie } from '../app/cookies';
import { loadLocaleResources } from './locale-resources';

/** Each locale is its own chunk, fetched only when that language is chosen. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    import(/* webpackChunkName: "locale-[request]" */ `../../public/locales/${language}.json`).then(
      (m: { default: Record<string, unknown> }) => callback(null, m.default),
      (err: Error) => callback(err, null),
    );
  },
};

export function initialLanguage(): LanguageCode {
  return pickLanguage(readCookie(LANGUAGE_COOKIE), navigator.languages ?? [navigator.language]);
}

export async function initI18n(language: LanguageCode = initialLanguage()): Promise<typeof i18next> {
  const resources = loadLocaleResources(language);
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: LANGUAGES.map((l) => l.code),
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  await resources;
  document.documentElement.lang = language;
  return i18next;
}

export async function changeLanguage(language: LanguageCode): Promise<void> {
  await Promise.all([i18next.changeLanguage(language), loadLocaleResources(language)]);
  writeCookie(LANGUAGE_COOKIE, language);
  document.documentElement.lang = language;
}

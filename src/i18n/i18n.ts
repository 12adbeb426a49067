import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type LanguageCode } from './languages';
import { writeCookie } from '../app/cookies';
import { loadLocaleResources } from './locale-resources';
import { initialLanguage, loadMainLocale } from './boot-texts';
import { apartOf } from './apart-texts';

export { initialLanguage };

/** Each locale is its own chunk, fetched only when that language is chosen. The default namespace
 * is `public/locales/<lng>.json`; a screen with many texts of its own keeps them in a namespace,
 * `public/locales/<ns>/<lng>.json`, loaded with that screen (useTranslation('<ns>')), so the
 * sign-in bundle does not grow with every screen: not even the map of the namespaces' files,
 * which ./namespace-locales keeps in a chunk of its own. The texts kept apart from the areas'
 * namespaces (`<ns>/qa`, `<ns>/audit`: ./apart-texts) come from ./apart-locales. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load =
      namespace === 'translation'
        ? loadMainLocale(language)
        : namespace === SHELL_NAMESPACE
          ? import(/* webpackChunkName: "shell-locales" */ './shell-locales').then((m) => m.loadShellLocale(language))
          : apartOf(namespace) !== null
            ? import(/* webpackChunkName: "apart-locales" */ './apart-locales').then((m) => m.loadApartLocale(namespace, language))
            : import(/* webpackChunkName: "namespace-locales" */ './namespace-locales').then((m) => m.loadNamespaceLocale(namespace, language));
    load.then(
      (m: { default: Record<string, unknown> }) => callback(null, m.default),
      (err: Error) => callback(err, null),
    );
  },
};

export const SHELL_NAMESPACE = 'shell';

/** Loads the shell's texts (in the current language; later changes load them too). */
export function loadShellTexts(): Promise<void> {
  return i18next.loadNamespaces(SHELL_NAMESPACE);
}

/** Loads an area's texts (its namespace), in the current language. */
export function loadTexts(namespace: string): Promise<void> {
  return i18next.loadNamespaces(namespace);
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
      ns: ['translation'],
      defaultNS: 'translation',
      // The signed-in shell's texts (menus, dialogs, screens) are the 'shell' namespace, loaded
      // with the shell; a key not in the main file is looked up there.
      fallbackNS: SHELL_NAMESPACE,
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

/**
 * Texts for the component tests. `makeI18n` builds the instance a screen rendered alone gets
 * (renderScreen): the locale files read from public/locales, every namespace of TEST_NAMESPACES
 * in English and German. `startAppI18n` is for the whole console (renderApp): the app's own
 * i18next instance, started as main.tsx starts it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { changeLanguage, initI18n } from '../../src/i18n/i18n';
import type { LanguageCode } from '../../src/i18n/languages';
import { TEXT_NAMESPACES } from '../../src/features/areas';
import { APART_SECTIONS, apartNamespaceOf } from '../../src/i18n/apart-texts';

/** The namespaces a screen rendered alone can use, besides the main file ('translation'): every
 * area's, from the console's one list of areas. */
export const TEST_NAMESPACES = TEXT_NAMESPACES;

/** The languages the test instance knows: English, and German to see a translation take effect. */
export const TEST_LANGUAGES = ['en', 'de'] as const;
export type TestLanguage = (typeof TEST_LANGUAGES)[number];

const LOCALES = join(__dirname, '..', '..', 'public', 'locales');

/** One locale file: `public/locales/<lng>.json` for 'translation', else `<ns>/<lng>.json`. */
function localeFile(namespace: string, language: string): Record<string, unknown> {
  const file = namespace === 'translation' ? `${language}.json` : join(namespace, `${language}.json`);
  return JSON.parse(readFileSync(join(LOCALES, file), 'utf8')) as Record<string, unknown>;
}

/** The texts kept apart from the areas' namespaces (src/i18n/apart-texts.ts): the QA explorer's
 * (`<ns>/qa`) and the Operation Log's (`<ns>/audit`), where an area has them. */
const APART_NAMESPACES = TEST_NAMESPACES.flatMap((ns) => APART_SECTIONS.filter((section) => existsSync(join(LOCALES, ns, section))).map((section) => apartNamespaceOf(ns, section)));

let loaded: Resource | null = null;

/** The files of TEST_NAMESPACES in TEST_LANGUAGES, read once per test file (every instance shares
 * them, as they shared the imported JSON before). */
function testResources(): Resource {
  return (loaded ??= Object.fromEntries(
    TEST_LANGUAGES.map((language) => [
      language,
      Object.fromEntries(['translation', ...TEST_NAMESPACES, ...APART_NAMESPACES].map((ns) => [ns, localeFile(ns, language)])),
    ]),
  ));
}

/** A fresh i18next instance in `language` holding every namespace of TEST_NAMESPACES; a key not
 * in the main file is looked up in 'shell', as in the app. */
export function makeI18n(language: TestLanguage = 'en'): I18n {
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: 'en',
    resources: testResources(),
    fallbackNS: 'shell',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

let appI18nStarted: Promise<unknown> | null = null;

/** The app's own i18next instance (as main.tsx starts it), in `language`. */
export async function startAppI18n(language: LanguageCode): Promise<void> {
  appI18nStarted ??= initI18n(language);
  await appI18nStarted;
  if (i18next.language !== language) await changeLanguage(language);
}

import type { LanguageCode } from './languages';
import { apartOf, type ApartSection } from './apart-texts';

type Module = { default: Record<string, unknown> };
type Loader = (area: string) => Promise<Module>;

/**
 * The texts kept apart from the areas' namespaces (./apart-texts: the QA explorer's, the
 * Operation Log's and Diagnostics' self-check's). A section in a language is one chunk holding every area's (`lazy-once`: the
 * screen that reads a section lists every area's), so the runtime's list of chunks grows by one
 * name per section and language, not per area too, and the map of these files is in this module,
 * loaded on first use. The language and section are written out in each import because webpack
 * groups a `lazy-once` context by its template; the Records keep them complete.
 */
const LOADERS: Record<ApartSection, Record<LanguageCode, Loader>> = {
  qa: {
    en: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-qa-en" */ `../../public/locales/${area}/qa/en.json`),
    'zh-CN': (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-qa-zh-CN" */ `../../public/locales/${area}/qa/zh-CN.json`),
    'zh-TW': (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-qa-zh-TW" */ `../../public/locales/${area}/qa/zh-TW.json`),
    ja: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-qa-ja" */ `../../public/locales/${area}/qa/ja.json`),
    ko: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-qa-ko" */ `../../public/locales/${area}/qa/ko.json`),
    de: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-qa-de" */ `../../public/locales/${area}/qa/de.json`),
    fr: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-qa-fr" */ `../../public/locales/${area}/qa/fr.json`),
    it: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-qa-it" */ `../../public/locales/${area}/qa/it.json`),
    pl: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-qa-pl" */ `../../public/locales/${area}/qa/pl.json`),
    ru: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-qa-ru" */ `../../public/locales/${area}/qa/ru.json`),
  },
  audit: {
    en: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-audit-en" */ `../../public/locales/${area}/audit/en.json`),
    'zh-CN': (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-audit-zh-CN" */ `../../public/locales/${area}/audit/zh-CN.json`),
    'zh-TW': (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-audit-zh-TW" */ `../../public/locales/${area}/audit/zh-TW.json`),
    ja: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-audit-ja" */ `../../public/locales/${area}/audit/ja.json`),
    ko: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-audit-ko" */ `../../public/locales/${area}/audit/ko.json`),
    de: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-audit-de" */ `../../public/locales/${area}/audit/de.json`),
    fr: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-audit-fr" */ `../../public/locales/${area}/audit/fr.json`),
    it: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-audit-it" */ `../../public/locales/${area}/audit/it.json`),
    pl: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-audit-pl" */ `../../public/locales/${area}/audit/pl.json`),
    ru: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-audit-ru" */ `../../public/locales/${area}/audit/ru.json`),
  },
  checks: {
    en: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-checks-en" */ `../../public/locales/${area}/checks/en.json`),
    'zh-CN': (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-checks-zh-CN" */ `../../public/locales/${area}/checks/zh-CN.json`),
    'zh-TW': (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-checks-zh-TW" */ `../../public/locales/${area}/checks/zh-TW.json`),
    ja: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-checks-ja" */ `../../public/locales/${area}/checks/ja.json`),
    ko: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-checks-ko" */ `../../public/locales/${area}/checks/ko.json`),
    de: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-checks-de" */ `../../public/locales/${area}/checks/de.json`),
    fr: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-checks-fr" */ `../../public/locales/${area}/checks/fr.json`),
    it: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-checks-it" */ `../../public/locales/${area}/checks/it.json`),
    pl: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-checks-pl" */ `../../public/locales/${area}/checks/pl.json`),
    ru: (area) => import(/* webpackMode: "lazy-once", webpackChunkName: "locale-checks-ru" */ `../../public/locales/${area}/checks/ru.json`),
  },
};

/**
 * The texts of `namespace` (`<area>/<section>`) in `language`. An area with nothing in a section
 * has no file there (an area whose contract declares no action names none): its namespace is
 * empty, not a failure.
 */
export function loadApartLocale(namespace: string, language: string): Promise<Module> {
  const apart = apartOf(namespace);
  const load = apart ? LOADERS[apart.section][language as LanguageCode] : undefined;
  if (!apart || !load) return Promise.reject(new Error(`no texts ${namespace} in ${language}`));
  return load(apart.area).catch((err: unknown) => {
    if ((err as { code?: unknown } | null)?.code === 'MODULE_NOT_FOUND') return { default: {} };
    throw err;
  });
}

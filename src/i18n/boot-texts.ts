import { LANGUAGE_COOKIE, pickLanguage, type LanguageCode } from './languages';
import { readCookie } from '../app/cookies';

/** The language the console starts in: the saved cookie, else the browser's (specification §4). */
export function initialLanguage(): LanguageCode {
  return pickLanguage(readCookie(LANGUAGE_COOKIE), navigator.languages ?? [navigator.language]);
}

/** The main texts of a language (`public/locales/<lng>.json`), each file its own chunk
 * (locale-<lng>-json). The boot script asks for them before the console's code has arrived;
 * i18next's loader asks again and gets the same chunk. */
export function loadMainLocale(language: string): Promise<{ default: Record<string, unknown> }> {
  return import(
    /* webpackChunkName: "locale-[request]" */
    /* webpackInclude: /[\\/]locales[\\/][a-zA-Z-]+\.json$/ */
    `../../public/locales/${language}.json`
  );
}

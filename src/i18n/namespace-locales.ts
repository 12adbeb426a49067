/** The texts of a namespace (`public/locales/<ns>/<lng>.json`), each file its own chunk (the texts kept
 * apart from them are not among them: ./apart-locales). This
 * module is itself loaded on first use: the map of every namespace's files stays out of the
 * sign-in bundle, which then does not grow with each screen's texts. */
export function loadNamespaceLocale(namespace: string, language: string): Promise<{ default: Record<string, unknown> }> {
  return import(
    /* webpackChunkName: "locale-[request]" */
    /* webpackInclude: /[\\/]locales[\\/][a-z-]+[\\/][a-zA-Z-]+\.json$/ */
    `../../public/locales/${namespace}/${language}.json`
  );
}

/** The shell's texts (`public/locales/shell/<lng>.json`, the chunks locale-shell-<lng>-json): every
 * signed-in page loads them, so they come from this map of their ten files alone instead of the
 * map of every namespace's files (./namespace-locales), which grows with each screen. */
export function loadShellLocale(language: string): Promise<{ default: Record<string, unknown> }> {
  return import(
    /* webpackChunkName: "locale-shell-[request]" */
    /* webpackInclude: /[\\/]locales[\\/]shell[\\/][a-zA-Z-]+\.json$/ */
    `../../public/locales/shell/${language}.json`
  );
}

import { ADMIN_SCREENS, APP_SCREENS } from './screens';
import { loadShell, loadScreen } from './route-chunks';

/** Asks for what a signed-in page at `pathname` will load, all at once: the shell and its texts,
 * and when the path is a menu screen's, its chunk and its area's texts (src/boot.ts). */
export function preloadRoute(pathname: string, language: string): void {
  const screen = [...ADMIN_SCREENS, ...APP_SCREENS].find((s) => s.path === pathname);
  if (!screen && !/^\/(admin|app)\//.test(pathname)) return;
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
  quiet(loadShell());
  // The maps of the texts' files are the chunks i18next's loader (src/i18n/i18n.ts) asks for.
  quiet(import(/* webpackChunkName: "shell-locales" */ '../i18n/shell-locales').then((m) => m.loadShellLocale(language)));
  if (screen) {
    quiet(loadScreen(screen));
    const namespace = screen.textNamespace;
    if (namespace) quiet(import(/* webpackChunkName: "namespace-locales" */ '../i18n/namespace-locales').then((m) => m.loadNamespaceLocale(namespace, language)));
  }
}

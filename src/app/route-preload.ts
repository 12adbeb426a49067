import { ADMIN_SCREENS, APP_SCREENS } from './screens';
import { loadShell } from './route-chunks';
import { loadShellLocale } from '../i18n/shell-locales';
import { loadNamespaceLocale } from '../i18n/namespace-locales';

/** Asks for what a signed-in page at `pathname` will load, all at once (the shell's reads have
 * already left, from src/boot.ts): the shell and its texts, and when the path is a menu screen's, its area's texts (src/boot.ts). The maps of the texts' files are in this chunk, so the texts are asked for now,
 * not after one more chunk has arrived. */
export function preloadRoute(pathname: string, language: string): void {
  const screen = [...ADMIN_SCREENS, ...APP_SCREENS].find((s) => s.path === pathname);
  if (!screen && !/^\/(admin|app)\//.test(pathname)) return;
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
  quiet(loadShell());
  quiet(loadShellLocale(language));
  // Not the screen's chunk: asking for it with import() evaluates it on arrival, before the frame
  // has painted (the data log's: 300 ms at 4x CPU). The frame asks for it once painted
  // (AfterFramePainted in ShellLayout). Its texts are small and asked for now.
  if (screen?.textNamespace) quiet(loadNamespaceLocale(screen.textNamespace, language));
}

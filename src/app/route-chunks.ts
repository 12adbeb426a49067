import type { Screen } from './screens';

/** The chunks of the signed-in routes, named once: the router loads them (./routes) and the boot
 * script asks for them ahead (./route-preload). Only `import()`s here: a static import would pull
 * its module into the boot script's chunk. */

/** The signed-in frame, in a chunk of its own so the sign-in page stays small. */
export const loadShellLayout = () => import(/* webpackChunkName: "shell" */ '../layout/ShellLayout');

/** The check of the account's menus around every screen (in the shell's chunk). */
export const loadRequireMenu = () => import(/* webpackChunkName: "shell" */ './RequireMenu');

/** The snackbars' chunk: not on the sign-in page; the signed-in shell loads it up front, since the
 * notice it must show may be that the panel cannot be reached, when no chunk loads. */
export const loadNotifier = () => import(/* webpackChunkName: "notifier" */ '../components/Notifier');

/** What every signed-in page runs besides its screen. */
export const loadShell = () => Promise.all([loadShellLayout(), loadNotifier()]);

/** A menu screen's page and the menu check around it. */
export const loadScreen = (screen: Pick<Screen, 'load'>) => Promise.all([loadRequireMenu(), screen.load()]);

const prefetched = new Set<string>();

/**
 * Fetches the chunks and texts of screens the user is about to open, one after the other: the
 * sidebar calls it when a menu group is opened and when a finger or the pointer comes down on a
 * screen's link, so the first visit of a screen waits for less or no download. Nothing is fetched
 * while a page loads (it would compete with it), nor when the user asked to save data; a screen is
 * asked for once.
 */
export function prefetchScreens(screens: readonly Pick<Screen, 'path' | 'load' | 'textNamespace'>[], loadTexts: (namespace: string) => Promise<unknown>): void {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const queue = screens.filter((s) => !prefetched.has(s.path));
  queue.forEach((s) => prefetched.add(s.path));
  const next = (): Promise<void> => {
    const screen = queue.shift();
    if (!screen) return Promise.resolve();
    return Promise.all([loadScreen(screen), screen.textNamespace ? loadTexts(screen.textNamespace) : undefined])
      .catch(() => prefetched.delete(screen.path))
      .then(next);
  };
  void next();
}

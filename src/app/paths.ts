import { pathOf } from './screens';

export type Mode = 'admin' | 'app';

/** Where a mode starts: its dashboard (the logo's target). */
export function homeOf(mode: Mode): string {
  return pathOf('dashboard', mode);
}

/** The live WebView page of user mode (specification §2). */
export const WEBVIEW_PATH = '/app/web-view';

export function loginOf(mode: Mode): string {
  return mode === 'admin' ? '/admin/login' : '/app/login';
}

export function modeOfPath(pathname: string): Mode {
  return pathname === '/admin' || pathname.startsWith('/admin/') ? 'admin' : 'app';
}

/** The pages a signed-out user may open: the two sign-in pages and the sign-in hand-over. */
const OPEN_PATHS: readonly string[] = ['/admin/login', '/app/login', '/auth-redirect'];

/**
 * Where a signed-out user who opens `location` goes instead: the mode's sign-in page with the
 * page kept in `redirect` (specification §2), or null for a page that needs no session (and for
 * the addresses outside both modes, which the router sends on by itself). The router's guard uses
 * it, and so does the start-up, before the router loads any page code.
 */
export function signInRedirectOf(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string | null {
  const { pathname } = location;
  if (OPEN_PATHS.includes(pathname)) return null;
  const inMode = ['/admin', '/app'].some((root) => pathname === root || pathname.startsWith(`${root}/`));
  if (!inMode) return null;
  const target = `${pathname}${location.search}${location.hash}`;
  return `${loginOf(modeOfPath(pathname))}?redirect=${encodeURIComponent(target)}`;
}

/** A redirect target from the query string, only if it is a path of the same mode in this
 * console (never another origin, never a login page). */
export function safeRedirect(target: string | null, mode: Mode): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return null;
  const path = target.split(/[?#]/)[0] ?? '';
  if (modeOfPath(path) !== mode || path === loginOf(mode)) return null;
  return target;
}

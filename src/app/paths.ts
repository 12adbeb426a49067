import { pathOf } from './screens';

export type Mode = 'admin' | 'app';

/** Where a mode starts: its dashboard (the logo's target). */
export function homeOf(mode: Mode): string {
  return pathOf('dashboard', mode);
}

export function loginOf(mode: Mode): string {
  return mode === 'admin' ? '/admin/login' : '/app/login';
}

export function modeOfPath(pathname: string): Mode {
  return pathname === '/admin' || pathname.startsWith('/admin/') ? 'admin' : 'app';
}

/** A redirect target from the query string, only if it is a path of the same mode in this
 * console (never another origin, never a login page). */
export function safeRedirect(target: string | null, mode: Mode): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return null;
  const path = target.split(/[?#]/)[0] ?? '';
  if (modeOfPath(path) !== mode || path === loginOf(mode)) return null;
  return target;
}

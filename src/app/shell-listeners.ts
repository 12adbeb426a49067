import { startAppListening } from '../../store';
import { formFactorChanged, initialAppState, insecureWarningHiddenSet, sidebarClosed, sidebarToggled, sizeChosen, sizeOf, type AppState } from '../../store/app-slice';
import { readCookie, writeCookie } from './cookies';
import { MOBILE_BREAKPOINT } from '../theme/theme';

/** The sidebar flag lives in a cookie (specification §3): the wide-screen choice. */
export const SIDEBAR_COOKIE = 'sidebarStatus';

export function listenForSidebar(): () => void {
  return startAppListening({
    predicate: (action) => sidebarToggled.match(action) || sidebarClosed.match(action) || formFactorChanged.match(action),
    effect: (_action, api) => {
      writeCookie(SIDEBAR_COOKIE, api.getState().app.desktopSidebarOpen ? '1' : '0');
    },
  });
}

/** The not-secure warning put away stays away for the browser session (a reload included). */
export const INSECURE_WARNING_KEY = 'insecureWarningHidden';

export function readInsecureWarningHidden(): boolean {
  try {
    return sessionStorage.getItem(INSECURE_WARNING_KEY) === '1';
  } catch {
    return false;
  }
}

export function listenForWarnings(): () => void {
  return startAppListening({
    actionCreator: insecureWarningHiddenSet,
    effect: (action) => {
      try {
        if (action.payload) sessionStorage.setItem(INSECURE_WARNING_KEY, '1');
        else sessionStorage.removeItem(INSECURE_WARNING_KEY);
      } catch {
        // Storage refused (a private window's quota): the choice lasts as long as the page.
      }
    },
  });
}

/** The controls' size lives in a cookie too, so a reload (or the next visit) keeps it. */
export const SIZE_COOKIE = 'size';

export function listenForSize(): () => void {
  return startAppListening({
    actionCreator: sizeChosen,
    effect: (action) => {
      writeCookie(SIZE_COOKIE, action.payload);
    },
  });
}

/** The shell's state at start: the language given, the sidebar and the size as their cookies keep
 * them (a reload, a new visit), the warning as the browser session left it. */
export function appStateAtStart(language: string): AppState {
  const sidebarOpen = readCookie(SIDEBAR_COOKIE) !== '0';
  // The form factor is known before the first render: a tablet's first paint is already its own
  // layout (drawer closed), not the desktop's sidebar that the shell then takes away (a layout
  // shift of the whole page).
  const mobile = typeof window.matchMedia === 'function' && window.matchMedia(`(max-width:${MOBILE_BREAKPOINT - 0.02}px)`).matches;
  return {
    ...initialAppState,
    language,
    size: sizeOf(readCookie(SIZE_COOKIE)),
    formFactor: mobile ? 'mobile' : 'desktop',
    sidebarOpen: sidebarOpen && !mobile,
    desktopSidebarOpen: sidebarOpen,
    insecureWarningHidden: readInsecureWarningHidden(),
  };
}

/** Starts what keeps the shell's choices (sidebar, size, warnings) where they outlive the page;
 * answers the stop. */
export function listenForShell(): () => void {
  const stops = [listenForSidebar(), listenForSize(), listenForWarnings()];
  return () => stops.forEach((stop) => stop());
}

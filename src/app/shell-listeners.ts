import { startAppListening } from '../../store';
import { formFactorChanged, insecureWarningHiddenSet, sidebarClosed, sidebarToggled } from '../../store/app-slice';
import { writeCookie } from './cookies';

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

import { startAppListening } from '../../store';
import { formFactorChanged, sidebarClosed, sidebarToggled } from '../../store/app-slice';
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

import { useMemo } from 'react';
import { uacApi, useExtraRolesQuery, useUserInfoQuery } from '../../store/api/uac-endpoints';
import { cgiApi, useLicenceQuery } from '../../store/api/cgi-endpoints';
import { useWebviewStatusQuery, webviewApi } from '../../store/api/webview-endpoints';
import { systemApi, useWebSpecificationQuery } from '../../store/api/system-endpoints';
import type { AppDispatch } from '../../store';
import { isAdminModeAccount } from '../../contract/roles';
import { allowedMenus } from './menu';

/** What the layout reads from the device once signed in; RTK Query shares each answer. */
export function useShellData() {
  const user = useUserInfoQuery();
  const extra = useExtraRolesQuery();
  const licence = useLicenceQuery();
  const spec = useWebSpecificationQuery();
  const webview = useWebviewStatusQuery();
  const roles = user.data?.permission.roles;
  const allowed = useMemo(
    () => allowedMenus(roles ?? [], extra.data ?? [], licence.data?.secs === 'true'),
    [roles, extra.data, licence.data],
  );
  const username = user.data?.username ?? null;
  return {
    user,
    username,
    isAdmin: username === 'admin',
    isAdminMode: username !== null && isAdminModeAccount(username),
    allowed,
    /** The user-mode entry needs the device's usermode flag and WebView enabled. */
    userModeAvailable: spec.data?.usermode === true && webview.data?.status === '1',
    /** The WebView entry: WebView enabled and the account may view it. */
    webviewAvailable: webview.data?.status === '1' && (roles ?? []).includes('webview'),
    // Once read, kept: a later read that fails (plain HTTP just switched off) does not take the shell away.
    ready: user.data !== undefined && !extra.isLoading && !licence.isLoading,
  };
}

/** Asks the device at once for everything the shell reads (its own reads above, the expiry, the
 * top bar's and the warnings'), before the router and the shell have rendered: main.tsx calls it
 * for a page opened signed in, so the answers are on their way while the console starts, instead
 * of a round trip after its first render. RTK Query keeps them for the shell's hooks. */
export function prefetchShellData(dispatch: AppDispatch): void {
  dispatch(uacApi.util.prefetch('userInfo', undefined, {}));
  dispatch(uacApi.util.prefetch('extraRoles', undefined, {}));
  dispatch(cgiApi.util.prefetch('licence', undefined, {}));
  dispatch(systemApi.util.prefetch('webSpecification', undefined, {}));
  dispatch(webviewApi.util.prefetch('webviewStatus', undefined, {}));
  dispatch(systemApi.util.prefetch('expiration', undefined, {}));
  dispatch(systemApi.util.prefetch('hmiName', undefined, {}));
  dispatch(systemApi.util.prefetch('legacyHash', undefined, {}));
}

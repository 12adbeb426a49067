import { useMemo } from 'react';
import { useExtraRolesQuery, useUserInfoQuery } from '../../store/api/uac-endpoints';
import { useLicenceQuery } from '../../store/api/cgi-endpoints';
import { useWebviewStatusQuery } from '../../store/api/webview-endpoints';
import { useWebSpecificationQuery } from '../../store/api/system-endpoints';
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
    // Once read, kept: a later read that fails (plain HTTP just switched off) does not take the shell away.
    ready: user.data !== undefined && !extra.isLoading && !licence.isLoading,
  };
}

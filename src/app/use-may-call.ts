import { mayCall, type Access } from '../../contract/api/define';
import { isAccountName, isMenuId } from '../../contract/roles';
import { useAppSelector } from '../../store';
import { useExtraRolesQuery } from '../../store/api/uac-endpoints';
import { selectUsername } from '../../store/session-slice';

/** Whether the signed-in account may make a call of this access (its extra roles included): a
 * control or a figure the account may not use is not offered. The access is the call's, from its
 * zod-free rules (contract/rules/<area>.ts), so the screen does not load the call's schemas. */
export function useMayCall(access: Access): boolean {
  const username = useAppSelector(selectUsername);
  const extra = useExtraRolesQuery(undefined, { skip: username === null });
  if (username === null || !isAccountName(username)) return false;
  return mayCall(access, username, (extra.data ?? []).filter(isMenuId));
}

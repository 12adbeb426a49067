import { Navigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../store';
import { selectIsSignedIn, selectUsername } from '../../store/session-slice';
import { isAdminModeAccount } from '../../contract/roles';
import { homeOf, loginOf, modeOfPath, safeRedirect } from './paths';

/** `/auth-redirect?redirect=<path>`: reachable without a token; sends a signed-in user to the
 * path (if it is one of this console's) or home, anyone else to the login page of that mode. */
export function AuthRedirect() {
  const [search] = useSearchParams();
  const signedIn = useAppSelector(selectIsSignedIn);
  const username = useAppSelector(selectUsername);
  const target = search.get('redirect');
  const mode = target ? modeOfPath(target.split(/[?#]/)[0] ?? '') : username && isAdminModeAccount(username) ? 'admin' : 'app';
  const safe = safeRedirect(target, mode);
  if (!signedIn) return <Navigate to={safe ? `${loginOf(mode)}?redirect=${encodeURIComponent(safe)}` : loginOf(mode)} replace />;
  return <Navigate to={safe ?? homeOf(mode)} replace />;
}

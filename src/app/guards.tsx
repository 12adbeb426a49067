import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../store';
import { selectIsSignedIn } from '../../store/session-slice';
import { homeOf, loginOf, safeRedirect, signInRedirectOf, type Mode } from './paths';

/** Without a token, any route but the login pages and /auth-redirect goes to the login page with
 * the target kept in `redirect` (specification §2, docs/decisions.md#modes-and-routes). */
export function RequireSession({ mode }: { mode: Mode }) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const location = useLocation();
  if (!signedIn) return <Navigate to={signInRedirectOf(location) ?? loginOf(mode)} replace />;
  return <Outlet />;
}

/** With a token, a login page sends the user on into the console: to the page kept in
 * `redirect` (when it is one of this mode's), else home. Signing in lands here too. */
export function GuestOnly({ mode }: { mode: Mode }) {
  const signedIn = useAppSelector(selectIsSignedIn);
  const [search] = useSearchParams();
  if (signedIn) return <Navigate to={safeRedirect(search.get('redirect'), mode) ?? (mode === 'admin' ? homeOf('admin') : '/app')} replace />;
  return <Outlet />;
}

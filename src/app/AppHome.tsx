import { Navigate } from 'react-router-dom';
import { useWebviewSignInInfoQuery } from '../../store/api/webview-endpoints';
import { homeOf, WEBVIEW_PATH } from './paths';

/** `/app`: WebView when WebView Setting makes it the home page (and WebView is on), else the
 * user-mode dashboard (docs/decisions.md#webview-users). A failed read goes to the dashboard. */
export function AppHome() {
  const info = useWebviewSignInInfoQuery();
  if (info.isLoading) return null;
  const webview = info.data?.enabled === true && info.data.home_page;
  return <Navigate to={webview ? WEBVIEW_PATH : homeOf('app')} replace />;
}

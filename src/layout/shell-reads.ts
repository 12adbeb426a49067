import { UAC_ROUTES } from '../../contract/api/uac.routes';
import { CGI_ROUTES, SECS_LICENCE_QUERY } from '../../contract/api/cgi.routes';
import { SYSTEM_ROUTES } from '../../contract/api/system.routes';
import { WEBVIEW_ROUTES } from '../../contract/api/webview.routes';

/**
 * The URLs of the reads every signed-in page starts with (prefetchShellData in ./shell-data.ts
 * dispatches them; a test keeps the two the same). Zod- and RTK-free: src/boot.ts sends them
 * before the console's code has arrived (store/api/early-reads.ts).
 */
export const SHELL_READ_URLS: readonly string[] = [
  UAC_ROUTES.userInfo.path,
  UAC_ROUTES.extraRole.path,
  `${CGI_ROUTES.resetProject.path}?${new URLSearchParams(SECS_LICENCE_QUERY).toString()}`,
  SYSTEM_ROUTES.webSpecification.path,
  WEBVIEW_ROUTES.webviewStatus.path,
  SYSTEM_ROUTES.getExpiration.path,
  SYSTEM_ROUTES.getHmiName.path,
  SYSTEM_ROUTES.legacyHash.path,
];

/**
 * The console's first script: a few hundred bytes that run while the console's code (React, MUI,
 * the router: most of the bytes) is still on its way, and ask at once for what the page will need
 * after it: the texts of the language, and for a signed-in page the shell's reads (here) and the
 * shell, its texts and the screen's texts (./app/route-preload), for a signed-out one the sign-in
 * page. Without it each of these was asked for only once the one before had
 * arrived and run (main, then texts, then shell and screen, then their texts), a round trip each.
 * Everything asked for here is asked for again by the code that uses it, and webpack answers that
 * with the same chunk: a failure here only loses the head start.
 */
import { initialLanguage, loadMainLocale } from './i18n/boot-texts';
import { loadTokens } from '../store/token-storage';
import { SHELL_READ_URLS } from './layout/shell-reads';
import { sendEarlyRead } from '../store/api/early-reads';
import { warmUpIntl } from './i18n/intl-warm-up';

const language = initialLanguage();
void loadMainLocale(language).catch(() => undefined);
const { accessToken } = loadTokens();
if (accessToken !== null) {
  // The shell's reads leave from here, not from route-preload: one round trip sooner, and the frame
  // paints once they are back.
  if (/^\/(admin|app)\//.test(window.location.pathname)) for (const url of SHELL_READ_URLS) sendEarlyRead(url, accessToken);
  void import(/* webpackChunkName: "route-preload" */ './app/route-preload').then((m) => m.preloadRoute(window.location.pathname, language)).catch(() => undefined);
} else {
  // Signed out, the page will be a sign-in page (both are the chunk "login").
  void import(/* webpackChunkName: "login" */ './features/login/LoginPage').catch(() => undefined);
}
// After the requests above have left, in a task of its own: the page waits for its scripts now.
setTimeout(() => warmUpIntl(language), 0);

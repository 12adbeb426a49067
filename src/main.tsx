import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { makeStore } from '../store';
import { initialAppState } from '../store/app-slice';
import { initI18n, initialLanguage } from './i18n/i18n';
import { listenForLanguage } from './i18n/language-listener';
import { listenForSidebar, listenForWarnings, readInsecureWarningHidden, SIDEBAR_COOKIE } from './app/shell-listeners';
import { readCookie } from './app/cookies';
import { App } from './app/App';
import { signInRedirectOf } from './app/paths';
import { selectIsSignedIn } from '../store/session-slice';

async function start(): Promise<void> {
  const language = initialLanguage();
  await initI18n(language);
  const sidebarOpen = readCookie(SIDEBAR_COOKIE) !== '0';
  const store = makeStore({
    app: { ...initialAppState, language, sidebarOpen, desktopSidebarOpen: sidebarOpen, insecureWarningHidden: readInsecureWarningHidden() },
  });
  // A deep link opened while signed out goes to sign-in before the router starts: the router
  // would load the page's code (the shell, the screen) before its guard could send the user away.
  const signInFirst = selectIsSignedIn(store.getState()) ? null : signInRedirectOf(window.location);
  if (signInFirst) window.history.replaceState(window.history.state, '', signInFirst);
  listenForLanguage();
  listenForSidebar();
  listenForWarnings();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
}

void start();

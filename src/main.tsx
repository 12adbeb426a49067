import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { makeStore } from '../store';
import { initI18n, initialLanguage } from './i18n/i18n';
import { listenForLanguage } from './i18n/language-listener';
import { appStateAtStart, listenForShell } from './app/shell-listeners';
import { App } from './app/App';
import { signInRedirectOf } from './app/paths';
import { selectIsSignedIn } from '../store/session-slice';

async function start(): Promise<void> {
  const language = initialLanguage();
  await initI18n(language);
  const store = makeStore({ app: appStateAtStart(language) });
  // A deep link opened while signed out goes to sign-in before the router starts: the router
  // would load the page's code (the shell, the screen) before its guard could send the user away.
  const signInFirst = selectIsSignedIn(store.getState()) ? null : signInRedirectOf(window.location);
  if (signInFirst) window.history.replaceState(window.history.state, '', signInFirst);
  listenForLanguage();
  listenForShell();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
}

void start();

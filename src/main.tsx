import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { makeStore } from '../store';
import { initI18n, initialLanguage } from './i18n/i18n';
import { listenForLanguage } from './i18n/language-listener';
import { appStateAtStart, listenForShell } from './app/shell-listeners';
import { signInRedirectOf } from './app/paths';
import { selectIsSignedIn } from '../store/session-slice';

async function start(): Promise<void> {
  const language = initialLanguage();
  const texts = initI18n(language);
  const store = makeStore({ app: appStateAtStart(language) });
  const signedIn = selectIsSignedIn(store.getState());
  // Signed in: the shell's reads leave now, while the texts load and the first render runs (the
  // shell's chunk is already on its way: src/boot.ts).
  if (signedIn) {
    void import(/* webpackChunkName: "shell" */ './layout/shell-data').then((m) => m.prefetchShellData(store.dispatch)).catch(() => undefined);
  } else {
    // Signed out, every page of the console is a sign-in page: its one read leaves now too.
    void import(/* webpackChunkName: "login" */ './features/login/LoginPage').then((m) => m.prefetchLoginData(store.dispatch)).catch(() => undefined);
  }
  await texts;
  // The console's own modules (the router, the routes, the theme) are evaluated once the texts are
  // there, in that later task, instead of in the one long task that runs this entry (eager: in this
  // chunk, no request).
  const { App } = await import(/* webpackMode: "eager" */ './app/App');
  // A deep link opened while signed out goes to sign-in before the router starts: the router
  // would load the page's code (the shell, the screen) before its guard could send the user away.
  const signInFirst = signedIn ? null : signInRedirectOf(window.location);
  if (signInFirst) window.history.replaceState(window.history.state, '', signInFirst);
  listenForLanguage();
  listenForShell();
  const root = createRoot(document.getElementById('root')!);
  // The first render as a transition: React renders it in slices of a few milliseconds and lets
  // the browser in between, instead of one long task on a slow tablet (Lighthouse's TBT).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App store={store} />
      </StrictMode>,
    );
  });
}

void start();

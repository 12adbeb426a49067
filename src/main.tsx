import { StrictMode, startTransition } from 'react';
import { initialLanguage } from './i18n/boot-texts';

/** Lets the browser in between two steps of the start: a slow tablet runs each step's modules in a
 * task of its own instead of one long task for all of them (Lighthouse's TBT). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The steps' modules are in this entry's chunks (eager: no request); each is evaluated in its step.
async function start(): Promise<void> {
  const language = initialLanguage();
  // 1. i18next, asking for the texts.
  const { initI18n } = await import(/* webpackMode: "eager" */ './i18n/i18n');
  const texts = initI18n(language);
  await nextTask();
  // 2. The store, and the reads the page starts with.
  const [{ makeStore }, { appStateAtStart, listenForShell }, { selectIsSignedIn }] = await Promise.all([
    import(/* webpackMode: "eager" */ '../store'),
    import(/* webpackMode: "eager" */ './app/shell-listeners'),
    import(/* webpackMode: "eager" */ '../store/session-slice'),
  ]);
  const store = makeStore({ app: appStateAtStart(language) });
  const signedIn = selectIsSignedIn(store.getState());
  // Signed in: the shell's reads leave now (or are already on their way, src/boot.ts),
  // while the texts load and the first render runs.
  if (signedIn) {
    void import(/* webpackChunkName: "shell" */ './layout/shell-data').then((m) => m.prefetchShellData(store.dispatch)).catch(() => undefined);
  } else {
    // Signed out, every page of the console is a sign-in page: its one read leaves now too.
    void import(/* webpackChunkName: "login" */ './features/login/LoginPage').then((m) => m.prefetchLoginData(store.dispatch)).catch(() => undefined);
  }
  await nextTask();
  // 3. React DOM.
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await texts;
  await nextTask();
  // 4. The console's own modules (the router, the routes, the theme), once the texts are there.
  const [{ App }, { signInRedirectOf }, { listenForLanguage }] = await Promise.all([
    import(/* webpackMode: "eager" */ './app/App'),
    import(/* webpackMode: "eager" */ './app/paths'),
    import(/* webpackMode: "eager" */ './i18n/language-listener'),
  ]);
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

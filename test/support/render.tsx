/**
 * Mounting for the component tests: `renderScreen` renders one screen as the app does (a real
 * store, the theme, the test i18n instance, the notices); `renderApp` starts the whole console as
 * main.tsx does. Both talk to whatever fake device the test installed (fake-device.ts,
 * shell-device.ts); this module cleans up after renderApp.
 */
import { StrictMode, type ReactElement } from 'react';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ThemeProvider } from '@mui/material/styles';
import { MemoryRouter } from 'react-router-dom';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { appListener, makeStore, type AppStore } from '../../store';
import { signedOut } from '../../store/session-slice';
import { theme } from '../../src/theme/theme';
import { Notifier } from '../../src/components/Notifier';
import { App } from '../../src/app/App';
import { appStateAtStart, listenForShell } from '../../src/app/shell-listeners';
import { listenForLanguage } from '../../src/i18n/language-listener';
import type { LanguageCode } from '../../src/i18n/languages';
import { makeI18n, startAppI18n, type TestLanguage } from './i18n';
import { FakeWebSocket } from './fake-socket';
import { storeSession } from './shell-device';

export interface Rendered extends RenderResult {
  store: AppStore;
  i18n: I18n;
}

/** Renders a screen as the app does: a real store, the theme, the chosen language, the notices. */
export function renderScreen(ui: ReactElement, { language = 'en' }: { language?: TestLanguage } = {}): Rendered {
  const store = makeStore();
  const i18n = makeI18n(language);
  const result = render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            {ui}
            <Notifier />
          </MemoryRouter>
        </I18nextProvider>
      </ThemeProvider>
    </Provider>,
  );
  return { ...result, store, i18n };
}

/** What renderApp and setViewportWidth changed, undone after each test. */
const mounted: { stores: AppStore[]; stopListening: Array<() => void>; realWebSocket: typeof WebSocket | null; viewportSet: boolean } = {
  stores: [],
  stopListening: [],
  realWebSocket: null,
  viewportSet: false,
};

/** A viewport `width` px wide: `window.matchMedia` answers min-width / max-width queries for it. */
export function setViewportWidth(width: number): void {
  const matches = (query: string) =>
    query
      .replace(/^@media\s*/, '')
      .split(/\s+and\s+/)
      .every((part) => {
        const m = /\((min|max)-width:\s*([\d.]+)px\)/.exec(part);
        if (!m) return false;
        return m[1] === 'min' ? width >= Number(m[2]) : width <= Number(m[2]);
      });
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
  mounted.viewportSet = true;
}

export interface AppOptions {
  /** Signed in as this account (its tokens in local storage before the store is made), or not. */
  account?: string | null;
  language?: LanguageCode;
}

export interface RenderedApp extends RenderResult {
  store: AppStore;
  /** Path and query of the page shown now. */
  location(): string;
}

/**
 * The console as main.tsx starts it — i18next in the chosen language, the store (reading the
 * session from local storage), the language and sidebar listeners, `<App>` in StrictMode — with
 * the browser at `url`. The time channel's WebSocket is a FakeWebSocket; fetch is whatever
 * fakeDevice installed.
 */
export async function renderApp(url: string, { account = null, language = 'en' }: AppOptions = {}): Promise<RenderedApp> {
  if (account) storeSession(account);
  await startAppI18n(language);
  if (!mounted.realWebSocket) {
    mounted.realWebSocket = globalThis.WebSocket;
    globalThis.WebSocket = FakeWebSocket as unknown as typeof WebSocket;
  }
  window.history.replaceState(null, '', url);
  const store = makeStore({ app: appStateAtStart(language) });
  mounted.stores.push(store);
  mounted.stopListening.push(listenForLanguage(), listenForShell());
  const result = render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
  return { ...result, store, location: () => `${window.location.pathname}${window.location.search}` };
}

// After each test that mounted the console or set the viewport: unmount, stop the app's actors and
// listeners, put the browser back (WebSocket, matchMedia, storage, cookies, URL).
afterEach(() => {
  if (mounted.stores.length === 0 && !mounted.viewportSet) return;
  cleanup();
  // Signing out stops the time channel the shell started; then its listeners go with the app.
  for (const store of mounted.stores) store.dispatch(signedOut());
  for (const stop of mounted.stopListening) stop();
  appListener.clearListeners();
  mounted.stores = [];
  mounted.stopListening = [];
  FakeWebSocket.instances = [];
  if (mounted.realWebSocket) globalThis.WebSocket = mounted.realWebSocket;
  mounted.realWebSocket = null;
  if (mounted.viewportSet) delete (window as { matchMedia?: unknown }).matchMedia;
  mounted.viewportSet = false;
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
});

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { makeStore } from '../store';
import { initialAppState } from '../store/app-slice';
import { initI18n, initialLanguage } from './i18n/i18n';
import { listenForLanguage } from './i18n/language-listener';
import { listenForSidebar, SIDEBAR_COOKIE } from './app/shell-listeners';
import { readCookie } from './app/cookies';
import { App } from './app/App';

async function start(): Promise<void> {
  const language = initialLanguage();
  await initI18n(language);
  const store = makeStore({ app: { ...initialAppState, language, sidebarOpen: readCookie(SIDEBAR_COOKIE) !== '0' } });
  listenForLanguage();
  listenForSidebar();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
}

void start();

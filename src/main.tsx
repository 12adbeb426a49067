import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { makeStore } from '../store';
import { languageApplied } from '../store/app-slice';
import { initI18n, initialLanguage } from './i18n/i18n';
import { listenForLanguage } from './i18n/language-listener';
import { App } from './app/App';

async function start(): Promise<void> {
  const language = initialLanguage();
  await initI18n(language);
  const store = makeStore();
  store.dispatch(languageApplied(language));
  listenForLanguage();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
}

void start();

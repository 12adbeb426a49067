import { useMemo } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import dayjs from 'dayjs';
import { useAppSelector, type AppStore } from '../../store';
import { selectLanguage } from '../../store/app-slice';
import { themeOptions } from '../theme/theme';
import { muiLocaleOf } from '../i18n/locale-resources';
import { DAYJS_LOCALE } from '../i18n/locale-resources';
import { isLanguageCode } from '../i18n/languages';
import { routes } from './routes';
import { AppActorsContext, type AppActors } from './app-actors';

/** The theme in the chosen language: MUI's own texts and dayjs follow it. */
function LocalizedTheme({ children }: { children: React.ReactNode }) {
  const language = useAppSelector(selectLanguage);
  const theme = useMemo(() => {
    if (isLanguageCode(language)) dayjs.locale(DAYJS_LOCALE[language]);
    const locale = muiLocaleOf(language);
    return locale ? createTheme(themeOptions, locale) : createTheme(themeOptions);
  }, [language]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

export function App({ store, actors }: { store: AppStore; actors: AppActors }) {
  const router = useMemo(() => createBrowserRouter(routes), []);
  return (
    <Provider store={store}>
      <AppActorsContext.Provider value={actors}>
        <LocalizedTheme>
          <RouterProvider router={router} />
        </LocalizedTheme>
      </AppActorsContext.Provider>
    </Provider>
  );
}

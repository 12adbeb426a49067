import { useMemo } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { useAppSelector, type AppStore } from '../../store';
import { selectLanguage, selectSize } from '../../store/app-slice';
import { themeOptions } from '../theme/theme';
import { densityOptions } from '../theme/density';
import { muiLocaleOf } from '../i18n/locale-resources';
import { routes } from './routes';

/** The theme in the chosen language (MUI's own texts follow it; dayjs is set when it loads) and
 * the chosen size of the controls. */
function LocalizedTheme({ children }: { children: React.ReactNode }) {
  const language = useAppSelector(selectLanguage);
  const size = useAppSelector(selectSize);
  const theme = useMemo(() => {
    const locale = muiLocaleOf(language);
    return locale ? createTheme(themeOptions, densityOptions(size), locale) : createTheme(themeOptions, densityOptions(size));
  }, [language, size]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

export function App({ store }: { store: AppStore }) {
  const router = useMemo(() => createBrowserRouter(routes), []);
  return (
    <Provider store={store}>
      <LocalizedTheme>
        <RouterProvider router={router} />
      </LocalizedTheme>
    </Provider>
  );
}

import { createTheme, type ThemeOptions } from '@mui/material/styles';

export const SIDEBAR_WIDTH = 250;
/** Below this width the layout is mobile (specification §9). */
export const MOBILE_BREAKPOINT = 992;

export const themeOptions: ThemeOptions = {
  colorSchemes: { light: true, dark: true },
  palette: { primary: { main: '#0b5cad' }, secondary: { main: '#00897b' } },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif' },
  components: {
    // Touch panels and tablets: every control at least 44 px high.
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { minHeight: 44 } } },
    MuiToggleButton: { styleOverrides: { root: { minHeight: 44 } } },
    MuiIconButton: { styleOverrides: { root: { minWidth: 44, minHeight: 44 } } },
    MuiListItemButton: { styleOverrides: { root: { minHeight: 44 } } },
  },
};

export const theme = createTheme(themeOptions);

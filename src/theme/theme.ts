import { createTheme, type ThemeOptions } from '@mui/material/styles';

export const SIDEBAR_WIDTH = 250;
/** Below this width the layout is mobile (specification §9). */
export const MOBILE_BREAKPOINT = 992;

export const themeOptions: ThemeOptions = {
  colorSchemes: { light: true, dark: true },
  palette: { primary: { main: '#0b5cad' }, secondary: { main: '#00897b' } },
  shape: { borderRadius: 8 },
  // Latin first, then the common CJK fonts (Noto on Linux, then macOS, then Windows), so Japanese,
  // Chinese and Korean never fall back to a font without their characters.
  typography: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, "Noto Sans CJK JP", "Noto Sans CJK SC", "Noto Sans CJK TC", "Noto Sans CJK KR", "Hiragino Sans", "PingFang SC", "PingFang TC", "Apple SD Gothic Neo", "Yu Gothic UI", "Microsoft YaHei", "Microsoft JhengHei", "Malgun Gothic", sans-serif',
  },
  components: {
    // Touch panels and tablets: every control at least 44 px high.
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { minHeight: 44 } } },
    MuiToggleButton: { styleOverrides: { root: { minHeight: 44 } } },
    MuiIconButton: { styleOverrides: { root: { minWidth: 44, minHeight: 44 } } },
    MuiListItemButton: { styleOverrides: { root: { minHeight: 44 } } },
  },
};

export const theme = createTheme(themeOptions);

import { createTheme, type ThemeOptions } from '@mui/material/styles';

export const SIDEBAR_WIDTH = 250;
/** Below this width the layout is mobile (specification §9). */
export const MOBILE_BREAKPOINT = 992;

/** Each language's own fonts, Linux (Noto), then macOS, then Windows. Han characters are drawn
 * differently in Japan, mainland China, Taiwan and Korea, and fonts such as Noto Sans CJK hold all
 * of them with one region's shapes: the page's language decides which comes first. */
export const CJK_FONTS = {
  ja: ['"Noto Sans CJK JP"', '"Hiragino Sans"', '"Hiragino Kaku Gothic ProN"', '"Yu Gothic UI"', '"Yu Gothic"', 'Meiryo'],
  'zh-CN': ['"Noto Sans CJK SC"', '"PingFang SC"', '"Hiragino Sans GB"', '"Microsoft YaHei"'],
  'zh-TW': ['"Noto Sans CJK TC"', '"PingFang TC"', '"Microsoft JhengHei"'],
  ko: ['"Noto Sans CJK KR"', '"Apple SD Gothic Neo"', '"Malgun Gothic"'],
} as const;
export type CjkLanguage = keyof typeof CJK_FONTS;

/** All the CJK fonts, those of `first` (Japanese unless said) ahead of the others. */
export function cjkFontsFor(first: CjkLanguage = 'ja'): string {
  const order = [first, ...(Object.keys(CJK_FONTS) as CjkLanguage[]).filter((l) => l !== first)];
  return order.flatMap((l) => CJK_FONTS[l]).join(', ');
}

const LATIN_FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial';
/** Set on the root element per language (MuiCssBaseline below); the Japanese order when unset. */
const CJK_FONTS_VAR = '--hmi-cjk-fonts';
export const FONT_FAMILY = `${LATIN_FONTS}, var(${CJK_FONTS_VAR}, ${cjkFontsFor()}), sans-serif`;

export const themeOptions: ThemeOptions = {
  // In the dark scheme a filled error alert sits on the error's dark shade: MUI's #d32f2f takes
  // neither black nor white at 4.5:1, red 600 takes black.
  colorSchemes: { light: true, dark: { palette: { contrastThreshold: 4.5, error: { main: '#f44336', dark: '#e53935' } } } },
  // Text on a coloured fill (filled alerts, contained buttons, chips) is chosen for WCAG AA's 4.5:1,
  // not MUI's default 3:1: white on the warning orange read poorly.
  palette: { primary: { main: '#0b5cad' }, secondary: { main: '#00897b' }, contrastThreshold: 4.5 },
  shape: { borderRadius: 8 },
  // Latin first, then the common CJK fonts, so Japanese, Chinese and Korean never fall back to a
  // font without their characters; the CJK fonts of the page's language come first (see CJK_FONTS).
  typography: { fontFamily: FONT_FAMILY },
  components: {
    // Touch panels and tablets: every control at least 44 px high.
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { minHeight: 44 } } },
    MuiToggleButton: { styleOverrides: { root: { minHeight: 44 } } },
    MuiIconButton: { styleOverrides: { root: { minWidth: 44, minHeight: 44 } } },
    MuiListItemButton: { styleOverrides: { root: { minHeight: 44 } } },
    // A disabled field's helper text still explains (its range, why it is off): readable, not greyed
    // to the disabled colour, which fails WCAG's contrast.
    MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: (theme.vars ?? theme).palette.text.secondary } }) } },
    // The order of the CJK fonts follows <html lang>, which the console sets to the language shown.
    MuiCssBaseline: {
      styleOverrides: Object.fromEntries(
        (Object.keys(CJK_FONTS) as CjkLanguage[]).map((lng) => [`:root:lang(${lng})`, { [CJK_FONTS_VAR]: cjkFontsFor(lng) }]),
      ),
    },
  },
};

export const theme = createTheme(themeOptions);

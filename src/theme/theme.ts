import { createTheme, type CSSObject, type ThemeOptions } from '@mui/material/styles';
import type {} from '@mui/x-date-pickers/themeAugmentation';

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

/** A touch screen: a finger, not a mouse, is the pointer (a tablet, the panel itself). */
export const COARSE_POINTER = '@media (pointer: coarse)';
/** The smallest hit box of a control on a touch screen (WCAG 2.5.5, Apple's and Google's guides). */
export const TOUCH_TARGET = 44;

/** Styles for touch screens only. Doubling the component's class outweighs a screen's own `sx` on
 * the same element, so no screen can make a control smaller than a finger on a touch screen; a
 * desktop (fine pointer) keeps MUI's compact sizes. */
function onTouch(styles: CSSObject): CSSObject {
  return { [COARSE_POINTER]: { '&&': styles } };
}

/** A small outlined field's input, 40 px high, grows to the touch target (10.5 px above and below
 * its 23 px line); its label moves down by as much to stay centred in the empty field. */
const SMALL_INPUT_PADDING = { paddingTop: 10.5, paddingBottom: 10.5 };

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
    // Touch panels and tablets: every control at least 44 px high, on any screen.
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { minHeight: 44 } } },
    MuiToggleButton: { styleOverrides: { root: { minHeight: 44 } } },
    MuiIconButton: { styleOverrides: { root: { minWidth: 44, minHeight: 44 } } },
    MuiListItemButton: { styleOverrides: { root: { minHeight: 44 } } },
    // On a touch screen, every control's hit box at least 44×44 px (the visible glyph may stay
    // smaller inside it). Everything pressable is a ButtonBase: buttons, icon buttons, tabs and their
    // scroll buttons, clickable chips, list and menu items, the boxes of checkboxes and radios,
    // pagination's buttons, the pickers' buttons.
    MuiButtonBase: { styleOverrides: { root: onTouch({ minWidth: TOUCH_TARGET, minHeight: TOUCH_TARGET }) } },
    MuiButtonGroup: { styleOverrides: { grouped: onTouch({ minWidth: TOUCH_TARGET }) } },
    MuiTabScrollButton: { styleOverrides: { root: onTouch({ width: TOUCH_TARGET }) } },
    // A clickable chip is a 44 px pill rather than a 32 px one with a larger invisible box.
    MuiChip: { styleOverrides: { root: onTouch({ '&.MuiChip-clickable, &.MuiChip-deletable': { height: TOUCH_TARGET, borderRadius: TOUCH_TARGET / 2 } }) } },
    // A switch: its thumb's box 44×44 (it travels the same 20 px, 16 px when small), the track
    // centred in a 44 px high root.
    MuiSwitch: {
      styleOverrides: {
        root: onTouch({
          width: 34 + 15 * 2,
          height: TOUCH_TARGET,
          padding: 15,
          '& .MuiSwitch-switchBase': { padding: 12 },
          '&.MuiSwitch-sizeSmall': { width: 26 + 17 * 2, height: TOUCH_TARGET, padding: 17, '& .MuiSwitch-switchBase': { padding: 14 } },
        }),
      },
    },
    // Text fields, selects (the language select too) and date fields: a small outlined field grows
    // from 40 to 44 px; a medium one is 56 px already.
    MuiOutlinedInput: { styleOverrides: { root: onTouch({ '&.MuiInputBase-sizeSmall:not(.MuiInputBase-multiline) .MuiOutlinedInput-input': SMALL_INPUT_PADDING }) } },
    MuiPickersOutlinedInput: { styleOverrides: { root: onTouch({ '&.MuiPickersInputBase-inputSizeSmall .MuiPickersInputBase-sectionsContainer': SMALL_INPUT_PADDING }) } },
    MuiInputLabel: {
      styleOverrides: { root: onTouch({ '&.MuiInputLabel-outlined.MuiInputLabel-sizeSmall:not(.MuiInputLabel-shrink)': { transform: 'translate(14px, 11px) scale(1)' } }) },
    },
    // The rows-per-page select of a table's pagination: a plain (unoutlined) select of 29 px.
    MuiTablePagination: { styleOverrides: { root: onTouch({ '& .MuiTablePagination-input .MuiTablePagination-select': { paddingTop: 12, paddingBottom: 12 } }) } },
    // Date pickers: 44 px days with no gap between them (a week still fits the 320 px calendar),
    // the week-day labels as wide, the month as high as six weeks of them; years and months 44 px.
    MuiPickerDay: { styleOverrides: { root: onTouch({ width: TOUCH_TARGET, height: TOUCH_TARGET, margin: 0 }) } },
    MuiDayCalendar: {
      styleOverrides: {
        weekDayLabel: onTouch({ width: TOUCH_TARGET, margin: 0 }),
        slideTransition: onTouch({ minHeight: TOUCH_TARGET * 6 }),
        loadingContainer: onTouch({ minHeight: TOUCH_TARGET * 6 }),
      },
    },
    MuiDateCalendar: { styleOverrides: { root: onTouch({ height: 'auto', maxHeight: 'none' }) } },
    MuiYearCalendar: { styleOverrides: { button: onTouch({ height: TOUCH_TARGET }) } },
    MuiMonthCalendar: { styleOverrides: { button: onTouch({ height: TOUCH_TARGET }) } },
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

/** The font stack names CJK fonts, so Japanese, Chinese and Korean do not render as boxes. */
import { CJK_FONTS, themeOptions, type CjkLanguage } from '../../src/theme/theme';

/** The font names of a font-family value, a var()'s fallback included. */
const fontsOf = (value: string) =>
  value
    .replace(/var\(--[\w-]+,/g, ',')
    .replace(/\)/g, '')
    .split(',')
    .map((f) => f.trim().replace(/"/g, ''))
    .filter(Boolean);

const stack = String(themeOptions.typography && 'fontFamily' in themeOptions.typography ? themeOptions.typography.fontFamily : '');

test('the font stack names the common CJK fonts after the Latin ones, ending with the generic family', () => {
  const fonts = fontsOf(stack);
  for (const cjk of ['Noto Sans CJK JP', 'Noto Sans CJK SC', 'Noto Sans CJK TC', 'Noto Sans CJK KR', 'Hiragino Sans', 'PingFang SC', 'Yu Gothic', 'Microsoft YaHei', 'Malgun Gothic']) {
    expect(fonts).toContain(cjk);
  }
  expect(fonts.indexOf('Noto Sans CJK JP')).toBeGreaterThan(fonts.indexOf('Arial'));
  expect(fonts[fonts.length - 1]).toBe('sans-serif');
});

test("each CJK language's own fonts come first on a page in that language (Han characters differ by region)", () => {
  const overrides = (themeOptions.components?.MuiCssBaseline?.styleOverrides ?? {}) as Record<string, Record<string, string>>;
  const variable = /var\((--[\w-]+),/.exec(stack)?.[1];
  expect(variable).toBeDefined();
  for (const [lng, own] of Object.entries(CJK_FONTS) as Array<[CjkLanguage, readonly string[]]>) {
    const order = fontsOf(overrides[`:root:lang(${lng})`]?.[variable!] ?? '');
    expect(order.slice(0, own.length)).toEqual(own.map((f) => f.replace(/"/g, '')));
    // The other languages' fonts follow, so a mixed text still finds its characters.
    expect(order).toEqual(expect.arrayContaining(['Noto Sans CJK JP', 'Noto Sans CJK SC', 'Noto Sans CJK TC', 'Noto Sans CJK KR']));
  }
  expect(Object.keys(CJK_FONTS).sort()).toEqual(['ja', 'ko', 'zh-CN', 'zh-TW']);
});

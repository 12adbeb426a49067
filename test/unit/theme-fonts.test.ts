/** The font stack names CJK fonts, so Japanese, Chinese and Korean do not render as boxes. */
import { themeOptions } from '../../src/theme/theme';

test('the font stack names the common CJK fonts after the Latin ones, ending with the generic family', () => {
  const stack = String(themeOptions.typography && 'fontFamily' in themeOptions.typography ? themeOptions.typography.fontFamily : '');
  const fonts = stack.split(',').map((f) => f.trim().replace(/"/g, ''));
  for (const cjk of ['Noto Sans CJK JP', 'Noto Sans CJK SC', 'Noto Sans CJK TC', 'Noto Sans CJK KR', 'Hiragino Sans', 'Microsoft YaHei', 'Malgun Gothic']) {
    expect(fonts).toContain(cjk);
  }
  expect(fonts.indexOf('Noto Sans CJK JP')).toBeGreaterThan(fonts.indexOf('Arial'));
  expect(fonts[fonts.length - 1]).toBe('sans-serif');
});

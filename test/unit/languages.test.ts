import { matchLanguage, pickLanguage } from '../../src/i18n/languages';

describe('language choice (specification §4: cookie, else browser, else English)', () => {
  it('takes the saved cookie first', () => {
    expect(pickLanguage('pl', ['de-DE'])).toBe('pl');
  });

  it('ignores a cookie naming no language of ours, then takes the first browser language we have', () => {
    expect(pickLanguage('xx', ['es-ES', 'fr-CA', 'de'])).toBe('fr');
  });

  it('falls back to English', () => {
    expect(pickLanguage(null, ['es', 'pt-BR'])).toBe('en');
    expect(pickLanguage(null, [])).toBe('en');
  });

  it('maps Chinese variants to Simplified or Traditional', () => {
    expect(matchLanguage('zh')).toBe('zh-CN');
    expect(matchLanguage('zh-CN')).toBe('zh-CN');
    expect(matchLanguage('zh-SG')).toBe('zh-CN');
    expect(matchLanguage('zh-TW')).toBe('zh-TW');
    expect(matchLanguage('zh-HK')).toBe('zh-TW');
    expect(matchLanguage('zh-Hant')).toBe('zh-TW');
  });

  it('matches a regional tag to its language', () => {
    expect(matchLanguage('de-AT')).toBe('de');
    expect(matchLanguage('ja-JP')).toBe('ja');
    expect(matchLanguage('ko')).toBe('ko');
    expect(matchLanguage('nl')).toBeNull();
  });
});

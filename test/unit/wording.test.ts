/** One spelling of a name across the console's English texts, and switches named by what they control. */
import fs from 'node:fs';
import path from 'node:path';

const LOCALES = path.resolve(__dirname, '../../public/locales');
const englishFiles = [path.join(LOCALES, 'en.json'), ...fs.readdirSync(LOCALES).filter((d) => fs.statSync(path.join(LOCALES, d)).isDirectory()).map((d) => path.join(LOCALES, d, 'en.json'))];

test('the English texts say "Wi-Fi", never "WiFi"', () => {
  for (const file of englishFiles) expect([path.relative(LOCALES, file), /WiFi/.test(fs.readFileSync(file, 'utf8'))]).toEqual([path.relative(LOCALES, file), false]);
});

test('the Wi-Fi and hotspot switches are named by what they control, not by a state they may not be in', () => {
  for (const lng of fs.readdirSync(path.join(LOCALES, 'network')).filter((f) => f.endsWith('.json')).map((f) => f.replace('.json', ''))) {
    const texts = JSON.parse(fs.readFileSync(path.join(LOCALES, 'network', `${lng}.json`), 'utf8'));
    expect(texts.wifi.enabled).toBe(texts.wifi.title);
    expect(texts.hotspot.enabled).not.toMatch(/\bon\b|\bein\b|activé|attivo|włączon|включ|オン|켜기|开启|開啟/i);
  }
});

/** XSS-01: the console writes no markup from text. React escapes every value it renders, so a stored
 * name, file name or log line shows as text; this test keeps the ways around that out of the
 * console's code (src/, store/, contract/): React's raw-HTML property, the DOM's HTML setters,
 * document.write and code from strings. The page's CSP (no inline script) is checked on the
 * served answers (test/server/console-static.test.ts, [HDR-01]). */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const BANNED: [string, RegExp][] = [
  ['dangerouslySetInnerHTML', /dangerouslySetInnerHTML/],
  ['innerHTML / outerHTML', /\.(inner|outer)HTML\b/],
  ['insertAdjacentHTML', /insertAdjacentHTML/],
  ['document.write', /document\.write(ln)?\s*\(/],
  ['eval', /(^|[^.\w])eval\s*\(/],
  ['new Function', /new\s+Function\s*\(/],
  ['createContextualFragment', /createContextualFragment/],
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx|js|mjs)$/.test(e.name) ? [p] : [];
  });
}

describe('[XSS-01] the console renders text, never markup', () => {
  const files = ['src', 'store', 'contract'].flatMap((d) => sources(path.join(ROOT, d)));

  it('[XSS-01] finds the console code to check', () => {
    expect(files.filter((f) => f.endsWith('.tsx')).length).toBeGreaterThan(50);
  });

  it.each(BANNED)('[XSS-01] no %s in src/, store/ or contract/', (_name, pattern) => {
    const found = files.filter((f) => pattern.test(fs.readFileSync(f, 'utf8'))).map((f) => path.relative(ROOT, f));
    expect(found).toEqual([]);
  });

  it('[XSS-01] the check itself catches each of them', () => {
    const samples = ['<div dangerouslySetInnerHTML={{ __html: x }} />', 'el.innerHTML = x', "el.insertAdjacentHTML('beforeend', x)", 'document.write(x)', 'eval(x)', "new Function('return 1')", 'range.createContextualFragment(x)'];
    for (const [i, [, pattern]] of BANNED.entries()) expect(pattern.test(samples[i]!)).toBe(true);
  });
});

/**
 * A feature folder (src/features/<area>/) is its area's own: no other feature imports from it, and
 * the shell (src/app, src/layout, src/components) reaches a feature only through the list of areas
 * and the routes' lazy pages. What several features share lives in src/components or src/i18n.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SRC = path.join(ROOT, 'src');
const FEATURES = path.join(SRC, 'features');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Every relative module a file imports (static and dynamic), resolved to a path under the repository. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*(?:\/\*[^*]*\*\/\s*)?)'(\.[^']+)'/g)].map((m) => m[1]!);
  return specs.map((s) => path.resolve(path.dirname(file), s));
}

/** The feature a path belongs to (its folder under src/features), or null. */
function featureOf(p: string): string | null {
  const rel = path.relative(FEATURES, p);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [first, ...rest] = rel.split(path.sep);
  return rest.length > 0 ? first! : null;
}

/** What the shell may import from a feature: the lazy pages of the routes, and the not-found page. */
const SHELL_MAY_IMPORT = [/src\/features\/areas$/, /src\/features\/area$/, /src\/features\/[a-z-]+\/[A-Za-z]+Page$/];

describe('feature boundaries', () => {
  it('no feature imports from another feature', () => {
    const crossings: string[] = [];
    for (const file of sourceFiles(FEATURES)) {
      const own = featureOf(file);
      for (const target of importsOf(file)) {
        const other = featureOf(target);
        if (other && other !== own) crossings.push(`${path.relative(ROOT, file)} imports ${path.relative(ROOT, target)}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('the shell imports a feature only through the list of areas and the routes’ pages', () => {
    const reaches: string[] = [];
    for (const dir of ['app', 'layout', 'components', 'i18n', 'theme']) {
      const folder = path.join(SRC, dir);
      if (!fs.existsSync(folder)) continue;
      for (const file of sourceFiles(folder)) {
        for (const target of importsOf(file)) {
          const rel = path.relative(ROOT, target).split(path.sep).join('/');
          if (!rel.startsWith('src/features/')) continue;
          if (!SHELL_MAY_IMPORT.some((re) => re.test(rel))) reaches.push(`${path.relative(ROOT, file)} imports ${rel}`);
        }
      }
    }
    expect(reaches).toEqual([]);
  });

  it('reads imports as the code writes them (a check of the check)', () => {
    const wizard = path.join(SRC, 'layout', 'FirstRunWizardDialog.tsx');
    expect(importsOf(wizard)).toContain(path.join(SRC, 'components', 'password', 'PasswordChangeFields'));
  });
});

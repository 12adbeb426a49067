/**
 * The design lives in the repository (docs/), and what the code cites of it exists: no file cites a
 * design document outside the repository (the old numbered design sections, a path to a shared
 * folder beside the clone), and every `docs/<page>.md#<heading>` cited in the code, the tests, the
 * README or docs/ itself names a page that exists and a heading of it, by GitHub's anchor.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
/** The folders whose files may cite (not node_modules, dist or build: none of them is under these). */
const FOLDERS = ['contract', 'server', 'src', 'store', 'machines', 'test', 'public', 'docs'];
/** Files at the root that may cite. */
const ROOT_FILES = ['README.md', 'package.json', 'tsconfig.json', 'jest.config.js', 'webpack.config.ts', 'playwright.config.ts', '.ci/run'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'build', '.git']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|md|html|css|sh|yml|yaml)$/;
/** This file spells out the citations it looks for. */
const SELF = relative(ROOT, __filename);

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : filesUnder(path);
    return TEXT_FILE.test(name) ? [path] : [];
  });
}

const FILES = [...FOLDERS.flatMap((f) => filesUnder(join(ROOT, f))), ...ROOT_FILES.map((f) => join(ROOT, f)).filter((f) => existsSync(f))]
  .map((path) => relative(ROOT, path))
  .filter((path) => path !== SELF);

const textOf = (() => {
  const cache = new Map<string, string>();
  return (path: string) => {
    let text = cache.get(path);
    if (text === undefined) {
      text = readFileSync(join(ROOT, path), 'utf8');
      cache.set(path, text);
    }
    return text;
  };
})();

/** Citations of a design outside the repository: a numbered section of the old design document,
 * the document itself, the shared folder beside the clone (relative or absolute). */
const OUTSIDE = [/\bDESIGN\s*§/, /\bDESIGN\.md\b/, /\bTOOLCHAIN\.md\b/, /\bSPEC\.md\b/, /security-cases\.md/, /\.\.\/shared\b/, /\/work\/shared\b/];

/** GitHub's anchor of a heading: lower case, punctuation dropped (hyphens and underscores kept),
 * spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown page's headings (not of lines in code blocks); a heading met again
 * gets `-1`, `-2`… as on GitHub. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const m = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = anchorOf(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

interface Citation {
  file: string;
  line: number;
  /** The page, relative to the repository. */
  page: string;
  anchor: string | null;
}

/** Every `docs/<page>.md(#anchor)` a file names; in docs/ also its relative links
 * (`[…](decisions.md#lockout)`, `[…](#tokens)`). */
function citationsIn(file: string): Citation[] {
  const out: Citation[] = [];
  textOf(file)
    .split('\n')
    .forEach((text, i) => {
      for (const m of text.matchAll(/(?<![\w./-])docs\/([\w-]+\.md)(?:#([\w-]+))?/g)) {
        out.push({ file, line: i + 1, page: `docs/${m[1]}`, anchor: m[2] ?? null });
      }
      if (file.startsWith('docs/')) {
        for (const m of text.matchAll(/\]\((?!https?:|\.\.\/|docs\/)([\w-]+\.md)?(?:#([\w-]+))?\)/g)) {
          if (!m[1] && !m[2]) continue;
          out.push({ file, line: i + 1, page: m[1] ? `docs/${m[1]}` : file, anchor: m[2] ?? null });
        }
      }
    });
  return out;
}

describe('the design is in the repository', () => {
  it('reads the files it should', () => {
    expect(FILES).toContain('README.md');
    expect(FILES).toContain('contract/roles.ts');
    expect(FILES).toContain('docs/decisions.md');
    expect(FILES.some((f) => f.startsWith('node_modules/') || f.startsWith('dist/') || f.startsWith('build/'))).toBe(false);
  });

  it('cites no design document outside the repository', () => {
    const found: string[] = [];
    for (const file of FILES) {
      textOf(file)
        .split('\n')
        .forEach((text, i) => {
          if (OUTSIDE.some((re) => re.test(text))) found.push(`${file}:${i + 1}: ${text.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('cites only pages of docs/ that exist, and headings they have', () => {
    const citations = FILES.flatMap(citationsIn);
    // The code cites the docs: a test that found none would check nothing.
    expect(citations.filter((c) => !c.file.startsWith('docs/')).length).toBeGreaterThanOrEqual(20);
    const broken = citations
      .filter((c) => {
        if (!existsSync(join(ROOT, c.page))) return true;
        return c.anchor !== null && !anchorsOf(textOf(c.page)).has(c.anchor);
      })
      .map((c) => `${c.file}:${c.line}: ${c.page}${c.anchor ? `#${c.anchor}` : ''}`);
    expect(broken).toEqual([]);
  });
});

describe('GitHub anchors', () => {
  it('are the heading in lower case, punctuation dropped, spaces as hyphens', () => {
    expect(anchorOf('Accounts, roles and menus')).toBe('accounts-roles-and-menus');
    expect(anchorOf('The `npm test` run')).toBe('the-npm-test-run');
    expect(anchorOf('Sign-in limits')).toBe('sign-in-limits');
    expect(anchorOf('HTTPS')).toBe('https');
  });

  it('number a repeated heading and skip code blocks', () => {
    expect([...anchorsOf('# Page\n## Errors\n```\n## Not a heading\n```\n### Errors\n')]).toEqual(['page', 'errors', 'errors-1']);
  });

  it('are read from the pages themselves', () => {
    expect(anchorsOf(textOf('docs/decisions.md'))).toContain('lockout');
    expect(basename(SELF)).toBe('docs-citations.test.ts');
  });
});

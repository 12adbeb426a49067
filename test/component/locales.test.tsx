/**
 * The ten locales are complete (specification §1, §9; docs/architecture.md#quality-bars): every
 * locale file has exactly en.json's key paths, no empty text, and per key the same {{placeholders}}
 * and <tags> as the English text.
 *
 * Plural keys (`key_one`, `key_other`, …) are compared per language: a locale must have exactly
 * the plural categories its language uses (Intl.PluralRules), whatever English has.
 *
 * Every namespace folder (`public/locales/<ns>/<lng>.json`, loaded with its screen) is checked the
 * same way against its own en.json.
 *
 * The QA explorer's titles and descriptions of the registered machines are texts of the area each
 * machine belongs to, in that area's QA namespace (`qa.<id>.title` / `.description` of
 * `public/locales/<textNamespace>/qa/<lng>.json`, checked like any namespace), never in the
 * namespace its screens load: each registered machine has both in every language, and what they
 * interpolate is exactly what the machine's entry supplies (`textValues`, from the machine's own
 * constants), never a timing or a count written out by hand. A QA namespace holds texts only for
 * its own area's registered machines.
 *
 * The operation log's names (`audit.*` of each area's namespace) are checked the same way as any
 * text here; test/unit/audit-texts.test.ts asks that every declared action and target has one.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '../../src/i18n/languages';
import { MACHINE_REGISTRY, descriptionKey, titleKey } from '../../machines/registry';
import { registryEntries } from '../support/machine-entries';
import { TEXT_NAMESPACES } from '../../src/features/areas';
import { APART_SECTIONS, qaNamespaceOf } from '../../src/i18n/apart-texts';

const DIR = join(__dirname, '../../public/locales');
const CODES = LANGUAGES.map((l) => l.code);
const OTHERS = CODES.filter((c) => c !== 'en');

type Leaves = Map<string, unknown>;

function leaves(node: unknown, prefix = '', out: Leaves = new Map()): Leaves {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [k, v] of Object.entries(node)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, node);
  }
  return out;
}

function load(code: string, dir = DIR): Leaves {
  return leaves(JSON.parse(readFileSync(join(dir, `${code}.json`), 'utf8')) as unknown);
}

/** The namespace folders under public/locales (each screen with texts of its own has one). */
const NAMESPACES = readdirSync(DIR).filter((f) => statSync(join(DIR, f)).isDirectory()).sort();

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The key paths a locale must have: en's, with plural groups in the locale's own categories. */
function expectedKeys(en: Leaves, code: string): string[] {
  const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of en.keys()) {
    if (PLURAL.test(key)) {
      const base = key.replace(PLURAL, '');
      for (const c of categories) keys.add(`${base}_${c}`);
    } else {
      keys.add(key);
    }
  }
  return [...keys].sort();
}

/** The English text a locale's key is checked against (a plural form against English `_other`). */
function englishOf(en: Leaves, key: string): unknown {
  if (en.has(key)) return en.get(key);
  return PLURAL.test(key) ? en.get(`${key.replace(PLURAL, '')}_other`) : undefined;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*([^}\s,]+)[^}]*}}/g)].map((m) => m[1]!).sort();
const tags = (text: string) => [...text.matchAll(/<\s*(\/?)\s*([\w-]+)\s*(\/?)\s*>/g)].map((m) => `<${m[1]}${m[2]}${m[3]}>`).sort();

/** The checks of one set of ten locale files: `dir` holds en.json and the nine others. */
function checkLocales(where: string, dir: string): void {
  const en = load('en', dir);

  test(`${where} holds exactly the ten locale files`, () => {
    expect(readdirSync(dir).filter((f) => f.endsWith('.json')).sort()).toEqual(CODES.map((c) => `${c}.json`).sort());
  });

  test(`${where}/en.json has no empty text`, () => {
    const empty = [...en].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  describe.each(OTHERS)(`${where}/%s.json`, (code) => {
    const locale = load(code, dir);

    test("has exactly en.json's key paths", () => {
      const expected = expectedKeys(en, code);
      const actual = [...locale.keys()].sort();
      expect({ missing: expected.filter((k) => !locale.has(k)), extra: actual.filter((k) => !expected.includes(k)) }).toEqual({
        missing: [],
        extra: [],
      });
    });

    test('has no empty text', () => {
      const empty = [...locale].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
      expect(empty).toEqual([]);
    });

    test('keeps the {{placeholders}} of every English text', () => {
      const wrong = [...locale]
        .filter(([k, v]) => typeof v === 'string' && typeof englishOf(en, k) === 'string')
        .filter(([k, v]) => {
          const english = placeholders(englishOf(en, k) as string);
          const mine = placeholders(v as string);
          // A plural form may leave out {{count}} (e.g. "one" as a word); nothing else may go.
          const allowed = PLURAL.test(k) ? english.filter((p) => p !== 'count') : english;
          return !(
            allowed.every((p) => mine.includes(p)) &&
            mine.every((p) => english.includes(p)) &&
            (PLURAL.test(k) || mine.join() === english.join())
          );
        })
        .map(([k, v]) => ({ key: k, english: placeholders(englishOf(en, k) as string), [code]: placeholders(v as string), text: v }));
      expect(wrong).toEqual([]);
    });

    test('keeps the <tags> of every English text', () => {
      const wrong = [...locale]
        .filter(([k, v]) => typeof v === 'string' && typeof englishOf(en, k) === 'string')
        .filter(([k, v]) => tags(v as string).join() !== tags(englishOf(en, k) as string).join())
        .map(([k, v]) => ({ key: k, english: tags(englishOf(en, k) as string), [code]: tags(v as string), text: v }));
      expect(wrong).toEqual([]);
    });
  });
}

checkLocales('public/locales', DIR);

test('there is at least the namespace of the QA explorer', () => {
  expect(NAMESPACES).toContain('machines');
});

describe.each(NAMESPACES)('namespace %s', (ns) => {
  checkLocales(`public/locales/${ns}`, join(DIR, ns));
});

/** The namespaces that have QA texts (a `qa` folder). */
const QA_FOLDERS = NAMESPACES.filter((ns) => readdirSync(join(DIR, ns)).includes('qa'));

/** Every folder of texts kept apart from a namespace (src/i18n/apart-texts.ts): `<ns>/qa`, `<ns>/audit`. */
const APART_FOLDERS = NAMESPACES.flatMap((ns) => APART_SECTIONS.filter((section) => readdirSync(join(DIR, ns)).includes(section)).map((section) => `${ns}/${section}`));

describe.each(APART_FOLDERS)('namespace %s', (folder) => {
  checkLocales(`public/locales/${folder}`, join(DIR, folder));
});

test.each(NAMESPACES)('%s: nothing but the sections kept apart is in a folder of its own', (ns) => {
  const folders = readdirSync(join(DIR, ns)).filter((f) => statSync(join(DIR, ns, f)).isDirectory());
  expect(folders.filter((f) => !(APART_SECTIONS as readonly string[]).includes(f))).toEqual([]);
});

test.each(NAMESPACES)("%s: a screen's namespace holds no QA text (they are in its qa folder)", (ns) => {
  expect([...load('en', join(DIR, ns)).keys()].filter((k) => k.startsWith('qa.'))).toEqual([]);
});

describe("each registered machine's title and description are in its area's QA namespace", () => {
  const entries = registryEntries().map((entry) => [entry.id, entry] as const);

  test.each(entries)('%s: its namespace is an area\'s', (_id, entry) => {
    expect(TEXT_NAMESPACES).toContain(entry.textNamespace);
  });

  describe.each(CODES)('%s', (code) => {
    test.each(entries)('%s: both texts, interpolating only what its entry supplies', (id, entry) => {
      const locale = load(code, join(DIR, qaNamespaceOf(entry.textNamespace)));
      const supplied = Object.keys(entry.textValues ?? {}).sort();
      for (const key of [titleKey(id), descriptionKey(id)]) {
        const text = locale.get(key);
        expect({ ns: entry.textNamespace, key, present: typeof text === 'string' && text.trim() !== '' }).toEqual({ ns: entry.textNamespace, key, present: true });
        const unknown = placeholders(text as string).filter((p) => !supplied.includes(p));
        expect({ key, unknown }).toEqual({ key, unknown: [] });
        // A supplied value is not also written out (e.g. "3 s" beside {{retryDelaySeconds}}).
        const written = Object.values(entry.textValues ?? {}).filter((v) => new RegExp(`(^|[^\\d])${String(v)}($|[^\\d])`).test(text as string));
        expect({ key, written }).toEqual({ key, written: [] });
      }
    });
  });

  test.each(entries)('%s: every value its entry supplies is shown by its English texts', (id, entry) => {
    const en = load('en', join(DIR, qaNamespaceOf(entry.textNamespace)));
    const used = [titleKey(id), descriptionKey(id)].flatMap((key) => placeholders(String(en.get(key) ?? '')));
    expect(Object.keys(entry.textValues ?? {}).filter((name) => !used.includes(name))).toEqual([]);
  });

  describe.each(CODES)('%s', (code) => {
    test.each(entries)('%s: the title interpolates nothing (the explorer lists it before the entry loads)', (id, entry) => {
      const title = load(code, join(DIR, qaNamespaceOf(entry.textNamespace))).get(titleKey(id));
      expect({ key: titleKey(id), placeholders: placeholders(String(title ?? '')) }).toEqual({ key: titleKey(id), placeholders: [] });
    });
  });

  test.each(QA_FOLDERS)('%s/qa holds QA texts only, and only for its own registered machines', (ns) => {
    const own = MACHINE_REGISTRY.filter((e) => e.textNamespace === ns).flatMap((e) => [titleKey(e.id), descriptionKey(e.id)]);
    const keys = [...load('en', join(DIR, qaNamespaceOf(ns))).keys()];
    expect(keys.filter((k) => !own.includes(k))).toEqual([]);
  });
});

describe('the areas\' text namespaces', () => {
  it('every namespace folder belongs to an area, and every area namespace has its folder', () => {
    expect([...TEXT_NAMESPACES].sort()).toEqual(NAMESPACES);
  });
});

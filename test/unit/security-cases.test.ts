/** The security manifest (test/security/cases.ts) against the research list it answers
 * (test/security/case-list.md), the test files and the scripts: every case once, each
 * applicable case proved by tests named with its ID in the files it lists, every test named with
 * an ID listed, `npm run test:unit` leaving those files to `npm run test:security`, and
 * docs/security.md's table the manifest's. */
import fs from 'node:fs';
import path from 'node:path';
import { SECURITY_CASES } from '../security/cases';
import { docWithTable, ignoreArgs, securityFiles } from '../tools/security-suite';

const ROOT = path.resolve(__dirname, '../..');
const read = (p: string) => fs.readFileSync(path.join(ROOT, p), 'utf8');
const research = read('test/security/case-list.md');
const ID = /\b(?:AUTH|JWT|SESS|LOCK|PW|INJ|XSS|API|UP|DL|BK|TLS|HDR|HTTP|WS|OPC|SVC|RL|KIOSK|AUD|REL)-\d\d\b/g;

/** IDs named in the string literals of a test file (titles; a multi-line `it.each` title too). */
function idsInTitles(text: string): Set<string> {
  const ids = new Set<string>();
  for (const m of text.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) for (const id of m[2]!.match(ID) ?? []) ids.add(id);
  return ids;
}

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) return testFiles(p);
    return /\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('the security manifest', () => {
  const listed = [...research.matchAll(/\*\*([A-Z]+-\d\d) /g)].map((m) => m[1]!);
  const required = listed.filter((id) => id !== 'REL-03'); // REL-03 is the list's optional extra

  it('names the 48 cases of the research list, each once, and nothing else', () => {
    expect(required).toHaveLength(48);
    const ids = SECURITY_CASES.map((c) => c.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect([...ids].sort()).toEqual([...new Set([...required, ...ids.filter((id) => id === 'REL-03')])].sort());
  });

  // Titled by the case's words, not its ID: an ID in a title here would count as a test of that case.
  it.each(SECURITY_CASES.map((c) => [c.title, c] as const))('case "%s": tests in files that exist, each naming its ID, or why it does not apply', (_title, c) => {
    const id = c.id;
    if (c.notApplicable) {
      expect(c.notApplicable.length).toBeGreaterThan(40);
      expect(c.files).toEqual([]);
      return;
    }
    expect(c.files.length).toBeGreaterThan(0);
    for (const file of c.files) {
      expect(fs.existsSync(path.join(ROOT, file))).toBe(true);
      expect({ file, names: idsInTitles(read(file)).has(id) }).toEqual({ file, names: true });
    }
  });

  it('lists every test file that names a case ID under that case (else no run would run it)', () => {
    const missing: string[] = [];
    for (const file of ['test/unit', 'test/server', 'test/component'].flatMap(testFiles)) {
      if (file === 'test/unit/security-cases.test.ts') continue;
      for (const id of idsInTitles(read(file))) {
        const c = SECURITY_CASES.find((x) => x.id === id);
        if (!c?.files.includes(file)) missing.push(`${id} ${file}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('npm run test:unit runs every test file but the security files, which npm run test:security runs whole; npm test runs both', () => {
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    expect(scripts['test:unit']).toBe('tsx test/tools/security-suite.ts --others');
    expect(scripts['test:security']).toBe('tsx test/tools/security-suite.ts');
    expect(scripts.test).toMatch(/npm run test:unit && npm run test:security/);
    const files = securityFiles();
    const patterns = ignoreArgs(files)
      .filter((a) => a !== '--testPathIgnorePatterns')
      .map((p) => new RegExp(p.replace('<rootDir>', ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))));
    const all = ['test/unit', 'test/server', 'test/component'].flatMap(testFiles);
    for (const file of all) {
      const ignored = patterns.some((p) => p.test(path.join(ROOT, file)));
      expect({ file, ignored }).toEqual({ file, ignored: files.includes(file) });
    }
    expect(files.length).toBeGreaterThan(20);
  });

  it("docs/security.md's table is the manifest's (npm run test:security -- --doc writes it)", () => {
    const doc = read('docs/security.md');
    expect(docWithTable(doc)).toBe(doc);
  });
});

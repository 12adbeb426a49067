/**
 * Every finding an area's self-check may answer (`selfCheck.ids` of its server area) has its words
 * in that area's own texts, kept apart for Diagnostics: `checks.<id>.title` and `.fix` of
 * `public/locales/<ns>/checks/en.json`, `<ns>` the text namespace of the console area of the same
 * name (src/features/diagnostics/check-words.ts; the locale test then holds the other nine
 * languages to English). A new area's check fails here until its texts exist, and no area words a
 * finding it does not declare.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_AREAS } from '../../server/areas';
import type { ServerArea } from '../../server/http/area';
import { SELF_CHECK_ID_PATTERN } from '../../contract/api/self-check';
import { AREAS } from '../../src/features/areas';

const LOCALES = join(__dirname, '../../public/locales');
type Checks = Record<string, { title?: string; fix?: string }>;
const checksOf = (ns: string): Checks => {
  const file = join(LOCALES, ns, 'checks/en.json');
  return existsSync(file) ? ((JSON.parse(readFileSync(file, 'utf8')) as { checks?: Checks }).checks ?? {}) : {};
};
const namespaceOf = (area: string) => AREAS.find((a) => a.name === area)?.textNamespace;
const declared = (SERVER_AREAS as readonly ServerArea[]).flatMap((a) => (a.selfCheck?.ids ?? []).map((id) => [a.name, id] as const));

describe("the security self-check's texts", () => {
  it('has checks declared by several areas, each id once', () => {
    expect(new Set(declared.map(([area]) => area)).size).toBeGreaterThanOrEqual(6);
    const ids = declared.map(([, id]) => id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(declared)('%s: %s has a title and a fix in its own texts', (area, id) => {
    expect(id).toMatch(SELF_CHECK_ID_PATTERN);
    const ns = namespaceOf(area);
    expect({ area, ns }).toEqual({ area, ns: expect.any(String) });
    expect(checksOf(ns!)[id]).toEqual({ title: expect.any(String), fix: expect.any(String) });
  });

  it('no area words a finding it does not declare', () => {
    const worded = AREAS.flatMap((a) => (a.textNamespace ? Object.keys(checksOf(a.textNamespace)).map((id) => [a.name, id] as const) : []));
    expect(worded.filter(([area, id]) => !declared.some(([a, d]) => a === area && d === id))).toEqual([]);
  });
});

/**
 * Every finding an area's self-check may answer (`selfCheck.ids` of its server area) has its words
 * in the Diagnostics texts, the screen that shows them: `self_check.items.<id>.title` and `.fix`
 * (the locale test then holds the other nine languages to English). A new area's check fails here
 * until its texts exist.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_AREAS } from '../../server/areas';
import type { ServerArea } from '../../server/http/area';
import { SELF_CHECK_ID_PATTERN } from '../../contract/api/self-check';

const en = JSON.parse(readFileSync(join(__dirname, '../../public/locales/diagnostics/en.json'), 'utf8')) as {
  self_check: { items: Record<string, { title?: string; fix?: string }> };
};
const declared = (SERVER_AREAS as readonly ServerArea[]).flatMap((a) => (a.selfCheck?.ids ?? []).map((id) => [a.name, id] as const));

describe('the security self-check\'s texts', () => {
  it('has checks declared by several areas', () => {
    expect(new Set(declared.map(([area]) => area)).size).toBeGreaterThanOrEqual(6);
  });

  it.each(declared)('%s: %s has a title and a fix', (_area, id) => {
    expect(id).toMatch(SELF_CHECK_ID_PATTERN);
    expect(en.self_check.items[id]?.title).toEqual(expect.any(String));
    expect(en.self_check.items[id]?.fix).toEqual(expect.any(String));
  });

  it('names no finding no area declares', () => {
    expect(Object.keys(en.self_check.items).filter((id) => !declared.some(([, d]) => d === id))).toEqual([]);
  });
});

/** WebView screens in the project format (contract/project-format.ts): the kinds of element, what
 * the runtime refuses to link (server/services/project/runtime.ts) and the screens the sample
 * project and make:project carry. */
import sample from '../../server/sample-project/sample-project.json';
import { projectSchema, type Project } from '../../contract/project-format';
import { linkProblems } from '../../server/services/project/runtime';
import { makeProject, SIMULATED_SCREEN_ID } from '../../server/tools/make-project';
import { webviewScreensOf } from '../../server/services/webview-screens';

const sampleProject = (): Project => projectSchema.parse(structuredClone(sample));

function withElement(element: Project['webview']['screens'][number]['elements'][number]): string[] {
  const p = sampleProject();
  p.webview.screens[0]!.elements.push(element);
  return linkProblems(p);
}

describe('WebView screens of a project', () => {
  it('links the sample project, whose screen shows the line with every kind of element', () => {
    const p = sampleProject();
    expect(linkProblems(p)).toEqual([]);
    const kinds = new Set(p.webview.screens[0]!.elements.map((e) => e.kind));
    expect(kinds).toEqual(new Set(['label', 'value', 'lamp', 'button', 'numeric_entry', 'bar']));
    const tags = new Map(p.tags.map((t) => [t.name, t]));
    for (const e of p.webview.screens[0]!.elements) {
      if (e.kind === 'button' || e.kind === 'numeric_entry') expect([e.tag, tags.get(e.tag!)?.access.write]).toEqual([e.tag, true]);
    }
  });

  it('reads a numeric entry and a bar with their range, and a tag with its decimals and unit', () => {
    const p = sampleProject();
    expect(p.webview.screens[0]!.elements).toContainEqual({ kind: 'numeric_entry', x: 210, y: 172, w: 120, h: 44, tag: 'Tank1_Setpoint', min: 0, max: 100 });
    expect(p.tags.find((t) => t.name === 'Tank1_Temperature')).toMatchObject({ decimals: 1, unit: '°C' });
    expect(() => projectSchema.parse({ ...p, webview: { screens: [{ ...p.webview.screens[0], elements: [{ kind: 'slider', x: 0, y: 0, w: 1, h: 1 }] }] } })).toThrow();
  });

  it('refuses what a screen cannot link: a missing tag, a wrong type, a write to a read-only tag, no range, a reused id', () => {
    const at = { x: 0, y: 0, w: 10, h: 10 };
    expect(withElement({ kind: 'value', ...at, tag: 'Ghost' })).toEqual(['screen Overview shows tag Ghost, which does not exist']);
    expect(withElement({ kind: 'value', ...at })).toEqual([expect.stringMatching(/names no tag/)]);
    expect(withElement({ kind: 'lamp', ...at, tag: 'Tank1_Level' })).toEqual([expect.stringMatching(/needs a bit, and tag Tank1_Level is a uint16/)]);
    expect(withElement({ kind: 'bar', ...at, tag: 'Batch_Code', min: 0, max: 1 })).toEqual([expect.stringMatching(/needs a number/)]);
    expect(withElement({ kind: 'button', ...at, tag: 'Pump1_Running' })).toEqual([]);
    expect(withElement({ kind: 'numeric_entry', ...at, tag: 'Tank1_Level', min: 0, max: 100 })).toEqual([expect.stringMatching(/writes tag Tank1_Level, which is read-only/)]);
    expect(withElement({ kind: 'bar', ...at, tag: 'Tank1_Level' })).toEqual([expect.stringMatching(/needs a range/)]);
    expect(withElement({ kind: 'numeric_entry', ...at, tag: 'Tank1_Setpoint', min: 5, max: 5 })).toEqual([expect.stringMatching(/needs a range/)]);
    expect(withElement({ kind: 'label', ...at, text: 'Only words' })).toEqual([]);
    const twice = sampleProject();
    twice.webview.screens.push({ ...twice.webview.screens[0]!, name: 'Copy' });
    expect(linkProblems(twice)).toEqual(['screen id 10 is used twice']);
  });

  it('make:project --tags N adds a screen that shows the N tags, and links', () => {
    const p = makeProject({ name: 'Bench', tags: 1000 });
    expect(linkProblems(p)).toEqual([]);
    const screen = p.webview.screens.find((s) => s.id === SIMULATED_SCREEN_ID)!;
    expect(screen.elements).toHaveLength(1000);
    expect(new Set(screen.elements.map((e) => e.tag)).size).toBe(1000);
    for (const e of screen.elements) {
      expect(e.x + e.w).toBeLessThanOrEqual(screen.width);
      expect(e.y + e.h).toBeLessThanOrEqual(screen.height);
    }
    expect(Object.keys(webviewScreensOf(p, 'control').tags)).toHaveLength(1000 + 7);
    expect(makeProject({ name: 'Plain' }).webview.screens.map((s) => s.id)).toEqual([10]);
  });
});

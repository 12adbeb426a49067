/**
 * One page padding: the shell's <main> pads every screen, so a screen adds none of its own around
 * its title (System Password and State Machines padded again, their titles stood 16–24 px in from
 * System Info's).
 */
import { screen } from '@testing-library/react';
import { renderApp } from '../../support/render';
import { shellDevice } from '../../support/shell-device';

/** The padding rules that apply to `el` at some width: jsdom's getComputedStyle leaves out the
 * rules inside @media, where MUI puts responsive values such as `p: { xs: 2, sm: 3 }`. */
function paddingRulesOf(el: Element): string[] {
  const found: string[] = [];
  // (A selector of pseudo-elements applies to no element; jsdom throws on some of them.)
  const applies = (selector: string) => {
    try {
      return el.matches(selector);
    } catch {
      return false;
    }
  };
  const visit = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSMediaRule) visit(rule.cssRules);
      else if (rule instanceof CSSStyleRule && applies(rule.selectorText)) {
        for (const prop of Array.from(rule.style)) {
          if (/^padding(-(top|left|right))?$/.test(prop) && !/^0(px)?$/.test(rule.style.getPropertyValue(prop).trim())) {
            found.push(`${el.tagName.toLowerCase()} ${prop}: ${rule.style.getPropertyValue(prop)}`);
          }
        }
      }
    }
  };
  for (const sheet of Array.from(document.styleSheets)) visit(sheet.cssRules);
  return found;
}

/** The padding of every element from the screen's title up to, not including, the shell's main. */
function paddingAboveTitle(): string[] {
  const main = screen.getByRole('main');
  const title = screen.getByRole('heading', { level: 1 });
  const paddings: string[] = [];
  for (let el = title.parentElement; el && el !== main; el = el.parentElement) paddings.push(...paddingRulesOf(el));
  return paddings;
}

/** The check itself sees padding: the shell's main has its own. */
test('the shell’s main pads the screen', async () => {
  shellDevice();
  await renderApp('/admin/system/info', { account: 'admin' });
  await screen.findByRole('heading', { level: 1 });
  expect(paddingRulesOf(screen.getByRole('main')).length).toBeGreaterThan(0);
});

test.each([
  ['System Info', '/admin/system/info'],
  ['System Password', '/admin/account/password'],
  ['State Machines', '/admin/account/machines'],
])('%s adds no padding inside the shell’s main', async (name, path) => {
  shellDevice();
  await renderApp(path, { account: 'admin' });
  await screen.findByRole('heading', { level: 1, name: new RegExp(name === 'System Info' ? 'System information' : name, 'i') });
  expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
  expect(paddingAboveTitle()).toEqual([]);
});

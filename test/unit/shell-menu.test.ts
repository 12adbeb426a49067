import { allowedMenus, menuSections, sectionOfPath } from '../../src/layout/menu';
import { safeRedirect, modeOfPath } from '../../src/app/paths';
import type { Screen } from '../../src/app/screens';

const load = async () => ({ default: () => null });
const screens: Screen[] = [
  { menu: 'security', group: 'administration', path: '/admin/account/security', titleKey: 'menu.security', load },
  { menu: 'dashboard', group: 'system', path: '/admin/dashboard', titleKey: 'menu.dashboard', load },
  { menu: 'system_password', group: 'administration', path: '/admin/account/password', titleKey: 'menu.system_password', load },
  { menu: 'secs_gem', group: 'features', path: '/admin/features/secs-gem', titleKey: 'menu.secs_gem', load },
  { menu: 'data_log', group: 'data', path: '/admin/data/log', titleKey: 'menu.data_log', load },
];

describe('sidebar menu', () => {
  it('adds the extra roles to the account roles', () => {
    const allowed = allowedMenus(['dashboard', 'system_password'], ['data_log'], false);
    expect([...allowed].sort()).toEqual(['dashboard', 'data_log', 'system_password']);
  });

  it('drops SECS/GEM without the licence and keeps it with it', () => {
    expect(allowedMenus(['secs_gem'], [], false).has('secs_gem')).toBe(false);
    expect(allowedMenus(['secs_gem'], [], true).has('secs_gem')).toBe(true);
  });

  it('groups the allowed registered screens in menu-group order, each group in its menu order', () => {
    const sections = menuSections(screens, allowedMenus(['dashboard', 'security', 'system_password', 'secs_gem'], [], true));
    expect(sections.map((s) => s.group)).toEqual(['system', 'features', 'administration']);
    expect(sections[2]!.screens.map((s) => s.menu)).toEqual(['system_password', 'security']);
  });

  it('leaves out a group with no screen the account may open', () => {
    const sections = menuSections(screens, allowedMenus(['dashboard'], [], false));
    expect(sections.map((s) => s.group)).toEqual(['system']);
  });

  it('finds the group of the current path', () => {
    const sections = menuSections(screens, allowedMenus(['dashboard', 'security'], [], false));
    expect(sectionOfPath(sections, '/admin/account/security')).toBe('administration');
    expect(sectionOfPath(sections, '/elsewhere')).toBeNull();
  });
});

describe('redirect targets', () => {
  it('keeps a path of the same mode, with its query', () => {
    expect(safeRedirect('/admin/account/security?tab=1', 'admin')).toBe('/admin/account/security?tab=1');
    expect(safeRedirect('/app/dashboard', 'app')).toBe('/app/dashboard');
  });

  it('refuses other origins, the other mode and the login page itself', () => {
    for (const bad of ['//evil.example/admin', 'https://evil.example', '/\\evil', 'admin/dashboard', '/app/dashboard', '/admin/login']) {
      expect(safeRedirect(bad, 'admin')).toBeNull();
    }
    expect(safeRedirect(null, 'admin')).toBeNull();
  });

  it('tells the mode of a path', () => {
    expect(modeOfPath('/admin')).toBe('admin');
    expect(modeOfPath('/admin/x')).toBe('admin');
    expect(modeOfPath('/administrator')).toBe('app');
    expect(modeOfPath('/app/web-view')).toBe('app');
  });
});

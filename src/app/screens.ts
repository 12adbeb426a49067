import type { ComponentType } from 'react';
import { MENU_GROUPS, type MenuGroup, type MenuId } from '../../contract/roles';
import { AREAS } from '../features/areas';
import type { AreaScreen } from '../features/area';
import type { Mode } from './paths';

/** One menu screen as the router, the sidebar and the access check see it: everything but the
 * page itself derives from its menu id and its area's slug. */
export interface Screen {
  menu: MenuId;
  group: MenuGroup;
  /** Full path of the route. */
  path: string;
  /** Translation key of its menu title. */
  titleKey: string;
  load: () => Promise<{ default: ComponentType }>;
  /** Its area's text namespace, loaded with its chunk. */
  textNamespace?: string;
}

/** Path segment of each menu group under /admin (Administration lives under /admin/account:
 * docs/decisions.md#modes-and-routes). */
const GROUP_SEGMENT: Record<MenuGroup, string> = {
  system: 'system',
  network: 'network',
  project: 'project',
  data: 'data',
  features: 'features',
  administration: 'account',
};

export function groupOf(menu: MenuId): MenuGroup {
  return (Object.keys(MENU_GROUPS) as MenuGroup[]).find((g) => (MENU_GROUPS[g] as readonly MenuId[]).includes(menu))!;
}

export function titleKeyOf(menu: MenuId): string {
  return `menu.${menu}`;
}

function screenOf(area: AreaScreen, mode: Mode, textNamespace: string | undefined): Screen {
  const group = groupOf(area.menu);
  // User mode has no menu groups: its few screens sit at the root of /app (/app/dashboard,
  // /app/web-view, specification §2); admin mode puts a screen under its group unless `root`.
  const path = area.root || mode === 'app' ? `/${mode}/${area.slug}` : `/${mode}/${GROUP_SEGMENT[group]}/${area.slug}`;
  return { menu: area.menu, group, path, titleKey: titleKeyOf(area.menu), load: area.load, ...(textNamespace ? { textNamespace } : {}) };
}

/** The menu screens of a mode, from the list of areas. */
export function screensOf(mode: Mode): readonly Screen[] {
  return AREAS.flatMap((a) => a.screens.filter((s) => mode === 'admin' || s.userMode).map((s) => screenOf(s, mode, a.textNamespace)));
}

export const ADMIN_SCREENS = screensOf('admin');
export const APP_SCREENS = screensOf('app');

/** The path of a menu's screen; every link to a screen goes through here. */
export function pathOf(menu: MenuId, mode: Mode = 'admin'): string {
  const screen = (mode === 'admin' ? ADMIN_SCREENS : APP_SCREENS).find((s) => s.menu === menu);
  if (!screen) throw new Error(`no ${mode} screen for the menu "${menu}"`);
  return screen.path;
}

import { MENU_GROUPS, type MenuGroup, type MenuId } from '../../contract/roles';
import type { Screen } from '../app/screens';

export interface MenuSection {
  group: MenuGroup;
  screens: Screen[];
}

/** The menus an account may open: its roles plus the extra roles admin granted, and SECS/GEM
 * only with the licence (specification §2, docs/decisions.md#accounts-roles-and-menus). */
export function allowedMenus(roles: readonly string[], extraRoles: readonly string[], secsLicensed: boolean): Set<MenuId> {
  const allowed = new Set<MenuId>([...roles, ...extraRoles] as MenuId[]);
  if (!secsLicensed) allowed.delete('secs_gem');
  return allowed;
}

/** The sidebar: the registered screens the account may open, grouped and ordered as the menu groups. */
export function menuSections(screens: readonly Screen[], allowed: ReadonlySet<MenuId>): MenuSection[] {
  return (Object.keys(MENU_GROUPS) as MenuGroup[])
    .map((group) => ({
      group,
      screens: (MENU_GROUPS[group] as readonly MenuId[]).flatMap((menu) =>
        screens.filter((s) => s.group === group && s.menu === menu && allowed.has(menu)),
      ),
    }))
    .filter((section) => section.screens.length > 0);
}

export function sectionOfPath(sections: readonly MenuSection[], pathname: string): MenuGroup | null {
  return sections.find((s) => s.screens.some((screen) => screen.path === pathname))?.group ?? null;
}

import type { ComponentType } from 'react';
import type { MenuGroup, MenuId } from '../../contract/roles';

/** One menu screen of the console. Every feature issue adds its screens here, and only here:
 * the router, the sidebar and the guard read this list. */
export interface Screen {
  menu: MenuId;
  group: MenuGroup;
  /** Full path of the route. */
  path: string;
  /** Translation key of its menu title. */
  titleKey: string;
  load: () => Promise<{ default: ComponentType }>;
}

/** Path segment of each menu group under /admin (DESIGN §2: Administration lives under /admin/account). */
export const GROUP_SEGMENT: Record<MenuGroup, string> = {
  system: 'system',
  network: 'network',
  project: 'project',
  data: 'data',
  features: 'features',
  administration: 'account',
};

export const ADMIN_SCREENS: readonly Screen[] = [
  {
    menu: 'dashboard',
    group: 'system',
    path: '/admin/dashboard',
    titleKey: 'menu.dashboard',
    load: () => import(/* webpackChunkName: "dashboard" */ '../features/dashboard/DashboardPage'),
  },
  {
    menu: 'system_info',
    group: 'system',
    path: '/admin/system/info',
    titleKey: 'menu.system_info',
    load: () => import(/* webpackChunkName: "system-info" */ '../features/system/SystemInfoPage'),
  },
  {
    menu: 'ethernet',
    group: 'network',
    path: '/admin/network/ethernet',
    titleKey: 'menu.ethernet',
    load: () => import(/* webpackChunkName: "network-ethernet" */ '../features/network/EthernetPage'),
  },
  {
    menu: 'wifi',
    group: 'network',
    path: '/admin/network/wifi',
    titleKey: 'menu.wifi',
    load: () => import(/* webpackChunkName: "network-wifi" */ '../features/network/WifiPage'),
  },
  {
    menu: 'hotspot',
    group: 'network',
    path: '/admin/network/hotspot',
    titleKey: 'menu.hotspot',
    load: () => import(/* webpackChunkName: "network-hotspot" */ '../features/network/HotspotPage'),
  },
  {
    menu: 'system_password',
    group: 'administration',
    path: '/admin/account/password',
    titleKey: 'menu.system_password',
    load: () => import(/* webpackChunkName: "account-password" */ '../features/account/PasswordPage'),
  },
  {
    menu: 'security',
    group: 'administration',
    path: '/admin/account/security',
    titleKey: 'menu.security',
    load: () => import(/* webpackChunkName: "account-security" */ '../features/account/SecurityPage'),
  },
  {
    menu: 'machines',
    group: 'administration',
    path: '/admin/account/machines',
    titleKey: 'menu.machines',
    load: () => import(/* webpackChunkName: "account-machines" */ '../features/machines/MachinesPage'),
  },
];

/** User mode (/app): the WebView users' screens. */
export const APP_SCREENS: readonly Screen[] = [
  {
    menu: 'dashboard',
    group: 'system',
    path: '/app/dashboard',
    titleKey: 'menu.dashboard',
    load: () => import(/* webpackChunkName: "dashboard" */ '../features/dashboard/DashboardPage'),
  },
];

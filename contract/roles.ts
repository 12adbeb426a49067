/** Accounts, menus and the role matrix (docs/decisions.md#accounts-roles-and-menus). The server
 * enforces it; the console builds its sidebar from the `permission.roles` the server derives from
 * it. */
export const ADMIN_MODE_ACCOUNTS = ['admin', 'update', 'history'] as const;
export const USER_MODE_ACCOUNTS = ['cmt_default_control_user', 'cmt_default_view_only_user'] as const;
export const ACCOUNTS = [...ADMIN_MODE_ACCOUNTS, ...USER_MODE_ACCOUNTS] as const;

export type AdminModeAccount = (typeof ADMIN_MODE_ACCOUNTS)[number];
export type UserModeAccount = (typeof USER_MODE_ACCOUNTS)[number];
export type AccountName = (typeof ACCOUNTS)[number];

export function isAdminModeAccount(name: string): name is AdminModeAccount {
  return (ADMIN_MODE_ACCOUNTS as readonly string[]).includes(name);
}
export function isAccountName(name: string): name is AccountName {
  return (ACCOUNTS as readonly string[]).includes(name);
}

export const MENU_GROUPS = {
  system: ['system_info', 'dashboard'],
  network: ['ethernet', 'wifi', 'hotspot'],
  project: ['project_management', 'email', 'enhanced_security', 'recipe', 'backup_recipe'],
  data: ['data_log', 'event_log', 'operation_log', 'backup_data'],
  features: [
    'webview_setting', 'webview', 'remote_access', 'plc_runtime', 'opcua', 'communication', 'misc',
    'secs_gem', 'touch_calibration', 'ftp', 'cloud',
  ],
  administration: [
    'account_management', 'system_password', 'security', 'api', 'doc', 'os_update', 'diagnostics', 'machines',
  ],
} as const;

export type MenuGroup = keyof typeof MENU_GROUPS;
export type MenuId = (typeof MENU_GROUPS)[MenuGroup][number];
export const MENUS: readonly MenuId[] = Object.values(MENU_GROUPS).flat();

export function isMenuId(value: string): value is MenuId {
  return (MENUS as readonly string[]).includes(value);
}

const ALL_MENUS: readonly MenuId[] = MENUS;

/** The menus each account may open before any extra role. */
export const ROLE_MATRIX: Record<AccountName, readonly MenuId[]> = {
  admin: ALL_MENUS,
  update: ['system_info', 'dashboard', 'project_management', 'recipe', 'backup_recipe', 'backup_data', 'system_password', 'os_update'],
  history: ['system_info', 'dashboard', 'data_log', 'event_log', 'operation_log', 'backup_data', 'system_password'],
  cmt_default_control_user: ['dashboard', 'webview'],
  cmt_default_view_only_user: ['dashboard', 'webview'],
};

/** Menus admin may grant to `update` or `history` as extra roles: everything outside
 * Administration except OS Update and Diagnostics, which carry no account power. */
export const GRANTABLE_MENUS: readonly MenuId[] = MENUS.filter(
  (m) => !(MENU_GROUPS.administration as readonly string[]).includes(m) || m === 'os_update' || m === 'diagnostics',
);

export function baseRoles(account: AccountName): MenuId[] {
  return [...ROLE_MATRIX[account]];
}

export function effectiveRoles(account: AccountName, extraRoles: readonly MenuId[]): Set<MenuId> {
  const roles = new Set<MenuId>(ROLE_MATRIX[account]);
  if (account === 'update' || account === 'history') {
    for (const m of extraRoles) if (GRANTABLE_MENUS.includes(m)) roles.add(m);
  }
  return roles;
}

import {
  ACCOUNTS,
  ADMIN_MODE_ACCOUNTS,
  GRANTABLE_MENUS,
  MENUS,
  MENU_GROUPS,
  ROLE_MATRIX,
  USER_MODE_ACCOUNTS,
  baseRoles,
  effectiveRoles,
  isAccountName,
  isAdminModeAccount,
  isMenuId,
  type MenuId,
} from '../../contract/roles';

describe('accounts and menus', () => {
  it('knows the five accounts of docs/decisions.md#accounts-roles-and-menus', () => {
    expect([...ADMIN_MODE_ACCOUNTS]).toEqual(['admin', 'update', 'history']);
    expect([...USER_MODE_ACCOUNTS]).toEqual(['cmt_default_control_user', 'cmt_default_view_only_user']);
    expect(ACCOUNTS).toHaveLength(5);
    expect(isAdminModeAccount('history')).toBe(true);
    expect(isAdminModeAccount('cmt_default_control_user')).toBe(false);
    expect(isAccountName('root')).toBe(false);
    expect(isMenuId('security')).toBe(true);
    expect(isMenuId('__proto__')).toBe(false);
  });

  it('has menu ids that are unique', () => {
    expect(new Set(MENUS).size).toBe(MENUS.length);
  });

  it('gives admin every menu', () => {
    expect(new Set(ROLE_MATRIX.admin)).toEqual(new Set(MENUS));
  });

  it('follows the matrix of docs/decisions.md#accounts-roles-and-menus for update and history', () => {
    const update = new Set(baseRoles('update'));
    const history = new Set(baseRoles('history'));
    for (const m of MENU_GROUPS.system) {
      expect(update.has(m)).toBe(true);
      expect(history.has(m)).toBe(true);
    }
    for (const m of MENU_GROUPS.network) {
      expect(update.has(m)).toBe(false);
      expect(history.has(m)).toBe(false);
    }
    for (const m of ['project_management', 'recipe', 'backup_recipe', 'os_update'] as MenuId[]) {
      expect(update.has(m)).toBe(true);
      expect(history.has(m)).toBe(false);
    }
    for (const m of ['email', 'enhanced_security'] as MenuId[]) {
      expect(update.has(m)).toBe(false);
      expect(history.has(m)).toBe(false);
    }
    // Data: update gets Backup Data only; history gets the whole group, Backup Data included.
    expect(update.has('backup_data')).toBe(true);
    expect(history.has('backup_data')).toBe(true);
    for (const m of ['data_log', 'event_log', 'operation_log'] as MenuId[]) {
      expect(update.has(m)).toBe(false);
      expect(history.has(m)).toBe(true);
    }
    for (const m of MENU_GROUPS.features) {
      expect(update.has(m)).toBe(false);
      expect(history.has(m)).toBe(false);
    }
    expect(update.has('system_password')).toBe(true);
    expect(history.has('system_password')).toBe(true);
    for (const m of ['account_management', 'security', 'api', 'doc', 'diagnostics', 'machines'] as MenuId[]) {
      expect(update.has(m)).toBe(false);
      expect(history.has(m)).toBe(false);
    }
  });

  it('returns a copy from baseRoles, so callers cannot change the matrix', () => {
    const roles = baseRoles('history');
    roles.push('security');
    expect(ROLE_MATRIX.history).not.toContain('security');
  });
});

describe('extra roles', () => {
  it('never makes account_management, security, system-password or API menus grantable', () => {
    for (const m of ['account_management', 'security', 'system_password', 'api', 'doc', 'machines'] as MenuId[]) {
      expect(GRANTABLE_MENUS).not.toContain(m);
    }
    expect(GRANTABLE_MENUS).toContain('os_update');
    expect(GRANTABLE_MENUS).toContain('diagnostics');
    expect(GRANTABLE_MENUS).toContain('ethernet');
    expect(GRANTABLE_MENUS).toContain('opcua');
  });

  it('adds grantable extra roles to update and history', () => {
    const roles = effectiveRoles('update', ['ethernet', 'opcua']);
    expect(roles.has('ethernet')).toBe(true);
    expect(roles.has('opcua')).toBe(true);
    for (const m of ROLE_MATRIX.update) expect(roles.has(m)).toBe(true);
    expect(effectiveRoles('history', ['webview_setting']).has('webview_setting')).toBe(true);
  });

  it('ignores extra roles outside the grantable set', () => {
    const roles = effectiveRoles('history', ['account_management', 'security', 'api']);
    expect(roles.has('account_management')).toBe(false);
    expect(roles.has('security')).toBe(false);
    expect(roles.has('api')).toBe(false);
    expect(roles).toEqual(new Set(ROLE_MATRIX.history));
  });

  it('ignores extra roles for the WebView users', () => {
    expect(effectiveRoles('cmt_default_control_user', ['ethernet'])).toEqual(new Set(ROLE_MATRIX.cmt_default_control_user));
    expect(effectiveRoles('cmt_default_view_only_user', ['opcua']).has('opcua')).toBe(false);
  });
});

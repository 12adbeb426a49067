import { z } from 'zod';
import { GRANTABLE_MENUS, MENUS } from '../roles';
import { defineCall, type Access } from './define';
import { ACCOUNTS_ROUTES } from './accounts.routes';
import { passwordField } from './common';
import { isoInstant } from './data';
import { WEBVIEW_ROLES } from './webview.routes';

/** Account Management (docs/decisions.md#account-management): admin alone. */
const admin: Access = { kind: 'menu', menu: 'account_management', accounts: ['admin'] };

const menuIdSchema = z.enum(MENUS as [string, ...string[]]);
/** The accounts whose state Account Management changes: update and history (admin's own password
 * is changed in System Password, and admin is never disabled). */
const managedAccount = z.enum(['update', 'history']);

export const managedAccountSchema = z
  .object({
    username: z.string(),
    /** admin, update and history sign in to admin mode; WebView users (user mode) are managed in
     * WebView Setting and shown here read-only. */
    mode: z.enum(['admin', 'user']),
    webview_role: z.enum(WEBVIEW_ROLES).nullable(),
    enabled: z.boolean(),
    password_updated_at: isoInstant,
    /** Whole days since the password was set, on the device time. */
    password_age_days: z.number().int().min(0),
    /** The account must choose a new password at its next sign-in (a new account, or a reset). */
    must_change_password: z.boolean(),
    last_sign_in: z.object({ at: isoInstant, source: z.string() }).nullable(),
    /** Some address is locked out of this account now (`GET /uac/lockouts` says which). */
    locked: z.boolean(),
    /** The menus admin granted beyond the account's own (update and history only). */
    extra_roles: z.array(menuIdSchema),
    live_sessions: z.number().int().min(0),
  })
  .meta({ id: 'ManagedAccount' });

export const list = defineCall({
  ...ACCOUNTS_ROUTES.list,
  tag: 'accounts',
  summary: 'Every account: admin, update, history and the WebView users, with enabled, password age, last sign-in, lockout and extra roles',
  access: admin,
  response: z.array(managedAccountSchema),
});

export const update = defineCall({
  ...ACCOUNTS_ROUTES.update,
  tag: 'accounts',
  summary:
    'Enables or disables update or history, or sets its extra roles (any of the grantable menus). Disabling ends its sessions at once; admin cannot be disabled (409 own_account); a new set of extra roles applies to the next call',
  access: admin,
  params: z.object({ name: z.enum(['admin', 'update', 'history']) }),
  body: z
    .object({
      enabled: z.boolean().optional(),
      extra_roles: z
        .array(z.enum(GRANTABLE_MENUS as [string, ...string[]]))
        .max(GRANTABLE_MENUS.length)
        .refine((menus) => new Set(menus).size === menus.length, { message: 'each menu once' })
        .optional(),
    })
    .refine((b) => b.enabled !== undefined || b.extra_roles !== undefined, { message: 'nothing to change' }),
  response: z.array(managedAccountSchema),
  audit: { action: 'update_account', target: 'accounts.managed' },
});

export const resetPassword = defineCall({
  ...ACCOUNTS_ROUTES.resetPassword,
  tag: 'accounts',
  summary:
    "Gives update or history a new password (the strength rules and the password history apply); the admin's own password confirms (400 current_password_error, counted towards the lockout). The account's sessions end at once and it must change the password at its next sign-in",
  access: admin,
  params: z.object({ name: managedAccount }),
  body: z.object({ password: passwordField.min(1), admin_password: passwordField.min(1) }),
  response: z.array(managedAccountSchema),
  audit: { action: 'reset_account_password', target: 'accounts.managed' },
});

export const sessionSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    source: z.string(),
    /** The browser as its user agent names it, shortened ("Chrome 131 on Windows"); null when it
     * sent none. */
    browser: z.string().nullable(),
    user_agent: z.string().nullable(),
    started_at: isoInstant,
    last_seen_at: isoInstant,
    /** The session of the caller itself. */
    current: z.boolean(),
  })
  .meta({ id: 'Session' });

export const sessions = defineCall({
  ...ACCOUNTS_ROUTES.sessions,
  tag: 'accounts',
  summary: 'Every live session (not signed out, not revoked, renewable): account, address, browser, started, last seen',
  access: admin,
  response: z.array(sessionSchema),
});

const sessionId = z.string().regex(/^[0-9a-f-]{36}$/, 'a session id');

export const endSession = defineCall({
  ...ACCOUNTS_ROUTES.endSession,
  tag: 'accounts',
  summary: 'Signs a session out at once: its next call is refused (401 after its renewal fails) and its time socket closes; 404 for no live session of that id',
  access: admin,
  params: z.object({ id: sessionId }),
  response: z.array(sessionSchema),
  audit: { action: 'end_session', target: 'accounts.sessions' },
});

export const lockoutSchema = z
  .object({
    /** `<address> <account>`, URL-encoded in the path of an unlock. */
    id: z.string(),
    source: z.string(),
    /** The account's name, or null for the one lockout every unknown user name shares. */
    username: z.string().nullable(),
    until: isoInstant,
    minutes_left: z.number().int().min(1),
  })
  .meta({ id: 'Lockout' });

export const lockouts = defineCall({
  ...ACCOUNTS_ROUTES.lockouts,
  tag: 'accounts',
  summary: 'The addresses locked out of an account by wrong passwords (docs/decisions.md#lockout), with how long each still lasts',
  access: admin,
  response: z.array(lockoutSchema),
});

export const unlock = defineCall({
  ...ACCOUNTS_ROUTES.unlock,
  tag: 'accounts',
  summary: 'Ends a lockout at once and forgets the failures of that address and account; 404 for no such lockout',
  access: admin,
  params: z.object({ id: z.string().min(3).max(200) }),
  response: z.array(lockoutSchema),
  audit: { action: 'unlock_sign_in', target: 'accounts.lockouts' },
});

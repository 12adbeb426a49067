import { z } from 'zod';
import { defineCall } from './define';
import { WEBVIEW_IDLE_MINUTES_MAX, WEBVIEW_MAX_VIEWERS_LIMIT, WEBVIEW_ROLES, WEBVIEW_ROUTES, WEBVIEW_USERNAME_PATTERN } from './webview.routes';
import { passwordField } from './common';

export const webviewStatus = defineCall({
  ...WEBVIEW_ROUTES.webviewStatus,
  tag: 'webview',
  summary: "Whether WebView is enabled ('1') or not ('0')",
  access: { kind: 'authenticated' },
  response: z.object({ status: z.enum(['1', '0']) }),
  whilePasswordExpired: 'allowed',
});

export const webviewUserSchema = z.object({
  username: z.string(),
  role: z.enum(['control', 'view_only']),
  enabled: z.boolean(),
});

export const webviewUserList = defineCall({
  ...WEBVIEW_ROUTES.webviewUserList,
  tag: 'webview',
  summary: 'The WebView users',
  access: { kind: 'menu', menu: 'webview_setting' },
  response: z.array(webviewUserSchema),
});

export const webviewAutoLogin = defineCall({
  ...WEBVIEW_ROUTES.webviewAutoLogin,
  tag: 'webview',
  summary: 'Automatic sign-in as a chosen WebView user',
  access: { kind: 'menu', menu: 'webview_setting' },
  response: z.object({ enabled: z.boolean(), username: z.string().nullable() }),
});

export const webviewTimeout = defineCall({
  ...WEBVIEW_ROUTES.webviewTimeout,
  tag: 'webview',
  summary: 'The WebView idle timeout (off by default, 60 minutes when on)',
  access: { kind: 'menu', menu: 'webview_setting' },
  response: z.object({ enabled: z.boolean(), minutes: z.number().int().min(1).max(1440) }),
});

export const webviewPassword = defineCall({
  ...WEBVIEW_ROUTES.webviewPassword,
  tag: 'webview',
  summary: 'Whether WebView users may sign in without a password',
  access: { kind: 'menu', menu: 'webview_setting' },
  response: z.object({ password_free: z.boolean() }),
});

// ---- WebView Setting (issue 23) ----

const webviewUsername = z.string().regex(WEBVIEW_USERNAME_PATTERN);
const admin = { kind: 'menu', menu: 'webview_setting' } as const;

export const webviewSettingsSchema = z
  .object({
    enabled: z.boolean(),
    /** Off by default; WEBVIEW_IDLE_MINUTES_DEFAULT when turned on. */
    idle_timeout: z.object({ enabled: z.boolean(), minutes: z.number().int().min(1).max(WEBVIEW_IDLE_MINUTES_MAX) }),
    /** `/` and `/app` open `/app/web-view`. */
    home_page: z.boolean(),
    /** WebView users sign in by choosing their name, without a password. */
    password_free: z.boolean(),
    /** /app/login signs in as this user by itself. */
    auto_login: z.object({ enabled: z.boolean(), username: webviewUsername.nullable() }),
    max_viewers: z.number().int().min(1).max(WEBVIEW_MAX_VIEWERS_LIMIT),
  })
  .meta({ id: 'WebviewSettings' });

export const getSettings = defineCall({
  ...WEBVIEW_ROUTES.getSettings,
  tag: 'webview',
  summary: 'WebView Setting: every setting at once',
  access: admin,
  response: webviewSettingsSchema,
});

export const setSettings = defineCall({
  ...WEBVIEW_ROUTES.setSettings,
  tag: 'webview',
  summary: 'Saves WebView Setting; turning WebView off closes every viewer (4403); 400 for an automatic sign-in user that is not an enabled WebView user',
  access: admin,
  body: webviewSettingsSchema,
  response: webviewSettingsSchema,
  audit: { action: 'set_webview_settings', target: 'webview.settings' },
});

export const webviewAccountSchema = z
  .object({
    username: z.string(),
    role: z.enum(WEBVIEW_ROLES),
    enabled: z.boolean(),
    /** One of the two accounts the device ships with: it can be disabled, not removed. */
    builtin: z.boolean(),
    password_updated_at: z.string(),
  })
  .meta({ id: 'WebviewAccount' });

export const users = defineCall({
  ...WEBVIEW_ROUTES.users,
  tag: 'webview',
  summary: 'The WebView users, with their role and state',
  access: admin,
  response: z.array(webviewAccountSchema),
});

export const addUser = defineCall({
  ...WEBVIEW_ROUTES.addUser,
  tag: 'webview',
  summary: "Adds a WebView user; the admin's own password confirms. 409 account_exists for a name any account has; 400 current_password_error for a wrong admin password",
  access: admin,
  body: z.object({ username: webviewUsername, role: z.enum(WEBVIEW_ROLES), password: passwordField.min(1), admin_password: passwordField.min(1) }),
  response: z.array(webviewAccountSchema),
  audit: { action: 'add_webview_user', target: 'webview.users' },
});

export const updateUser = defineCall({
  ...WEBVIEW_ROUTES.updateUser,
  tag: 'webview',
  summary:
    "Enables or disables a WebView user, changes its role, or resets its password (the admin's own password confirms a reset); disabling it or a new password ends its sessions at once",
  access: admin,
  params: z.object({ username: webviewUsername }),
  body: z
    .object({
      enabled: z.boolean().optional(),
      role: z.enum(WEBVIEW_ROLES).optional(),
      password: passwordField.min(1).optional(),
      admin_password: passwordField.min(1).optional(),
    })
    .refine((b) => b.password === undefined || b.admin_password !== undefined, { path: ['admin_password'], message: 'the admin password confirms a new password' })
    .refine((b) => b.enabled !== undefined || b.role !== undefined || b.password !== undefined, { message: 'nothing to change' }),
  response: z.array(webviewAccountSchema),
  audit: { action: 'update_webview_user', target: 'webview.users' },
});

export const removeUser = defineCall({
  ...WEBVIEW_ROUTES.removeUser,
  tag: 'webview',
  summary: 'Removes a WebView user and ends its sessions; 409 builtin_user for one of the two the device ships with',
  access: admin,
  params: z.object({ username: webviewUsername }),
  response: z.array(webviewAccountSchema),
  audit: { action: 'remove_webview_user', target: 'webview.users' },
});

export const signInInfo = defineCall({
  ...WEBVIEW_ROUTES.signInInfo,
  tag: 'webview',
  summary: 'What /app/login shows before any token: whether WebView is on, the enabled WebView users, password-free sign-in and the automatic sign-in user',
  access: { kind: 'public' },
  response: z.object({
    enabled: z.boolean(),
    password_free: z.boolean(),
    auto_login: webviewUsername.nullable(),
    home_page: z.boolean(),
    users: z.array(z.object({ username: z.string(), role: z.enum(WEBVIEW_ROLES) })),
  }),
});

export const webviewElementViewSchema = z.object({
  kind: z.enum(['label', 'value', 'lamp', 'button', 'numeric_entry', 'bar']),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
  text: z.string().optional(),
  tag: z.string().optional(),
  /** For a bar and a numeric entry: the range. */
  min: z.number().optional(),
  max: z.number().optional(),
});

export const screens = defineCall({
  ...WEBVIEW_ROUTES.screens,
  tag: 'webview',
  summary:
    "The running project's WebView screens, and for each tag they name its data type, decimals, unit and whether WebView may write it; 409 no_running_project while no project runs; 403 webview_disabled while WebView is off",
  access: { kind: 'menu', menu: 'webview' },
  response: z.object({
    screens: z.array(z.object({ id: z.number().int(), name: z.string(), width: z.number(), height: z.number(), elements: z.array(webviewElementViewSchema) })),
    tags: z.record(
      z.string(),
      z.object({ data_type: z.string(), decimals: z.number().int().optional(), unit: z.string().optional(), writable: z.boolean() }),
    ),
    /** The caller's role: a view-only user's controls are shown disabled. */
    role: z.enum(WEBVIEW_ROLES).nullable(),
  }),
});

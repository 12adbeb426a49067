import { z } from 'zod';
import { ADMIN_MODE_ACCOUNTS, MENUS, USER_MODE_ACCOUNTS } from '../roles';
import { defineCall } from './define';
import { UAC_ROUTES } from './uac.routes';
import { accountNameField, passwordField, statusSuccessSchema } from './common';

const menuIdSchema = z.enum(MENUS as [string, ...string[]]);

export const changeAdminPassword = defineCall({
  ...UAC_ROUTES.changeAdminPassword,
  tag: 'uac',
  summary: 'Changes the password of admin, update or history (own account; admin may change all three)',
  access: { kind: 'accounts', accounts: ADMIN_MODE_ACCOUNTS },
  body: z.object({
    username: accountNameField,
    password: passwordField.min(1),
    current: passwordField.min(1),
    changeAll: z.boolean().optional().default(false),
  }),
  response: statusSuccessSchema,
  audit: { action: 'change_password', target: 'account' },
  whilePasswordExpired: 'allowed',
});

export const changeUserPassword = defineCall({
  ...UAC_ROUTES.changeUserPassword,
  tag: 'uac',
  summary: 'Changes the own password of a WebView user',
  access: { kind: 'accounts', accounts: USER_MODE_ACCOUNTS },
  body: z.object({ username: accountNameField, password: passwordField.min(1), current: passwordField.min(1) }),
  response: statusSuccessSchema,
  audit: { action: 'change_password', target: 'account' },
  whilePasswordExpired: 'allowed',
});

export const extraRole = defineCall({
  ...UAC_ROUTES.extraRole,
  tag: 'uac',
  summary: 'The menus admin granted to the signed-in account beyond its own',
  access: { kind: 'authenticated' },
  response: z.array(menuIdSchema),
  whilePasswordExpired: 'allowed',
});

export const userInfoSchema = z
  .object({
    username: z.string(),
    permission: z.object({ roles: z.array(menuIdSchema).min(1) }),
    state_code: z.union([z.literal(0), z.literal(1)]),
    http: z.boolean(),
    password_updated_at: z.string(),
  })
  .meta({ id: 'UserInfo' });

export const userInfo = defineCall({
  ...UAC_ROUTES.userInfo,
  tag: 'uac',
  summary: 'The signed-in account: name, menus, first-run state, HTTP flag, last password change',
  access: { kind: 'authenticated' },
  response: userInfoSchema,
  whilePasswordExpired: 'allowed',
});

export const setState = defineCall({
  ...UAC_ROUTES.setState,
  tag: 'uac',
  summary: 'Marks the first-run wizard as completed for the signed-in account',
  access: { kind: 'authenticated' },
  body: z.object({ code: z.literal(1) }),
  response: statusSuccessSchema,
  audit: { action: 'complete_first_run', target: 'account' },
});

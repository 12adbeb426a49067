import { z } from 'zod';
import { ADMIN_MODE_ACCOUNTS } from '../roles';
import { defineCall } from './define';
import { AUTH_ROUTES } from './auth.routes';
import { accountNameField, passwordField, statusSuccessSchema } from './common';
import { secret } from './secret';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;

export const tokenRequestSchema = z
  .discriminatedUnion('grant_type', [
    z.object({ grant_type: z.literal('password'), username: accountNameField, password: passwordField }),
    z.object({ grant_type: z.literal('refresh_token'), refresh_token: secret(z.string().min(1).max(512)) }),
  ])
  .meta({ id: 'TokenRequest' });

export const tokenResponseSchema = z
  .object({
    access_token: secret(z.string()),
    refresh_token: secret(z.string()),
    token_type: z.literal('bearer'),
    expires_in: z.number().int(),
  })
  .meta({ id: 'TokenResponse' });

/** User mode also takes a WebView user's name alone, while WebView Setting allows password-free
 * sign-in, or signs in automatically as that very user (403 password_free_off otherwise). */
export const appTokenRequestSchema = z
  .discriminatedUnion('grant_type', [...tokenRequestSchema.options, z.object({ grant_type: z.literal('password_free'), username: accountNameField })])
  .meta({ id: 'AppTokenRequest' });

export const tokenApp = defineCall({
  ...AUTH_ROUTES.tokenApp,
  tag: 'auth',
  summary:
    'User-mode sign-in (or token renewal) for the WebView users and any account; a WebView user is refused with 403 webview_disabled while WebView is off',
  access: { kind: 'public' },
  body: appTokenRequestSchema,
  response: tokenResponseSchema,
  audit: { action: 'login', target: 'app' },
});

export const tokenAdmin = defineCall({
  ...AUTH_ROUTES.tokenAdmin,
  tag: 'auth',
  summary: 'Admin-mode sign-in as admin, update or history, or token renewal',
  access: { kind: 'public' },
  params: z.object({ role: z.enum(ADMIN_MODE_ACCOUNTS) }),
  body: tokenRequestSchema,
  response: tokenResponseSchema,
  audit: { action: 'login', target: 'admin' },
});

export const logout = defineCall({
  ...AUTH_ROUTES.logout,
  tag: 'auth',
  summary: 'Ends the session: its access and refresh tokens stop working at once',
  access: { kind: 'authenticated' },
  response: statusSuccessSchema,
  audit: { action: 'logout', target: 'session' },
  whilePasswordExpired: 'allowed',
});

export const tokenCheck = defineCall({
  ...AUTH_ROUTES.tokenCheck,
  tag: 'auth',
  summary: 'Checks the access token',
  access: { kind: 'authenticated' },
  response: z.object({ valid: z.literal(true), username: z.string(), expires_at: z.string() }),
  whilePasswordExpired: 'allowed',
});

export const loginInfo = defineCall({
  ...AUTH_ROUTES.loginInfo,
  tag: 'auth',
  summary: 'What the sign-in page shows before any token: the HMI name and the model',
  access: { kind: 'public' },
  response: z.object({ hmi_name: z.string(), model: z.string() }),
});

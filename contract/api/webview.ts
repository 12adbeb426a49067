import { z } from 'zod';
import { defineCall } from './define';
import { WEBVIEW_ROUTES } from './webview.routes';

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

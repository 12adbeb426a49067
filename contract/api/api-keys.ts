import { z } from 'zod';
import { MENUS } from '../roles';
import { defineCall } from './define';
import { secret } from './secret';
import { API_KEYS_ROUTES } from './api-keys.routes';
import { API_KEY_ACCESS, API_KEY_ACCOUNTS, API_KEY_ID_PATTERN, API_KEY_NAME_MAX } from '../rules/api-keys';

const menuIdSchema = z.enum(MENUS as [string, ...string[]]);
/** Administration / API: admin alone. A key never makes these calls, whatever its menus. */
const admin = { kind: 'menu', menu: 'api', accounts: ['admin'] } as const;

export const apiKeySchema = z
  .object({
    id: z.string().regex(API_KEY_ID_PATTERN),
    name: z.string(),
    /** The account the key acts as. */
    account: z.enum(API_KEY_ACCOUNTS),
    menus: z.array(menuIdSchema),
    access: z.enum(API_KEY_ACCESS),
    /** What the key starts with (`hmik_<id>_`), to recognise it; the rest is never shown again. */
    prefix: z.string(),
    expires_at: z.string().nullable(),
    created_at: z.string(),
    created_by: z.string(),
    /** The device's time of the key's last call (recorded at most once a second), and from where. */
    last_used_at: z.string().nullable(),
    last_used_from: z.string().nullable(),
    revoked_at: z.string().nullable(),
    state: z.enum(['active', 'expired', 'revoked']),
  })
  .meta({ id: 'ApiKey' });

export const list = defineCall({
  ...API_KEYS_ROUTES.list,
  tag: 'apiKeys',
  summary:
    'The API keys (never their secrets): account, menus, access, expiry, last use, state; and the menus a new key acting as each account may be given (its own with its extra roles, none with account power)',
  access: admin,
  response: z.object({
    keys: z.array(apiKeySchema),
    menus: z.object(Object.fromEntries(API_KEY_ACCOUNTS.map((a) => [a, z.array(menuIdSchema)])) as Record<(typeof API_KEY_ACCOUNTS)[number], z.ZodArray<typeof menuIdSchema>>),
  }),
});

export const create = defineCall({
  ...API_KEYS_ROUTES.create,
  tag: 'apiKeys',
  summary:
    'Makes an API key acting as one account for some of its menus, read-only or read-write, with an optional expiry; the answer carries its secret, this once only (stored as a hash)',
  access: admin,
  body: z.object({
    name: z.string().min(1).max(API_KEY_NAME_MAX),
    account: z.enum(API_KEY_ACCOUNTS),
    menus: z.array(menuIdSchema).min(1).max(MENUS.length),
    access: z.enum(API_KEY_ACCESS),
    expires_at: z.iso.datetime({ offset: true }).nullable().optional().default(null),
  }),
  response: z.object({ key: apiKeySchema, secret: secret(z.string()) }),
  audit: { action: 'create_api_key', target: 'api_keys' },
});

export const revoke = defineCall({
  ...API_KEYS_ROUTES.revoke,
  tag: 'apiKeys',
  summary: 'Revokes an API key: its next call is refused (401); 404 for an unknown key',
  access: admin,
  params: z.object({ id: z.string().regex(API_KEY_ID_PATTERN) }),
  response: apiKeySchema,
  audit: { action: 'revoke_api_key', target: 'api_keys' },
});

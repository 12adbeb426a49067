import { z } from 'zod';
import { defineCall } from './define';
import { REMOTE_ACCESS_ROUTES } from './remote-access.routes';
import { secret } from './secret';
import {
  PARTNER_NAME_MAX,
  PARTNER_PASSWORD_MAX,
  PROXY_PASSWORD_MAX,
  PROXY_PROTOCOLS,
  PROXY_USER_MAX,
  REMOTE_CODES,
  REMOTE_FIELDS,
  REMOTE_HOST_MAX,
  REMOTE_REGIONS,
  REMOTE_STATES,
} from '../rules/remote-access';

// Texts travel a little longer than the rules allow: the shared rule (contract/rules/remote-access.ts)
// judges them inside the handler, so a refusal names the field and the rule's problem.
const text = (max: number) => z.string().max(max + 16);
const port = z.number().int().min(-1).max(1_000_000);

export const proxySettingsSchema = z
  .object({
    protocol: z.enum(PROXY_PROTOCOLS),
    host: text(REMOTE_HOST_MAX),
    port,
    user: text(PROXY_USER_MAX),
  })
  .meta({ id: 'RemoteAccessProxy' });

/** The settings as answered: never a password. */
export const remoteAccessSettingsSchema = z
  .object({
    partner_name: z.string(),
    /** A partner password is stored (it is never answered). */
    password_set: z.boolean(),
    proxy: proxySettingsSchema.extend({ password_set: z.boolean() }),
    /** The region the panel connects to now. */
    region: z.enum(REMOTE_REGIONS),
    /** The region stored, which a restart comes back to: differs from `region` while a change to
     * Global or China holds until the next reboot (specification §4). */
    stored_region: z.enum(REMOTE_REGIONS),
    custom_host: z.string(),
    custom_port: z.number().int(),
    /** The panel keeps a connection to the service (Connect sets it, Disconnect clears it). */
    enabled: z.boolean(),
  })
  .meta({ id: 'RemoteAccessSettings' });

/** What the administrator sets; an empty password keeps the stored one. */
export const remoteAccessInputSchema = z
  .object({
    partner_name: text(PARTNER_NAME_MAX),
    partner_password: secret(z.string().max(PARTNER_PASSWORD_MAX + 16)),
    proxy: proxySettingsSchema.extend({ password: secret(z.string().max(PROXY_PASSWORD_MAX + 16)) }),
    region: z.enum(REMOTE_REGIONS),
    custom_host: text(REMOTE_HOST_MAX),
    custom_port: port,
  })
  .meta({ id: 'RemoteAccessSettingsInput' });

export const remoteAccessStatusSchema = z
  .object({
    state: z.enum(REMOTE_STATES),
    /** Why it is not connected (specification §8), while it is not. */
    code: z.enum(REMOTE_CODES).optional(),
    /** The setting that fixes it (the screen links to it), when a setting does. */
    field: z.enum(REMOTE_FIELDS).optional(),
    /** The service's own words for a failure, when it said something. */
    detail: z.string().optional(),
    /** While connected: the session, the service's version and domain, the session URL and its QR
     * code (an SVG drawn on the panel). */
    session_id: z.string().optional(),
    domain: z.string().optional(),
    version: z.string().optional(),
    url: z.string().optional(),
    qr_svg: z.string().optional(),
    /** While disconnected and retrying: when the next attempt is due (ISO 8601, device clock). */
    retry_at: z.string().optional(),
  })
  .meta({ id: 'RemoteAccessStatus' });

const admin = { kind: 'menu', menu: 'remote_access', accounts: ['admin'] } as const;

export const getSettings = defineCall({
  ...REMOTE_ACCESS_ROUTES.getSettings,
  tag: 'remote-access',
  summary: 'The partner account, proxy and region the panel reaches the remote-access service with; whether the passwords are stored (never answered)',
  access: admin,
  response: remoteAccessSettingsSchema,
});

export const setSettings = defineCall({
  ...REMOTE_ACCESS_ROUTES.setSettings,
  tag: 'remote-access',
  summary:
    'Sets the partner account (name 4–30 letters, digits, underscore, case-insensitive; password 6–16, empty keeps the stored one), the proxy (none, HTTP CONNECT or SOCKS5; host and port; user and password at most 32) and the region. ' +
    'Global or China holds until the next reboot, Custom (host and port) is stored. A connected panel reconnects with the new settings.',
  access: admin,
  body: remoteAccessInputSchema,
  response: remoteAccessSettingsSchema,
  audit: { action: 'set_remote_access', target: 'remote_access.settings' },
});

export const status = defineCall({
  ...REMOTE_ACCESS_ROUTES.status,
  tag: 'remote-access',
  summary: 'The connection to the remote-access service: its state, why it is not connected (code), and while connected the session ID, version, domain, session URL and its QR code',
  access: admin,
  response: remoteAccessStatusSchema,
});

export const connect = defineCall({
  ...REMOTE_ACCESS_ROUTES.connect,
  tag: 'remote-access',
  summary: 'Connects to the remote-access service with the stored partner account (and keeps reconnecting, with back-off, until Disconnect)',
  access: admin,
  response: remoteAccessStatusSchema,
  audit: { action: 'connect_remote_access', target: 'remote_access.connection' },
});

export const disconnect = defineCall({
  ...REMOTE_ACCESS_ROUTES.disconnect,
  tag: 'remote-access',
  summary: 'Closes the connection to the remote-access service and stops reconnecting',
  access: admin,
  response: remoteAccessStatusSchema,
  audit: { action: 'disconnect_remote_access', target: 'remote_access.connection' },
});

export type RemoteAccessStatus = z.infer<typeof remoteAccessStatusSchema>;

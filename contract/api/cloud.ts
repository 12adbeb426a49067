import { z } from 'zod';
import { defineCall } from './define';
import { CLOUD_ROUTES } from './cloud.routes';
import { CLOUD_ACTIVATIONS, CLOUD_ERRORS, CLOUD_HOST_MAX, CLOUD_REGIONS, CLOUD_SUBSCRIPTIONS, CLOUD_TIMEOUT_MS } from '../rules/cloud';

/** The region and, for Custom, the service's host and port. The host is judged by the shared rule
 * (contract/rules/cloud.ts cloudSettingsProblems) in the handler, so a refusal names the field and
 * the rule's problem. */
export const cloudSettingsSchema = z
  .object({
    region: z.enum(CLOUD_REGIONS),
    host: z.string().max(CLOUD_HOST_MAX),
    port: z.number().int().min(1).max(65535),
  })
  .meta({ id: 'CloudSettings' });

export const cloudStatusSchema = z
  .object({
    region: z.enum(CLOUD_REGIONS),
    /** The service the device asked (`host:port`). */
    service: z.string(),
    /** Who the panel is to the cloud: its serial number. */
    panel_id: z.string(),
    /** Why the cloud's state could not be read; null when it was. The fields the cloud tells are
     * null then. */
    error: z.enum(CLOUD_ERRORS).nullable(),
    activation: z.enum(CLOUD_ACTIVATIONS).nullable(),
    subscription: z.enum(CLOUD_SUBSCRIPTIONS).nullable(),
    domain: z.string().nullable(),
    /** The dashboard's address, and its QR code drawn on the device (an SVG data URL). */
    dashboard_url: z.string().nullable(),
    dashboard_qr: z.string().nullable(),
    /** The end of the trial or subscription. */
    expires_at: z.iso.datetime().nullable(),
    /** When a grace period ends in suspension (or when it did). */
    suspends_at: z.iso.datetime().nullable(),
    /** Whole days left by the device clock: of a trial or subscription to its expiry, of a grace
     * period to the suspension; null in the other states. */
    days_left: z.number().int().min(0).nullable(),
    /** When the device asked, by its clock. */
    checked_at: z.iso.datetime(),
  })
  .meta({ id: 'CloudStatus' });

const admin = { kind: 'menu', menu: 'cloud', accounts: ['admin'] } as const;

export const status = defineCall({
  ...CLOUD_ROUTES.status,
  tag: 'cloud',
  summary:
    `Asks the cloud service of the chosen region for this panel's state (at most ${CLOUD_TIMEOUT_MS / 1000} s): activation, subscription, domain, ` +
    'dashboard address and its QR code, expiry and days left by the device clock. When the service cannot be reached the answer is still 200, ' +
    'with `error` saying why (cloud_dns_failed, cloud_refused, cloud_timeout, cloud_unreachable, cloud_bad_answer)',
  access: admin,
  response: cloudStatusSchema,
});

export const getSettings = defineCall({
  ...CLOUD_ROUTES.getSettings,
  tag: 'cloud',
  summary: 'The cloud region (Global, China or Custom) and the Custom service\'s host and port',
  access: admin,
  response: cloudSettingsSchema,
});

export const setSettings = defineCall({
  ...CLOUD_ROUTES.setSettings,
  tag: 'cloud',
  summary: 'Sets the cloud region; for Custom, the service\'s host name or IPv4 address and port (400 naming host or port otherwise)',
  access: admin,
  body: cloudSettingsSchema,
  response: cloudSettingsSchema,
  audit: { action: 'set_cloud_settings', target: 'cloud.settings' },
});

export const activate = defineCall({
  ...CLOUD_ROUTES.activate,
  tag: 'cloud',
  summary:
    'Activates this panel with the cloud service of the chosen region (a panel never subscribed starts its trial); answers the new status. ' +
    '409 cloud_already_activated, or 409 with the reason when the service cannot be reached (cloud_dns_failed, cloud_refused, cloud_timeout, cloud_unreachable, cloud_bad_answer)',
  access: admin,
  response: cloudStatusSchema,
  audit: { action: 'activate_cloud', target: 'cloud.activation' },
});

export const deactivate = defineCall({
  ...CLOUD_ROUTES.deactivate,
  tag: 'cloud',
  summary: 'Deactivates this panel with the cloud service (its subscription stays with the cloud); 409 cloud_not_activated, or 409 with the reason when the service cannot be reached',
  access: admin,
  response: cloudStatusSchema,
  audit: { action: 'deactivate_cloud', target: 'cloud.activation' },
});

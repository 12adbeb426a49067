/** Cloud dashboard rules (specification §3 "Cloud dashboard", §4 cloud states): the regions the
 * panel reaches the vendor's cloud in, the settings of a Custom region (host and port of the
 * service), and the states the cloud tells. One set of functions: the console runs them as the
 * user types, the server on every write. Zod-free, so the console loads no zod. */

/** Where the cloud service is: the vendor's Global or China service, or a Custom host and port
 * (an on-premises service, or the development service: `npm run remote-access-service`). */
export const CLOUD_REGIONS = ['global', 'china', 'custom'] as const;
export type CloudRegion = (typeof CLOUD_REGIONS)[number];

/** The vendor's services of the Global and China regions (HTTPS, port 443). They are not reachable
 * from this simulated panel: `.invalid` never resolves (RFC 6761), so choosing them shows what a
 * panel without a name server sees, a failed name look-up. */
export const CLOUD_REGION_HOSTS: Record<Exclude<CloudRegion, 'custom'>, string> = {
  global: 'dashboard.global.hmi-cloud.invalid',
  china: 'dashboard.cn.hmi-cloud.invalid',
};

/** Specification §4: the subscription states a panel's cloud account goes through. */
export const CLOUD_SUBSCRIPTIONS = ['unsubscribed', 'trial', 'subscribed', 'expired', 'grace_period', 'suspension', 'disabled'] as const;
export type CloudSubscription = (typeof CLOUD_SUBSCRIPTIONS)[number];

/** Specification §4: "Not Activated" or "Already Activated". */
export const CLOUD_ACTIVATIONS = ['not_activated', 'activated'] as const;
export type CloudActivation = (typeof CLOUD_ACTIVATIONS)[number];

/** Why the device could not read its cloud state: the name look-up failed, nothing listens at the
 * host and port, no answer in time, another network failure, or an answer that is not the cloud's. */
export const CLOUD_ERRORS = ['cloud_dns_failed', 'cloud_refused', 'cloud_timeout', 'cloud_unreachable', 'cloud_bad_answer'] as const;
export type CloudError = (typeof CLOUD_ERRORS)[number];

/** A trial lasts this long from the activation of a panel never subscribed. */
export const CLOUD_TRIAL_DAYS = 30;
/** After a subscription expires, the dashboard keeps working this long before it is suspended. */
export const CLOUD_GRACE_DAYS = 15;

/** The device waits this long for the cloud's answer. */
export const CLOUD_TIMEOUT_MS = 5_000;

export const CLOUD_HOST_MAX = 253;

export interface CloudSettings {
  region: CloudRegion;
  /** The Custom region's service: a host name or an IPv4 address, and its port. Kept while
   * another region is chosen, unused. */
  host: string;
  port: number;
}

/** A new device's cloud settings: the Global region. */
export const DEFAULT_CLOUD_SETTINGS: CloudSettings = { region: 'global', host: '', port: 80 };

export type CloudSettingsField = 'host' | 'port';
export type CloudSettingsProblem = 'required' | 'too_long' | 'invalid_host' | 'invalid_port';

const HOST = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/;

export function normalizeCloudSettings(s: CloudSettings): CloudSettings {
  return { region: s.region, host: s.host.trim(), port: s.port };
}

/** Problems by field. The host and port are judged only for the Custom region (the others use the
 * vendor's services). */
export function cloudSettingsProblems(s: CloudSettings): Partial<Record<CloudSettingsField, CloudSettingsProblem>> {
  if (s.region !== 'custom') return {};
  const p: Partial<Record<CloudSettingsField, CloudSettingsProblem>> = {};
  const host = s.host.trim();
  if (host === '') p.host = 'required';
  else if (host.length > CLOUD_HOST_MAX) p.host = 'too_long';
  else if (!HOST.test(host)) p.host = 'invalid_host';
  if (!Number.isInteger(s.port) || s.port < 1 || s.port > 65535) p.port = 'invalid_port';
  return p;
}

/** The service the device talks to for these settings. */
export function cloudEndpointOf(s: CloudSettings): { protocol: 'http' | 'https'; host: string; port: number } {
  if (s.region === 'custom') return { protocol: 'http', host: s.host.trim(), port: s.port };
  return { protocol: 'https', host: CLOUD_REGION_HOSTS[s.region], port: 443 };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `nowMs` until `untilIso`, rounded up (a part of a day left counts as a day), never
 * below 0; null without a date. */
export function daysUntil(untilIso: string | null, nowMs: number): number | null {
  if (untilIso === null) return null;
  const until = Date.parse(untilIso);
  if (Number.isNaN(until)) return null;
  return Math.max(0, Math.ceil((until - nowMs) / DAY_MS));
}

/** The date the days left count to in each subscription state: the end of the trial or of the
 * subscription, the suspension after the grace period; none otherwise. */
export function countdownOf(subscription: CloudSubscription): 'expires_at' | 'suspends_at' | null {
  if (subscription === 'trial' || subscription === 'subscribed') return 'expires_at';
  if (subscription === 'grace_period') return 'suspends_at';
  return null;
}

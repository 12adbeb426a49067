/**
 * SECS/GEM rules (specification §2, docs/decisions.md#secsgem): the HSMS-SS endpoint's settings,
 * their ranges and the defaults of a new device. One function, run by the form as the administrator
 * types and by the device before it stores the settings. Zod-free: the console imports it.
 *
 * The timer ranges and defaults are SEMI E37's (HSMS), the ones an implementation must at least
 * offer: T3 reply 1–120 s (45), T5 connect separation 1–240 s (10), T6 control transaction 1–240 s
 * (5), T7 not selected 1–240 s (10), T8 network inter-character 1–120 s (5). The linktest interval is
 * not one of E37's timers: 0 turns it off, otherwise 1–3600 s (at most an hour between checks).
 */

export const SECS_MODES = ['passive', 'active'] as const;
export type SecsMode = (typeof SECS_MODES)[number];

/** SECS-II device ID (the HSMS session ID of data messages): 15 bits. */
export const DEVICE_ID_MIN = 0;
export const DEVICE_ID_MAX = 32767;
/** The registered HSMS port (IANA `hsms`, 5000) is what hosts look for first. */
export const SECS_DEFAULT_PORT = 5000;
export const SECS_PORT_MIN = 1;
export const SECS_PORT_MAX = 65535;
/** The remote host: a host name or an address, as long as DNS allows. */
export const REMOTE_HOST_MAX = 253;

export const SECS_TIMERS = ['t3', 't5', 't6', 't7', 't8'] as const;
export type SecsTimer = (typeof SECS_TIMERS)[number];

/** Each timer's range in seconds (SEMI E37), and its default. */
export const SECS_TIMER_RANGES: Record<SecsTimer, { min: number; max: number; default: number }> = {
  t3: { min: 1, max: 120, default: 45 },
  t5: { min: 1, max: 240, default: 10 },
  t6: { min: 1, max: 240, default: 5 },
  t7: { min: 1, max: 240, default: 10 },
  t8: { min: 1, max: 120, default: 5 },
};

/** 0 = no linktest; otherwise one every 1–3600 s. */
export const LINKTEST_MIN = 1;
export const LINKTEST_MAX = 3600;
export const LINKTEST_DEFAULT = 60;

export interface SecsSettingsFields {
  /** The HSMS endpoint runs (with the licence). Off on a new device. */
  enabled: boolean;
  /** The SECS-II device ID, 0–32767. */
  device_id: number;
  /** Passive: the panel listens on `port`; active: it connects to `remote_host:remote_port`. */
  mode: SecsMode;
  /** The port the panel listens on (passive). */
  port: number;
  /** The host the panel connects to (active); empty while passive. */
  remote_host: string;
  remote_port: number;
  /** Timeouts, in seconds. */
  t3: number;
  t5: number;
  t6: number;
  t7: number;
  t8: number;
  /** Seconds between linktests the panel sends while selected; 0 = none. */
  linktest_interval: number;
}

/** A new device's settings: off, passive on the HSMS port, device ID 0, E37's default timers and a
 * linktest every minute (a dead link is noticed without traffic). */
export const DEFAULT_SECS_SETTINGS: SecsSettingsFields = {
  enabled: false,
  device_id: 0,
  mode: 'passive',
  port: SECS_DEFAULT_PORT,
  remote_host: '',
  remote_port: SECS_DEFAULT_PORT,
  t3: SECS_TIMER_RANGES.t3.default,
  t5: SECS_TIMER_RANGES.t5.default,
  t6: SECS_TIMER_RANGES.t6.default,
  t7: SECS_TIMER_RANGES.t7.default,
  t8: SECS_TIMER_RANGES.t8.default,
  linktest_interval: LINKTEST_DEFAULT,
};

export type SecsProblem = 'device_id_range' | 'port_range' | 'remote_host_required' | 'remote_host_invalid' | 'timer_range' | 'linktest_range';
export type SecsField = 'device_id' | 'port' | 'remote_host' | 'remote_port' | SecsTimer | 'linktest_interval';

const within = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/** A host name (RFC 1123 labels) or an IPv4 / IPv6 address, without a port or a scheme. */
export function isHostName(host: string): boolean {
  if (host.length === 0 || host.length > REMOTE_HOST_MAX) return false;
  // IPv6: hex groups and at least two colons (`::1`, `fe80::1`); `host:port` is not an address.
  if (host.includes(':')) return /^[0-9a-fA-F:.]+$/.test(host) && host.split(':').length >= 3;
  return host.split('.').every((label) => /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label));
}

/** Every problem of the settings, by field (empty when they may be stored). The remote host and
 * port are judged only in active mode, where they are used. */
export function secsSettingsProblems(s: SecsSettingsFields): Partial<Record<SecsField, SecsProblem>> {
  const problems: Partial<Record<SecsField, SecsProblem>> = {};
  if (!within(s.device_id, DEVICE_ID_MIN, DEVICE_ID_MAX)) problems.device_id = 'device_id_range';
  if (s.mode === 'passive' && !within(s.port, SECS_PORT_MIN, SECS_PORT_MAX)) problems.port = 'port_range';
  if (s.mode === 'active') {
    const host = s.remote_host.trim();
    if (host === '') problems.remote_host = 'remote_host_required';
    else if (!isHostName(host)) problems.remote_host = 'remote_host_invalid';
    if (!within(s.remote_port, SECS_PORT_MIN, SECS_PORT_MAX)) problems.remote_port = 'port_range';
  }
  for (const timer of SECS_TIMERS) {
    const { min, max } = SECS_TIMER_RANGES[timer];
    if (!within(s[timer], min, max)) problems[timer] = 'timer_range';
  }
  if (s.linktest_interval !== 0 && !within(s.linktest_interval, LINKTEST_MIN, LINKTEST_MAX)) problems.linktest_interval = 'linktest_range';
  return problems;
}

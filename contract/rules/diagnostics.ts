/**
 * Diagnostics rules (docs/decisions.md#diagnostics): the host a reachability test may name, the
 * log's levels and limits, the bounded times. One function each, run by the form as the
 * administrator types and by the device before it looks anything up. Zod-free: the console imports
 * it.
 */

/** The log's levels, lowest first (pino's: 10, 20, … 60). */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Entries the device keeps in memory, the newest; older ones are dropped. */
export const LOG_RING_SIZE = 10_000;
/** Entries one read answers at most, and by default. */
export const LOG_PAGE_MAX = 500;
export const LOG_PAGE_DEFAULT = 200;
/** The longest text filter. */
export const LOG_TEXT_MAX = 200;

/** A name's longest (RFC 1035: 253 characters written out). */
export const REACH_HOST_MAX = 253;
/** Each step of a reachability test (the look-up, the connection) ends after this. */
export const REACH_TIMEOUT_MS = 5_000;

/** Why a reachability test did not get through, in what the administrator checks. */
export const REACH_ERRORS = ['dns_not_found', 'dns_timeout', 'dns_failed', 'refused', 'timeout', 'unreachable', 'reset', 'failed'] as const;
export type ReachError = (typeof REACH_ERRORS)[number];

export type ReachHostProblem = 'required' | 'too_long' | 'not_a_host';

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/i;
const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

/** An IPv4 address written as four numbers (`192.168.1.10`). */
export function isIpv4(text: string): boolean {
  return IPV4.test(text);
}

/** An IPv6 address without brackets (`fe80::1`, `::ffff:10.0.0.1`), a zone allowed (`%eth0`). */
export function isIpv6(text: string): boolean {
  const [address, zone, ...more] = text.split('%');
  if (more.length > 0 || address === undefined || (zone !== undefined && !/^[\w.-]{1,32}$/.test(zone))) return false;
  const halves = address.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (half: string): string[] | null => {
    if (half === '') return [];
    const parts = half.split(':');
    const last = parts[parts.length - 1]!;
    // An IPv4 tail counts as two groups.
    if (last.includes('.')) {
      if (!isIpv4(last)) return null;
      parts.splice(parts.length - 1, 1, '0', '0');
    }
    return parts.every((p) => HEX_GROUP.test(p)) ? parts : null;
  };
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return false;
  // An IPv4 tail only at the very end.
  if (halves.length === 2 && halves[0]!.includes('.')) return false;
  const groups = head.length + tail.length;
  return halves.length === 2 ? groups <= 7 : groups === 8;
}

/** A host name (`plc-1.factory.local`, one trailing dot allowed): labels of letters, digits,
 * hyphens (not first or last) and underscores, 63 characters each; not all digits (that would be
 * a mistyped IPv4 address). */
export function isHostName(text: string): boolean {
  const name = text.endsWith('.') ? text.slice(0, -1) : text;
  if (name === '' || name.length > REACH_HOST_MAX) return false;
  const labels = name.split('.');
  if (!labels.every((l) => LABEL.test(l))) return false;
  return !labels.every((l) => /^\d+$/.test(l));
}

/** What is wrong with the host of a reachability test, or null: a host name, an IPv4 or an IPv6
 * address, nothing else (no scheme, port, path or brackets: the port has its own field). */
export function reachHostProblem(host: string): ReachHostProblem | null {
  if (host.trim() === '') return 'required';
  if (host.length > REACH_HOST_MAX + 1) return 'too_long';
  if (host !== host.trim()) return 'not_a_host';
  return isIpv4(host) || isIpv6(host) || isHostName(host) ? null : 'not_a_host';
}

/** The ports a test may name. */
export const REACH_PORT_MIN = 1;
export const REACH_PORT_MAX = 65535;

export function reachPortProblem(port: number): 'out_of_range' | null {
  return Number.isInteger(port) && port >= REACH_PORT_MIN && port <= REACH_PORT_MAX ? null : 'out_of_range';
}

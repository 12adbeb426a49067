/** Remote-access rules (specification §3, §5, §8): the partner account, the proxy and the region,
 * as the form judges them while they are typed and the server before it stores them. Zod-free: the
 * console imports the problem codes and the defaults. */

/** Partner user name: letters, digits and underscore, 4 to 30 (compared case-insensitively). */
export const PARTNER_NAME_MIN = 4;
export const PARTNER_NAME_MAX = 30;
export const PARTNER_PASSWORD_MIN = 6;
export const PARTNER_PASSWORD_MAX = 16;
export const PROXY_USER_MAX = 32;
export const PROXY_PASSWORD_MAX = 32;
export const REMOTE_HOST_MAX = 253;

export const PROXY_PROTOCOLS = ['none', 'http', 'socks5'] as const;
export type ProxyProtocol = (typeof PROXY_PROTOCOLS)[number];

export const REMOTE_REGIONS = ['global', 'china', 'custom'] as const;
export type RemoteRegion = (typeof REMOTE_REGIONS)[number];

/** Where the vendor's service answers for Global and China. Both names are under `.invalid`
 * (RFC 6761: a name that never resolves), so on this machine a connection to them fails with a
 * real failed name look-up, code 102, as it would on a panel whose DNS is broken. */
export const REGION_HOSTS: Record<Exclude<RemoteRegion, 'custom'>, { host: string; port: number }> = {
  global: { host: 'relay.global.remote-access.invalid', port: 443 },
  china: { host: 'relay.cn.remote-access.invalid', port: 443 },
};

/** The connection's states (specification §4). */
export const REMOTE_STATES = ['not_activated', 'connecting', 'connected', 'occupied', 'disconnected'] as const;
export type RemoteState = (typeof REMOTE_STATES)[number];

/** Why the panel is not connected (specification §8: 1, 101, 102, the partner account or password,
 * the partner not found), and two the relay adds: the service or the proxy cannot be reached. */
export const REMOTE_CODES = ['1', '101', '102', 'partner_auth', 'partner_not_found', 'service_unreachable', 'proxy_failed'] as const;
export type RemoteCode = (typeof REMOTE_CODES)[number];

/** Codes the panel retries by itself (the network may come back); the others wait for a change
 * of the settings, a new Connect or a restart. */
export const REMOTE_RETRIED_CODES: readonly RemoteCode[] = ['102', 'service_unreachable', 'proxy_failed'];

/** Reconnection: the first retry after RECONNECT_BASE_MS, twice as long each time, at most
 * RECONNECT_MAX_MS. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 60_000;
export function reconnectDelayMs(failures: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, failures - 1));
}

export interface ProxySettings {
  protocol: ProxyProtocol;
  host: string;
  port: number;
  user: string;
}

export interface RemoteAccessSettings {
  /** The panel keeps a connection to the service (Connect sets it, Disconnect clears it). */
  enabled: boolean;
  partner_name: string;
  proxy: ProxySettings;
  region: RemoteRegion;
  custom_host: string;
  custom_port: number;
}

/** A new panel: no partner, no proxy, the Global region, not connecting. */
export const DEFAULT_REMOTE_ACCESS_SETTINGS: RemoteAccessSettings = {
  enabled: false,
  partner_name: '',
  proxy: { protocol: 'none', host: '', port: 8080, user: '' },
  region: 'global',
  custom_host: '',
  custom_port: 7000,
};

/** What the form sends: the settings (without `enabled`) and the two passwords, each empty to keep
 * the stored one. */
export interface RemoteAccessInput extends Omit<RemoteAccessSettings, 'enabled' | 'proxy'> {
  partner_password: string;
  proxy: ProxySettings & { password: string };
}

export const REMOTE_FIELDS = ['partner_name', 'partner_password', 'proxy_host', 'proxy_port', 'proxy_user', 'proxy_password', 'region', 'custom_host', 'custom_port'] as const;
export type RemoteField = (typeof REMOTE_FIELDS)[number];
export type RemoteProblem = 'required' | 'too_short' | 'too_long' | 'invalid' | 'out_of_range';
export type RemoteProblems = Partial<Record<RemoteField, RemoteProblem>>;

const NAME = /^[A-Za-z0-9_]+$/;
const HOST = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

function hostProblem(host: string): RemoteProblem | undefined {
  const h = host.trim();
  if (h === '') return 'required';
  if (h.length > REMOTE_HOST_MAX) return 'too_long';
  return HOST.test(h) ? undefined : 'invalid';
}

function portProblem(port: number): RemoteProblem | undefined {
  return Number.isInteger(port) && port >= 1 && port <= 65535 ? undefined : 'out_of_range';
}

/** The partner's user name alone (the form judges it as it is typed). */
export function partnerNameProblem(name: string): RemoteProblem | undefined {
  const n = name.trim();
  if (n === '') return 'required';
  if (!NAME.test(n)) return 'invalid';
  if (n.length < PARTNER_NAME_MIN) return 'too_short';
  if (n.length > PARTNER_NAME_MAX) return 'too_long';
  return undefined;
}

/** Specification §5: partner name and password required (a stored password may be kept), the
 * proxy's host and port required when a proxy is used, its user and password at most 32, a custom
 * region's host and port required. `stored`: which passwords are kept already. */
export function remoteAccessProblems(s: RemoteAccessInput, stored: { partner: boolean; proxy: boolean }): RemoteProblems {
  const p: RemoteProblems = {};
  p.partner_name = partnerNameProblem(s.partner_name);
  const pw = s.partner_password;
  if (pw === '') p.partner_password = stored.partner ? undefined : 'required';
  else if (CONTROL.test(pw)) p.partner_password = 'invalid';
  else if (pw.length < PARTNER_PASSWORD_MIN) p.partner_password = 'too_short';
  else if (pw.length > PARTNER_PASSWORD_MAX) p.partner_password = 'too_long';
  if (s.proxy.protocol !== 'none') {
    p.proxy_host = hostProblem(s.proxy.host);
    p.proxy_port = portProblem(s.proxy.port);
    if (CONTROL.test(s.proxy.user) || s.proxy.user.includes(':')) p.proxy_user = 'invalid';
    else if (s.proxy.user.length > PROXY_USER_MAX) p.proxy_user = 'too_long';
    if (CONTROL.test(s.proxy.password)) p.proxy_password = 'invalid';
    else if (s.proxy.password.length > PROXY_PASSWORD_MAX) p.proxy_password = 'too_long';
  }
  if (s.region === 'custom') {
    p.custom_host = hostProblem(s.custom_host);
    p.custom_port = portProblem(s.custom_port);
  }
  for (const k of Object.keys(p) as RemoteField[]) if (p[k] === undefined) delete p[k];
  return p;
}

/** The input cleaned as stored: texts trimmed, the partner name in lower case (it is
 * case-insensitive). */
export function normalizeRemoteAccess<T extends RemoteAccessInput>(s: T): T {
  return {
    ...s,
    partner_name: s.partner_name.trim().toLowerCase(),
    custom_host: s.custom_host.trim(),
    proxy: { ...s.proxy, host: s.proxy.host.trim() },
  };
}

/**
 * FTP rules (specification §5, §9): the control port, the passive port range, and the defaults of a
 * new device. One function each, run by the form as the administrator types and by the device
 * before it stores the settings. Zod-free: the console imports it.
 */

/** The FTP accounts: the console's own History (reads) and Update (reads and writes) accounts;
 * admin never signs in to FTP, and no FTP-only account or password exists. */
export const FTP_ACCOUNTS = ['history', 'update'] as const;
export type FtpAccount = (typeof FTP_ACCOUNTS)[number];

/** Specification §5: the FTP port is 21, or 3000 to 4999. */
export const FTP_STANDARD_PORT = 21;
export const FTP_PORT_MIN = 3000;
export const FTP_PORT_MAX = 4999;
/** The passive data ports: unprivileged ports only, a range wide enough for a few transfers at once. */
export const PASSIVE_PORT_MIN = 1024;
export const PASSIVE_PORT_MAX = 65535;
export const PASSIVE_RANGE_MIN_PORTS = 10;
/** Sessions open at once; one more is refused (421) until one ends. */
export const FTP_MAX_SESSIONS = 8;
/** A session that sends nothing for this long is closed. */
export const FTP_IDLE_TIMEOUT_MS = 5 * 60_000;

export interface FtpSettingsFields {
  enabled: boolean;
  port: number;
  passive_from: number;
  passive_to: number;
  /** Sign-in only after AUTH TLS. Whatever this says, it holds while plain HTTP is off. */
  require_tls: boolean;
  /** Which console accounts may sign in. */
  accounts: Record<FtpAccount, boolean>;
  /** Update may upload, delete, rename and make folders on usb/ and sd/ (specification §9: off). */
  media_writable: boolean;
}

/** A new device's FTP settings: off (SVC-01), port 21 (§5), TLS required, History may sign in
 * (pulling history files is what FTP is for), Update may not, and nothing on USB/SD may be changed
 * (§9). */
export const DEFAULT_FTP_SETTINGS: FtpSettingsFields = {
  enabled: false,
  port: FTP_STANDARD_PORT,
  passive_from: 50000,
  passive_to: 50099,
  require_tls: true,
  accounts: { history: true, update: false },
  media_writable: false,
};

export type FtpPortProblem = 'ftp_port_range';
export type PassiveProblem = 'passive_port_range' | 'passive_order' | 'passive_too_narrow' | 'passive_contains_port';

/** §5: 21, or 3000–4999. */
export function ftpPortProblem(port: number): FtpPortProblem | null {
  if (!Number.isInteger(port)) return 'ftp_port_range';
  return port === FTP_STANDARD_PORT || (port >= FTP_PORT_MIN && port <= FTP_PORT_MAX) ? null : 'ftp_port_range';
}

/** The passive range's problems, by field: both ends within 1024–65535, from ≤ to, at least
 * PASSIVE_RANGE_MIN_PORTS ports, and not the control port. */
export function passiveProblems(s: Pick<FtpSettingsFields, 'port' | 'passive_from' | 'passive_to'>): Partial<Record<'passive_from' | 'passive_to', PassiveProblem>> {
  const inRange = (p: number) => Number.isInteger(p) && p >= PASSIVE_PORT_MIN && p <= PASSIVE_PORT_MAX;
  const problems: Partial<Record<'passive_from' | 'passive_to', PassiveProblem>> = {};
  if (!inRange(s.passive_from)) problems.passive_from = 'passive_port_range';
  if (!inRange(s.passive_to)) problems.passive_to = 'passive_port_range';
  if (Object.keys(problems).length > 0) return problems;
  if (s.passive_from > s.passive_to) return { passive_to: 'passive_order' };
  if (s.passive_to - s.passive_from + 1 < PASSIVE_RANGE_MIN_PORTS) return { passive_to: 'passive_too_narrow' };
  if (s.port >= s.passive_from && s.port <= s.passive_to) return { passive_from: 'passive_contains_port' };
  return {};
}

/** Every problem of the settings, by field (empty when they may be stored). */
export function ftpSettingsProblems(s: FtpSettingsFields): Partial<Record<'port' | 'passive_from' | 'passive_to', FtpPortProblem | PassiveProblem>> {
  const port = ftpPortProblem(s.port);
  return { ...(port ? { port } : {}), ...passiveProblems(s) };
}

/** Whether sign-in needs TLS: the setting, or plain HTTP off (then nothing may travel in clear). */
export function tlsRequired(requireTls: boolean, httpEnabled: boolean): boolean {
  return requireTls || !httpEnabled;
}

/** E-mail rules (specification §5 E-mail): the SMTP settings, contacts, groups and the test mail's
 * address, as the form judges them while they are typed and the server before it stores or sends.
 * Zod-free: the console imports the problem codes. A name, an address, a host or a subject holding
 * a carriage return or a line feed is refused (`line_break`), so nothing a user types can add a
 * header to a mail. */

export const SMTP_SECURITIES = ['none', 'starttls', 'ssl'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITIES)[number];

/** The longest address (RFC 5321's path limit), name, host and group name. */
export const EMAIL_ADDRESS_MAX = 254;
export const EMAIL_NAME_MAX = 64;
export const SMTP_HOST_MAX = 253;
export const SMTP_USERNAME_MAX = 128;
export const SMTP_PASSWORD_MAX = 128;
export const EMAIL_GROUP_NAME_MAX = 64;
export const EMAIL_SUBJECT_MAX = 200;
/** Contacts and groups the device keeps at most. */
export const EMAIL_CONTACTS_MAX = 500;
export const EMAIL_GROUPS_MAX = 50;

/** A test mail's answer (or an outbox mail's attempt) comes within this time, or says it timed out. */
export const SMTP_ANSWER_TIMEOUT_MS = 9_000;
/** nodemailer's own limits, inside it: the connection, the server's greeting, a silent socket. */
export const SMTP_CONNECTION_TIMEOUT_MS = 5_000;
export const SMTP_GREETING_TIMEOUT_MS = 4_000;
export const SMTP_SOCKET_TIMEOUT_MS = 8_000;

/** The outbox sends at most this many mails a minute, so an alarm storm does not flood anyone. */
export const EMAIL_MAX_PER_MINUTE = 30;
/** A mail the SMTP server refused for a while (4xx, no connection, a timeout) is tried again after
 * EMAIL_RETRY_BASE_MS, then twice as long each time, at most EMAIL_MAX_ATTEMPTS times in all. */
export const EMAIL_RETRY_BASE_MS = 30_000;
export const EMAIL_MAX_ATTEMPTS = 5;
/** The outbox mails kept (the oldest sent or failed ones go first). */
export const EMAIL_OUTBOX_KEEP = 1_000;

/** What an SMTP server made of a mail: accepted (250), or why not. */
export const SMTP_OUTCOMES = [
  'accepted',
  /** No SMTP settings stored yet (host, sender). */
  'not_configured',
  /** The user name or password was refused (535 and the like). */
  'auth_failed',
  /** The server does not relay for this sender or recipient (550, 551, 553, 554 on RCPT). */
  'relay_refused',
  /** Another refusal of the mail (a 5xx reply). */
  'rejected',
  /** A refusal for now (a 4xx reply): tried again later. */
  'temporary_failure',
  /** Nothing listens at the host and port, or the host is not found. */
  'connection_refused',
  /** The TLS handshake failed: a certificate not trusted, or no TLS where it was asked for. */
  'tls_failed',
  /** No answer within SMTP_ANSWER_TIMEOUT_MS. */
  'timeout',
  /** The device stopped while the mail was being sent: whether it went is not known, so it is not
   * sent again unless the administrator retries it. */
  'interrupted',
] as const;
export type SmtpOutcome = (typeof SMTP_OUTCOMES)[number];

/** Outcomes worth another try on their own (the server or the network may be back). */
export const TRANSIENT_OUTCOMES: readonly SmtpOutcome[] = ['temporary_failure', 'connection_refused', 'timeout'];

export const OUTBOX_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export interface SmtpSettings {
  host: string;
  port: number;
  username: string;
  security: SmtpSecurity;
  sender_name: string;
  sender_address: string;
  use_hmi_name: boolean;
  accept_any_certificate: boolean;
}

/** A new device's SMTP settings: nothing to send to yet. */
export const DEFAULT_SMTP_SETTINGS: SmtpSettings = {
  host: '',
  port: 587,
  username: '',
  security: 'starttls',
  sender_name: '',
  sender_address: '',
  use_hmi_name: false,
  accept_any_certificate: false,
};

/** The port a security usually goes with (the form offers it when the security changes). */
export const SMTP_DEFAULT_PORTS: Record<SmtpSecurity, number> = { none: 25, starttls: 587, ssl: 465 };

export type TextProblem = 'required' | 'limit_reached' | 'too_long' | 'line_break' | 'invalid' | 'duplicate' | 'unknown' | 'mismatch' | 'out_of_range';

const LINE_BREAK = /[\r\n]/;
// A mailbox as it is written in practice: a local part and a domain with a dot, no spaces, no
// characters that would end an address in a header (<>, quotes, commas, semicolons).
const ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/;
const HOST = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/;

/** The problem of a required text of at most `max` characters, or undefined. */
export function textProblem(value: string, max: number, required = true): TextProblem | undefined {
  if (LINE_BREAK.test(value)) return 'line_break';
  if (value.trim() === '') return required ? 'required' : undefined;
  if (value.length > max) return 'too_long';
  return undefined;
}

/** The problem of an e-mail address, or undefined. */
export function addressProblem(value: string, required = true): TextProblem | undefined {
  if (LINE_BREAK.test(value)) return 'line_break';
  const v = value.trim();
  if (v === '') return required ? 'required' : undefined;
  if (v.length > EMAIL_ADDRESS_MAX) return 'too_long';
  return ADDRESS.test(v) ? undefined : 'invalid';
}

/** The SMTP settings as the form sends them: the password only when it is set anew (empty keeps
 * the stored one), with its confirmation. */
export interface SmtpSettingsInput extends SmtpSettings {
  password: string;
  password_confirm: string;
}

export type SmtpProblems = Partial<Record<keyof SmtpSettingsInput, TextProblem>>;

/** Specification §5: host, port, user name, password, sender name and address required; the
 * password and its confirmation equal. `passwordStored`: a password is kept already, so an empty
 * one keeps it. The sender name is not needed when the HMI name is used instead. */
export function smtpProblems(s: SmtpSettingsInput, passwordStored: boolean): SmtpProblems {
  const p: SmtpProblems = {};
  const host = s.host.trim();
  if (LINE_BREAK.test(s.host)) p.host = 'line_break';
  else if (host === '') p.host = 'required';
  else if (!HOST.test(host)) p.host = 'invalid';
  if (!Number.isInteger(s.port) || s.port < 1 || s.port > 65535) p.port = 'out_of_range';
  p.username = textProblem(s.username, SMTP_USERNAME_MAX);
  if (LINE_BREAK.test(s.password)) p.password = 'line_break';
  else if (s.password === '' && !passwordStored) p.password = 'required';
  else if (s.password.length > SMTP_PASSWORD_MAX) p.password = 'too_long';
  if (s.password !== s.password_confirm) p.password_confirm = 'mismatch';
  p.sender_name = textProblem(s.sender_name, EMAIL_NAME_MAX, !s.use_hmi_name);
  p.sender_address = addressProblem(s.sender_address);
  return dropEmpty(p);
}

/** The settings cleaned as stored (spaces around texts trimmed). */
export function normalizeSmtp<T extends SmtpSettings>(s: T): T {
  return { ...s, host: s.host.trim(), username: s.username.trim(), sender_name: s.sender_name.trim(), sender_address: s.sender_address.trim() };
}

export interface ContactInput {
  name: string;
  address: string;
  groups: number[];
}

export type ContactProblems = Partial<Record<keyof ContactInput, TextProblem>>;

/** Specification §5: a contact's name and address required, the address valid. Besides: no other
 * contact has the address (`otherAddresses`, lower case), each group exists (`groupIds`). */
export function contactProblems(c: ContactInput, ctx: { otherAddresses: readonly string[]; groupIds: readonly number[] }): ContactProblems {
  const p: ContactProblems = {};
  p.name = textProblem(c.name, EMAIL_NAME_MAX);
  p.address = addressProblem(c.address);
  if (!p.address && ctx.otherAddresses.includes(c.address.trim().toLowerCase())) p.address = 'duplicate';
  if (c.groups.some((g) => !ctx.groupIds.includes(g))) p.groups = 'unknown';
  return dropEmpty(p);
}

export interface GroupInput {
  name: string;
}

export type GroupProblems = Partial<Record<keyof GroupInput, TextProblem>>;

/** A group's name: required, unique (case aside), on one line. */
export function groupProblems(g: GroupInput, ctx: { otherNames: readonly string[] }): GroupProblems {
  const p: GroupProblems = {};
  p.name = textProblem(g.name, EMAIL_GROUP_NAME_MAX);
  if (!p.name && ctx.otherNames.includes(g.name.trim().toLowerCase())) p.name = 'duplicate';
  return dropEmpty(p);
}

/** The test mail's recipient. */
export function testMailProblems(t: { to: string }): Partial<Record<'to', TextProblem>> {
  return dropEmpty({ to: addressProblem(t.to) });
}

/** A mail's subject: one line. */
export function subjectProblem(subject: string): TextProblem | undefined {
  return textProblem(subject, EMAIL_SUBJECT_MAX);
}

/** How long the outbox waits before the `attempts`-th try again (1: after the first failure). */
export function retryDelayMs(attempts: number): number {
  return EMAIL_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1);
}

function dropEmpty<T extends Record<string, unknown>>(p: T): T {
  for (const k of Object.keys(p)) if (p[k] === undefined) delete p[k];
  return p;
}

/** Misc rules (specification §2 "Misc", §9 frame embedding): the ranges of the panel's buzzer,
 * screen saver, backlight and VNC server settings, the origins allowed to embed the console, and
 * what those mean for the response headers. One set of functions: the console runs them as the
 * user types, the server on every write and when it builds the headers. Zod-free, so the console
 * loads no zod. */

/** The screen saver: 0 is off, else the minutes without a touch before it starts. */
export const SCREEN_SAVER_MAX_MINUTES = 60;
/** The backlight's brightness, in percent (below 10 % the screen is unreadable in a plant). */
export const BACKLIGHT_MIN_PERCENT = 10;
export const BACKLIGHT_MAX_PERCENT = 100;
/** The VNC server's port: the unprivileged ports (5900 is VNC's own). */
export const VNC_PORT_MIN = 1024;
export const VNC_PORT_MAX = 65535;
/** The VNC password: VNC's own authentication uses only its first 8 characters, so longer is refused. */
export const VNC_PASSWORD_MIN = 6;
export const VNC_PASSWORD_MAX = 8;
/** The origins besides the console's own that may embed it in a frame. */
export const FRAME_ORIGINS_MAX = 10;
export const FRAME_ORIGIN_MAX_LENGTH = 255;

export interface FrameEmbedding {
  /** On: the console may be embedded by its own origin and the listed ones. Off: by no page. */
  enabled: boolean;
  /** Other origins allowed to embed it (`https://scada.example:8443`), exactly: no path, no wildcard. */
  allowed_origins: string[];
}

/** The Misc settings as stored and answered (the VNC password is write-only: `password_set`). */
export interface MiscSettings {
  frame_embedding: FrameEmbedding;
  buzzer: { enabled: boolean };
  screen_saver_minutes: number;
  backlight_percent: number;
  vnc: { enabled: boolean; port: number; view_only: boolean; password_set: boolean };
}

/** What the administrator sends: the VNC password empty keeps the stored one. */
export interface MiscSettingsInput extends Omit<MiscSettings, 'vnc'> {
  vnc: { enabled: boolean; port: number; view_only: boolean; password: string };
}

/** A new device: embedding by its own origin only (specification §9), buzzer on, no screen saver,
 * full brightness, VNC off and view-only. */
export const DEFAULT_MISC_SETTINGS: MiscSettings = {
  frame_embedding: { enabled: true, allowed_origins: [] },
  buzzer: { enabled: true },
  screen_saver_minutes: 0,
  backlight_percent: 100,
  vnc: { enabled: false, port: 5900, view_only: true, password_set: false },
};

export type MiscField = 'allowed_origins' | 'screen_saver_minutes' | 'backlight_percent' | 'vnc_port' | 'vnc_password';
export type MiscProblem =
  | 'invalid_origin'
  | 'duplicate_origin'
  | 'too_many_origins'
  | 'invalid_minutes'
  | 'invalid_percent'
  | 'invalid_port'
  | 'password_required'
  | 'password_length';
export type MiscProblems = Partial<Record<MiscField, MiscProblem>> & {
  /** Each listed origin's problem, by its index. */
  origins?: Partial<Record<number, MiscProblem>>;
};

const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])$/;

/** An origin as a browser writes it: `http` or `https`, a host, an optional port; nothing else.
 * Answers it in its canonical form (lower case, no default port), or null. */
export function canonicalOrigin(text: string): string | null {
  const m = /^(https?):\/\/([^/:?#\s]+|\[[^\]]+\])(?::(\d{1,5}))?$/i.exec(text.trim());
  if (!m || text.trim().length > FRAME_ORIGIN_MAX_LENGTH) return null;
  const scheme = m[1]!.toLowerCase();
  const host = m[2]!.toLowerCase();
  if (!HOST.test(host)) return null;
  const port = m[3] === undefined ? null : Number(m[3]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  const defaultPort = scheme === 'https' ? 443 : 80;
  return `${scheme}://${host}${port === null || port === defaultPort ? '' : `:${port}`}`;
}

const whole = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

export function normalizeMisc(input: MiscSettingsInput): MiscSettingsInput {
  return {
    ...input,
    frame_embedding: {
      enabled: input.frame_embedding.enabled,
      allowed_origins: input.frame_embedding.allowed_origins.map((o) => canonicalOrigin(o) ?? o.trim()),
    },
  };
}

/** The problems of a Misc input; `passwordSet`: a VNC password is stored already. */
export function miscProblems(input: MiscSettingsInput, passwordSet: boolean): MiscProblems {
  const problems: MiscProblems = {};
  const origins = input.frame_embedding.allowed_origins;
  const seen = new Set<string>();
  const each: Partial<Record<number, MiscProblem>> = {};
  origins.forEach((origin, i) => {
    const canonical = canonicalOrigin(origin);
    if (canonical === null) each[i] = 'invalid_origin';
    else if (seen.has(canonical)) each[i] = 'duplicate_origin';
    else seen.add(canonical);
  });
  if (Object.keys(each).length > 0) {
    problems.origins = each;
    problems.allowed_origins = Object.values(each)[0];
  }
  if (origins.length > FRAME_ORIGINS_MAX) problems.allowed_origins = 'too_many_origins';
  if (!whole(input.screen_saver_minutes, 0, SCREEN_SAVER_MAX_MINUTES)) problems.screen_saver_minutes = 'invalid_minutes';
  if (!whole(input.backlight_percent, BACKLIGHT_MIN_PERCENT, BACKLIGHT_MAX_PERCENT)) problems.backlight_percent = 'invalid_percent';
  if (!whole(input.vnc.port, VNC_PORT_MIN, VNC_PORT_MAX)) problems.vnc_port = 'invalid_port';
  const password = input.vnc.password;
  if (password !== '' && (password.length < VNC_PASSWORD_MIN || password.length > VNC_PASSWORD_MAX)) problems.vnc_password = 'password_length';
  else if (input.vnc.enabled && password === '' && !passwordSet) problems.vnc_password = 'password_required';
  return problems;
}

/** The other origins the console may be embedded by right now (none while embedding is off): what
 * the security self-check reports as open. */
export function frameEmbeddingOpenTo(misc: Pick<MiscSettings, 'frame_embedding'>): string[] {
  return misc.frame_embedding.enabled ? misc.frame_embedding.allowed_origins : [];
}

/** The CSP `frame-ancestors` sources the setting allows: the console's own origin and the listed
 * ones, or none at all. */
export function frameAncestors(frame: FrameEmbedding): string {
  if (!frame.enabled) return "'none'";
  return ["'self'", ...frame.allowed_origins].join(' ');
}

/** `X-Frame-Options` for browsers without `frame-ancestors`: SAMEORIGIN or DENY. It cannot name an
 * origin (ALLOW-FROM is gone from every browser), so with listed origins it is left out: a browser
 * that reads both obeys `frame-ancestors`, and one left with SAMEORIGIN would refuse the listed ones. */
export function xFrameOptions(frame: FrameEmbedding): 'SAMEORIGIN' | 'DENY' | null {
  if (!frame.enabled) return 'DENY';
  return frame.allowed_origins.length === 0 ? 'SAMEORIGIN' : null;
}

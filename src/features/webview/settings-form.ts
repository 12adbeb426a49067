import type { WebviewSettingsBody } from '../../../store/api/webview-endpoints';
import { inRange, readWholeNumber } from '../../components/settings/whole-number';
import {
  WEBVIEW_IDLE_MINUTES_DEFAULT,
  WEBVIEW_IDLE_MINUTES_MAX,
  WEBVIEW_MAX_VIEWERS_LIMIT,
  WEBVIEW_USERNAME_PATTERN,
} from '../../../contract/api/webview.routes';
import { PASSWORD_MIN_LENGTH } from '../../../contract/rules/password-strength';

export const WEBVIEW_NS = 'webview';
export const MINUTES_RANGE = { min: 1, max: WEBVIEW_IDLE_MINUTES_MAX } as const;
export const VIEWERS_RANGE = { min: 1, max: WEBVIEW_MAX_VIEWERS_LIMIT } as const;

/** WebView Setting as the form edits it: the numbers as the text typed. */
export interface SettingsDraft {
  enabled: boolean;
  idleEnabled: boolean;
  minutes: string;
  homePage: boolean;
  passwordFree: boolean;
  autoLogin: boolean;
  autoLoginUser: string;
  maxViewers: string;
}

export type SettingsField = 'minutes' | 'maxViewers' | 'autoLoginUser';
export type SettingsProblem = 'minutes_range' | 'viewers_range' | 'auto_login_user';

export function toDraft(s: WebviewSettingsBody): SettingsDraft {
  return {
    enabled: s.enabled,
    idleEnabled: s.idle_timeout.enabled,
    minutes: String(s.idle_timeout.minutes),
    homePage: s.home_page,
    passwordFree: s.password_free,
    autoLogin: s.auto_login.enabled,
    autoLoginUser: s.auto_login.username ?? '',
    maxViewers: String(s.max_viewers),
  };
}

/** The draft as the device takes it (a number that is not one stays NaN: the problems say so). */
export function normalise(d: SettingsDraft): WebviewSettingsBody {
  return {
    enabled: d.enabled,
    idle_timeout: { enabled: d.idleEnabled, minutes: readWholeNumber(d.minutes) },
    home_page: d.homePage,
    password_free: d.passwordFree,
    auto_login: { enabled: d.autoLogin, username: d.autoLoginUser === '' ? null : d.autoLoginUser },
    max_viewers: readWholeNumber(d.maxViewers),
  };
}

/** The same bounds the device's schema holds; the automatic sign-in user must be one of the
 * enabled WebView users (`enabledUsers`), as the device checks. */
export function settingsProblems(v: WebviewSettingsBody, enabledUsers: readonly string[]): Partial<Record<SettingsField, SettingsProblem>> {
  const problems: Partial<Record<SettingsField, SettingsProblem>> = {};
  if (!inRange(v.idle_timeout.minutes, MINUTES_RANGE)) problems.minutes = 'minutes_range';
  if (!inRange(v.max_viewers, VIEWERS_RANGE)) problems.maxViewers = 'viewers_range';
  if (v.auto_login.enabled && (v.auto_login.username === null || !enabledUsers.includes(v.auto_login.username))) problems.autoLoginUser = 'auto_login_user';
  return problems;
}

/** Turning the idle timeout on starts it at the specification's 60 minutes. */
export function idleTurned(on: boolean): Partial<SettingsDraft> {
  return on ? { idleEnabled: true, minutes: String(WEBVIEW_IDLE_MINUTES_DEFAULT) } : { idleEnabled: false };
}

export type UserFormProblem = 'username' | 'password_required' | 'password_short' | 'confirm_mismatch' | 'admin_password_required';

/** The add and reset forms' own checks (the device applies its strength rules on top). */
export function userFormProblems(
  f: { username?: string; password: string; confirm: string; adminPassword: string },
): Partial<Record<'username' | 'password' | 'confirm' | 'adminPassword', UserFormProblem>> {
  const problems: Partial<Record<'username' | 'password' | 'confirm' | 'adminPassword', UserFormProblem>> = {};
  if (f.username !== undefined && !WEBVIEW_USERNAME_PATTERN.test(f.username.trim())) problems.username = 'username';
  if (f.password === '') problems.password = 'password_required';
  else if (Array.from(f.password).length < PASSWORD_MIN_LENGTH) problems.password = 'password_short';
  if (f.confirm !== f.password) problems.confirm = 'confirm_mismatch';
  if (f.adminPassword === '') problems.adminPassword = 'admin_password_required';
  return problems;
}

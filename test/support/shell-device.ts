/**
 * The signed-in shell's simulated device and the wire shapes tests build answers from: the
 * tokens and session a sign-in leaves, and `shellDevice`, which answers every call the shell
 * makes as the panel would (its answers checked against the contract by fakeDevice).
 */
import type { ResponseOf } from '../../contract/api/define';
import type { signInInfo as signInInfoCall } from '../../contract/api/webview';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, accountOfToken } from '../../store/token-storage';
import { baseRoles, isAccountName } from '../../contract/roles';
import { sanitizeHmiName } from '../../contract/rules/hmi-name';
import { expirationFromWire, isPasswordExpired, type PasswordExpirationWire } from '../../contract/rules/password-expiration';
import type { PasswordStrengthRulesWire } from '../../contract/rules/password-strength';
import { fakeDevice, findCall, type DeviceAnswer, type DeviceHandlers, type FakeDevice, type SentRequest } from './fake-device';
import { expirationWire, strengthRulesWire } from './settings';

/** GET /uac/account/userinfo of an account that may change its own password, first run done. */
export function userInfoWire(username: string) {
  return {
    username,
    permission: { roles: ['system_password'] },
    state_code: 1,
    http: true,
    password_updated_at: '2025-01-01T00:00:00.000Z',
  };
}

/** A JWT-shaped access token whose payload names the account (`sub`), as the device issues. */
export function tokenFor(account: string, serial = 1): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: account, jti: `t${serial}` })}.signature${serial}`;
}

/** Puts a session for `account` in local storage, as a sign-in would have left it. */
export function storeSession(account: string, serial = 1): { accessToken: string; refreshToken: string } {
  const tokens = { accessToken: tokenFor(account, serial), refreshToken: `refresh-${account}-${serial}` };
  localStorage.setItem(ACCESS_TOKEN_KEY, tokens.accessToken);
  localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
  return tokens;
}

/** The account a request's bearer token belongs to, or null. */
export function accountOfRequest(request: SentRequest): string | null {
  const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;
  return accountOfToken(bearer);
}

export interface UserInfoWire {
  username: string;
  permission: { roles: string[] };
  state_code: 0 | 1;
  http: boolean;
  password_updated_at: string;
}

/** The password expiration settings under their device names (the contract's type). */
export type ExpirationWire = PasswordExpirationWire;

export interface ShellDeviceOptions {
  /** Overrides of the signed-in account's user info (its roles default to the role matrix). */
  userInfo?: Partial<UserInfoWire>;
  extraRoles?: string[];
  secs?: boolean;
  /** The device specification's usermode flag. */
  usermode?: boolean;
  /** GET /webview/status. */
  webview?: '1' | '0';
  /** GET /webview/sign-in: what /app/login shows (by default WebView as `webview` says, no users
   * listed, no password-free or automatic sign-in). */
  signInInfo?: Partial<SignInInfo>;
  hmiName?: string;
  /** The product model of the logo area. */
  model?: string;
  /** Accounts whose stored password hash is in the old format. */
  legacy?: string[];
  rules?: PasswordStrengthRulesWire;
  expiration?: Partial<ExpirationWire>;
  /** The password every account signs in and changes its password with. */
  password?: string;
  /** GET /system/time (the fallback of the time channel). */
  time?: string;
  /** The device's clock: a password change records it as the account's password_updated_at. */
  now?: () => Date;
  /** The device refuses (403 password_expired) every call the contract does not mark
   * `whilePasswordExpired: 'allowed'` while the signed-in account's password is expired by `now`
   * and the expiration settings allow no operations before the change, as the panel does. */
  enforceExpiry?: boolean;
}

export interface ShellDevice extends FakeDevice {
  /** What the device keeps; tests may read and change it. */
  state: { hmiName: string; stateCode: Record<string, 0 | 1>; passwordUpdatedAt: Record<string, string>; issued: number };
}

/** What /app/login reads before any token. */
export type SignInInfo = ResponseOf<typeof signInInfoCall>;

export const SHELL_PASSWORD = 'Secret-1';

/** A device that answers every call the shell makes, like the panel would, keeping its state;
 * `overrides` replace single calls. */
export function shellDevice(options: ShellDeviceOptions = {}, overrides: DeviceHandlers = {}): ShellDevice {
  const password = options.password ?? SHELL_PASSWORD;
  const state: ShellDevice['state'] = { hmiName: options.hmiName ?? 'HMI-Line-3', stateCode: {}, passwordUpdatedAt: {}, issued: 100 };
  const now = options.now ?? (() => new Date());
  const ok = { body: { status: 'success' } };
  const issue = (account: string): DeviceAnswer => {
    state.issued += 1;
    return {
      body: {
        access_token: tokenFor(account, state.issued),
        refresh_token: `refresh-${account}-${state.issued}`,
        token_type: 'bearer',
        expires_in: 900,
      },
    };
  };
  const grant = (account: string | null) => (raw: unknown): DeviceAnswer => {
    const body = raw as Record<string, string>;
    if (body.grant_type === 'refresh_token') {
      const owner = /^refresh-(.+)-\d+$/.exec(body.refresh_token ?? '')?.[1];
      if (!owner || (account !== null && owner !== account)) return { status: 400, body: { message: 'Invalid token', error_code: 'invalid_token' } };
      return issue(owner);
    }
    const username = account ?? body.username ?? '';
    if (body.grant_type === 'password_free') {
      const info = signInInfo();
      const listed = info.users.some((u) => u.username === username);
      if (!info.enabled || !listed || !(info.password_free || info.auto_login === username)) {
        return { status: 403, body: { message: 'Password-free sign-in is off', error_code: 'password_free_off' } };
      }
      return issue(username);
    }
    if (!isAccountName(username)) return { status: 401, body: { message: 'User is not in the user list', error_code: 'user_not_in_list' } };
    if (body.password !== password) {
      return { status: 401, body: { message: 'User does not exist or password is incorrect', error_code: 'invalid_credentials' } };
    }
    return issue(username);
  };
  const signedIn = (request: SentRequest): string | null => accountOfRequest(request);
  const unauthorized: DeviceAnswer = { status: 401, body: { message: 'Unauthorized', error_code: 'unauthorized' } };
  const userInfo = (account: string): UserInfoWire => ({
    username: account,
    permission: { roles: isAccountName(account) ? baseRoles(account) : ['dashboard'] },
    http: true,
    password_updated_at: new Date().toISOString(),
    ...options.userInfo,
    state_code: state.stateCode[account] ?? options.userInfo?.state_code ?? 1,
    ...(state.passwordUpdatedAt[account] ? { password_updated_at: state.passwordUpdatedAt[account] } : {}),
  });
  const changePassword = (raw: unknown, request: SentRequest): DeviceAnswer => {
    const body = raw as { current?: string; changeAll?: boolean };
    if (body.current !== password) {
      return { status: 400, body: { message: 'Current password error, please retry', error_code: 'current_password_error' } };
    }
    const account = signedIn(request);
    const changed = body.changeAll ? ['admin', 'update', 'history'] : account ? [account] : [];
    for (const a of changed) state.passwordUpdatedAt[a] = now().toISOString();
    return ok;
  };
  const api = '/api/v1';
  const signInInfo = (): SignInInfo => ({
    enabled: options.webview === '1',
    password_free: false,
    auto_login: null,
    home_page: false,
    users: [],
    ...options.signInInfo,
  });
  const expiration = () => expirationWire(options.expiration);
  const device = fakeDevice({
    [`GET ${api}/auth/login-info`]: () => ({ body: { hmi_name: state.hmiName, model: options.model ?? 'cMT3072XH' } }),
    [`POST ${api}/auth/token/admin`]: grant('admin'),
    [`POST ${api}/auth/token/update`]: grant('update'),
    [`POST ${api}/auth/token/history`]: grant('history'),
    [`POST ${api}/auth/token/app`]: grant(null),
    [`POST ${api}/auth/logout`]: () => ok,
    [`GET ${api}/uac/account/userinfo`]: (_b, r) => {
      const account = signedIn(r);
      return account ? { body: userInfo(account) } : unauthorized;
    },
    [`GET ${api}/uac/account/extra-role`]: () => ({ body: options.extraRoles ?? [] }),
    [`PATCH ${api}/uac/account/state`]: (_b, r) => {
      const account = signedIn(r);
      if (account) state.stateCode[account] = 1;
      return ok;
    },
    [`PATCH ${api}/uac/account/admin/password`]: changePassword,
    [`PATCH ${api}/uac/account/user/password`]: changePassword,
    ['GET /cgi/reset_pj.cgi']: () => ({ body: { resetsele: 28, secs: options.secs ? 'true' : 'false' } }),
    [`GET ${api}/system/web/specification`]: () => ({
      body: { usermode: options.usermode ?? false, ethernet_count: 2, wifi_count: 1, led: true },
    }),
    [`GET ${api}/webview/status`]: () => ({ body: { status: options.webview ?? '0' } }),
    [`GET ${api}/webview/sign-in`]: () => ({ body: signInInfo() }),
    [`GET ${api}/system/hmi/name`]: () => ({ body: { name: state.hmiName } }),
    [`PUT ${api}/system/hmi/name`]: (body) => {
      state.hmiName = sanitizeHmiName((body as { name: string }).name);
      return { body: { name: state.hmiName } };
    },
    [`GET ${api}/system/time`]: () => ({ body: { time: options.time ?? '2025/06/01 12:00:00' } }),
    [`PUT ${api}/system/datetime`]: (body) => {
      const m = /^(\d{4})\.(\d{2})\.(\d{2})-(\d{2}:\d{2}:\d{2})$/.exec((body as { time: string }).time);
      return m ? { body: { time: `${m[1]}/${m[2]}/${m[3]} ${m[4]}` } } : { status: 400, body: { message: 'time', error_code: 'validation_failure' } };
    },
    [`GET ${api}/system/legacyhash`]: () => ({ body: options.legacy ?? [] }),
    [`GET ${api}/system/password-strength-rules`]: () => ({ body: options.rules ?? strengthRulesWire() }),
    [`GET ${api}/system/password-expiration-notification`]: () => ({ body: expiration() }),
    [`GET ${api}/system/http`]: () => ({ body: { http: true, https_port: 8443, certificate_sha256: 'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89' } }),
    [`PUT ${api}/system/http`]: (body) => ({ body: { http: (body as { http: boolean }).http, https_port: 8443, certificate_sha256: 'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89' } }),
    [`GET ${api}/project/management/logoname`]: () => ({ body: { name: options.model ?? 'cMT3072XH' } }),
    [`GET ${api}/system/info`]: () => ({
      body: {
        hmi_name: state.hmiName,
        model: options.model ?? 'cMT3072XH',
        os_version: '20250101',
        web_version: '1.0.0',
        hostname: 'hmi-panel',
        uptime_seconds: 93784,
        remote_access_version: '2.1.0',
        serial_number: 'X107000004711',
        macs: [
          { name: 'LAN1', mac: '02:1a:7c:11:22:01' },
          { name: 'LAN2', mac: '02:1a:7c:11:22:02' },
          { name: 'WLAN', mac: '02:1a:7c:11:22:03' },
        ],
        disk: { total_bytes: 8 * 1024 ** 3, used_bytes: 2 * 1024 ** 3 },
        memory: { total_bytes: 2 * 1024 ** 3, used_bytes: 1024 ** 3 },
      },
    }),
    ...overrides,
  });
  if (options.enforceExpiry) {
    const refused: DeviceAnswer = { status: 403, body: { message: 'The password has expired: change it first', error_code: 'password_expired' } };
    for (const [key, handler] of Object.entries(device.handlers)) {
      const [method, path] = key.split(' ') as [string, string];
      if (findCall(method, path)?.whilePasswordExpired === 'allowed') continue;
      device.handlers[key] = (body, request) => {
        const account = signedIn(request);
        const settings = expirationFromWire(expiration());
        const updatedAt = account ? userInfo(account).password_updated_at : null;
        if (updatedAt && !settings.allowOperationsBeforeUpdate && isPasswordExpired(settings, updatedAt, now().getTime())) return refused;
        return handler(body, request);
      };
    }
  }
  return Object.assign(device, { state });
}

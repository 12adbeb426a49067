import type { FastifyInstance } from 'fastify';
import { loginInfo, logout, tokenAdmin, tokenApp, tokenCheck } from '../../contract/api/auth';
import { DEVICE_MODEL } from '../hardware/system-info';
import type { AccountName } from '../../contract/roles';
import { ApiError } from '../lib/api-error';
import { registerCall } from '../http/register-call';
import { defineServerArea, setting } from '../http/area';
import crypto from 'node:crypto';
import { z } from 'zod';
import { secret } from '../../contract/api/secret';
import type { Device } from '../device';
import type { TokenPair } from '../services/tokens';

type TokenBody =
  | { grant_type: 'password'; username: string; password: string }
  | { grant_type: 'refresh_token'; refresh_token: string }
  | { grant_type: 'password_free'; username: string };

/** Both token calls. Every attempt first passes the sign-in limits (per address, per account),
 * in memory and before any password is checked; a refused one is counted on its address's row of
 * the operation log, never written as a row of its own. */
async function grant(
  device: Device,
  body: TokenBody,
  source: string,
  pathAccount: AccountName | null,
  audit: (e: { account?: string; after?: unknown }) => void,
  userAgent: string | null = null,
): Promise<TokenPair> {
  const limits = device.signInLimits;
  if (body.grant_type === 'refresh_token') {
    limits.admit(source, null);
    const { pair, username } = device.tokens.refresh(body.refresh_token, pathAccount ?? undefined);
    limits.succeeded(source, null);
    audit({ account: username, after: { grant_type: 'refresh_token' } });
    return pair;
  }
  const { username } = body;
  audit({ account: username, after: { grant_type: body.grant_type } });
  limits.admit(source, username);
  // An admitted attempt counts towards the account's throttle until it ends one way or the other.
  let ended = false;
  try {
    if (pathAccount && username !== pathAccount) throw ApiError.validation('username', 'does not match the account chosen');
    device.lockout.assertNotLocked(source, username);
    const webview = device.settings.get('webview');
    if (body.grant_type === 'password_free') {
      // Only while WebView Setting allows it (password-free sign-in, or automatic sign-in as
      // this very user), and only as an enabled WebView user (docs/decisions.md#webview-users);
      // nothing about the name is revealed otherwise.
      const account = device.accounts.get(username);
      const allowed = webview.password_free || (webview.auto_login.enabled && webview.auto_login.username === username);
      if (!allowed || !account || account.mode !== 'user' || !account.enabled) {
        throw new ApiError(403, 'password_free_off', 'Password-free sign-in is off');
      }
      if (!webview.enabled) throw new ApiError(403, 'webview_disabled', 'WebView is turned off');
    } else {
      const account = device.accounts.get(username);
      if (!account) {
        ended = true;
        limits.failed(username, source);
        device.lockout.recordFailure(source, username);
        throw new ApiError(401, 'user_not_in_list', 'User is not in the user list');
      }
      // A disabled WebView user is refused as a wrong password is: the answer does not say the
      // password was right.
      if (!(await device.accounts.verify(username, body.password)) || !account.enabled) {
        ended = true;
        limits.failed(username, source);
        device.lockout.recordFailure(source, username);
        throw new ApiError(401, 'invalid_credentials', 'User does not exist or password is incorrect');
      }
      if (account.mode === 'user' && !webview.enabled) throw new ApiError(403, 'webview_disabled', 'WebView is turned off');
    }
    device.lockout.recordSuccess(source, username);
    ended = true;
    limits.succeeded(source, username);
    return device.tokens.issue(username, source, userAgent);
  } finally {
    if (!ended) limits.abandoned(username);
  }
}

/** The browser's user agent as kept with its session (Account Management shows it): at most 512
 * characters, none if it sent none. */
function userAgentOf(header: string | string[] | undefined): string | null {
  const text = Array.isArray(header) ? header[0] : header;
  return text ? text.slice(0, 512) : null;
}

function register(app: FastifyInstance, device: Device): void {
  registerCall(app, device, tokenApp, ({ body, source, audit, req }) => grant(device, body, source, null, audit, userAgentOf(req.headers['user-agent'])));

  registerCall(app, device, tokenAdmin, ({ body, params, source, audit, req }) =>
    grant(device, body, source, params.role, audit, userAgentOf(req.headers['user-agent'])),
  );

  registerCall(app, device, logout, ({ caller }) => {
    device.tokens.revokeSessions([caller.sessionId], 'logout');
    return { status: 'success' as const };
  });

  registerCall(app, device, loginInfo, () => ({ hmi_name: device.settings.get('hmi_name'), model: DEVICE_MODEL }));

  registerCall(app, device, tokenCheck, ({ caller }) => ({
    valid: true as const,
    username: caller.username,
    expires_at: new Date(caller.expiresAt).toISOString(),
  }));
}

export const authArea = defineServerArea({
  name: 'auth',
  /** The key tokens are signed with: made at first start, never answered or logged. */
  settings: { jwt_secret: setting(secret(z.string()), () => crypto.randomBytes(48).toString('base64url')) },
  register,
});

import type { FastifyInstance } from 'fastify';
import { changeAdminPassword, changeUserPassword, extraRole, setState, userInfo } from '../../contract/api/uac';
import { ADMIN_MODE_ACCOUNTS, baseRoles } from '../../contract/roles';
import { strengthFailures, strengthRulesFromWire } from '../../contract/rules/password-strength';
import { PASSWORD_HISTORY_DEPTH } from '../../contract/rules/password-form';
import { ApiError } from '../lib/api-error';
import { registerCall, type Caller } from '../http/register-call';
import { defineServerArea } from '../http/area';
import type { Device } from '../device';

interface ChangeRequest {
  username: string;
  current: string;
  password: string;
  changeAll: boolean;
}

/** Verifies the current password, applies the strength rules, sets the new password, and ends
 * every other session of the changed accounts at once (the caller's own session stays). */
async function changePassword(device: Device, caller: Caller, source: string, req: ChangeRequest): Promise<string[]> {
  if (req.username !== caller.username) throw ApiError.forbidden('You may change only your own password');
  if (req.changeAll && caller.username !== 'admin') throw ApiError.forbidden('Only admin may change every password');
  device.lockout.assertNotLocked(source, caller.username);
  if (!(await device.accounts.verify(caller.username, req.current))) {
    device.lockout.recordFailure(source, caller.username);
    throw new ApiError(400, 'current_password_error', 'Current password error, please retry');
  }
  const failures = strengthFailures(req.password, strengthRulesFromWire(device.settings.get('password_strength_rules')));
  if (failures.length > 0) {
    throw new ApiError(400, 'password_too_weak', 'The password does not meet the password strength rules', { failures, field: 'password' });
  }
  const targets: string[] = req.changeAll ? [...ADMIN_MODE_ACCOUNTS] : [caller.username];
  const reused = await device.accounts.reusedBy(targets, req.password);
  if (reused.length > 0) {
    throw new ApiError(400, 'password_reused', `The new password is one of the last ${PASSWORD_HISTORY_DEPTH} passwords of ${reused.join(', ')}: choose another`, {
      field: 'password',
      qty: PASSWORD_HISTORY_DEPTH,
    });
  }
  await device.accounts.setPassword(targets, req.password);
  device.tokens.revokeAccounts(targets, 'password_changed', caller.sessionId);
  return targets;
}

function register(app: FastifyInstance, device: Device): void {
  registerCall(app, device, changeAdminPassword, async ({ body, caller, source, audit }) => {
    const changed = await changePassword(device, caller, source, body);
    audit({ target: `account.${changed.join(',')}`, after: { accounts: changed } });
    return { status: 'success' as const };
  });

  registerCall(app, device, changeUserPassword, async ({ body, caller, source, audit }) => {
    const changed = await changePassword(device, caller, source, { ...body, changeAll: false });
    audit({ target: `account.${changed.join(',')}`, after: { accounts: changed } });
    return { status: 'success' as const };
  });

  registerCall(app, device, extraRole, ({ caller }) => device.accounts.extraRoles(caller.username));

  registerCall(app, device, userInfo, ({ caller }) => {
    const account = device.accounts.get(caller.username);
    if (!account) throw new ApiError(400, 'invalid_token', 'The account of this token no longer exists');
    return {
      username: account.username,
      permission: { roles: baseRoles(caller.account) },
      state_code: account.state_code,
      http: device.settings.get('http_enabled'),
      password_updated_at: account.password_updated_at,
    };
  });

  registerCall(app, device, setState, ({ body, caller, audit }) => {
    const before = device.accounts.get(caller.username)?.state_code;
    device.accounts.setState(caller.username, body.code);
    audit({ target: `account.${caller.username}.state_code`, before, after: body.code });
    return { status: 'success' as const };
  });
}

export const uacArea = defineServerArea({ name: 'uac', register });

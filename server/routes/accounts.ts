import * as calls from '../../contract/api/accounts';
import { registerCall } from '../http/register-call';
import { defineServerArea } from '../http/area';
import { AccountManagementService } from '../services/account-management';
import { selfCheckItem, type SelfCheckItem } from '../../contract/api/self-check';

/** Account Management (docs/decisions.md#account-management): admin's calls on every account, its
 * sessions and its lockouts. */
export const accountsArea = defineServerArea({
  name: 'accounts',
  /** `device.accountManagement`. */
  services: (device) => ({
    accountManagement: new AccountManagementService({
      db: device.db,
      clock: device.clock,
      deviceClock: device.time,
      accounts: device.accounts,
      tokens: device.tokens,
      lockout: device.lockout,
      settings: device.settings,
    }),
  }),
  selfCheck: {
    ids: ['initial_passwords'],
    // The passwords made at first start (printed, written to data/initial-credentials) still open
    // these accounts: whoever read them once still can.
    check(device): SelfCheckItem[] {
      const unchanged = device.accounts.withInitialPassword();
      return unchanged.length === 0 ? [] : [selfCheckItem('accounts', 'initial_passwords', 'high', 'accounts.password', 'account_management', { accounts: unchanged.join(', '), count: unchanged.length })];
    },
  },
  register(app, device) {
    const service = device.accountManagement;

    registerCall(app, device, calls.list, () => service.list());

    registerCall(app, device, calls.update, ({ params, body, audit }) => {
      audit({ target: `accounts.managed:${params.name}`, after: body });
      const before = service.update(params.name, body);
      audit({ target: `accounts.managed:${params.name}`, before, after: body });
      return service.list();
    });

    registerCall(app, device, calls.resetPassword, async ({ params, body, caller, source, audit }) => {
      // The row names the account; the body's passwords are masked by the body schema.
      audit({ target: `accounts.managed:${params.name}`, after: body });
      await service.confirm(caller.username, source, body.admin_password);
      await service.resetPassword(params.name, body.password);
      return service.list();
    });

    registerCall(app, device, calls.sessions, ({ caller }) => service.sessions(caller.sessionId));

    registerCall(app, device, calls.endSession, ({ params, caller, audit }) => {
      audit({ after: { id: params.id } });
      const ended = service.endSession(params.id, caller.sessionId);
      audit({ before: { id: ended.id, username: ended.username, source: ended.source }, after: null });
      return service.sessions(caller.sessionId);
    });

    registerCall(app, device, calls.lockouts, () => service.lockouts());

    registerCall(app, device, calls.unlock, ({ params, audit }) => {
      audit({ after: { id: params.id } });
      const released = service.unlock(params.id);
      audit({ before: { source: released.source, username: released.username, until: released.until }, after: null });
      return service.lockouts();
    });
  },
});

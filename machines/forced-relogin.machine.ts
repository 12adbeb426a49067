/**
 * The forced re-login dialog (specification §4 "Session expiry", §7 token handling, §8 invalid_token).
 *
 * A 400 `invalid_token` answer sends 'session.invalidToken'; the Confirm logout dialog opens
 * (`confirming`). While it is open further 'session.invalidToken' events are ignored: one dialog
 * at a time. Re-Login ('relogin.confirm') resets the session and reloads the page; cancel closes
 * the dialog and leaves the user on the page.
 *
 * Provided by the app (`forcedReloginMachine.provide({ actions })`):
 * - action `resetSession`: clears the token and rebuilds the routes.
 * - action `reloadPage`: reloads the page (runs after `resetSession`).
 */
import { setup } from 'xstate';

export const FORCED_RELOGIN_ID = 'forcedRelogin';

export type ForcedReloginEvent =
  | { type: 'session.invalidToken' }
  | { type: 'relogin.confirm' }
  | { type: 'relogin.cancel' };

export const forcedReloginMachine = setup({
  types: {
    events: {} as ForcedReloginEvent,
  },
  actions: {
    resetSession: () => {},
    reloadPage: () => {},
  },
}).createMachine({
  id: FORCED_RELOGIN_ID,
  initial: 'idle',
  states: {
    idle: {
      on: { 'session.invalidToken': 'confirming' },
    },
    confirming: {
      on: {
        'relogin.confirm': 'resetting',
        'relogin.cancel': 'idle',
      },
    },
    resetting: {
      type: 'final',
      entry: ['resetSession', 'reloadPage'],
    },
  },
});

export type ForcedReloginMachine = typeof forcedReloginMachine;


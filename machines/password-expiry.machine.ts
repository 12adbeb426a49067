/**
 * The password-expiry dialog (specification §2 "Password-expiry dialog", §3, §5).
 *
 * Step 0 `notice`, step 1 `form`. Cancel closes the dialog only when the device allows operations
 * before the update (`allowCancel`); otherwise the dialog cannot be closed. The form is the
 * password-change flow (password-change.machine.ts), invoked for the dialog's whole life so that
 * what was typed survives Previous; Finish is its submit, and once it has changed the password the
 * page reloads.
 *
 * Provided by the app (`passwordExpiryMachine.provide({ actors, actions })`):
 * - actor `passwordChange`: the password-change machine with its `changePassword` actor provided.
 * - action `reloadPage`: reloads the page once the password changed.
 *
 * Tags for the dialog: `form` (the password form shows; its own tags say whether it takes edits or
 * is sending).
 */
import { setup, stateIn, type SnapshotFrom } from 'xstate';

import { isPasswordExpired, type PasswordExpirationSettings } from '../contract/rules/password-expiration';
import type { PasswordStrengthRules } from '../contract/rules/password-strength';
import { PASSWORD_CHANGE_ID, passwordChangeMachine, type PasswordChangeInput } from './password-change.machine';

export const PASSWORD_EXPIRY_ID = 'passwordExpiry';

export interface PasswordExpiryInput {
  username: string;
  isAdmin: boolean;
  /** The device's allowOperationsBeforeUpdate: whether Cancel is offered. */
  allowCancel: boolean;
  rules: PasswordStrengthRules;
}

export type PasswordExpiryContext = PasswordExpiryInput;

export type PasswordExpiryTag = 'form';

export type PasswordExpiryEvent = { type: 'expiry.next' } | { type: 'expiry.previous' } | { type: 'expiry.cancel' };

export const passwordExpiryMachine = setup({
  types: {
    input: {} as PasswordExpiryInput,
    context: {} as PasswordExpiryContext,
    events: {} as PasswordExpiryEvent,
    tags: {} as PasswordExpiryTag,
    children: {} as { passwordChange: 'passwordChange' },
  },
  actors: {
    passwordChange: passwordChangeMachine,
  },
  actions: {
    reloadPage: () => {},
  },
  guards: {
    canCancel: ({ context }) => context.allowCancel,
  },
}).createMachine({
  id: PASSWORD_EXPIRY_ID,
  context: ({ input }) => ({
    username: input.username,
    isAdmin: input.isAdmin,
    allowCancel: input.allowCancel,
    rules: input.rules,
  }),
  // The form lives as long as the dialog: Previous keeps what was typed.
  invoke: {
    id: PASSWORD_CHANGE_ID,
    src: 'passwordChange',
    input: ({ context }): PasswordChangeInput => ({ username: context.username, isAdmin: context.isAdmin, rules: context.rules, live: false }),
    // The form shows (and so can finish) on step 1 only.
    onDone: { guard: stateIn('form'), target: '.changed' },
  },
  initial: 'notice',
  states: {
    notice: {
      on: {
        'expiry.next': 'form',
        'expiry.cancel': { guard: 'canCancel', target: 'dismissed' },
      },
    },
    form: {
      tags: ['form'],
      on: {
        'expiry.previous': 'notice',
        'expiry.cancel': { guard: 'canCancel', target: 'dismissed' },
      },
    },
    changed: {
      type: 'final',
      entry: 'reloadPage',
    },
    dismissed: {
      type: 'final',
    },
  },
});

export type PasswordExpiryMachine = typeof passwordExpiryMachine;
export type PasswordExpirySnapshot = SnapshotFrom<PasswordExpiryMachine>;

/** The dialog's step: `notice` 0, the form (and the change it sends) 1. */
export function expiryStep(snapshot: Pick<PasswordExpirySnapshot, 'value'>): 0 | 1 {
  return snapshot.value === 'notice' ? 0 : 1;
}

export interface ExpiryDialogConditions {
  /** Whether the first-run wizard is showing (the expiry dialog waits for it). */
  wizardVisible: boolean;
  settings: PasswordExpirationSettings;
  /** The user info's `password_updated_at` (ISO 8601). */
  passwordUpdatedAt: string;
  /** The device time, in ms since the epoch. */
  deviceNowMs: number;
}

/**
 * Whether the dialog appears: the wizard is hidden, expiry notifications are on and the password is
 * older than the validity period (device time minus passwordUpdatedAt, in whole days).
 */
export function shouldShowExpiryDialog({ wizardVisible, settings, passwordUpdatedAt, deviceNowMs }: ExpiryDialogConditions): boolean {
  return !wizardVisible && isPasswordExpired(settings, passwordUpdatedAt, deviceNowMs);
}

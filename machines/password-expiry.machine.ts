/**
 * The password-expiry dialog (specification §2 "Password-expiry dialog", §3, §5).
 *
 * Step 0 `notice`, step 1 `form`. Cancel closes the dialog only when the device allows operations
 * before the update (`allowCancel`); otherwise the dialog cannot be closed. Finish validates the
 * form with the contract's rules and changes the password; after a change the page reloads.
 *
 * Provided by the app (`passwordExpiryMachine.provide({ actors, actions })`):
 * - actor `changePassword` (fromPromise, input ChangePasswordInput): the password call; rejects
 *   with an object carrying `error_code`.
 * - action `reloadPage`: reloads the page once the password changed.
 *
 * Tags for the dialog: `editable` (the form takes edits) and `busy` (the change is being sent).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

import { isPasswordExpired, type PasswordExpirationSettings } from '../contract/rules/password-expiration';
import { hasFormErrors, validatePasswordChangeForm, type PasswordFormErrors } from '../contract/rules/password-form';
import type { PasswordStrengthRules } from '../contract/rules/password-strength';
import {
  EMPTY_PASSWORD_FORM,
  changePasswordInput,
  clearFieldError,
  editForm,
  errorCodeOf,
  notProvided,
  type ChangePasswordInput,
  type ChangePasswordOutput,
  type PasswordField,
  type PasswordFormState,
} from './password-change';

export const PASSWORD_EXPIRY_ID = 'passwordExpiry';

export interface PasswordExpiryInput {
  username: string;
  isAdmin: boolean;
  /** The device's allowOperationsBeforeUpdate: whether Cancel is offered. */
  allowCancel: boolean;
  rules: PasswordStrengthRules;
}

export interface PasswordExpiryContext extends PasswordExpiryInput {
  form: PasswordFormState;
  errors: PasswordFormErrors;
  /** The `error_code` of the last failed change, null when none. */
  serverError: string | null;
}

export type PasswordExpiryTag = 'editable' | 'busy';

export type PasswordExpiryEvent =
  | { type: 'expiry.next' }
  | { type: 'expiry.previous' }
  | { type: 'expiry.finish' }
  | { type: 'expiry.cancel' }
  | { type: 'expiry.edit'; field: PasswordField; value: string }
  | { type: 'expiry.toggleChangeAll'; value: boolean };

export const passwordExpiryMachine = setup({
  types: {
    input: {} as PasswordExpiryInput,
    context: {} as PasswordExpiryContext,
    events: {} as PasswordExpiryEvent,
    tags: {} as PasswordExpiryTag,
  },
  actors: {
    changePassword: fromPromise<ChangePasswordOutput, ChangePasswordInput>(async () => {
      throw notProvided(PASSWORD_EXPIRY_ID, 'changePassword');
    }),
  },
  actions: {
    reloadPage: () => {},
  },
  guards: {
    isAdmin: ({ context }) => context.isAdmin,
    canCancel: ({ context }) => context.allowCancel,
    formValid: ({ context }) => !hasFormErrors(validatePasswordChangeForm(context.form, context.rules)),
  },
}).createMachine({
  id: PASSWORD_EXPIRY_ID,
  context: ({ input }) => ({
    username: input.username,
    isAdmin: input.isAdmin,
    allowCancel: input.allowCancel,
    rules: input.rules,
    form: { ...EMPTY_PASSWORD_FORM },
    errors: {},
    serverError: null,
  }),
  initial: 'notice',
  states: {
    notice: {
      on: {
        'expiry.next': 'form',
        'expiry.cancel': { guard: 'canCancel', target: 'dismissed' },
      },
    },
    form: {
      tags: ['editable'],
      on: {
        'expiry.previous': 'notice',
        'expiry.cancel': { guard: 'canCancel', target: 'dismissed' },
        'expiry.edit': {
          actions: assign({
            form: ({ context, event }) => editForm(context.form, event.field, event.value),
            errors: ({ context, event }) => clearFieldError(context.errors, event.field),
            serverError: null,
          }),
        },
        'expiry.toggleChangeAll': {
          guard: 'isAdmin',
          actions: assign({ form: ({ context, event }) => ({ ...context.form, changeAll: event.value }) }),
        },
        'expiry.finish': [
          { guard: 'formValid', target: 'changing', actions: assign({ errors: {}, serverError: null }) },
          {
            actions: assign({
              errors: ({ context }) => validatePasswordChangeForm(context.form, context.rules),
              serverError: null,
            }),
          },
        ],
      },
    },
    changing: {
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => changePasswordInput(context.username, context.isAdmin, context.form),
        onDone: 'changed',
        onError: {
          target: 'form',
          actions: assign({ serverError: ({ event }) => errorCodeOf(event.error) }),
        },
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

/** The dialog's step: `notice` 0, the form and the change in progress 1. */
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

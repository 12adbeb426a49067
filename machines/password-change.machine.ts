/**
 * Changing one's own password (specification §3 "Change form", §5): the form is edited, checked
 * with the contract's rules on submit, and sent; a refusal comes back to the form as the device's
 * failure, a change ends the flow. The System Password page runs it on its own; the change-password
 * steps of the first-run wizard and the password-expiry dialog are the same flow.
 *
 * Two ways of showing field errors, chosen by the input's `live`:
 * - `live: false` (the dialogs): an edit clears its own field's error and any refusal shown;
 *   errors come back only with the next submit.
 * - `live: true` (the System Password page): after the first submit the errors follow the form as
 *   it is typed; a refusal stays shown, except that editing the new password drops the strength
 *   rules the device said the previous one broke.
 *
 * Provided by the app (`passwordChangeMachine.provide({ actors })`):
 * - actor `changePassword` (fromPromise, input ChangePasswordInput): the password call; rejects
 *   with the call's failure (anything `failureOf` reads, contract/failure.ts).
 *
 * Tags: `editable` (the form takes edits and a submit) and `busy` (the change is being sent).
 * `attempts` counts the submits that came back to the form with an error, so that a view can take
 * the focus to the first field in error each time.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

import { failureOf, type Failure } from '../contract/failure';
import { hasFormErrors, validatePasswordChangeForm, type PasswordFormErrors } from '../contract/rules/password-form';
import type { PasswordStrengthRules } from '../contract/rules/password-strength';
import {
  EMPTY_PASSWORD_FORM,
  changePasswordInput,
  clearFieldError,
  editForm,
  notProvided,
  type ChangePasswordInput,
  type ChangePasswordOutput,
  type PasswordField,
  type PasswordFormState,
} from './password-change';

export const PASSWORD_CHANGE_ID = 'passwordChange';

export interface PasswordChangeInput {
  username: string;
  isAdmin: boolean;
  rules: PasswordStrengthRules;
  /** Whether field errors follow the form after the first submit (see the module comment). */
  live: boolean;
}

export interface PasswordChangeContext extends PasswordChangeInput {
  form: PasswordFormState;
  errors: PasswordFormErrors;
  /** The last refusal of the change, null when none. */
  serverError: Failure | null;
  /** Whether a submit was tried (live errors start then). */
  submitted: boolean;
  /** How many submits came back to the form with an error. */
  attempts: number;
}

export type PasswordChangeTag = 'editable' | 'busy';

export type PasswordChangeEvent =
  | { type: 'password.edit'; field: PasswordField; value: string }
  | { type: 'password.toggleChangeAll'; value: boolean }
  | { type: 'password.submit' };

/** The failure of an answer that does not say `success` (the contract does not allow one). */
const NOT_SUCCESS: Failure = { error_code: 'fail' };

/** The refusal without the strength rules it named (they were about a password no longer typed). */
function withoutStrengthFailures(failure: Failure | null): Failure | null {
  if (!failure?.failures) return failure;
  const rest = { ...failure };
  delete rest.failures;
  return rest;
}

export const passwordChangeMachine = setup({
  types: {
    input: {} as PasswordChangeInput,
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
    tags: {} as PasswordChangeTag,
    output: {} as ChangePasswordOutput,
  },
  actors: {
    changePassword: fromPromise<ChangePasswordOutput, ChangePasswordInput>(async () => {
      throw notProvided(PASSWORD_CHANGE_ID, 'changePassword');
    }),
  },
  guards: {
    isAdmin: ({ context }) => context.isAdmin,
    live: ({ context }) => context.live,
    formValid: ({ context }) => !hasFormErrors(validatePasswordChangeForm(context.form, context.rules)),
    succeeded: ({ event }) => (event as { output?: ChangePasswordOutput }).output?.status === 'success',
  },
}).createMachine({
  id: PASSWORD_CHANGE_ID,
  context: ({ input }) => ({
    username: input.username,
    isAdmin: input.isAdmin,
    rules: input.rules,
    live: input.live,
    form: { ...EMPTY_PASSWORD_FORM },
    errors: {},
    serverError: null,
    submitted: false,
    attempts: 0,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editable'],
      on: {
        'password.edit': [
          {
            guard: 'live',
            actions: assign(({ context, event }) => {
              const form = editForm(context.form, event.field, event.value);
              return {
                form,
                errors: context.submitted ? validatePasswordChangeForm(form, context.rules) : {},
                serverError: event.field === 'password' ? withoutStrengthFailures(context.serverError) : context.serverError,
              };
            }),
          },
          {
            actions: assign({
              form: ({ context, event }) => editForm(context.form, event.field, event.value),
              errors: ({ context, event }) => clearFieldError(context.errors, event.field),
              serverError: null,
            }),
          },
        ],
        'password.toggleChangeAll': {
          guard: 'isAdmin',
          actions: assign({ form: ({ context, event }) => ({ ...context.form, changeAll: event.value }) }),
        },
        'password.submit': [
          {
            guard: 'formValid',
            target: 'sending',
            actions: assign({ errors: {}, serverError: null, submitted: true }),
          },
          {
            guard: 'live',
            actions: assign({
              errors: ({ context }) => validatePasswordChangeForm(context.form, context.rules),
              submitted: true,
              attempts: ({ context }) => context.attempts + 1,
            }),
          },
          {
            actions: assign({
              errors: ({ context }) => validatePasswordChangeForm(context.form, context.rules),
              serverError: null,
              submitted: true,
              attempts: ({ context }) => context.attempts + 1,
            }),
          },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => changePasswordInput(context.username, context.isAdmin, context.form),
        onDone: [
          { guard: 'succeeded', target: 'changed' },
          { target: 'editing', actions: assign({ serverError: NOT_SUCCESS }) },
        ],
        onError: {
          target: 'editing',
          actions: assign({
            serverError: ({ event }) => failureOf(event.error),
            attempts: ({ context }) => context.attempts + 1,
          }),
        },
      },
    },
    changed: {
      type: 'final',
    },
  },
  output: (): ChangePasswordOutput => ({ status: 'success' }),
});

export type PasswordChangeMachine = typeof passwordChangeMachine;
export type PasswordChangeSnapshot = SnapshotFrom<PasswordChangeMachine>;

/**
 * The field errors a view shows: the form's own, or, while the new password passes them, the
 * strength rules the device said it breaks.
 */
export function shownFieldErrors(context: Pick<PasswordChangeContext, 'errors' | 'serverError'>): PasswordFormErrors {
  const { errors, serverError } = context;
  if (errors.password || !serverError?.failures) return errors;
  return { ...errors, password: serverError.failures };
}

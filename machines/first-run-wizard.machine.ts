/**
 * The first-run wizard on the dashboard (specification §2 "First-run wizard", §5, §7 PUT /system/http).
 *
 * Steps: 0 `welcome` (admin), 1 `protocol` (admin: HTTP or HTTPS), 2 `password` (everyone). A
 * non-admin starts at step 2 and never sees steps 0 and 1 in either direction. Skip (step 0 for
 * admin, step 2 for others) only marks the first run completed. Finish validates the form with the
 * contract's rules, changes the password, marks the first run completed and, for admin, then sets
 * the protocol (`PUT /system/http` with `http = !https`).
 *
 * The protocol choice starts at HTTPS (`https: true`) whatever the device does now: it is the
 * specification's security recommendation shown on step 0, and it cannot take effect unseen —
 * the protocol is only set on the Finish path, which passes through step 1 where the choice is
 * shown, while Skip never sets it. `httpsEnabled` (the device's current setting) stays in the
 * context for the dialog to show.
 *
 * Provided by the app (`firstRunWizardMachine.provide({ actors })`):
 * - actor `changePassword` (fromPromise, input ChangePasswordInput): the password call; rejects
 *   with an object carrying `error_code`.
 * - actor `completeFirstRun` (fromPromise, resolves with nothing): `PATCH /uac/account/state
 *   {code: 1}`, then refetches the user info.
 * - actor `setHttp` (fromPromise, input SetHttpInput): `PUT /system/http`.
 *
 * Tags for the dialog: `editable` (the password form takes edits), `busy` (a call is running) and
 * `failed` (completion or the protocol change failed: Retry or Close).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

import { hasFormErrors, validatePasswordChangeForm, type PasswordFormErrors } from '../contract/rules/password-form';
import type { PasswordStrengthRules } from '../contract/rules/password-strength';
import type { ResponseOf } from '../contract/api/define';
import type * as system from '../contract/api/system';
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

export const FIRST_RUN_WIZARD_ID = 'firstRunWizard';

export interface FirstRunWizardInput {
  username: string;
  isAdmin: boolean;
  rules: PasswordStrengthRules;
  /** Whether the device is HTTPS-only now (the user info's `http` negated). */
  httpsEnabled: boolean;
}

export interface FirstRunWizardContext extends FirstRunWizardInput {
  /** The protocol chosen on step 1: true for HTTPS. */
  https: boolean;
  form: PasswordFormState;
  errors: PasswordFormErrors;
  /** The `error_code` of the last failed call, null when none. */
  serverError: string | null;
  /** True once Finish passed validation: completion then goes on to set the protocol (admin). */
  finishing: boolean;
}

export type FirstRunWizardTag = 'editable' | 'busy' | 'failed';

export type FirstRunWizardEvent =
  | { type: 'wizard.next' }
  | { type: 'wizard.previous' }
  | { type: 'wizard.skip' }
  | { type: 'wizard.finish' }
  | { type: 'wizard.chooseProtocol'; https: boolean }
  | { type: 'wizard.edit'; field: PasswordField; value: string }
  | { type: 'wizard.toggleChangeAll'; value: boolean }
  | { type: 'wizard.retry' }
  | { type: 'wizard.close' };

export interface SetHttpInput {
  /** Whether plain HTTP stays allowed: the negation of the chosen HTTPS flag. */
  http: boolean;
}

/** The `PUT /system/http` answer. */
export type SetHttpOutput = ResponseOf<typeof system.setHttp>;

export const firstRunWizardMachine = setup({
  types: {
    input: {} as FirstRunWizardInput,
    context: {} as FirstRunWizardContext,
    events: {} as FirstRunWizardEvent,
    tags: {} as FirstRunWizardTag,
  },
  actors: {
    changePassword: fromPromise<ChangePasswordOutput, ChangePasswordInput>(async () => {
      throw notProvided(FIRST_RUN_WIZARD_ID, 'changePassword');
    }),
    completeFirstRun: fromPromise<void>(async () => {
      throw notProvided(FIRST_RUN_WIZARD_ID, 'completeFirstRun');
    }),
    setHttp: fromPromise<SetHttpOutput, SetHttpInput>(async () => {
      throw notProvided(FIRST_RUN_WIZARD_ID, 'setHttp');
    }),
  },
  guards: {
    isAdmin: ({ context }) => context.isAdmin,
    isNotAdmin: ({ context }) => !context.isAdmin,
    formValid: ({ context }) => !hasFormErrors(validatePasswordChangeForm(context.form, context.rules)),
    setsProtocol: ({ context }) => context.finishing && context.isAdmin,
  },
}).createMachine({
  id: FIRST_RUN_WIZARD_ID,
  context: ({ input }) => ({
    username: input.username,
    isAdmin: input.isAdmin,
    rules: input.rules,
    httpsEnabled: input.httpsEnabled,
    https: true,
    form: { ...EMPTY_PASSWORD_FORM },
    errors: {},
    serverError: null,
    finishing: false,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'isAdmin', target: 'welcome' }, { target: 'password' }],
    },
    welcome: {
      on: {
        'wizard.next': 'protocol',
        'wizard.skip': 'completing',
      },
    },
    protocol: {
      on: {
        'wizard.previous': 'welcome',
        'wizard.next': 'password',
        'wizard.chooseProtocol': { actions: assign({ https: ({ event }) => event.https }) },
      },
    },
    password: {
      tags: ['editable'],
      on: {
        'wizard.previous': { guard: 'isAdmin', target: 'protocol' },
        'wizard.skip': { guard: 'isNotAdmin', target: 'completing' },
        'wizard.edit': {
          actions: assign({
            form: ({ context, event }) => editForm(context.form, event.field, event.value),
            errors: ({ context, event }) => clearFieldError(context.errors, event.field),
            serverError: null,
          }),
        },
        'wizard.toggleChangeAll': {
          guard: 'isAdmin',
          actions: assign({ form: ({ context, event }) => ({ ...context.form, changeAll: event.value }) }),
        },
        'wizard.finish': [
          {
            guard: 'formValid',
            target: 'changingPassword',
            actions: assign({ errors: {}, serverError: null, finishing: true }),
          },
          {
            actions: assign({
              errors: ({ context }) => validatePasswordChangeForm(context.form, context.rules),
              serverError: null,
            }),
          },
        ],
      },
    },
    changingPassword: {
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => changePasswordInput(context.username, context.isAdmin, context.form),
        onDone: 'completing',
        onError: {
          target: 'password',
          actions: assign({ serverError: ({ event }) => errorCodeOf(event.error), finishing: false }),
        },
      },
    },
    completing: {
      tags: ['busy'],
      invoke: {
        id: 'completeFirstRun',
        src: 'completeFirstRun',
        onDone: [{ guard: 'setsProtocol', target: 'settingHttp' }, { target: 'done' }],
        onError: {
          target: 'completionFailed',
          actions: assign({ serverError: ({ event }) => errorCodeOf(event.error) }),
        },
      },
    },
    completionFailed: {
      tags: ['failed'],
      on: {
        'wizard.retry': { target: 'completing', actions: assign({ serverError: null }) },
        'wizard.close': 'done',
      },
    },
    settingHttp: {
      tags: ['busy'],
      invoke: {
        id: 'setHttp',
        src: 'setHttp',
        input: ({ context }): SetHttpInput => ({ http: !context.https }),
        onDone: 'done',
        onError: {
          target: 'httpFailed',
          actions: assign({ serverError: ({ event }) => errorCodeOf(event.error) }),
        },
      },
    },
    httpFailed: {
      tags: ['failed'],
      on: {
        'wizard.retry': { target: 'settingHttp', actions: assign({ serverError: null }) },
        'wizard.close': 'done',
      },
    },
    done: {
      type: 'final',
    },
  },
});

export type FirstRunWizardMachine = typeof firstRunWizardMachine;
export type FirstRunWizardSnapshot = SnapshotFrom<FirstRunWizardMachine>;

/**
 * The step the dialog's stepper shows: `welcome` 0, `protocol` 1, `password` and the busy and
 * failure states after it 2. An admin who skipped on step 0 (the only way an admin reaches
 * completion without `finishing`) stays on 0 so the stepper does not jump to the last step.
 */
export function wizardStep(snapshot: Pick<FirstRunWizardSnapshot, 'value' | 'context'>): 0 | 1 | 2 {
  switch (snapshot.value) {
    case 'start':
      return snapshot.context.isAdmin ? 0 : 2;
    case 'welcome':
      return 0;
    case 'protocol':
      return 1;
    case 'password':
    case 'changingPassword':
      return 2;
    default:
      return snapshot.context.isAdmin && !snapshot.context.finishing ? 0 : 2;
  }
}

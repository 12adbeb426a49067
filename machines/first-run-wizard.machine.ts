/**
 * The first-run wizard on the dashboard (specification §2 "First-run wizard", §5, §7 PUT /system/http).
 *
 * Steps: 0 `welcome` (admin), 1 `protocol` (admin: HTTP or HTTPS), 2 `password` (everyone). A
 * non-admin starts at step 2 and never sees steps 0 and 1 in either direction. Skip (step 0 for
 * admin, step 2 for others) only marks the first run completed. Finish is the password form's
 * submit: the form is the password-change flow (password-change.machine.ts), invoked for the
 * wizard's whole life so that what was typed survives Previous and Next; when it has changed the
 * password, the wizard marks the first run completed and, for admin, then sets the protocol
 * (`PUT /system/http` with `http = !https`).
 *
 * The protocol choice starts at HTTPS (`https: true`) whatever the device does now: it is the
 * specification's security recommendation shown on step 0, and it cannot take effect unseen —
 * the protocol is only set on the Finish path, which passes through step 1 where the choice is
 * shown, while Skip never sets it. `httpsEnabled` (the device's current setting) stays in the
 * context for the dialog to show.
 *
 * When the console page itself came over plain HTTP and HTTPS only was chosen, the page cannot
 * stay: the wizard stops at `moving`, where the dialog confirms the password change and says where
 * the console continues, and `wizard.continue` opens the HTTPS address (action `openHttps`).
 *
 * Provided by the app (`firstRunWizardMachine.provide({ actors, actions })`):
 * - actor `passwordChange`: the password-change machine with its `changePassword` actor provided.
 * - actor `completeFirstRun` (fromPromise, resolves with nothing): `PATCH /uac/account/state
 *   {code: 1}`, then refetches the user info.
 * - actor `setHttp` (fromPromise, input SetHttpInput): `PUT /system/http`.
 * - action `openHttps`: goes to the console's HTTPS address on `context.httpsPort`.
 *
 * Tags for the dialog: `form` (the password form shows; its own tags say whether it takes edits or
 * is sending), `busy` (a call of the wizard's own is running), `failed` (completion or the
 * protocol change failed: Retry or Close) and `moving` (the password changed; the console moves to
 * HTTPS).
 */
import { assign, fromPromise, setup, stateIn, type SnapshotFrom } from 'xstate';

import type { PasswordStrengthRules } from '../contract/rules/password-strength';
import type { ResponseOf } from '../contract/api/define';
import type * as system from '../contract/api/system';
import { errorCodeOf, notProvided } from './password-change';
import { PASSWORD_CHANGE_ID, passwordChangeMachine, type PasswordChangeInput } from './password-change.machine';

export const FIRST_RUN_WIZARD_ID = 'firstRunWizard';

export interface FirstRunWizardInput {
  username: string;
  isAdmin: boolean;
  rules: PasswordStrengthRules;
  /** Whether the device is HTTPS-only now (the user info's `http` negated). */
  httpsEnabled: boolean;
  /** Whether this console page came over plain HTTP (it must move when HTTPS only is set). */
  onPlainHttp: boolean;
}

export interface FirstRunWizardContext extends FirstRunWizardInput {
  /** The protocol chosen on step 1: true for HTTPS. */
  https: boolean;
  /** The `error_code` of the last failed call of the wizard's own, null when none. */
  serverError: string | null;
  /** True once the password changed on Finish: completion then goes on to set the protocol (admin). */
  finishing: boolean;
  /** The device's HTTPS port, as the protocol change answered (null before it). */
  httpsPort: number | null;
}

export type FirstRunWizardTag = 'form' | 'busy' | 'failed' | 'moving';

export type FirstRunWizardEvent =
  | { type: 'wizard.next' }
  | { type: 'wizard.previous' }
  | { type: 'wizard.skip' }
  | { type: 'wizard.chooseProtocol'; https: boolean }
  | { type: 'wizard.retry' }
  | { type: 'wizard.close' }
  | { type: 'wizard.continue' };

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
    children: {} as { passwordChange: 'passwordChange' },
  },
  actors: {
    passwordChange: passwordChangeMachine,
    completeFirstRun: fromPromise<void>(async () => {
      throw notProvided(FIRST_RUN_WIZARD_ID, 'completeFirstRun');
    }),
    setHttp: fromPromise<SetHttpOutput, SetHttpInput>(async () => {
      throw notProvided(FIRST_RUN_WIZARD_ID, 'setHttp');
    }),
  },
  actions: {
    openHttps: () => {},
  },
  guards: {
    isAdmin: ({ context }) => context.isAdmin,
    isNotAdmin: ({ context }) => !context.isAdmin,
    setsProtocol: ({ context }) => context.finishing && context.isAdmin,
    movesToHttps: ({ context }) => context.https && context.onPlainHttp,
  },
}).createMachine({
  id: FIRST_RUN_WIZARD_ID,
  context: ({ input }) => ({
    username: input.username,
    isAdmin: input.isAdmin,
    rules: input.rules,
    httpsEnabled: input.httpsEnabled,
    onPlainHttp: input.onPlainHttp,
    https: true,
    serverError: null,
    finishing: false,
    httpsPort: null,
  }),
  // The form lives as long as the wizard: Previous and Next keep what was typed.
  invoke: {
    id: PASSWORD_CHANGE_ID,
    src: 'passwordChange',
    input: ({ context }): PasswordChangeInput => ({ username: context.username, isAdmin: context.isAdmin, rules: context.rules, live: false }),
    onDone: {
      // The form shows (and so can finish) on the password step only.
      guard: stateIn('password'),
      target: '.completing',
      actions: assign({ finishing: true }),
    },
  },
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
      tags: ['form'],
      on: {
        'wizard.previous': { guard: 'isAdmin', target: 'protocol' },
        'wizard.skip': { guard: 'isNotAdmin', target: 'completing' },
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
        onDone: [
          { guard: 'movesToHttps', target: 'moving', actions: assign({ httpsPort: ({ event }) => event.output.https_port }) },
          { target: 'done', actions: assign({ httpsPort: ({ event }) => event.output.https_port }) },
        ],
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
    moving: {
      tags: ['moving'],
      on: {
        'wizard.continue': { target: 'done', actions: 'openHttps' },
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
 * The step the dialog's stepper shows: `welcome` 0, `protocol` 1, `password` and the states after
 * it 2. An admin who skipped on step 0 (the only way an admin reaches completion without
 * `finishing`) stays on 0 so the stepper does not jump to the last step.
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
      return 2;
    default:
      return snapshot.context.isAdmin && !snapshot.context.finishing ? 0 : 2;
  }
}

/** The password-change flow's QA entry: sample inputs and events, doubles and sample results (see qa-support.ts). */
import type { ChangePasswordInput, ChangePasswordOutput } from './password-change';
import {
  passwordChangeMachine,
  type PasswordChangeContext,
  type PasswordChangeEvent,
  type PasswordChangeInput,
} from './password-change.machine';
import {
  CURRENT_PASSWORD,
  NEW_PASSWORD,
  PASSWORD_CHANGED,
  SAMPLE_RULES,
  errorAnswer,
  pendingPromise,
  samplesOf,
  type MachineEntry,
} from './qa-support';

/** The System Password page: errors follow the form once submitted. */
const PAGE_ADMIN: PasswordChangeInput = { username: 'admin', isAdmin: true, rules: SAMPLE_RULES, live: true };
/** A dialog's form, for a user who may not change the other passwords. */
const DIALOG_UPDATE: PasswordChangeInput = { username: 'update', isAdmin: false, rules: SAMPLE_RULES, live: false };

/**
 * The flow as the wizard and the expiry dialog invoke it in their QA entries: its change never
 * settles by itself; their entries deliver the flow's end as `xstate.done.actor.passwordChange`.
 */
export const passwordChangeDouble = passwordChangeMachine.provide({
  actors: { changePassword: pendingPromise<ChangePasswordOutput, ChangePasswordInput>() },
});

export const passwordChangeQa: MachineEntry = {
  id: passwordChangeMachine.id,
  textNamespace: 'shell',
  machine: passwordChangeMachine,
  input: PAGE_ADMIN,
  // How errors show (and whether change-all is taken) comes only from the input.
  extraInputs: [DIALOG_UPDATE],
  events: samplesOf<PasswordChangeEvent>([
    { type: 'password.edit', field: 'current', value: CURRENT_PASSWORD },
    { type: 'password.edit', field: 'password', value: NEW_PASSWORD },
    { type: 'password.edit', field: 'confirm', value: NEW_PASSWORD },
    { type: 'password.edit', field: 'password', value: 'weak' }, // fails the strength rules
    { type: 'password.edit', field: 'confirm', value: 'Other-Pass-456' }, // does not match
    { type: 'password.toggleChangeAll', value: true },
    { type: 'password.toggleChangeAll', value: false },
    { type: 'password.submit' },
  ]),
  doubles: {
    actors: { changePassword: pendingPromise<ChangePasswordOutput, ChangePasswordInput>() },
  },
  outcomes: {
    changePassword: {
      output: PASSWORD_CHANGED,
      // An answer that does not say success (the contract does not allow one; the flow guards against it).
      otherOutputs: [{ status: 'fail' }],
      error: { ...errorAnswer('password_too_weak'), failures: ['numbers'] },
      otherErrors: [errorAnswer('current_password_error')],
    },
  },
  // Refused submits are counted without end: keep whether any happened, not how many.
  serializeState: (snapshot) => {
    const { attempts, ...rest } = snapshot.context as PasswordChangeContext;
    return JSON.stringify({ value: snapshot.value, status: snapshot.status, context: { ...rest, attempted: attempts > 0 } });
  },
};

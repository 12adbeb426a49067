/** The password-expiry dialog's QA entry: sample input and events, doubles and sample results (see qa-support.ts). */
import type { ChangePasswordInput, ChangePasswordOutput } from './password-change';
import { passwordExpiryMachine, type PasswordExpiryEvent, type PasswordExpiryInput } from './password-expiry.machine';
import {
  CURRENT_PASSWORD,
  NEW_PASSWORD,
  PASSWORD_CHANGED,
  SAMPLE_RULES,
  errorAnswer,
  noop,
  pendingPromise,
  samplesOf,
  type MachineEntry,
} from './qa-support';

const EXPIRY_ADMIN: PasswordExpiryInput = { username: 'admin', isAdmin: true, allowCancel: true, rules: SAMPLE_RULES };

export const passwordExpiryQa: MachineEntry = {
  id: passwordExpiryMachine.id,
  machine: passwordExpiryMachine,
  input: EXPIRY_ADMIN,
  events: samplesOf<PasswordExpiryEvent>([
    { type: 'expiry.next' },
    { type: 'expiry.previous' },
    { type: 'expiry.finish' },
    { type: 'expiry.cancel' },
    { type: 'expiry.edit', field: 'current', value: CURRENT_PASSWORD },
    { type: 'expiry.edit', field: 'password', value: NEW_PASSWORD },
    { type: 'expiry.edit', field: 'confirm', value: NEW_PASSWORD },
    { type: 'expiry.edit', field: 'password', value: 'weak' }, // fails the strength rules
    { type: 'expiry.edit', field: 'confirm', value: 'Other-Pass-456' }, // does not match
    { type: 'expiry.toggleChangeAll', value: true },
    { type: 'expiry.toggleChangeAll', value: false },
  ]),
  doubles: {
    actors: { changePassword: pendingPromise<ChangePasswordOutput, ChangePasswordInput>() },
    actions: { reloadPage: noop },
  },
  outcomes: {
    changePassword: { output: PASSWORD_CHANGED, error: errorAnswer('password_too_weak') },
  },
};

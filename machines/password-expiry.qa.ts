/** The password-expiry dialog's QA entry: sample input and events, doubles and sample results (see qa-support.ts). */
import { passwordExpiryMachine, type PasswordExpiryEvent, type PasswordExpiryInput } from './password-expiry.machine';
import { passwordChangeDouble } from './password-change.qa';
import { PASSWORD_CHANGED, SAMPLE_RULES, noop, samplesOf, type MachineEntry } from './qa-support';

const EXPIRY_ADMIN: PasswordExpiryInput = { username: 'admin', isAdmin: true, allowCancel: true, rules: SAMPLE_RULES };
/** A device that allows no operations before the update: the dialog cannot be cancelled. */
const EXPIRY_NO_CANCEL: PasswordExpiryInput = { username: 'update', isAdmin: false, allowCancel: false, rules: SAMPLE_RULES };

export const passwordExpiryQa: MachineEntry = {
  id: passwordExpiryMachine.id,
  textNamespace: 'shell',
  machine: passwordExpiryMachine,
  input: EXPIRY_ADMIN,
  extraInputs: [EXPIRY_NO_CANCEL],
  // The password form's own events go to its flow (the passwordChange entry); here its end is the
  // `passwordChange` outcome.
  events: samplesOf<PasswordExpiryEvent>([{ type: 'expiry.next' }, { type: 'expiry.previous' }, { type: 'expiry.cancel' }]),
  doubles: {
    actors: { passwordChange: passwordChangeDouble },
    actions: { reloadPage: noop },
  },
  outcomes: {
    passwordChange: { output: PASSWORD_CHANGED },
  },
};

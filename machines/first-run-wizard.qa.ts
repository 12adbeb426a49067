/** The first-run wizard's QA entry: sample inputs and events, doubles and sample results (see qa-support.ts). */
import {
  firstRunWizardMachine,
  type FirstRunWizardEvent,
  type FirstRunWizardInput,
  type SetHttpInput,
  type SetHttpOutput,
} from './first-run-wizard.machine';
import { passwordChangeDouble } from './password-change.qa';
import { PASSWORD_CHANGED, SAMPLE_RULES, errorAnswer, noop, pendingPromise, samplesOf, type MachineEntry } from './qa-support';

/** An admin on a page that came over plain HTTP: choosing HTTPS moves the console. */
const WIZARD_ADMIN: FirstRunWizardInput = { username: 'admin', isAdmin: true, rules: SAMPLE_RULES, httpsEnabled: false, onPlainHttp: true };
const WIZARD_UPDATE: FirstRunWizardInput = { username: 'update', isAdmin: false, rules: SAMPLE_RULES, httpsEnabled: true, onPlainHttp: false };

export const firstRunWizardQa: MachineEntry = {
  id: firstRunWizardMachine.id,
  textNamespace: 'shell',
  machine: firstRunWizardMachine,
  input: WIZARD_ADMIN,
  // A non-admin starts at the password step, where only they may skip: the input decides it.
  extraInputs: [WIZARD_UPDATE],
  // The password form's own events go to its flow (the passwordChange entry); here its end is the
  // `passwordChange` outcome.
  events: samplesOf<FirstRunWizardEvent>([
    { type: 'wizard.next' },
    { type: 'wizard.previous' },
    { type: 'wizard.skip' },
    { type: 'wizard.chooseProtocol', https: true },
    { type: 'wizard.chooseProtocol', https: false },
    { type: 'wizard.retry' },
    { type: 'wizard.close' },
    { type: 'wizard.continue' },
  ]),
  doubles: {
    actors: {
      passwordChange: passwordChangeDouble,
      completeFirstRun: pendingPromise<void>(),
      setHttp: pendingPromise<SetHttpOutput, SetHttpInput>(),
    },
    actions: { openHttps: noop },
  },
  outcomes: {
    passwordChange: { output: PASSWORD_CHANGED },
    completeFirstRun: { output: undefined, error: errorAnswer('internal_error') },
    setHttp: { output: { http: false, https_port: 443, certificate_sha256: null } satisfies SetHttpOutput, error: errorAnswer('forbidden') },
  },
};

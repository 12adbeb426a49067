/** The first-run wizard's QA entry: sample inputs and events, doubles and sample results (see qa-support.ts). */
import {
  firstRunWizardMachine,
  type FirstRunWizardEvent,
  type FirstRunWizardInput,
  type SetHttpInput,
  type SetHttpOutput,
} from './first-run-wizard.machine';
import type { ChangePasswordInput, ChangePasswordOutput } from './password-change';
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

const WIZARD_ADMIN: FirstRunWizardInput = { username: 'admin', isAdmin: true, rules: SAMPLE_RULES, httpsEnabled: false };
const WIZARD_UPDATE: FirstRunWizardInput = { username: 'update', isAdmin: false, rules: SAMPLE_RULES, httpsEnabled: true };

export const firstRunWizardQa: MachineEntry = {
  id: firstRunWizardMachine.id,
  machine: firstRunWizardMachine,
  input: WIZARD_ADMIN,
  // A non-admin starts at the password step, where only they may skip: the input decides it.
  extraInputs: [WIZARD_UPDATE],
  events: samplesOf<FirstRunWizardEvent>([
    { type: 'wizard.next' },
    { type: 'wizard.previous' },
    { type: 'wizard.skip' },
    { type: 'wizard.finish' },
    { type: 'wizard.chooseProtocol', https: true },
    { type: 'wizard.chooseProtocol', https: false },
    { type: 'wizard.edit', field: 'current', value: CURRENT_PASSWORD },
    { type: 'wizard.edit', field: 'password', value: NEW_PASSWORD },
    { type: 'wizard.edit', field: 'confirm', value: NEW_PASSWORD },
    { type: 'wizard.edit', field: 'password', value: 'weak' }, // fails the strength rules
    { type: 'wizard.edit', field: 'confirm', value: 'Other-Pass-456' }, // does not match
    { type: 'wizard.toggleChangeAll', value: true },
    { type: 'wizard.toggleChangeAll', value: false },
    { type: 'wizard.retry' },
    { type: 'wizard.close' },
  ]),
  doubles: {
    actors: {
      changePassword: pendingPromise<ChangePasswordOutput, ChangePasswordInput>(),
      completeFirstRun: pendingPromise<void>(),
      setHttp: pendingPromise<SetHttpOutput, SetHttpInput>(),
    },
  },
  outcomes: {
    changePassword: { output: PASSWORD_CHANGED, error: errorAnswer('current_password_error') },
    completeFirstRun: { output: undefined, error: errorAnswer('internal_error') },
    setHttp: { output: { http: false, https_port: 443 } satisfies SetHttpOutput, error: errorAnswer('forbidden') },
  },
};

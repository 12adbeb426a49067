/** The forced re-login's QA entry: sample events and doubles (see qa-support.ts). */
import { forcedReloginMachine, type ForcedReloginEvent } from './forced-relogin.machine';
import { noop, samplesOf, type MachineEntry } from './qa-support';

export const forcedReloginQa: MachineEntry = {
  id: forcedReloginMachine.id,
  textNamespace: 'shell',
  machine: forcedReloginMachine,
  events: samplesOf<ForcedReloginEvent>([{ type: 'session.invalidToken' }, { type: 'relogin.confirm' }, { type: 'relogin.cancel' }]),
  doubles: { actions: { resetSession: noop, reloadPage: noop } },
  outcomes: {},
};

/**
 * Updating the PLC runtime's firmware (Features / PLC Runtime), specification §4: the
 * signed-update flow (signed-update.machine.ts) with what the firmware update adds. Its steps are
 * prepare, upload firmware, update firmware and restart HMI ("a firmware update restarts the
 * HMI"): once the job reaches *restart HMI* (or is done), or the device stops answering, the
 * console waits through the restart, and the update took when the runtime answers the version the
 * firmware installs with no update running. The installer may still refuse the firmware on the
 * device (it needs a newer OS): the job fails and the runtime keeps its version.
 */
import { PLC_RUNTIME_UPDATE_STEPS } from '../contract/api/plc-runtime.routes';
import { defineSignedUpdate } from './signed-update.machine';

export const PLC_RUNTIME_UPDATE_ID = 'plcRuntimeUpdate';
/** How often the job is asked for while the device installs the firmware. */
export const PLC_JOB_POLL_MS = 500;
/** How often the runtime is asked for while the HMI restarts. */
export const RESTART_POLL_MS = 2_000;
/** How long the console waits for the panel to come back with the new version (as for an OS
 * update, specification §9). */
export const RESTART_TIMEOUT_MS = 180_000;

export const plcRuntimeUpdate = defineSignedUpdate({
  id: PLC_RUNTIME_UPDATE_ID,
  jobPollMs: PLC_JOB_POLL_MS,
  restart: {
    /** The firmware is installed: the HMI restarts now (or has already). */
    reached: (job) => job.state === 'done' || job.current_step === 'restart_hmi',
    pollMs: RESTART_POLL_MS,
    timeoutMs: RESTART_TIMEOUT_MS,
  },
  fromMedia: false,
  passwordRefusals: [],
  dismissSuccess: true,
  steps: { all: PLC_RUNTIME_UPDATE_STEPS, upload: 'upload_firmware', install: 'update_firmware', restart: 'restart_hmi' },
});

export const plcRuntimeUpdateMachine = plcRuntimeUpdate.machine;

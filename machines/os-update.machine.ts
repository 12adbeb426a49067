/**
 * Updating the OS (Administration / OS Update), specification §4: the signed-update flow
 * (signed-update.machine.ts) with what the OS update adds. Its steps are prepare, upload image and
 * update OS, then the reboot the console waits through ('restart'). The device reboots once the
 * job is done (or as soon as it stops answering), and the update took when the device answers the
 * version the image installs; without it within VERIFY_TIMEOUT_MS the page lists §4's likely
 * reasons. A success cannot be closed: the new OS asks for a new session.
 */
import { OS_UPDATE_STEPS } from '../contract/api/os.routes';
import { defineSignedUpdate } from './signed-update.machine';

export const OS_UPDATE_ID = 'osUpdate';
/** How often the job is asked for while the device writes the image. */
export const OS_JOB_POLL_MS = 500;
/** How often the installed version is asked for while the device reboots. */
export const VERIFY_POLL_MS = 2_000;
/** Specification §9: an OS update may take up to 3 minutes; past that the console cannot tell. */
export const VERIFY_TIMEOUT_MS = 180_000;

export const osUpdate = defineSignedUpdate({
  id: OS_UPDATE_ID,
  jobPollMs: OS_JOB_POLL_MS,
  restart: { reached: (job) => job.state === 'done', pollMs: VERIFY_POLL_MS, timeoutMs: VERIFY_TIMEOUT_MS },
  fromMedia: false,
  passwordRefusals: [],
  dismissSuccess: false,
  steps: { all: [...OS_UPDATE_STEPS, 'restart'], upload: 'upload_image', install: 'update_os', restart: 'restart' },
});

export const osUpdateMachine = osUpdate.machine;

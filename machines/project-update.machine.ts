/**
 * Updating the project (Project Management), specification §4: the signed-update flow
 * (signed-update.machine.ts) with what the project update adds. The `.app` and `.crc` are sent with
 * the project's password, or a USB stick or SD card starts the update; the device's five steps are
 * the job's own, and no restart follows: the job's end is the outcome. MAX_POLL_FAILURES unanswered
 * asks in a row end in "check the panel". A protected project refused for its password
 * (`password_required`: none was given; `wrong_password`) is asked for it, and the same request
 * goes again with it.
 */
import { PROJECT_UPDATE_STEPS } from '../contract/api/project.routes';
import type { FailureCode } from '../contract/failure';
import { defineSignedUpdate } from './signed-update.machine';

export const PROJECT_UPDATE_ID = 'projectUpdate';
/** How often the job is asked for while it runs. */
export const JOB_POLL_MS = 500;
/** Unanswered asks in a row before the console says it cannot tell how the update went. */
export const MAX_POLL_FAILURES = 20;
/** The refusals that a password mends. */
export const PASSWORD_REFUSALS: readonly FailureCode[] = ['password_required', 'wrong_password'];

export const projectUpdate = defineSignedUpdate({
  id: PROJECT_UPDATE_ID,
  jobPollMs: JOB_POLL_MS,
  restart: null,
  maxPollFailures: MAX_POLL_FAILURES,
  fromMedia: true,
  passwordRefusals: PASSWORD_REFUSALS,
  dismissSuccess: true,
  steps: { all: PROJECT_UPDATE_STEPS },
});

export const projectUpdateMachine = projectUpdate.machine;

/** The project update's QA entry: the signed-update flow with a project, from files or a medium (see signed-update.qa.ts). */
import type { Job } from '../contract/api/jobs';
import { PROJECT_UPDATE_STEPS } from '../contract/api/project.routes';
import { JOB_POLL_MS, MAX_POLL_FAILURES, projectUpdate } from './project-update.machine';
import { sampleJobOf } from './job-samples';
import { errorAnswer, type MachineEntry } from './qa-support';
import { signedUpdateEntry } from './signed-update.qa';

/** A sample project update job at `step` (running), or ended. */
export function sampleJob(state: Job['state'], step: (typeof PROJECT_UPDATE_STEPS)[number] = 'prepare', extra: Partial<Job> = {}): Job {
  return sampleJobOf('project_update', state, step, { id: 'job-1', ...extra });
}

export const projectUpdateQa: MachineEntry = signedUpdateEntry(projectUpdate, {
  textNamespace: 'project',
  textValues: { poll: `${JOB_POLL_MS} ms`, unanswered: MAX_POLL_FAILURES, wait: `${(JOB_POLL_MS * MAX_POLL_FAILURES) / 1000} s` },
  files: { app: { name: 'Line2.app', size: 114_203 }, crc: { name: 'Line2.crc', size: 9 } },
  running: { jobId: 'job-1', version: null },
  refusal: 'crc_mismatch',
  events: [
    { type: 'update.fromMedia', medium: 'usb', name: 'Line2', password: '' },
    { type: 'update.again', password: 'Batch-42' },
  ],
  jobs: [
    sampleJob('running', 'stop_project'),
    sampleJob('done'),
    sampleJob('failed', 'start_project', { error_code: 'start_failed', rolled_back: true }),
    // A protected project without its password: asked for it, the same update goes again.
    sampleJob('failed', 'prepare', { error_code: 'password_required' }),
  ],
  outcomes: { startFromMedia: { output: { job_id: 'job-1' }, error: { status: 404, data: errorAnswer('not_found') } } },
});

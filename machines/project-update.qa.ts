/** The project update's QA entry: sample events, doubles and sample results (see qa-support.ts). */
import type { Job } from '../contract/api/jobs';
import { PROJECT_UPDATE_STEPS } from '../contract/api/project.routes';
import { JOB_POLL_MS, MAX_POLL_FAILURES, projectUpdateMachine, type MediaInput, type ProjectUpdateEvent, type UploadInput } from './project-update.machine';
import { sampleJobOf } from './job-samples';
import { NETWORK_FAILURE, errorAnswer, pendingPromise, samplesOf, silentCallback, type MachineEntry } from './qa-support';

/** A sample project update job at `step` (running), or ended. */
export function sampleJob(state: Job['state'], step: (typeof PROJECT_UPDATE_STEPS)[number] = 'prepare', extra: Partial<Job> = {}): Job {
  return sampleJobOf('project_update', state, step, { id: 'job-1', ...extra });
}

const FILES: UploadInput = { app: { name: 'Line2.app', size: 114_203 }, crc: { name: 'Line2.crc', size: 9 }, password: '' };
const MEDIA: MediaInput = { medium: 'usb', name: 'Line2', password: '' };

export const projectUpdateQa: MachineEntry = {
  id: projectUpdateMachine.id,
  machine: projectUpdateMachine,
  textValues: { poll: `${JOB_POLL_MS} ms`, unanswered: MAX_POLL_FAILURES, wait: `${(JOB_POLL_MS * MAX_POLL_FAILURES) / 1000} s` },
  events: samplesOf<ProjectUpdateEvent>([
    { type: 'update.upload', ...FILES },
    { type: 'update.fromMedia', ...MEDIA },
    { type: 'update.resume', jobId: 'job-1' },
    // What the upload actor reports.
    { type: 'upload.progress', loaded: 57_106, total: 114_212 },
    { type: 'upload.done', jobId: 'job-1' },
    { type: 'upload.failed', error: 'crc_mismatch' },
    { type: 'upload.cancel' },
    { type: 'update.retry' },
    { type: 'update.again', password: 'Batch-42' },
    { type: 'update.dismiss' },
  ]),
  doubles: {
    actors: {
      upload: silentCallback(),
      startFromMedia: pendingPromise<{ job_id: string }, MediaInput>(),
      fetchJob: pendingPromise<Job, { jobId: string }>(),
    },
  },
  outcomes: {
    // The upload actor itself failing (a file the browser cannot read); its reports are events.
    upload: { error: { message: 'The file could not be read' } },
    startFromMedia: { output: { job_id: 'job-1' }, error: { status: 404, data: errorAnswer('not_found') } },
    fetchJob: {
      output: sampleJob('running', 'stop_project'),
      otherOutputs: [
        sampleJob('done'),
        sampleJob('failed', 'start_project', { error_code: 'start_failed', rolled_back: true }),
        // A protected project without its password: asked for it, the same update goes again.
        sampleJob('failed', 'prepare', { error_code: 'password_required' }),
      ],
      error: NETWORK_FAILURE,
    },
  },
};

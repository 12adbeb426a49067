/** The OS update's QA entry: sample events, doubles and sample results (see qa-support.ts). */
import type { Job } from '../contract/api/jobs';
import { OS_UPDATE_STEPS } from '../contract/api/os.routes';
import { OS_JOB_POLL_MS, VERIFY_POLL_MS, VERIFY_TIMEOUT_MS, osUpdateMachine, type OsUpdateEvent, type UploadImageInput } from './os-update.machine';
import { sampleJobOf } from './job-samples';
import { NETWORK_FAILURE, pendingPromise, samplesOf, silentCallback, type MachineEntry } from './qa-support';

/** A sample OS update job at `step` (running), or ended. */
export function sampleOsJob(state: Job['state'], step: (typeof OS_UPDATE_STEPS)[number] = 'update_os', extra: Partial<Job> = {}): Job {
  return sampleJobOf('os_update', state, step, { id: 'os-job-1', ...extra });
}

const IMAGE: UploadImageInput = { image: { name: 'panel-20270101.bin', size: 8_388_800 } };

export const osUpdateQa: MachineEntry = {
  id: osUpdateMachine.id,
  machine: osUpdateMachine,
  textValues: { poll: `${OS_JOB_POLL_MS} ms`, verify: `${VERIFY_POLL_MS / 1000} s`, timeout: `${VERIFY_TIMEOUT_MS / 60_000} min` },
  events: samplesOf<OsUpdateEvent>([
    { type: 'os.upload', ...IMAGE },
    { type: 'os.resume', jobId: 'os-job-1', version: '20270101' },
    // What the upload actor reports.
    { type: 'upload.progress', loaded: 4_194_400, total: 8_388_800 },
    { type: 'upload.done', jobId: 'os-job-1', version: '20270101' },
    { type: 'upload.failed', error: 'invalid_image' },
    { type: 'upload.cancel' },
    { type: 'os.retry' },
    { type: 'os.dismiss' },
  ]),
  doubles: {
    actors: {
      upload: silentCallback(),
      fetchJob: pendingPromise<Job, { jobId: string }>(),
      fetchVersion: pendingPromise<{ os_version: string }>(),
    },
  },
  outcomes: {
    upload: { error: { message: 'The file could not be read' } },
    fetchJob: {
      output: sampleOsJob('running'),
      otherOutputs: [sampleOsJob('done'), sampleOsJob('failed', 'update_os', { error_code: 'update_failed' })],
      error: NETWORK_FAILURE,
    },
    fetchVersion: { output: { os_version: '20270101' }, otherOutputs: [{ os_version: '20261101' }], error: NETWORK_FAILURE },
  },
};

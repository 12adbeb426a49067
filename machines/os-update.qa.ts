/** The OS update's QA entry: the signed-update flow with an OS image (see signed-update.qa.ts). */
import type { Job } from '../contract/api/jobs';
import { OS_UPDATE_STEPS } from '../contract/api/os.routes';
import { OS_JOB_POLL_MS, VERIFY_POLL_MS, VERIFY_TIMEOUT_MS, osUpdate } from './os-update.machine';
import { sampleJobOf } from './job-samples';
import type { MachineEntry } from './qa-support';
import { signedUpdateEntry } from './signed-update.qa';

/** A sample OS update job at `step` (running), or ended. */
export function sampleOsJob(state: Job['state'], step: (typeof OS_UPDATE_STEPS)[number] = 'update_os', extra: Partial<Job> = {}): Job {
  return sampleJobOf('os_update', state, step, { id: 'os-job-1', ...extra });
}

export const osUpdateQa: MachineEntry = signedUpdateEntry(osUpdate, {
  textNamespace: 'os',
  textValues: { poll: `${OS_JOB_POLL_MS} ms`, verify: `${VERIFY_POLL_MS / 1000} s`, timeout: `${VERIFY_TIMEOUT_MS / 60_000} min` },
  files: { image: { name: 'panel-20270101.bin', size: 8_388_800 } },
  running: { jobId: 'os-job-1', version: '20270101' },
  refusal: 'invalid_image',
  jobs: [sampleOsJob('running'), sampleOsJob('done'), sampleOsJob('failed', 'update_os', { error_code: 'update_failed' })],
  versions: [{ version: '20270101' }, { version: '20261101' }],
});

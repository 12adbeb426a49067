/** The PLC runtime firmware update's QA entry: the signed-update flow with a firmware (see signed-update.qa.ts). */
import type { Job } from '../contract/api/jobs';
import { PLC_RUNTIME_UPDATE_STEPS } from '../contract/api/plc-runtime.routes';
import { PLC_JOB_POLL_MS, RESTART_POLL_MS, RESTART_TIMEOUT_MS, plcRuntimeUpdate } from './plc-runtime-update.machine';
import { sampleJobOf } from './job-samples';
import type { MachineEntry } from './qa-support';
import { signedUpdateEntry } from './signed-update.qa';

/** A sample firmware update job at `step` (running), or ended. */
export function samplePlcJob(state: Job['state'], step: (typeof PLC_RUNTIME_UPDATE_STEPS)[number] = 'update_firmware', extra: Partial<Job> = {}): Job {
  return sampleJobOf('plc_runtime_update', state, step, { id: 'plc-job-1', ...extra });
}

export const plcRuntimeUpdateQa: MachineEntry = signedUpdateEntry(plcRuntimeUpdate, {
  textNamespace: 'plc-runtime',
  textValues: { poll: `${PLC_JOB_POLL_MS} ms`, verify: `${RESTART_POLL_MS / 1000} s`, timeout: `${RESTART_TIMEOUT_MS / 60_000} min` },
  files: { firmware: { name: 'plc-runtime-3.5.20.0.bin', size: 1_048_905 } },
  running: { jobId: 'plc-job-1', version: '3.5.20.0' },
  refusal: 'invalid_firmware',
  jobs: [
    samplePlcJob('running'),
    samplePlcJob('running', 'restart_hmi'),
    samplePlcJob('done'),
    samplePlcJob('failed', 'update_firmware', { error_code: 'firmware_update_failed' }),
  ],
  versions: [
    { version: '3.5.20.0', updating: false },
    { version: '3.5.19.30', updating: false },
    { version: '3.5.20.0', updating: true },
  ],
});

/** The PLC runtime firmware update's QA entry: sample events, doubles and sample results (see qa-support.ts). */
import type { Job } from '../contract/api/jobs';
import { PLC_RUNTIME_UPDATE_STEPS } from '../contract/api/plc-runtime.routes';
import {
  PLC_JOB_POLL_MS,
  RESTART_POLL_MS,
  RESTART_TIMEOUT_MS,
  plcRuntimeUpdateMachine,
  type PlcRuntimeUpdateEvent,
  type RuntimeAnswer,
  type UploadFirmwareInput,
} from './plc-runtime-update.machine';
import { sampleJobOf } from './job-samples';
import { NETWORK_FAILURE, pendingPromise, samplesOf, silentCallback, type MachineEntry } from './qa-support';

/** A sample firmware update job at `step` (running), or ended. */
export function samplePlcJob(state: Job['state'], step: (typeof PLC_RUNTIME_UPDATE_STEPS)[number] = 'update_firmware', extra: Partial<Job> = {}): Job {
  return sampleJobOf('plc_runtime_update', state, step, { id: 'plc-job-1', ...extra });
}

const FIRMWARE: UploadFirmwareInput = { firmware: { name: 'plc-runtime-3.5.20.0.bin', size: 1_048_905 } };

export const plcRuntimeUpdateQa: MachineEntry = {
  id: plcRuntimeUpdateMachine.id,
  machine: plcRuntimeUpdateMachine,
  textValues: { poll: `${PLC_JOB_POLL_MS} ms`, verify: `${RESTART_POLL_MS / 1000} s`, timeout: `${RESTART_TIMEOUT_MS / 60_000} min` },
  events: samplesOf<PlcRuntimeUpdateEvent>([
    { type: 'plc.upload', ...FIRMWARE },
    { type: 'plc.resume', jobId: 'plc-job-1', version: '3.5.20.0' },
    // What the upload actor reports.
    { type: 'upload.progress', loaded: 524_452, total: 1_048_905 },
    { type: 'upload.done', jobId: 'plc-job-1', version: '3.5.20.0' },
    { type: 'upload.failed', error: 'invalid_firmware' },
    { type: 'upload.cancel' },
    { type: 'plc.retry' },
    { type: 'plc.dismiss' },
  ]),
  doubles: {
    actors: {
      upload: silentCallback(),
      fetchJob: pendingPromise<Job, { jobId: string }>(),
      fetchRuntime: pendingPromise<RuntimeAnswer>(),
    },
  },
  outcomes: {
    upload: { error: { message: 'The file could not be read' } },
    fetchJob: {
      output: samplePlcJob('running'),
      otherOutputs: [samplePlcJob('running', 'restart_hmi'), samplePlcJob('done'), samplePlcJob('failed', 'update_firmware', { error_code: 'firmware_update_failed' })],
      error: NETWORK_FAILURE,
    },
    fetchRuntime: {
      output: { version: '3.5.20.0', updating: false },
      otherOutputs: [{ version: '3.5.19.30', updating: false }, { version: '3.5.20.0', updating: true }],
      error: NETWORK_FAILURE,
    },
  },
};

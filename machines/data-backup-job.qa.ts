/** The data backup job's QA entry: sample events, doubles and sample results (see qa-support.ts). */
import type { Job } from '../contract/api/jobs';
import { DATA_BACKUP_STEPS } from '../contract/api/data.routes';
import { DATA_BACKUP_POLL_MS, MAX_POLL_FAILURES, dataBackupJobMachine, type DataBackupJobEvent, type MediaBackupRequest } from './data-backup-job.machine';
import { sampleJobOf } from './job-samples';
import { NETWORK_FAILURE, errorAnswer, pendingPromise, samplesOf, type MachineEntry } from './qa-support';

/** A sample data backup job at `step` (running), or ended. */
export function sampleBackupJob(state: Job['state'], step: (typeof DATA_BACKUP_STEPS)[number] = 'prepare', extra: Partial<Job> = {}): Job {
  return sampleJobOf('data_backup', state, step, { id: 'backup-job-1', ...extra });
}

/** A sample request: every log of one week to the USB stick. */
export const SAMPLE_BACKUP_REQUEST: MediaBackupRequest = {
  what: ['datalog', 'eventlog', 'operationlog'],
  from: '2026-11-17T08:00:00.000Z',
  to: '2026-11-24T08:00:00.000Z',
  target: 'usb',
};

export const dataBackupJobQa: MachineEntry = {
  id: dataBackupJobMachine.id,
  textNamespace: 'data',
  machine: dataBackupJobMachine,
  textValues: { poll: `${DATA_BACKUP_POLL_MS} ms`, unanswered: MAX_POLL_FAILURES, wait: `${(DATA_BACKUP_POLL_MS * MAX_POLL_FAILURES) / 1000} s` },
  events: samplesOf<DataBackupJobEvent>([{ type: 'backup.start', request: SAMPLE_BACKUP_REQUEST }, { type: 'backup.retry' }, { type: 'backup.dismiss' }]),
  doubles: {
    actors: {
      startBackup: pendingPromise<{ job_id: string }, MediaBackupRequest>(),
      fetchJob: pendingPromise<Job, { jobId: string }>(),
    },
  },
  outcomes: {
    startBackup: { output: { job_id: 'backup-job-1' }, error: { status: 404, data: errorAnswer('not_found') } },
    fetchJob: {
      output: sampleBackupJob('running', 'prepare', { bytes: { done: 1_200, total: 4_800 } }),
      otherOutputs: [
        sampleBackupJob('done', 'write_archive', { result: { file_name: 'data-backup-20261124-080000.tar.gz', size: 182_044 } }),
        sampleBackupJob('failed', 'write_archive', { error_code: 'media_write_failed', error_detail: 'ENOSPC: no space left on device' }),
      ],
      error: NETWORK_FAILURE,
    },
  },
};

/**
 * A data backup written to the USB stick or the SD card (Data / Backup Data): the device gathers
 * the records asked for (`prepare`, its progress the rows gathered), then writes one archive to the
 * medium (`write_archive`, its progress the bytes written), as one job the console follows.
 *
 * 'backup.start' (with what, the range and the medium) asks the device to start (`requesting`):
 * the invoked `startBackup` answers the job id, or a refusal (not_found: the medium is not in;
 * job_running: another backup is being written). `following` asks for the job every
 * DATA_BACKUP_POLL_MS until it is done (`succeeded`, the job's result names the file) or failed
 * (`failed`, with the job's error code); MAX_POLL_FAILURES unanswered asks in a row end in
 * `unverified` ("check the medium"), from which 'backup.retry' asks again. From `failed`,
 * 'backup.retry' asks for the same backup again; from every outcome 'backup.start' starts another
 * and 'backup.dismiss' goes back to `idle`.
 *
 * Provided by the page: actors `startBackup` (input MediaBackupRequest, output `{ job_id }`) and
 * `fetchJob` (input `{ jobId }`, output Job).
 *
 * Tags: `busy` (the Back up button off, the steps shown), `succeeded`, `failed`, `unverified`.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Job } from '../contract/api/jobs';
import type { FailureCode } from '../contract/failure';
import type { Medium } from '../contract/media';
import type { BackupContent } from '../contract/rules/data';
import { errorCodeOf, notProvided } from './actor-errors';

export const DATA_BACKUP_JOB_ID = 'dataBackupJob';
/** How often the job is asked for while it runs. */
export const DATA_BACKUP_POLL_MS = 500;
/** Unanswered asks in a row before the console says it cannot tell how the backup went. */
export const MAX_POLL_FAILURES = 20;

/** What to back up and where: the body of POST /api/v1/data/backup/media. */
export interface MediaBackupRequest {
  what: BackupContent[];
  /** ISO 8601. */
  from: string;
  to: string;
  target: Medium;
}

export interface DataBackupJobContext {
  request: MediaBackupRequest | null;
  jobId: string | null;
  /** The job as the device last described it. */
  job: Job | null;
  error: FailureCode | null;
  pollFailures: number;
}

export type DataBackupJobTag = 'busy' | 'succeeded' | 'failed' | 'unverified';

export type DataBackupJobEvent =
  | { type: 'backup.start'; request: MediaBackupRequest }
  | { type: 'backup.retry' }
  | { type: 'backup.dismiss' };

const FRESH = { request: null, jobId: null, job: null, error: null, pollFailures: 0 } satisfies DataBackupJobContext;


export const dataBackupJobMachine = setup({
  types: {
    context: {} as DataBackupJobContext,
    events: {} as DataBackupJobEvent,
    tags: {} as DataBackupJobTag,
  },
  actors: {
    startBackup: fromPromise<{ job_id: string }, MediaBackupRequest>(async () => {
      throw notProvided(DATA_BACKUP_JOB_ID, 'startBackup');
    }),
    fetchJob: fromPromise<Job, { jobId: string }>(async () => {
      throw notProvided(DATA_BACKUP_JOB_ID, 'fetchJob');
    }),
  },
  guards: {
    jobDone: (_, job: Job) => job.state === 'done',
    jobFailed: (_, job: Job) => job.state === 'failed',
    lastFailure: ({ context }) => context.pollFailures + 1 >= MAX_POLL_FAILURES,
  },
}).createMachine({
  id: DATA_BACKUP_JOB_ID,
  initial: 'idle',
  context: FRESH,
  states: {
    idle: {
      on: { 'backup.start': { target: 'requesting', actions: assign(({ event }) => ({ ...FRESH, request: event.request })) } },
    },
    requesting: {
      tags: ['busy'],
      invoke: {
        id: 'startBackup',
        src: 'startBackup',
        input: ({ context }) => context.request!,
        onDone: { target: 'following', actions: assign(({ event }) => ({ jobId: event.output.job_id })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },
      },
    },
    following: {
      tags: ['busy'],
      initial: 'asking',
      entry: assign({ pollFailures: 0 }),
      states: {
        asking: {
          invoke: {
            id: 'fetchJob',
            src: 'fetchJob',
            input: ({ context }) => ({ jobId: context.jobId! }),
            onDone: [
              {
                guard: { type: 'jobDone', params: ({ event }) => event.output },
                target: `#${DATA_BACKUP_JOB_ID}.succeeded`,
                actions: assign(({ event }) => ({ job: event.output })),
              },
              {
                guard: { type: 'jobFailed', params: ({ event }) => event.output },
                target: `#${DATA_BACKUP_JOB_ID}.failed`,
                actions: assign(({ event }) => ({ job: event.output, error: event.output.error_code ?? 'fail' })),
              },
              { target: 'waiting', actions: assign(({ event }) => ({ job: event.output, pollFailures: 0 })) },
            ],
            onError: [
              { guard: 'lastFailure', target: `#${DATA_BACKUP_JOB_ID}.unverified`, actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },
              { target: 'waiting', actions: assign(({ context }) => ({ pollFailures: context.pollFailures + 1 })) },
            ],
          },
        },
        waiting: {
          after: { [DATA_BACKUP_POLL_MS]: 'asking' },
        },
      },
    },
    unverified: {
      tags: ['unverified'],
      on: {
        'backup.retry': { target: 'following', actions: assign({ error: null }) },
        'backup.dismiss': { target: 'idle', actions: assign(FRESH) },
        'backup.start': { target: 'requesting', actions: assign(({ event }) => ({ ...FRESH, request: event.request })) },
      },
    },
    succeeded: {
      tags: ['succeeded'],
      on: {
        'backup.dismiss': { target: 'idle', actions: assign(FRESH) },
        'backup.start': { target: 'requesting', actions: assign(({ event }) => ({ ...FRESH, request: event.request })) },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        // The same backup again: a medium put back in, another backup finished.
        'backup.retry': { target: 'requesting', actions: assign(({ context }) => ({ ...FRESH, request: context.request })) },
        'backup.dismiss': { target: 'idle', actions: assign(FRESH) },
        'backup.start': { target: 'requesting', actions: assign(({ event }) => ({ ...FRESH, request: event.request })) },
      },
    },
  },
});

export type DataBackupJobMachine = typeof dataBackupJobMachine;

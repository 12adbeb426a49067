/**
 * Updating the OS (Administration / OS Update), specification §4: prepare, upload image, update OS,
 * then completed or failed; the device reboots into the new OS, and the console waits for it and
 * checks the version before it tells the user to sign in again.
 *
 * 'os.upload' sends the chosen image (`uploading`: the invoked `upload` callback reports
 * `upload.progress`, then `upload.done` with the job id and the version the image installs, or
 * `upload.failed` with the device's refusal, e.g. image_too_large or invalid_image, decided before
 * anything changed). 'upload.cancel' stops the request: nothing changes on the device.
 * `following` asks for the job every JOB_POLL_MS. When it is done, or when the device stops
 * answering (it reboots as soon as the new version is committed, so the job's end may never be
 * seen), `rebooting` asks for the installed version every VERIFY_POLL_MS: the expected one means
 * `succeeded`; another one means the device is up without it, and the job tells why (`checking`:
 * still running, go on waiting; failed, `failed`). No answer with the expected version within
 * VERIFY_TIMEOUT_MS ends in `unverified`, where the page lists §4's likely reasons; 'os.retry'
 * waits again. 'os.resume' follows an update that already runs (a page opened mid-update).
 *
 * Provided by the page: actors `upload` (callback, input UploadImageInput), `fetchJob` (input
 * `{ jobId }`, output Job) and `fetchVersion` (output `{ os_version }`).
 *
 * Tags: `busy` (the blocking overlay), `uploading` (bytes to show), `rebooting` (the wait),
 * `succeeded`, `failed`, `unverified`.
 */
import { assertEvent, assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { Job } from '../contract/api/jobs';
import type { FailureCode } from '../contract/failure';
import { errorCodeOf, notProvided } from './actor-errors';

export const OS_UPDATE_ID = 'osUpdate';
/** How often the job is asked for while the device writes the image. */
export const OS_JOB_POLL_MS = 500;
/** How often the installed version is asked for while the device reboots. */
export const VERIFY_POLL_MS = 2_000;
/** Specification §9: an OS update may take up to 3 minutes; past that the console cannot tell. */
export const VERIFY_TIMEOUT_MS = 180_000;

export interface UploadImageInput {
  image: { name: string; size: number };
}

export interface OsUpdateContext {
  jobId: string | null;
  /** The version the image installs: what the device must answer after its reboot. */
  version: string | null;
  job: Job | null;
  loaded: number;
  total: number;
  error: FailureCode | null;
}

export type OsUpdateTag = 'busy' | 'uploading' | 'rebooting' | 'succeeded' | 'failed' | 'unverified';

export type OsUpdateEvent =
  | ({ type: 'os.upload' } & UploadImageInput)
  | { type: 'os.resume'; jobId: string; version: string }
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done'; jobId: string; version: string }
  | { type: 'upload.failed'; error: FailureCode }
  | { type: 'upload.cancel' }
  | { type: 'os.retry' }
  | { type: 'os.dismiss' };

/** What the upload actor sends back. */
export type OsUploadReport = Extract<OsUpdateEvent, { type: 'upload.progress' | 'upload.done' | 'upload.failed' }>;

const FRESH = { jobId: null, version: null, job: null, loaded: 0, total: 0, error: null } satisfies OsUpdateContext;

export const osUpdateMachine = setup({
  types: {
    context: {} as OsUpdateContext,
    events: {} as OsUpdateEvent,
    tags: {} as OsUpdateTag,
  },
  actors: {
    upload: fromCallback<EventObject, UploadImageInput>(() => {
      throw notProvided(OS_UPDATE_ID, 'upload');
    }),
    fetchJob: fromPromise<Job, { jobId: string }>(async () => {
      throw notProvided(OS_UPDATE_ID, 'fetchJob');
    }),
    fetchVersion: fromPromise<{ os_version: string }>(async () => {
      throw notProvided(OS_UPDATE_ID, 'fetchVersion');
    }),
  },
  guards: {
    jobDone: (_, job: Job) => job.state === 'done',
    jobFailed: (_, job: Job) => job.state === 'failed',
    expectedVersion: ({ context }, answer: { os_version: string }) => answer.os_version === context.version,
  },
}).createMachine({
  id: OS_UPDATE_ID,
  initial: 'idle',
  context: FRESH,
  states: {
    idle: {
      entry: assign(FRESH),
      on: {
        'os.upload': { target: 'uploading', actions: assign(({ event }) => ({ loaded: 0, total: event.image.size })) },
        'os.resume': { target: 'following', actions: assign(({ event }) => ({ jobId: event.jobId, version: event.version })) },
      },
    },
    uploading: {
      tags: ['busy', 'uploading'],
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ event }) => {
          assertEvent(event, 'os.upload');
          return { image: event.image };
        },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },
      },
      on: {
        'upload.progress': { actions: assign(({ event }) => ({ loaded: event.loaded, total: event.total })) },
        'upload.done': { target: 'following', actions: assign(({ event, context }) => ({ jobId: event.jobId, version: event.version, loaded: context.total })) },
        'upload.failed': { target: 'failed', actions: assign(({ event }) => ({ error: event.error })) },
        'upload.cancel': 'idle',
      },
    },
    following: {
      tags: ['busy'],
      initial: 'asking',
      states: {
        asking: {
          invoke: {
            id: 'fetchJob',
            src: 'fetchJob',
            input: ({ context }) => ({ jobId: context.jobId! }),
            onDone: [
              { guard: { type: 'jobDone', params: ({ event }) => event.output }, target: '#osUpdate.rebooting', actions: assign(({ event }) => ({ job: event.output })) },
              {
                guard: { type: 'jobFailed', params: ({ event }) => event.output },
                target: '#osUpdate.failed',
                actions: assign(({ event }) => ({ job: event.output, error: event.output.error_code ?? 'fail' })),
              },
              { target: 'waiting', actions: assign(({ event }) => ({ job: event.output })) },
            ],
            // The device stopped answering: it reboots (the version will tell).
            onError: '#osUpdate.rebooting',
          },
        },
        waiting: { after: { [OS_JOB_POLL_MS]: 'asking' } },
      },
    },
    rebooting: {
      tags: ['busy', 'rebooting'],
      initial: 'asking',
      after: { [VERIFY_TIMEOUT_MS]: 'unverified' },
      states: {
        asking: {
          invoke: {
            id: 'fetchVersion',
            src: 'fetchVersion',
            onDone: [
              { guard: { type: 'expectedVersion', params: ({ event }) => event.output }, target: '#osUpdate.succeeded' },
              // Up, without the new version: the job says whether it still runs or failed.
              { target: 'checking' },
            ],
            // Away (rebooting): ask again.
            onError: 'waiting',
          },
        },
        checking: {
          invoke: {
            id: 'fetchJob',
            src: 'fetchJob',
            input: ({ context }) => ({ jobId: context.jobId! }),
            onDone: [
              {
                guard: { type: 'jobFailed', params: ({ event }) => event.output },
                target: '#osUpdate.failed',
                actions: assign(({ event }) => ({ job: event.output, error: event.output.error_code ?? 'fail' })),
              },
              { target: 'waiting', actions: assign(({ event }) => ({ job: event.output })) },
            ],
            onError: 'waiting',
          },
        },
        waiting: { after: { [VERIFY_POLL_MS]: 'asking' } },
      },
    },
    unverified: {
      tags: ['unverified'],
      on: {
        'os.retry': 'rebooting',
        'os.dismiss': 'idle',
      },
    },
    // The user must sign in again (the page ends the session): nothing more to do here.
    succeeded: { tags: ['succeeded'] },
    failed: {
      tags: ['failed'],
      on: { 'os.dismiss': 'idle' },
    },
  },
});

export type OsUpdateMachine = typeof osUpdateMachine;

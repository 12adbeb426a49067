/**
 * Updating the project (Project Management): the upload with its progress, or the start from a
 * USB stick or SD card, then the device's five steps (specification §4) followed until the job
 * ends. The user must not do anything else meanwhile: every state but the three outcomes and
 * `idle` carries the `busy` tag, which the page shows as a blocking overlay.
 *
 * 'update.upload' sends the chosen `.app` and `.crc` (`uploading`: the invoked `upload` callback
 * actor reports `upload.progress`, then `upload.done` with the job id or `upload.failed` with a
 * failure code; 'upload.cancel' aborts it, which changes nothing on the device).
 * 'update.fromMedia' asks the device to start from a medium (`requesting`). 'update.resume'
 * follows a job that already runs (a page opened mid-update). `following` asks for the job every
 * JOB_POLL_MS until it is done or failed; MAX_POLL_FAILURES unanswered asks in a row end in
 * `unverified` ("check the panel"), from which 'update.retry' asks again.
 *
 * A protected project refused for its password (`password_required`: none was given;
 * `wrong_password`) is asked for it: 'update.again' with a password sends the same request again
 * (the same files, or the same project of the same medium) with that password.
 *
 * Provided by the page: actors `upload` (callback, input UploadInput), `startFromMedia` (input
 * MediaInput, output `{ job_id }`) and `fetchJob` (input `{ jobId }`, output Job).
 *
 * Tags: `busy` (the overlay), `uploading` (bytes to show), `succeeded`, `failed`, `unverified`.
 * Whether a failure asks for the password: `snapshot.can({ type: 'update.again', … })`.
 */
import { and, assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { Job } from '../contract/api/jobs';
import type { FailureCode } from '../contract/failure';
import type { Medium } from '../contract/media';
import { errorCodeOf, notProvided } from './actor-errors';

export const PROJECT_UPDATE_ID = 'projectUpdate';
/** How often the job is asked for while it runs. */
export const JOB_POLL_MS = 500;
/** Unanswered asks in a row before the console says it cannot tell how the update went. */
export const MAX_POLL_FAILURES = 20;

/** A file to send: a browser File, or anything with a name, a size and bytes. */
export interface UploadFile {
  name: string;
  size: number;
}

export interface UploadInput {
  app: UploadFile;
  crc: UploadFile;
  password: string;
}

export interface MediaInput {
  medium: Medium;
  name: string;
  password: string;
}

/** What was asked for last, to ask again with a password. */
export type UpdateRequest = ({ kind: 'upload' } & UploadInput) | ({ kind: 'media' } & MediaInput);

/** The refusals that a password mends. */
export const PASSWORD_REFUSALS: readonly FailureCode[] = ['password_required', 'wrong_password'];

export interface ProjectUpdateContext {
  /** The update asked for last (null while idle). */
  request: UpdateRequest | null;
  jobId: string | null;
  /** The job as the device last described it. */
  job: Job | null;
  /** Bytes sent and to send, while uploading. */
  loaded: number;
  total: number;
  error: FailureCode | null;
  pollFailures: number;
}

export type ProjectUpdateTag = 'busy' | 'uploading' | 'succeeded' | 'failed' | 'unverified';

export type ProjectUpdateEvent =
  | ({ type: 'update.upload' } & UploadInput)
  | ({ type: 'update.fromMedia' } & MediaInput)
  | { type: 'update.resume'; jobId: string }
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done'; jobId: string }
  | { type: 'upload.failed'; error: FailureCode }
  | { type: 'upload.cancel' }
  | { type: 'update.retry' }
  | { type: 'update.again'; password: string }
  | { type: 'update.dismiss' };

/** What the upload actor sends back. */
export type UploadReport = Extract<ProjectUpdateEvent, { type: 'upload.progress' | 'upload.done' | 'upload.failed' }>;

const FRESH = { request: null, jobId: null, job: null, loaded: 0, total: 0, error: null, pollFailures: 0 } satisfies ProjectUpdateContext;

/** The context of a request sent (again): nothing of an earlier attempt stays. */
const sending = (request: UpdateRequest): ProjectUpdateContext => ({
  ...FRESH,
  request,
  total: request.kind === 'upload' ? request.app.size + request.crc.size : 0,
});

export const projectUpdateMachine = setup({
  types: {
    context: {} as ProjectUpdateContext,
    events: {} as ProjectUpdateEvent,
    tags: {} as ProjectUpdateTag,
  },
  actors: {
    upload: fromCallback<EventObject, UploadInput>(() => {
      throw notProvided(PROJECT_UPDATE_ID, 'upload');
    }),
    startFromMedia: fromPromise<{ job_id: string }, MediaInput>(async () => {
      throw notProvided(PROJECT_UPDATE_ID, 'startFromMedia');
    }),
    fetchJob: fromPromise<Job, { jobId: string }>(async () => {
      throw notProvided(PROJECT_UPDATE_ID, 'fetchJob');
    }),
  },
  guards: {
    jobDone: (_, job: Job) => job.state === 'done',
    jobFailed: (_, job: Job) => job.state === 'failed',
    lastFailure: ({ context }) => context.pollFailures + 1 >= MAX_POLL_FAILURES,
    /** The refusal was the password's, and the files (or the medium's project) are known. */
    passwordMends: ({ context }) => context.error !== null && PASSWORD_REFUSALS.includes(context.error) && context.request !== null,
    uploaded: ({ context }) => context.request?.kind === 'upload',
  },
}).createMachine({
  id: PROJECT_UPDATE_ID,
  initial: 'idle',
  context: FRESH,
  states: {
    idle: {
      entry: assign(FRESH),
      on: {
        'update.upload': {
          target: 'uploading',
          actions: assign(({ event }) => sending({ kind: 'upload', app: event.app, crc: event.crc, password: event.password })),
        },
        'update.fromMedia': {
          target: 'requesting',
          actions: assign(({ event }) => sending({ kind: 'media', medium: event.medium, name: event.name, password: event.password })),
        },
        'update.resume': { target: 'following', actions: assign(({ event }) => ({ jobId: event.jobId })) },
      },
    },
    uploading: {
      tags: ['busy', 'uploading'],
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }): UploadInput => {
          const request = context.request as Extract<UpdateRequest, { kind: 'upload' }>;
          return { app: request.app, crc: request.crc, password: request.password };
        },
        // The upload could not even start (the browser refused to read a file).
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },
      },
      on: {
        'upload.progress': { actions: assign(({ event }) => ({ loaded: event.loaded, total: event.total })) },
        'upload.done': { target: 'following', actions: assign(({ event, context }) => ({ jobId: event.jobId, loaded: context.total })) },
        'upload.failed': { target: 'failed', actions: assign(({ event }) => ({ error: event.error })) },
        // Stopping the upload stops the request: the device keeps nothing of it.
        'upload.cancel': 'idle',
      },
    },
    requesting: {
      tags: ['busy'],
      invoke: {
        id: 'startFromMedia',
        src: 'startFromMedia',
        input: ({ context }): MediaInput => {
          const request = context.request as Extract<UpdateRequest, { kind: 'media' }>;
          return { medium: request.medium, name: request.name, password: request.password };
        },
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
                target: '#projectUpdate.succeeded',
                actions: assign(({ event }) => ({ job: event.output })),
              },
              {
                guard: { type: 'jobFailed', params: ({ event }) => event.output },
                target: '#projectUpdate.failed',
                actions: assign(({ event }) => ({ job: event.output, error: event.output.error_code ?? 'fail' })),
              },
              { target: 'waiting', actions: assign(({ event }) => ({ job: event.output, pollFailures: 0 })) },
            ],
            onError: [
              { guard: 'lastFailure', target: '#projectUpdate.unverified', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },
              { target: 'waiting', actions: assign(({ context }) => ({ pollFailures: context.pollFailures + 1 })) },
            ],
          },
        },
        waiting: {
          after: { [JOB_POLL_MS]: 'asking' },
        },
      },
    },
    unverified: {
      tags: ['unverified'],
      on: {
        'update.retry': { target: 'following', actions: assign({ error: null }) },
        'update.dismiss': 'idle',
      },
    },
    succeeded: {
      tags: ['succeeded'],
      on: { 'update.dismiss': 'idle' },
    },
    failed: {
      tags: ['failed'],
      on: {
        'update.dismiss': 'idle',
        'update.again': [
          {
            guard: and(['passwordMends', 'uploaded']),
            target: 'uploading',
            actions: assign(({ context, event }) => sending({ ...context.request!, password: event.password })),
          },
          {
            guard: 'passwordMends',
            target: 'requesting',
            actions: assign(({ context, event }) => sending({ ...context.request!, password: event.password })),
          },
        ],
      },
    },
  },
});

export type ProjectUpdateMachine = typeof projectUpdateMachine;

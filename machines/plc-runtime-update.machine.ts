/**
 * Updating the PLC runtime's firmware (Features / PLC Runtime), specification §4: the device's
 * steps prepare, upload firmware, update firmware and restart HMI ("a firmware update restarts the
 * HMI"); the console follows the job, waits through the restart and checks the runtime's version
 * before it says the update is done.
 *
 * 'plc.upload' sends the chosen firmware (`uploading`: the invoked `upload` callback reports
 * `upload.progress`, then `upload.done` with the job id and the version the firmware installs, or
 * `upload.failed` with the device's refusal, e.g. firmware_too_large or invalid_firmware, decided
 * before anything changed). 'upload.cancel' stops the request: nothing changes on the device.
 * `following` asks for the job every PLC_JOB_POLL_MS; a failed job (the installer refused the
 * firmware) ends in `failed`. Once the job reaches *restart HMI* (or is done), or the device stops
 * answering (it restarts as soon as the new version is committed), `restarting` asks for the
 * runtime every RESTART_POLL_MS: the expected version with no update running means `succeeded`;
 * an answer without it has the job tell why (`checking`: still running, go on waiting; failed,
 * `failed`). Nothing within RESTART_TIMEOUT_MS ends in `unverified`, where 'plc.retry' waits
 * again. 'plc.resume' follows an update that already runs (a page opened mid-update).
 *
 * Provided by the page: actors `upload` (callback, input UploadFirmwareInput), `fetchJob` (input
 * `{ jobId }`, output Job) and `fetchRuntime` (output RuntimeAnswer).
 *
 * Tags: `busy` (the blocking overlay), `uploading` (bytes to show), `restarting` (the wait),
 * `succeeded`, `failed`, `unverified`.
 */
import { assertEvent, assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { Job } from '../contract/api/jobs';
import type { FailureCode } from '../contract/failure';
import { errorCodeOf, notProvided } from './actor-errors';

export const PLC_RUNTIME_UPDATE_ID = 'plcRuntimeUpdate';
/** How often the job is asked for while the device installs the firmware. */
export const PLC_JOB_POLL_MS = 500;
/** How often the runtime is asked for while the HMI restarts. */
export const RESTART_POLL_MS = 2_000;
/** How long the console waits for the panel to come back with the new version (as for an OS
 * update, specification §9). */
export const RESTART_TIMEOUT_MS = 180_000;

export interface UploadFirmwareInput {
  firmware: { name: string; size: number };
}

/** What the runtime answers, as the flow reads it. */
export interface RuntimeAnswer {
  version: string;
  /** A firmware update still runs (its job has not ended). */
  updating: boolean;
}

export interface PlcRuntimeUpdateContext {
  jobId: string | null;
  /** The version the firmware installs: what the runtime must answer after the restart. */
  version: string | null;
  job: Job | null;
  loaded: number;
  total: number;
  error: FailureCode | null;
}

export type PlcRuntimeUpdateTag = 'busy' | 'uploading' | 'restarting' | 'succeeded' | 'failed' | 'unverified';

export type PlcRuntimeUpdateEvent =
  | ({ type: 'plc.upload' } & UploadFirmwareInput)
  | { type: 'plc.resume'; jobId: string; version: string }
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done'; jobId: string; version: string }
  | { type: 'upload.failed'; error: FailureCode }
  | { type: 'upload.cancel' }
  | { type: 'plc.retry' }
  | { type: 'plc.dismiss' };

/** What the upload actor sends back. */
export type PlcUploadReport = Extract<PlcRuntimeUpdateEvent, { type: 'upload.progress' | 'upload.done' | 'upload.failed' }>;

const FRESH = { jobId: null, version: null, job: null, loaded: 0, total: 0, error: null } satisfies PlcRuntimeUpdateContext;

export const plcRuntimeUpdateMachine = setup({
  types: {
    context: {} as PlcRuntimeUpdateContext,
    events: {} as PlcRuntimeUpdateEvent,
    tags: {} as PlcRuntimeUpdateTag,
  },
  actors: {
    upload: fromCallback<EventObject, UploadFirmwareInput>(() => {
      throw notProvided(PLC_RUNTIME_UPDATE_ID, 'upload');
    }),
    fetchJob: fromPromise<Job, { jobId: string }>(async () => {
      throw notProvided(PLC_RUNTIME_UPDATE_ID, 'fetchJob');
    }),
    fetchRuntime: fromPromise<RuntimeAnswer>(async () => {
      throw notProvided(PLC_RUNTIME_UPDATE_ID, 'fetchRuntime');
    }),
  },
  guards: {
    jobFailed: (_, job: Job) => job.state === 'failed',
    /** The firmware is installed: the HMI restarts now (or has already). */
    restartReached: (_, job: Job) => job.state === 'done' || job.current_step === 'restart_hmi',
    backWithVersion: ({ context }, answer: RuntimeAnswer) => answer.version === context.version && !answer.updating,
  },
}).createMachine({
  id: PLC_RUNTIME_UPDATE_ID,
  initial: 'idle',
  context: FRESH,
  states: {
    idle: {
      entry: assign(FRESH),
      on: {
        'plc.upload': { target: 'uploading', actions: assign(({ event }) => ({ loaded: 0, total: event.firmware.size })) },
        'plc.resume': { target: 'following', actions: assign(({ event }) => ({ jobId: event.jobId, version: event.version })) },
      },
    },
    uploading: {
      tags: ['busy', 'uploading'],
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ event }) => {
          assertEvent(event, 'plc.upload');
          return { firmware: event.firmware };
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
              {
                guard: { type: 'jobFailed', params: ({ event }) => event.output },
                target: '#plcRuntimeUpdate.failed',
                actions: assign(({ event }) => ({ job: event.output, error: event.output.error_code ?? 'fail' })),
              },
              {
                guard: { type: 'restartReached', params: ({ event }) => event.output },
                target: '#plcRuntimeUpdate.restarting',
                actions: assign(({ event }) => ({ job: event.output })),
              },
              { target: 'waiting', actions: assign(({ event }) => ({ job: event.output })) },
            ],
            // The device stopped answering: the HMI restarts (the version will tell).
            onError: '#plcRuntimeUpdate.restarting',
          },
        },
        waiting: { after: { [PLC_JOB_POLL_MS]: 'asking' } },
      },
    },
    restarting: {
      tags: ['busy', 'restarting'],
      initial: 'asking',
      after: { [RESTART_TIMEOUT_MS]: 'unverified' },
      states: {
        asking: {
          invoke: {
            id: 'fetchRuntime',
            src: 'fetchRuntime',
            onDone: [
              { guard: { type: 'backWithVersion', params: ({ event }) => event.output }, target: '#plcRuntimeUpdate.succeeded' },
              // Up, without the new version (or still updating): the job says whether it failed.
              { target: 'checking' },
            ],
            // Away (restarting): ask again.
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
                target: '#plcRuntimeUpdate.failed',
                actions: assign(({ event }) => ({ job: event.output, error: event.output.error_code ?? 'fail' })),
              },
              { target: 'waiting', actions: assign(({ event }) => ({ job: event.output })) },
            ],
            onError: 'waiting',
          },
        },
        waiting: { after: { [RESTART_POLL_MS]: 'asking' } },
      },
    },
    unverified: {
      tags: ['unverified'],
      on: {
        'plc.retry': 'restarting',
        'plc.dismiss': 'idle',
      },
    },
    succeeded: {
      tags: ['succeeded'],
      on: { 'plc.dismiss': 'idle' },
    },
    failed: {
      tags: ['failed'],
      on: { 'plc.dismiss': 'idle' },
    },
  },
});

export type PlcRuntimeUpdateMachine = typeof plcRuntimeUpdateMachine;

/**
 * A signed update (specification §4): the OS image, the PLC runtime's firmware and the project
 * take the same way, so one flow serves the three. Each area gives only what differs
 * (`SignedUpdateFlow`: its id, whether a restart follows the job and how it is verified, whether a
 * medium can start it, which refusals a password mends, its steps as the dialog shows them); see
 * os-update.machine.ts, plc-runtime-update.machine.ts and project-update.machine.ts.
 *
 * On start the flow looks for an update that already runs (`looking`, the invoked `findRunning`:
 * a page opened mid-update follows it) and otherwise waits in `idle`.
 * 'update.upload' sends the chosen files (`uploading`: the invoked `upload` callback reports
 * `upload.progress`, then `upload.done` with the job id, and the version the update installs when
 * there is one, or `upload.failed` with the device's refusal, decided before anything changed).
 * 'upload.cancel' stops the request: nothing changes on the device. Where a medium can start the
 * update, 'update.fromMedia' asks the device to (`requesting`, the invoked `startFromMedia`).
 * `following` asks for the job every `jobPollMs`; a failed job ends in `failed` with its reason.
 *
 * How it ends differs:
 * - with a restart (OS: the device reboots; PLC firmware: the HMI restarts), once the job reaches
 *   `restart.reached` or the device stops answering (it restarts as soon as the new version is
 *   committed, so the job's end may never be seen), `restarting` asks for the installed version
 *   every `restart.pollMs` (`fetchVersion`): the expected version with no update running means
 *   `succeeded`; an answer without it has the job tell why (`checking`: still running, go on
 *   waiting; failed, `failed`). Nothing within `restart.timeoutMs` ends in `unverified`, where
 *   'update.retry' waits again;
 * - without one (the project), the job's own end is the outcome, and `maxPollFailures` unanswered
 *   asks in a row end in `unverified`, where 'update.retry' asks again.
 *
 * A refusal a password mends (`passwordRefusals`) leaves 'update.again' open in `failed`: the same
 * request (the same files, or the same project of the same medium) goes again with that password.
 * 'update.dismiss' closes an outcome (not a success that needs a new sign-in, when
 * `dismissSuccess` is false). On entering `succeeded` or `failed` the action `updateEnded` runs
 * (the page reads again what the update changed).
 *
 * Provided by the page: actors `findRunning` (output RunningUpdate | null), `upload` (callback,
 * input UploadRequest), `fetchJob` (input `{ jobId }`, output Job), and as the area needs them
 * `fetchVersion` (output InstalledVersion) and `startFromMedia` (input MediaRequest, output
 * `{ job_id }`); action `updateEnded`.
 *
 * Tags: `shown` (the progress dialog is open), `busy` (the blocking overlay), `uploading` (bytes to
 * show), `following` (the device works through its steps), `restarting` (the wait), `succeeded`,
 * `failed`, `unverified`. `stepStatesOf(flow, snapshot)` says where each step the dialog lists
 * stands. Whether a failure asks for the password: `snapshot.can({ type: 'update.again', … })`.
 */
import { and, assign, fromCallback, fromPromise, setup, type EventObject, type SnapshotFrom } from 'xstate';
import type { Job } from '../contract/api/jobs';
import type { JobStepState } from '../contract/jobs';
import type { FailureCode } from '../contract/failure';
import type { Medium } from '../contract/media';
import { errorCodeOf, notProvided } from './actor-errors';

/** What differs between the signed updates: everything else is the shared flow. */
export interface SignedUpdateFlow {
  /** The machine's id (it also names its QA texts). */
  id: string;
  /** How often the job is asked for while the device works. */
  jobPollMs: number;
  /** The device restarts after the job, and the installed version says whether it took; null when
   * the job's end is the outcome. */
  restart: {
    /** The job has got far enough that the device restarts now (or has already). */
    reached(job: Job): boolean;
    /** How often the installed version is asked for while the device restarts. */
    pollMs: number;
    /** How long the console waits for the device to come back with the new version. */
    timeoutMs: number;
  } | null;
  /** Without a restart: unanswered asks in a row before the console says it cannot tell (with one,
   * a device that stops answering is taken as restarting). */
  maxPollFailures?: number;
  /** A USB stick or SD card can start the update ('update.fromMedia'). */
  fromMedia: boolean;
  /** The refusals that a password mends ('update.again'); none when the update takes no password. */
  passwordRefusals: readonly FailureCode[];
  /** Whether a success can be closed (an OS update's cannot: the user signs in again). */
  dismissSuccess: boolean;
  /** The steps the progress dialog lists, and which of them the console itself stands for. */
  steps: StepShape;
}

/**
 * The steps the progress dialog lists. Each listed step stands where the device's job says;
 * where the area names them, the console's own phases override that: the `upload` step runs while
 * the bytes are sent (and fails with a refusal), the `install` step runs while the job is followed,
 * the `restart` step runs through the wait and fails when the update cannot be verified.
 */
export interface StepShape {
  all: readonly string[];
  upload?: string;
  install?: string;
  restart?: string;
}

/** A file to send: a browser File, or anything with a name and a size. */
export interface UploadFile {
  name: string;
  size: number;
}

export interface UploadRequest {
  /** The files by their form field. */
  files: Record<string, UploadFile>;
  password: string;
}

export interface MediaRequest {
  medium: Medium;
  name: string;
  password: string;
}

/** What was asked for last, to ask again with a password. */
export type UpdateRequest = ({ kind: 'upload' } & UploadRequest) | ({ kind: 'media' } & MediaRequest);

/** An update the device is running already (found when the page opens). */
export interface RunningUpdate {
  jobId: string;
  /** The version it installs, when the update has one. */
  version: string | null;
}

/** What the device answers when asked for its installed version. */
export interface InstalledVersion {
  version: string;
  /** An update still runs (its job has not ended). */
  updating?: boolean;
}

export interface SignedUpdateContext {
  /** The update asked for last (null while idle). */
  request: UpdateRequest | null;
  jobId: string | null;
  /** The version the update installs: what the device must answer after its restart. */
  version: string | null;
  /** The job as the device last described it. */
  job: Job | null;
  /** Bytes sent and to send, while uploading. */
  loaded: number;
  total: number;
  error: FailureCode | null;
  pollFailures: number;
}

export type SignedUpdateTag = 'shown' | 'busy' | 'uploading' | 'following' | 'restarting' | 'succeeded' | 'failed' | 'unverified';

export type SignedUpdateEvent =
  | { type: 'update.upload'; files: Record<string, UploadFile>; password?: string }
  | ({ type: 'update.fromMedia' } & MediaRequest)
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done'; jobId: string; version?: string }
  | { type: 'upload.failed'; error: FailureCode }
  | { type: 'upload.cancel' }
  | { type: 'update.retry' }
  | { type: 'update.again'; password: string }
  | { type: 'update.dismiss' };

/** What the upload actor sends back. */
export type UploadReport = Extract<SignedUpdateEvent, { type: 'upload.progress' | 'upload.done' | 'upload.failed' }>;

export const FRESH = { request: null, jobId: null, version: null, job: null, loaded: 0, total: 0, error: null, pollFailures: 0 } satisfies SignedUpdateContext;

/** The context of a request sent (again): nothing of an earlier attempt stays. */
const sending = (request: UpdateRequest): SignedUpdateContext => ({
  ...FRESH,
  request,
  total: request.kind === 'upload' ? Object.values(request.files).reduce((sum, file) => sum + file.size, 0) : 0,
});

const failedJob = (job: Job) => ({ job, error: job.error_code ?? ('fail' as FailureCode) });

/** The signed-update machine of one area. */
export function signedUpdateMachine(flow: SignedUpdateFlow) {
  const { id, restart } = flow;
  const ref = (state: string) => `#${id}.${state}`;

  const machine = setup({
    types: {
      context: {} as SignedUpdateContext,
      events: {} as SignedUpdateEvent,
      tags: {} as SignedUpdateTag,
    },
    actors: {
      findRunning: fromPromise<RunningUpdate | null>(async () => {
        throw notProvided(id, 'findRunning');
      }),
      upload: fromCallback<EventObject, UploadRequest>(() => {
        throw notProvided(id, 'upload');
      }),
      startFromMedia: fromPromise<{ job_id: string }, MediaRequest>(async () => {
        throw notProvided(id, 'startFromMedia');
      }),
      fetchJob: fromPromise<Job, { jobId: string }>(async () => {
        throw notProvided(id, 'fetchJob');
      }),
      fetchVersion: fromPromise<InstalledVersion>(async () => {
        throw notProvided(id, 'fetchVersion');
      }),
    },
    actions: {
      /** The update ended (well or not): the page reads again what it changed. */
      updateEnded: () => {},
    },
    guards: {
      found: (_, running: RunningUpdate | null) => running !== null,
      jobFailed: (_, job: Job) => job.state === 'failed',
      /** The job got as far as the flow follows it: to the restart, or to its end. */
      jobThrough: (_, job: Job) => (restart ? restart.reached(job) : job.state === 'done'),
      backWithVersion: ({ context }, answer: InstalledVersion) => answer.version === context.version && !answer.updating,
      lastFailure: ({ context }) => context.pollFailures + 1 >= (flow.maxPollFailures ?? 1),
      /** The refusal was the password's, and the files (or the medium's project) are known. */
      passwordMends: ({ context }) => context.error !== null && flow.passwordRefusals.includes(context.error) && context.request !== null,
      uploaded: ({ context }) => context.request?.kind === 'upload',
    },
  });

  type StateConfig = NonNullable<Parameters<typeof machine.createMachine>[0]['states']>[string];
  type Transitions = NonNullable<StateConfig['on']>;

  /** Where a request from a medium waits for the device to start its job. */
  const requesting: StateConfig = {
    tags: ['shown', 'busy'],
    invoke: {
      id: 'startFromMedia',
      src: 'startFromMedia',
      input: ({ context }) => {
        const request = context.request as Extract<UpdateRequest, { kind: 'media' }>;
        return { medium: request.medium, name: request.name, password: request.password };
      },
      onDone: { target: 'following', actions: assign(({ event }) => ({ jobId: event.output.job_id })) },
      onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },
    },
  };

  /** The wait through the device's restart, and the version check. */
  const restarting = (timing: NonNullable<SignedUpdateFlow['restart']>): StateConfig => ({
    tags: ['shown', 'busy', 'restarting'],
    initial: 'asking',
    after: { [timing.timeoutMs]: 'unverified' },
    states: {
      asking: {
        invoke: {
          id: 'fetchVersion',
          src: 'fetchVersion',
          onDone: [
            { guard: { type: 'backWithVersion', params: ({ event }) => event.output }, target: ref('succeeded') },
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
            { guard: { type: 'jobFailed', params: ({ event }) => event.output }, target: ref('failed'), actions: assign(({ event }) => failedJob(event.output)) },
            { target: 'waiting', actions: assign(({ event }) => ({ job: event.output })) },
          ],
          onError: 'waiting',
        },
      },
      waiting: { after: { [timing.pollMs]: 'asking' } },
    },
  });

  /** A refusal a password mends: the same request again, with the password. */
  const again: Transitions = {
    'update.again': [
      {
        guard: and(['passwordMends', 'uploaded']),
        target: 'uploading',
        actions: assign(({ context, event }) => sending({ ...context.request!, password: (event as { password: string }).password })),
      },
      ...(flow.fromMedia
        ? [
            {
              guard: 'passwordMends' as const,
              target: 'requesting',
              actions: assign<SignedUpdateContext, SignedUpdateEvent, undefined, SignedUpdateEvent, never>(({ context, event }) =>
                sending({ ...context.request!, password: (event as { password: string }).password }),
              ),
            },
          ]
        : []),
    ],
  };

  const fromMedia: Transitions = {
    'update.fromMedia': {
      target: 'requesting',
      actions: assign(({ event }) => {
        const { medium, name, password } = event as Extract<SignedUpdateEvent, { type: 'update.fromMedia' }>;
        return sending({ kind: 'media', medium, name, password });
      }),
    },
  };

  return machine.createMachine({
    id,
    initial: 'looking',
    context: FRESH,
    states: {
      looking: {
        invoke: {
          id: 'findRunning',
          src: 'findRunning',
          onDone: [
            {
              guard: { type: 'found', params: ({ event }) => event.output },
              target: 'following',
              actions: assign(({ event }) => ({ jobId: event.output!.jobId, version: event.output!.version })),
            },
            { target: 'idle' },
          ],
          // The page says why the device cannot be read; there is nothing to follow.
          onError: 'idle',
        },
      },
      idle: {
        entry: assign(FRESH),
        on: {
          'update.upload': {
            target: 'uploading',
            actions: assign(({ event }) => sending({ kind: 'upload', files: event.files, password: event.password ?? '' })),
          },
          ...(flow.fromMedia ? fromMedia : {}),
        },
      },
      uploading: {
        tags: ['shown', 'busy', 'uploading'],
        invoke: {
          id: 'upload',
          src: 'upload',
          input: ({ context }): UploadRequest => {
            const request = context.request as Extract<UpdateRequest, { kind: 'upload' }>;
            return { files: request.files, password: request.password };
          },
          // The upload could not even start (the browser refused to read a file).
          onError: { target: 'failed', actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },
        },
        on: {
          'upload.progress': { actions: assign(({ event }) => ({ loaded: event.loaded, total: event.total })) },
          'upload.done': {
            target: 'following',
            actions: assign(({ event, context }) => ({ jobId: event.jobId, version: event.version ?? null, loaded: context.total })),
          },
          'upload.failed': { target: 'failed', actions: assign(({ event }) => ({ error: event.error })) },
          // Stopping the upload stops the request: the device keeps nothing of it.
          'upload.cancel': 'idle',
        },
      },
      ...(flow.fromMedia ? { requesting } : {}),
      following: {
        tags: ['shown', 'busy', 'following'],
        initial: 'asking',
        entry: assign({ pollFailures: 0 }),
        states: {
          asking: {
            invoke: {
              id: 'fetchJob',
              src: 'fetchJob',
              input: ({ context }) => ({ jobId: context.jobId! }),
              onDone: [
                { guard: { type: 'jobFailed', params: ({ event }) => event.output }, target: ref('failed'), actions: assign(({ event }) => failedJob(event.output)) },
                {
                  guard: { type: 'jobThrough', params: ({ event }) => event.output },
                  target: restart ? ref('restarting') : ref('succeeded'),
                  actions: assign(({ event }) => ({ job: event.output })),
                },
                { target: 'waiting', actions: assign(({ event }) => ({ job: event.output, pollFailures: 0 })) },
              ],
              onError: restart
                ? // The device stopped answering: it restarts (the version will tell).
                  ref('restarting')
                : [
                    { guard: 'lastFailure', target: ref('unverified'), actions: assign(({ event }) => ({ error: errorCodeOf(event.error) })) },
                    { target: 'waiting', actions: assign(({ context }) => ({ pollFailures: context.pollFailures + 1 })) },
                  ],
            },
          },
          waiting: { after: { [flow.jobPollMs]: 'asking' } },
        },
      },
      ...(restart ? { restarting: restarting(restart) } : {}),
      unverified: {
        tags: ['shown', 'unverified'],
        on: {
          'update.retry': { target: restart ? 'restarting' : 'following', actions: assign({ error: null }) },
          'update.dismiss': 'idle',
        },
      },
      succeeded: {
        tags: ['shown', 'succeeded'],
        entry: 'updateEnded',
        // After an OS update the user must sign in again (the page ends the session).
        on: flow.dismissSuccess ? { 'update.dismiss': 'idle' } : {},
      },
      failed: {
        tags: ['shown', 'failed'],
        entry: 'updateEnded',
        on: {
          'update.dismiss': 'idle',
          ...(flow.passwordRefusals.length > 0 ? again : {}),
        },
      },
    },
  });
}

export type SignedUpdateMachine = ReturnType<typeof signedUpdateMachine>;
export type SignedUpdateSnapshot = SnapshotFrom<SignedUpdateMachine>;

/** An area's signed update: what differs, and the machine made of it. */
export interface SignedUpdate {
  flow: SignedUpdateFlow;
  machine: SignedUpdateMachine;
}

export function defineSignedUpdate(flow: SignedUpdateFlow): SignedUpdate {
  return { flow, machine: signedUpdateMachine(flow) };
}

/** Where each step the dialog lists stands: the job's own word, under the console's phases. */
export function stepStatesOf(steps: StepShape, snapshot: Pick<SignedUpdateSnapshot, 'context' | 'hasTag'>): Record<string, JobStepState> {
  const { job } = snapshot.context;
  const fromJob = new Map(job?.steps.map((s) => [s.id, s.state]) ?? []);
  const states: Record<string, JobStepState> = Object.fromEntries(steps.all.map((s) => [s, fromJob.get(s) ?? 'pending']));
  /** `step` at `state`: those listed before it done, those after it waiting. */
  const at = (step: string | undefined, state: JobStepState) => {
    if (step === undefined) return;
    const index = steps.all.indexOf(step);
    steps.all.forEach((s, i) => {
      states[s] = i < index ? 'done' : i === index ? state : 'pending';
    });
  };
  if (snapshot.hasTag('uploading')) at(steps.upload, 'running');
  else if (snapshot.hasTag('following')) at(steps.install, steps.install !== undefined && fromJob.get(steps.install) === 'done' ? 'done' : 'running');
  else if (snapshot.hasTag('restarting')) at(steps.restart, 'running');
  else if (snapshot.hasTag('succeeded')) steps.all.forEach((s) => (states[s] = 'done'));
  else if (snapshot.hasTag('unverified')) at(steps.restart, 'failed');
  // Refused with the upload (nothing changed); a failed job's steps say where it stopped.
  else if (snapshot.hasTag('failed') && !job) at(steps.upload, 'failed');
  return states;
}

/** The device's own progress on the step it installs (bytes written), while the job is followed. */
export function deviceProgressOf(steps: StepShape, snapshot: Pick<SignedUpdateSnapshot, 'context' | 'hasTag'>) {
  const bytes = snapshot.context.job?.bytes;
  return steps.install !== undefined && bytes && snapshot.hasTag('following') ? { step: steps.install, ...bytes } : null;
}

/**
 * A signed-update machine on a real actor for the machine tests (signed-update.test.ts and the
 * three areas' tests): every actor a double the test settles, and readers of where it is.
 */
import { createActor, fromCallback, type EventObject } from 'xstate';
import type { Job } from '../../contract/api/jobs';
import type {
  InstalledVersion,
  MediaRequest,
  RunningUpdate,
  SignedUpdateEvent,
  SignedUpdateMachine,
  SignedUpdateTag,
  UploadReport,
  UploadRequest,
} from '../../machines/signed-update.machine';
import { controllable } from './controllable-actor';

export function signedUpdateHarness(machine: SignedUpdateMachine) {
  const uploads: Array<{ input: UploadRequest; sendBack: (e: UploadReport) => void; stopped: boolean }> = [];
  const upload = fromCallback<EventObject, UploadRequest>(({ input, sendBack }) => {
    const record = { input, sendBack: (e: UploadReport) => sendBack(e), stopped: false };
    uploads.push(record);
    return () => {
      record.stopped = true;
    };
  });
  const findRunning = controllable<RunningUpdate | null, unknown>();
  const fetchJob = controllable<Job, { jobId: string }>();
  const fetchVersion = controllable<InstalledVersion, unknown>();
  const startFromMedia = controllable<{ job_id: string }, MediaRequest>();
  /** How many times the update ended (the action `updateEnded` ran). */
  const ended = { count: 0 };
  const actor = createActor(
    machine.provide({
      actors: { upload, findRunning: findRunning.logic, fetchJob: fetchJob.logic, fetchVersion: fetchVersion.logic, startFromMedia: startFromMedia.logic },
      actions: { updateEnded: () => void ended.count++ },
    }),
  ).start();
  const snapshot = () => actor.getSnapshot();
  const send = (event: SignedUpdateEvent) => actor.send(event);
  return { actor, snapshot, context: () => snapshot().context, send, uploads, findRunning, fetchJob, fetchVersion, startFromMedia, ended };
}
export type SignedUpdateHarness = ReturnType<typeof signedUpdateHarness>;

/** Where the flow is, as a dotted path ('following.asking'). */
export function at(h: SignedUpdateHarness): string {
  const value = h.snapshot().value as string | Record<string, string>;
  if (typeof value === 'string') return value;
  const [parent, child] = Object.entries(value)[0]!;
  return `${parent}.${child}`;
}

const TAGS: SignedUpdateTag[] = ['shown', 'busy', 'uploading', 'following', 'restarting', 'succeeded', 'failed', 'unverified'];
export const tagsOf = (h: SignedUpdateHarness) => TAGS.filter((t) => h.snapshot().hasTag(t));

/** Lets the settled promises be taken (under fake timers). */
export const flush = () => jest.advanceTimersByTimeAsync(0);
export const GONE = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };

/** A started flow that found nothing running: idle. */
export async function idleHarness(machine: SignedUpdateMachine) {
  const h = signedUpdateHarness(machine);
  h.findRunning.last().resolve(null);
  await flush();
  return h;
}

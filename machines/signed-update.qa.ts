/**
 * What the three signed updates' QA entries share (os-update.qa.ts, plc-runtime-update.qa.ts,
 * project-update.qa.ts): the doubles of the flow's actors and the events every one of them takes.
 * Each entry gives its own sample files, job, versions and refusals.
 */
import type { Job } from '../contract/api/jobs';
import type { FailureCode } from '../contract/failure';
import { NETWORK_FAILURE, noop, pendingPromise, samplesOf, silentCallback, type ActorOutcome, type MachineEntry } from './qa-support';
import type { InstalledVersion, MediaRequest, RunningUpdate, SignedUpdate, SignedUpdateEvent, UploadFile } from './signed-update.machine';

interface Samples {
  /** The namespace of the update's area, which holds its QA texts. */
  textNamespace: string;
  textValues: MachineEntry['textValues'];
  /** The files the upload sends, by form field. */
  files: Record<string, UploadFile>;
  /** The update found running when the page opens. */
  running: RunningUpdate;
  /** A device's refusal of the upload. */
  refusal: FailureCode;
  /** The area's further events (a medium, a password). */
  events?: SignedUpdateEvent[];
  /** Sample jobs: the first running, then the others where the flow branches. */
  jobs: [Job, ...Job[]];
  /** With a restart: the installed versions answered, the expected one first. */
  versions?: [InstalledVersion, ...InstalledVersion[]];
  /** Further outcomes (startFromMedia). */
  outcomes?: Record<string, ActorOutcome>;
}

export function signedUpdateEntry({ flow, machine }: SignedUpdate, samples: Samples): MachineEntry {
  const total = Object.values(samples.files).reduce((sum, file) => sum + file.size, 0);
  const [job, ...otherJobs] = samples.jobs;
  return {
    id: machine.id,
    textNamespace: samples.textNamespace,
    machine,
    textValues: samples.textValues,
    events: samplesOf<SignedUpdateEvent>([
      { type: 'update.upload', files: samples.files },
      // What the upload actor reports.
      { type: 'upload.progress', loaded: Math.floor(total / 2), total },
      { type: 'upload.done', jobId: samples.running.jobId, ...(samples.running.version ? { version: samples.running.version } : {}) },
      { type: 'upload.failed', error: samples.refusal },
      { type: 'upload.cancel' },
      ...(samples.events ?? []),
      { type: 'update.retry' },
      { type: 'update.dismiss' },
    ]),
    doubles: {
      actors: {
        findRunning: pendingPromise<RunningUpdate | null>(),
        upload: silentCallback(),
        fetchJob: pendingPromise<Job, { jobId: string }>(),
        ...(flow.restart ? { fetchVersion: pendingPromise<InstalledVersion>() } : {}),
        ...(flow.fromMedia ? { startFromMedia: pendingPromise<{ job_id: string }, MediaRequest>() } : {}),
      },
      actions: { updateEnded: noop },
    },
    outcomes: {
      findRunning: { output: samples.running, otherOutputs: [null], error: NETWORK_FAILURE },
      // The upload actor itself failing (a file the browser cannot read); its reports are events.
      upload: { error: { message: 'The file could not be read' } },
      fetchJob: { output: job, otherOutputs: otherJobs, error: NETWORK_FAILURE },
      ...(samples.versions ? { fetchVersion: { output: samples.versions[0], otherOutputs: samples.versions.slice(1), error: NETWORK_FAILURE } } : {}),
      ...samples.outcomes,
    },
  };
}

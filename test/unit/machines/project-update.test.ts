/**
 * Behaviour of the project update on a real actor: what the overlay shows through the upload and
 * the five steps, each way it ends, and what the calls were given.
 */
import { createActor, fromCallback, type EventObject } from 'xstate';

import { JOB_POLL_MS, MAX_POLL_FAILURES, projectUpdateMachine, type MediaInput, type ProjectUpdateEvent, type UploadInput, type UploadReport } from '../../../machines/project-update.machine';
import { sampleJob } from '../../../machines/project-update.qa';
import type { Job } from '../../../contract/api/jobs';
import { controllable } from '../../support/controllable-actor';

function harness() {
  const uploads: Array<{ input: UploadInput; sendBack: (e: UploadReport) => void; stopped: boolean }> = [];
  const upload = fromCallback<EventObject, UploadInput>(({ input, sendBack }) => {
    const record = { input, sendBack: (e: UploadReport) => sendBack(e), stopped: false };
    uploads.push(record);
    return () => {
      record.stopped = true;
    };
  });
  const startFromMedia = controllable<{ job_id: string }, MediaInput>();
  const fetchJob = controllable<Job, { jobId: string }>();
  const actor = createActor(projectUpdateMachine.provide({ actors: { upload, startFromMedia: startFromMedia.logic, fetchJob: fetchJob.logic } })).start();
  const snapshot = () => actor.getSnapshot();
  const send = (event: ProjectUpdateEvent) => actor.send(event);
  return { actor, snapshot, context: () => snapshot().context, send, uploads, startFromMedia, fetchJob };
}
type Harness = ReturnType<typeof harness>;

const STATES = ['idle', 'uploading', 'requesting', 'following.asking', 'following.waiting', 'unverified', 'succeeded', 'failed'] as const;
const at = (h: Harness) =>
  STATES.filter((s) => (s.startsWith('following.') ? h.snapshot().matches({ following: s.slice('following.'.length) as 'asking' | 'waiting' }) : h.snapshot().matches(s as 'idle')));
const tags = (h: Harness) => (['busy', 'uploading', 'succeeded', 'failed', 'unverified'] as const).filter((t) => h.snapshot().hasTag(t));
const flush = () => jest.advanceTimersByTimeAsync(0);

const FILES = { app: { name: 'Line2.app', size: 1000 }, crc: { name: 'Line2.crc', size: 9 }, password: 'pw' };

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('projectUpdate: upload', () => {
  it('uploads the chosen pair with its password, reporting bytes, behind the busy overlay', () => {
    const h = harness();
    expect(at(h)).toEqual(['idle']);
    expect(tags(h)).toEqual([]);
    h.send({ type: 'update.upload', ...FILES });
    expect(at(h)).toEqual(['uploading']);
    expect(tags(h)).toEqual(['busy', 'uploading']);
    expect(h.uploads.map((u) => u.input)).toEqual([FILES]);
    expect(h.context()).toMatchObject({ loaded: 0, total: 1009 });
    h.uploads[0]!.sendBack({ type: 'upload.progress', loaded: 500, total: 1400 });
    expect(h.context()).toMatchObject({ loaded: 500, total: 1400 });
    // Nothing else starts meanwhile.
    h.send({ type: 'update.fromMedia', medium: 'usb', name: 'X', password: '' });
    h.send({ type: 'update.dismiss' });
    expect(at(h)).toEqual(['uploading']);
    expect(h.startFromMedia.calls).toHaveLength(0);
  });

  it('follows the job the device started, once the last byte is in', async () => {
    const h = harness();
    h.send({ type: 'update.upload', ...FILES });
    h.uploads[0]!.sendBack({ type: 'upload.done', jobId: 'job-7' });
    expect(at(h)).toEqual(['following.asking']);
    expect(tags(h)).toEqual(['busy']);
    expect(h.uploads[0]!.stopped).toBe(true);
    expect(h.fetchJob.calls.map((c) => c.input)).toEqual([{ jobId: 'job-7' }]);
    expect(h.context().loaded).toBe(h.context().total);
  });

  it('ends failed with the device\'s reason when the upload is refused', () => {
    const h = harness();
    h.send({ type: 'update.upload', ...FILES });
    h.uploads[0]!.sendBack({ type: 'upload.failed', error: 'crc_mismatch' });
    expect(at(h)).toEqual(['failed']);
    expect(tags(h)).toEqual(['failed']);
    expect(h.context().error).toBe('crc_mismatch');
    h.send({ type: 'update.dismiss' });
    expect(at(h)).toEqual(['idle']);
    expect(h.context()).toEqual({ request: null, jobId: null, job: null, loaded: 0, total: 0, error: null, pollFailures: 0 });
  });

  it('ends failed when the upload cannot even start', async () => {
    const failing = createActor(
      projectUpdateMachine.provide({
        actors: {
          upload: fromCallback<EventObject, UploadInput>(() => {
            throw new Error('NotReadableError: the file could not be read');
          }),
        },
      }),
    ).start();
    failing.send({ type: 'update.upload', ...FILES });
    await flush();
    expect(failing.getSnapshot().matches('failed')).toBe(true);
    expect(failing.getSnapshot().context.error).toBe('fail');
  });

  it('stops the request on cancel and goes back to choosing', () => {
    const h = harness();
    h.send({ type: 'update.upload', ...FILES });
    h.send({ type: 'upload.cancel' });
    expect(at(h)).toEqual(['idle']);
    expect(h.uploads[0]!.stopped).toBe(true);
    expect(h.fetchJob.calls).toHaveLength(0);
  });
});

describe('projectUpdate: from a medium, and a job already running', () => {
  it('asks the device to start from the chosen pair and follows the job', async () => {
    const h = harness();
    h.send({ type: 'update.fromMedia', medium: 'sd', name: 'Line 3', password: '' });
    expect(at(h)).toEqual(['requesting']);
    expect(tags(h)).toEqual(['busy']);
    expect(h.startFromMedia.last().input).toEqual({ medium: 'sd', name: 'Line 3', password: '' });
    h.startFromMedia.last().resolve({ job_id: 'job-9' });
    await flush();
    expect(at(h)).toEqual(['following.asking']);
    expect(h.fetchJob.last().input).toEqual({ jobId: 'job-9' });
  });

  it('ends failed when the device refuses to start', async () => {
    const h = harness();
    h.send({ type: 'update.fromMedia', medium: 'usb', name: 'Gone', password: '' });
    h.startFromMedia.last().reject({ status: 404, data: { error_code: 'not_found' } });
    await flush();
    expect(at(h)).toEqual(['failed']);
    expect(h.context().error).toBe('not_found');
  });

  it('follows a job that runs when the page opens', () => {
    const h = harness();
    h.send({ type: 'update.resume', jobId: 'job-3' });
    expect(at(h)).toEqual(['following.asking']);
    expect(h.fetchJob.last().input).toEqual({ jobId: 'job-3' });
  });
});

describe('projectUpdate: following the steps', () => {
  async function following() {
    const h = harness();
    h.send({ type: 'update.resume', jobId: 'job-1' });
    return h;
  }

  it('asks again every JOB_POLL_MS while the job runs, keeping the steps the device reported', async () => {
    const h = await following();
    h.fetchJob.last().resolve(sampleJob('running', 'stop_project'));
    await flush();
    expect(at(h)).toEqual(['following.waiting']);
    expect(h.context().job?.current_step).toBe('stop_project');
    await jest.advanceTimersByTimeAsync(JOB_POLL_MS - 1);
    expect(h.fetchJob.calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(h.fetchJob.calls).toHaveLength(2);
    h.fetchJob.last().resolve(sampleJob('running', 'decompress_project'));
    await flush();
    expect(h.context().job?.current_step).toBe('decompress_project');
  });

  it('ends succeeded when the job is done', async () => {
    const h = await following();
    h.fetchJob.last().resolve(sampleJob('done'));
    await flush();
    expect(at(h)).toEqual(['succeeded']);
    expect(tags(h)).toEqual(['succeeded']);
    expect(h.context().job?.state).toBe('done');
    await jest.advanceTimersByTimeAsync(JOB_POLL_MS * 4);
    expect(h.fetchJob.calls).toHaveLength(1);
  });

  it('ends failed with the job\'s reason, and whether the previous project runs again', async () => {
    const h = await following();
    h.fetchJob.last().resolve(sampleJob('failed', 'start_project', { error_code: 'start_failed', rolled_back: true }));
    await flush();
    expect(at(h)).toEqual(['failed']);
    expect(h.context()).toMatchObject({ error: 'start_failed', job: { rolled_back: true } });
  });

  it('rides out unanswered asks, and says it cannot tell after MAX_POLL_FAILURES in a row', async () => {
    const h = await following();
    for (let i = 1; i < MAX_POLL_FAILURES; i++) {
      h.fetchJob.last().reject({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' });
      await flush();
      expect({ i, at: at(h), failures: h.context().pollFailures }).toEqual({ i, at: ['following.waiting'], failures: i });
      await jest.advanceTimersByTimeAsync(JOB_POLL_MS);
    }
    // One answer in between starts the count again.
    h.fetchJob.last().resolve(sampleJob('running', 'start_project'));
    await flush();
    expect(h.context().pollFailures).toBe(0);
    for (let i = 1; i <= MAX_POLL_FAILURES; i++) {
      await jest.advanceTimersByTimeAsync(JOB_POLL_MS);
      h.fetchJob.last().reject({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' });
      await flush();
    }
    expect(at(h)).toEqual(['unverified']);
    expect(tags(h)).toEqual(['unverified']);
    expect(h.context().error).toBe('connection_lost');
    h.send({ type: 'update.retry' });
    expect(at(h)).toEqual(['following.asking']);
    expect(h.context()).toMatchObject({ error: null, pollFailures: 0 });
    h.fetchJob.last().resolve(sampleJob('done'));
    await flush();
    expect(at(h)).toEqual(['succeeded']);
  });
});

describe('projectUpdate: a protected project is asked for its password (issue 20, item 5)', () => {
  async function refusedJob(h: Harness, code: 'password_required' | 'wrong_password' | 'crc_mismatch') {
    h.fetchJob.last().resolve(sampleJob('failed', 'prepare', { id: 'job-1', error_code: code }));
    await flush();
  }

  it('sends the same files again with the password typed, after a refusal for none', async () => {
    const h = harness();
    h.send({ type: 'update.upload', ...FILES, password: '' });
    h.uploads[0]!.sendBack({ type: 'upload.done', jobId: 'job-1' });
    await refusedJob(h, 'password_required');
    expect(at(h)).toEqual(['failed']);
    expect(h.context().error).toBe('password_required');
    h.send({ type: 'update.again', password: 'Batch-42' });
    expect(at(h)).toEqual(['uploading']);
    expect(h.uploads.map((u) => u.input)).toEqual([{ ...FILES, password: '' }, { ...FILES, password: 'Batch-42' }]);
    expect(h.context()).toMatchObject({ error: null, job: null, loaded: 0, total: 1009 });
  });

  it('asks the medium again for the same project, after a wrong password', async () => {
    const h = harness();
    h.send({ type: 'update.fromMedia', medium: 'usb', name: 'Locked', password: 'batch-42' });
    h.startFromMedia.last().resolve({ job_id: 'job-1' });
    await flush();
    await refusedJob(h, 'wrong_password');
    h.send({ type: 'update.again', password: 'Batch-42' });
    expect(at(h)).toEqual(['requesting']);
    expect(h.startFromMedia.calls.map((c) => c.input)).toEqual([
      { medium: 'usb', name: 'Locked', password: 'batch-42' },
      { medium: 'usb', name: 'Locked', password: 'Batch-42' },
    ]);
  });

  it('no password mends another refusal, nor a job followed without knowing its files', async () => {
    const h = harness();
    h.send({ type: 'update.upload', ...FILES });
    h.uploads[0]!.sendBack({ type: 'upload.done', jobId: 'job-1' });
    await refusedJob(h, 'crc_mismatch');
    expect(h.snapshot().can({ type: 'update.again', password: 'x' })).toBe(false);
    h.send({ type: 'update.again', password: 'x' });
    expect(at(h)).toEqual(['failed']);
    h.send({ type: 'update.dismiss' });
    h.send({ type: 'update.resume', jobId: 'job-1' });
    await refusedJob(h, 'password_required');
    expect(h.snapshot().can({ type: 'update.again', password: 'x' })).toBe(false);
  });
});

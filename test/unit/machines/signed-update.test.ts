/**
 * The signed-update flow, once, on a real actor: what it does whatever the area (find a running
 * update, upload, follow the job, each way it ends) and each option an area sets, on two flows made
 * here (one with a restart to verify, one without but with a medium and a password). The areas'
 * own tests (os-update, plc-runtime-update, project-update) check only what each sets.
 */
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import type { Job } from '../../../contract/api/jobs';
import { sampleJobOf } from '../../../machines/job-samples';
import { FRESH, deviceProgressOf, signedUpdateMachine, stepStatesOf, type SignedUpdateFlow, type MediaRequest, type RunningUpdate, type StepShape, type UploadRequest } from '../../../machines/signed-update.machine';
import { GONE, at, flush, idleHarness, signedUpdateHarness, tagsOf, type SignedUpdateHarness } from '../../support/signed-update';

const POLL = 300;
const VERIFY_POLL = 1_000;
const TIMEOUT = 10_000;
const MAX_FAILURES = 3;

const STEPS: StepShape = { all: ['prepare', 'upload_firmware', 'update_firmware', 'restart'], upload: 'upload_firmware', install: 'update_firmware', restart: 'restart' };
const RESTARTING: SignedUpdateFlow = {
  id: 'testRestart',
  jobPollMs: POLL,
  restart: { reached: (job) => job.state === 'done' || job.current_step === 'restart_hmi', pollMs: VERIFY_POLL, timeoutMs: TIMEOUT },
  fromMedia: false,
  passwordRefusals: [],
  dismissSuccess: false,
  steps: STEPS,
};
const JOB_ONLY: SignedUpdateFlow = {
  id: 'testJob',
  jobPollMs: POLL,
  restart: null,
  maxPollFailures: MAX_FAILURES,
  fromMedia: true,
  passwordRefusals: ['password_required', 'wrong_password'],
  dismissSuccess: true,
  steps: { all: ['prepare', 'stop_project', 'update_project', 'decompress_project', 'start_project'] },
};
const withRestart = signedUpdateMachine(RESTARTING);
const jobOnly = signedUpdateMachine(JOB_ONLY);

const job = (state: Job['state'], step: string, extra: Partial<Job> = {}) => sampleJobOf('plc_runtime_update', state, step, { id: 'job-9', ...extra });
const projectJob = (state: Job['state'], step: string, extra: Partial<Job> = {}) => sampleJobOf('project_update', state, step, { id: 'job-9', ...extra });
const FILES = { files: { app: { name: 'a.app', size: 1000 }, crc: { name: 'a.crc', size: 9 } }, password: 'pw' };
const FIRMWARE = { files: { firmware: { name: 'f.bin', size: 4000 } } };

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Uploaded, the job being asked for. */
async function following(machine = withRestart, version = '2.0') {
  const h = await idleHarness(machine);
  h.send({ type: 'update.upload', ...FIRMWARE });
  h.uploads[0]!.sendBack({ type: 'upload.done', jobId: 'job-9', version });
  return h;
}

/** Following, then the device away: waiting through the restart. */
async function restarting() {
  const h = await following();
  h.fetchJob.last().resolve(job('running', 'restart_hmi'));
  await flush();
  return h;
}

describe('signed update: an update already running', () => {
  it('looks for one on start, shows nothing meanwhile, and follows the one found with its version', async () => {
    const h = signedUpdateHarness(withRestart);
    expect(at(h)).toBe('looking');
    expect(tagsOf(h)).toEqual([]);
    h.findRunning.last().resolve({ jobId: 'job-4', version: '3.0' });
    await flush();
    expect(at(h)).toBe('following.asking');
    expect(h.context()).toMatchObject({ jobId: 'job-4', version: '3.0' });
    expect(h.fetchJob.last().input).toEqual({ jobId: 'job-4' });
  });

  it.each([
    ['with a restart', withRestart],
    ['without one', jobOnly],
  ] as const)('waits for a choice when nothing runs, or when the device cannot say (%s)', async (_, machine) => {
    const none = signedUpdateHarness(machine);
    none.findRunning.last().resolve(null);
    await flush();
    expect(at(none)).toBe('idle');
    expect(tagsOf(none)).toEqual([]);
    const unreadable = signedUpdateHarness(machine);
    unreadable.findRunning.last().reject(GONE);
    await flush();
    expect(at(unreadable)).toBe('idle');
    expect(tagsOf(unreadable)).toEqual([]);
    expect(unreadable.fetchJob.calls).toHaveLength(0);
    expect(unreadable.startFromMedia.calls).toHaveLength(0);
  });

  it('takes no upload before it knows', () => {
    const h = signedUpdateHarness(withRestart);
    h.send({ type: 'update.upload', ...FIRMWARE });
    expect(at(h)).toBe('looking');
    expect(h.uploads).toHaveLength(0);
  });
});

describe('signed update: the upload', () => {
  it('sends the files with the password, reporting bytes of all the files, behind the busy overlay', async () => {
    const h = await idleHarness(jobOnly);
    h.send({ type: 'update.upload', ...FILES });
    expect(at(h)).toBe('uploading');
    expect(tagsOf(h)).toEqual(['shown', 'busy', 'uploading']);
    expect(h.uploads.map((u) => u.input)).toEqual([FILES]);
    expect(h.context()).toMatchObject({ loaded: 0, total: 1009 });
    h.uploads[0]!.sendBack({ type: 'upload.progress', loaded: 500, total: 1400 });
    expect(h.context()).toMatchObject({ loaded: 500, total: 1400 });
    // Nothing else starts meanwhile.
    h.send({ type: 'update.fromMedia', medium: 'usb', name: 'X', password: '' });
    h.send({ type: 'update.dismiss' });
    h.send({ type: 'update.retry' });
    expect(at(h)).toBe('uploading');
    expect(h.startFromMedia.calls).toHaveLength(0);
  });

  it('sends no password when none is given, and keeps uploading while the bytes go', async () => {
    const h = await idleHarness(withRestart);
    h.send({ type: 'update.upload', ...FIRMWARE });
    expect(h.uploads[0]!.input).toEqual({ ...FIRMWARE, password: '' });
    h.uploads[0]!.sendBack({ type: 'upload.progress', loaded: 1000, total: 4000 });
    expect(at(h)).toBe('uploading');
    expect(tagsOf(h)).toEqual(['shown', 'busy', 'uploading']);
    expect(h.context()).toMatchObject({ loaded: 1000, total: 4000 });
    expect(h.fetchVersion.calls).toHaveLength(0);
  });

  it('follows the job the device started, with the version it installs, once the last byte is in', async () => {
    const h = await following();
    expect(at(h)).toBe('following.asking');
    expect(tagsOf(h)).toEqual(['shown', 'busy', 'following']);
    expect(h.uploads[0]!.stopped).toBe(true);
    expect(h.context()).toMatchObject({ jobId: 'job-9', version: '2.0', loaded: 4000, total: 4000 });
    expect(h.fetchJob.calls.map((c) => c.input)).toEqual([{ jobId: 'job-9' }]);
  });

  it('ends failed with the refusal, and is closed to a fresh start', async () => {
    const h = await idleHarness(withRestart);
    h.send({ type: 'update.upload', ...FIRMWARE });
    h.uploads[0]!.sendBack({ type: 'upload.failed', error: 'invalid_firmware' });
    expect(at(h)).toBe('failed');
    expect(tagsOf(h)).toEqual(['shown', 'failed']);
    expect(h.context().error).toBe('invalid_firmware');
    expect(h.ended.count).toBe(1);
    expect(h.fetchJob.calls).toHaveLength(0);
    h.send({ type: 'update.dismiss' });
    expect(at(h)).toBe('idle');
    expect(h.context()).toEqual(FRESH);
  });

  it.each([
    ['with a restart', withRestart],
    ['without one', jobOnly],
  ] as const)('ends failed when the upload cannot even start (%s)', async (_, machine) => {
    // Whatever else the device is asked afterwards is recorded: nothing should be.
    const asked: string[] = [];
    const failing = createActor(
      machine.provide({
        actors: {
          findRunning: fromPromise<RunningUpdate | null>(async () => null),
          upload: fromCallback<EventObject, UploadRequest>(() => {
            throw new Error('NotReadableError');
          }),
          startFromMedia: fromPromise<{ job_id: string }, MediaRequest>(async () => {
            asked.push('startFromMedia');
            return { job_id: 'job-1' };
          }),
          fetchJob: fromPromise<Job, { jobId: string }>(async () => {
            asked.push('fetchJob');
            return job('running', 'prepare');
          }),
        },
      }),
    ).start();
    await flush();
    failing.send({ type: 'update.upload', ...FIRMWARE });
    await flush();
    expect(failing.getSnapshot().value).toBe('failed');
    expect(failing.getSnapshot().hasTag('failed')).toBe(true);
    expect(failing.getSnapshot().context.error).toBe('fail');
    expect(asked).toEqual([]);
  });

  it.each([
    ['with a restart', withRestart],
    ['without one', jobOnly],
  ] as const)('stops the request on cancel and goes back to choosing (%s)', async (_, machine) => {
    const h = await idleHarness(machine);
    h.send({ type: 'update.upload', ...FIRMWARE });
    h.send({ type: 'upload.cancel' });
    expect(at(h)).toBe('idle');
    expect(tagsOf(h)).toEqual([]);
    expect(h.context()).toEqual(FRESH);
    expect(h.uploads[0]!.stopped).toBe(true);
    expect(h.startFromMedia.calls).toHaveLength(0);
    expect(h.ended.count).toBe(0);
  });
});

describe('signed update: following the job', () => {
  it('asks for the job every jobPollMs while it runs', async () => {
    const h = await following();
    h.fetchJob.last().resolve(job('running', 'update_firmware'));
    await flush();
    expect(at(h)).toBe('following.waiting');
    expect(h.context().job?.current_step).toBe('update_firmware');
    await jest.advanceTimersByTimeAsync(POLL - 1);
    expect(h.fetchJob.calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(at(h)).toBe('following.asking');
    expect(h.fetchJob.calls).toHaveLength(2);
  });

  it("ends failed with the job's reason (no restart wait)", async () => {
    const h = await following();
    h.fetchJob.last().resolve(job('failed', 'update_firmware', { error_code: 'firmware_update_failed' }));
    await flush();
    expect(at(h)).toBe('failed');
    expect(h.context().error).toBe('firmware_update_failed');
    expect(h.context().job?.state).toBe('failed');
    expect(h.fetchVersion.calls).toHaveLength(0);
  });

  it("a failed job without a reason says 'fail'", async () => {
    const h = await following();
    h.fetchJob.last().resolve(job('failed', 'update_firmware'));
    await flush();
    expect(h.context().error).toBe('fail');
  });
});

describe('signed update: with a restart to verify', () => {
  it('waits through the restart once the job reaches it, and succeeds when the new version answers', async () => {
    const h = await restarting();
    expect(at(h)).toBe('restarting.asking');
    expect(tagsOf(h)).toEqual(['shown', 'busy', 'restarting']);
    // The job as it was when the restart began.
    expect(h.context().job).toEqual(job('running', 'restart_hmi'));
    for (let i = 0; i < 3; i++) {
      h.fetchVersion.last().reject(GONE);
      await flush();
      expect(at(h)).toBe('restarting.waiting');
      await jest.advanceTimersByTimeAsync(VERIFY_POLL - 1);
      expect(at(h)).toBe('restarting.waiting');
      await jest.advanceTimersByTimeAsync(1);
    }
    expect(h.fetchVersion.calls).toHaveLength(4);
    h.fetchVersion.last().resolve({ version: '2.0' });
    await flush();
    expect(at(h)).toBe('succeeded');
    expect(tagsOf(h)).toEqual(['shown', 'succeeded']);
    expect(h.ended.count).toBe(1);
  });

  it('takes a device that stops answering while the job runs as restarting', async () => {
    const h = await following();
    h.fetchJob.last().reject(GONE);
    await flush();
    expect(at(h)).toBe('restarting.asking');
  });

  it('is not done while an update still runs, even with the new version', async () => {
    const h = await restarting();
    h.fetchVersion.last().resolve({ version: '2.0', updating: true });
    await flush();
    expect(at(h)).toBe('restarting.checking');
  });

  it('asks the job when the device answers another version: still running means wait, failed means failed', async () => {
    const h = await restarting();
    h.fetchVersion.last().resolve({ version: '1.0' });
    await flush();
    expect(at(h)).toBe('restarting.checking');
    expect(h.fetchJob.last().input).toEqual({ jobId: 'job-9' });
    const later = job('running', 'restart_hmi', { updated_at: '2026-11-24T08:01:00.000Z' });
    h.fetchJob.last().resolve(later);
    await flush();
    expect(at(h)).toBe('restarting.waiting');
    // The job as the device last described it.
    expect(h.context().job).toEqual(later);
    await jest.advanceTimersByTimeAsync(VERIFY_POLL);
    h.fetchVersion.last().resolve({ version: '1.0' });
    await flush();
    h.fetchJob.last().reject(GONE);
    await flush();
    expect(at(h)).toBe('restarting.waiting');
    await jest.advanceTimersByTimeAsync(VERIFY_POLL);
    h.fetchVersion.last().resolve({ version: '1.0' });
    await flush();
    h.fetchJob.last().resolve(job('failed', 'restart_hmi', { error_code: 'interrupted' }));
    await flush();
    expect(at(h)).toBe('failed');
    expect(h.context().error).toBe('interrupted');
  });

  it('says it cannot verify after timeoutMs without the new version, waits again on retry, and closes', async () => {
    const h = await restarting();
    const keepFailing = async (ms: number) => {
      for (let waited = 0; waited < ms; waited += VERIFY_POLL) {
        h.fetchVersion.last().reject(GONE);
        await jest.advanceTimersByTimeAsync(VERIFY_POLL);
      }
    };
    await keepFailing(TIMEOUT - VERIFY_POLL);
    expect(tagsOf(h)).toContain('restarting');
    await keepFailing(VERIFY_POLL);
    expect(at(h)).toBe('unverified');
    expect(tagsOf(h)).toEqual(['shown', 'unverified']);
    const asked = h.fetchVersion.calls.length;
    h.send({ type: 'update.retry' });
    expect(at(h)).toBe('restarting.asking');
    expect(h.fetchVersion.calls).toHaveLength(asked + 1);
    h.fetchVersion.last().resolve({ version: '2.0' });
    await flush();
    expect(at(h)).toBe('succeeded');
  });

  it('closes an update it could not verify', async () => {
    const h = await restarting();
    await jest.advanceTimersByTimeAsync(TIMEOUT);
    expect(at(h)).toBe('unverified');
    h.send({ type: 'update.dismiss' });
    expect(at(h)).toBe('idle');
  });

  it('keeps a success open when dismissSuccess is false', async () => {
    const h = await restarting();
    h.fetchVersion.last().resolve({ version: '2.0' });
    await flush();
    h.send({ type: 'update.dismiss' });
    expect(at(h)).toBe('succeeded');
  });

  it('takes no medium and no password when the flow has none', async () => {
    const h = await idleHarness(withRestart);
    h.send({ type: 'update.fromMedia', medium: 'usb', name: 'X', password: '' });
    expect(at(h)).toBe('idle');
    h.send({ type: 'update.upload', ...FIRMWARE });
    h.uploads[0]!.sendBack({ type: 'upload.failed', error: 'wrong_password' });
    h.send({ type: 'update.again', password: 'x' });
    expect(at(h)).toBe('failed');
  });
});

describe('signed update: without a restart', () => {
  async function followingJob() {
    const h = await idleHarness(jobOnly);
    h.send({ type: 'update.upload', ...FILES });
    h.uploads[0]!.sendBack({ type: 'upload.done', jobId: 'job-9' });
    return h;
  }

  it("succeeds with the job's end, and closes", async () => {
    const h = await followingJob();
    expect(h.context().version).toBeNull();
    h.fetchJob.last().resolve(projectJob('running', 'start_project'));
    await flush();
    expect(at(h)).toBe('following.waiting');
    await jest.advanceTimersByTimeAsync(POLL);
    h.fetchJob.last().resolve(projectJob('done', 'start_project'));
    await flush();
    expect(at(h)).toBe('succeeded');
    expect(h.context().job?.state).toBe('done');
    expect(h.fetchVersion.calls).toHaveLength(0);
    expect(h.ended.count).toBe(1);
    h.send({ type: 'update.dismiss' });
    expect(at(h)).toBe('idle');
  });

  it('says it cannot tell after maxPollFailures unanswered asks in a row, and asks again on retry', async () => {
    const h = await followingJob();
    for (let i = 0; i < MAX_FAILURES - 1; i++) {
      h.fetchJob.last().reject(GONE);
      await flush();
      expect(at(h)).toBe('following.waiting');
      expect(h.context().pollFailures).toBe(i + 1);
      await jest.advanceTimersByTimeAsync(POLL);
    }
    h.fetchJob.last().reject(GONE);
    await flush();
    expect(at(h)).toBe('unverified');
    expect(h.context().error).toBe('connection_lost');
    h.send({ type: 'update.retry' });
    expect(at(h)).toBe('following.asking');
    expect(h.context()).toMatchObject({ error: null, pollFailures: 0 });
  });

  it('closes an update it cannot tell about', async () => {
    const h = await followingJob();
    for (let i = 0; i < MAX_FAILURES; i++) {
      h.fetchJob.last().reject(GONE);
      await jest.advanceTimersByTimeAsync(POLL);
    }
    expect(at(h)).toBe('unverified');
    h.send({ type: 'update.dismiss' });
    expect(at(h)).toBe('idle');
    expect(tagsOf(h)).toEqual([]);
    expect(h.context()).toEqual(FRESH);
    expect(h.startFromMedia.calls).toHaveLength(0);
  });

  it('counts only unanswered asks in a row: an answer starts the count again', async () => {
    const h = await followingJob();
    for (let i = 0; i < MAX_FAILURES - 1; i++) {
      h.fetchJob.last().reject(GONE);
      await jest.advanceTimersByTimeAsync(POLL);
    }
    h.fetchJob.last().resolve(projectJob('running', 'stop_project'));
    await flush();
    expect(h.context().pollFailures).toBe(0);
    await jest.advanceTimersByTimeAsync(POLL);
    h.fetchJob.last().reject(GONE);
    await flush();
    expect(at(h)).toBe('following.waiting');
  });

  it('starts from a medium, following the job the device started', async () => {
    const h = await idleHarness(jobOnly);
    h.send({ type: 'update.fromMedia', medium: 'sd', name: 'Line', password: '' });
    expect(at(h)).toBe('requesting');
    expect(tagsOf(h)).toEqual(['shown', 'busy']);
    expect(h.startFromMedia.last().input).toEqual({ medium: 'sd', name: 'Line', password: '' });
    h.startFromMedia.last().resolve({ job_id: 'job-3' });
    await flush();
    expect(at(h)).toBe('following.asking');
    expect(h.fetchJob.last().input).toEqual({ jobId: 'job-3' });
  });

  it("ends failed with a medium's refusal", async () => {
    const h = await idleHarness(jobOnly);
    h.send({ type: 'update.fromMedia', medium: 'usb', name: 'Line', password: '' });
    h.startFromMedia.last().reject({ status: 404, data: { error_code: 'not_found' } });
    await flush();
    expect(at(h)).toBe('failed');
    expect(h.context().error).toBe('not_found');
    h.send({ type: 'update.dismiss' });
    expect(at(h)).toBe('idle');
    expect(h.context()).toEqual(FRESH);
    expect(h.startFromMedia.calls).toHaveLength(1);
  });

  it('sends the same files again with a password when the upload itself is refused for it', async () => {
    const h = await idleHarness(jobOnly);
    h.send({ type: 'update.upload', ...FILES, password: '' });
    h.uploads[0]!.sendBack({ type: 'upload.failed', error: 'password_required' });
    expect(at(h)).toBe('failed');
    expect(tagsOf(h)).toEqual(['shown', 'failed']);
    expect(h.context().error).toBe('password_required');
    expect(h.startFromMedia.calls).toHaveLength(0);
    h.send({ type: 'update.again', password: 'Batch-42' });
    expect(at(h)).toBe('uploading');
    expect(h.uploads[1]!.input).toEqual({ ...FILES, password: 'Batch-42' });
  });

  it.each(['password_required', 'wrong_password'] as const)('sends the same files again with a password after %s', async (code) => {
    const h = await followingJob();
    h.fetchJob.last().resolve(projectJob('failed', 'prepare', { error_code: code }));
    await flush();
    expect(h.snapshot().can({ type: 'update.again', password: 'x' })).toBe(true);
    h.send({ type: 'update.again', password: 'Batch-42' });
    expect(at(h)).toBe('uploading');
    expect(h.uploads[1]!.input).toEqual({ ...FILES, password: 'Batch-42' });
    expect(h.context()).toMatchObject({ jobId: null, job: null, error: null, loaded: 0, total: 1009 });
  });

  it('asks the same medium again with a password', async () => {
    const h = await idleHarness(jobOnly);
    h.send({ type: 'update.fromMedia', medium: 'usb', name: 'Line', password: '' });
    h.startFromMedia.last().reject({ status: 403, data: { error_code: 'password_required' } });
    await flush();
    h.send({ type: 'update.again', password: 'Batch-42' });
    expect(at(h)).toBe('requesting');
    expect(h.startFromMedia.last().input).toEqual({ medium: 'usb', name: 'Line', password: 'Batch-42' });
  });

  it('asks no password for another refusal', async () => {
    const h = await followingJob();
    h.fetchJob.last().resolve(projectJob('failed', 'prepare', { error_code: 'crc_mismatch' }));
    await flush();
    expect(h.snapshot().can({ type: 'update.again', password: 'x' })).toBe(false);
    h.send({ type: 'update.again', password: 'x' });
    expect(at(h)).toBe('failed');
  });

  it('asks no password for an update found running (its request is not known)', async () => {
    const h = signedUpdateHarness(jobOnly);
    h.findRunning.last().resolve({ jobId: 'job-9', version: null });
    await flush();
    h.fetchJob.last().resolve(projectJob('failed', 'prepare', { error_code: 'wrong_password' }));
    await flush();
    expect(at(h)).toBe('failed');
    h.send({ type: 'update.again', password: 'x' });
    expect(at(h)).toBe('failed');
  });
});

describe('signed update: the steps the dialog lists', () => {
  const states = (h: SignedUpdateHarness, steps = STEPS) => steps.all.map((s) => stepStatesOf(steps, h.snapshot())[s]);

  it('stand where the console is, with an upload, an install and a restart step', async () => {
    const h = await idleHarness(withRestart);
    expect(states(h)).toEqual(['pending', 'pending', 'pending', 'pending']);
    h.send({ type: 'update.upload', ...FIRMWARE });
    expect(states(h)).toEqual(['done', 'running', 'pending', 'pending']);
    h.uploads[0]!.sendBack({ type: 'upload.done', jobId: 'job-9', version: '2.0' });
    expect(states(h)).toEqual(['done', 'done', 'running', 'pending']);
    h.fetchJob.last().resolve(job('running', 'update_firmware', { bytes: { done: 5, total: 10 } }));
    await flush();
    expect(deviceProgressOf(STEPS, h.snapshot())).toEqual({ step: 'update_firmware', done: 5, total: 10 });
    await jest.advanceTimersByTimeAsync(POLL);
    h.fetchJob.last().resolve(job('running', 'restart_hmi'));
    await flush();
    expect(states(h)).toEqual(['done', 'done', 'done', 'running']);
    expect(deviceProgressOf(STEPS, h.snapshot())).toBeNull();
    await jest.advanceTimersByTimeAsync(TIMEOUT);
    expect(states(h)).toEqual(['done', 'done', 'done', 'failed']);
    h.send({ type: 'update.retry' });
    h.fetchVersion.last().resolve({ version: '2.0' });
    await flush();
    expect(states(h)).toEqual(['done', 'done', 'done', 'done']);
  });

  it('show a refused upload on the upload step, and a failed job as the job says', async () => {
    const refused = await idleHarness(withRestart);
    refused.send({ type: 'update.upload', ...FIRMWARE });
    refused.uploads[0]!.sendBack({ type: 'upload.failed', error: 'invalid_firmware' });
    expect(states(refused)).toEqual(['done', 'failed', 'pending', 'pending']);
    const h = await following();
    h.fetchJob.last().resolve(job('failed', 'update_firmware'));
    await flush();
    expect(states(h)).toEqual(['done', 'done', 'failed', 'pending']);
  });

  it('are the install step done when the job says so while it is followed', async () => {
    const h = await following(signedUpdateMachine({ ...RESTARTING, restart: { ...RESTARTING.restart!, reached: (j) => j.state === 'done' } }));
    h.fetchJob.last().resolve(job('running', 'restart_hmi'));
    await flush();
    expect(states(h)).toEqual(['done', 'done', 'done', 'pending']);
  });

  it("are the job's own where the area names no phase", async () => {
    const steps = JOB_ONLY.steps;
    const h = await idleHarness(jobOnly);
    h.send({ type: 'update.upload', ...FILES });
    expect(states(h, steps)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending']);
    h.uploads[0]!.sendBack({ type: 'upload.done', jobId: 'job-9' });
    h.fetchJob.last().resolve(projectJob('running', 'update_project', { bytes: { done: 1, total: 2 } }));
    await flush();
    expect(states(h, steps)).toEqual(['done', 'done', 'running', 'pending', 'pending']);
    expect(deviceProgressOf(steps, h.snapshot())).toBeNull();
  });
});

/**
 * Behaviour of the data backup to a medium on a real actor: the request, the two steps followed
 * until the job ends, each way it ends (the file written, the job's reason, a refusal, no answer)
 * and what can be done after.
 */
import { createActor } from 'xstate';

import { DATA_BACKUP_POLL_MS, MAX_POLL_FAILURES, dataBackupJobMachine, type DataBackupJobEvent, type MediaBackupRequest } from '../../../machines/data-backup-job.machine';
import { SAMPLE_BACKUP_REQUEST, sampleBackupJob } from '../../../machines/data-backup-job.qa';
import type { Job } from '../../../contract/api/jobs';
import { controllable } from '../../support/controllable-actor';

function harness() {
  const startBackup = controllable<{ job_id: string }, MediaBackupRequest>();
  const fetchJob = controllable<Job, { jobId: string }>();
  const actor = createActor(dataBackupJobMachine.provide({ actors: { startBackup: startBackup.logic, fetchJob: fetchJob.logic } })).start();
  const snapshot = () => actor.getSnapshot();
  const send = (event: DataBackupJobEvent) => actor.send(event);
  return { actor, snapshot, context: () => snapshot().context, send, startBackup, fetchJob };
}
type Harness = ReturnType<typeof harness>;

const STATES = ['idle', 'requesting', 'following.asking', 'following.waiting', 'unverified', 'succeeded', 'failed'] as const;
const at = (h: Harness) =>
  STATES.filter((s) => (s.startsWith('following.') ? h.snapshot().matches({ following: s.slice('following.'.length) as 'asking' | 'waiting' }) : h.snapshot().matches(s as 'idle')));
const tags = (h: Harness) => (['busy', 'succeeded', 'failed', 'unverified'] as const).filter((t) => h.snapshot().hasTag(t));
const flush = () => jest.advanceTimersByTimeAsync(0);

const REQUEST = SAMPLE_BACKUP_REQUEST;
const TO_SD: MediaBackupRequest = { what: ['eventlog'], from: '2026-11-24T00:00:00.000Z', to: '2026-11-24T08:00:00.000Z', target: 'sd' };
const FRESH = { request: null, jobId: null, job: null, error: null, pollFailures: 0 };
const RESULT = { file_name: 'data-backup-20261124-080000.tar.gz', size: 182_044 };
const FETCH_ERROR = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** A harness whose backup the device started as `jobId`, asking for the job the first time. */
async function following(jobId = 'backup-job-1') {
  const h = harness();
  h.send({ type: 'backup.start', request: REQUEST });
  h.startBackup.last().resolve({ job_id: jobId });
  await flush();
  return h;
}

describe('dataBackupJob: starting', () => {
  it('asks the device to start the chosen backup, behind the busy tag', () => {
    const h = harness();
    expect(at(h)).toEqual(['idle']);
    expect(tags(h)).toEqual([]);
    h.send({ type: 'backup.start', request: REQUEST });
    expect(at(h)).toEqual(['requesting']);
    expect(tags(h)).toEqual(['busy']);
    expect(h.startBackup.calls.map((c) => c.input)).toEqual([REQUEST]);
    expect(h.context().request).toEqual(REQUEST);
  });

  it('ignores Retry and Dismiss with nothing started, and another start while one is asked for', () => {
    const h = harness();
    h.send({ type: 'backup.retry' });
    h.send({ type: 'backup.dismiss' });
    expect(at(h)).toEqual(['idle']);
    expect(h.startBackup.calls).toHaveLength(0);
    h.send({ type: 'backup.start', request: REQUEST });
    h.send({ type: 'backup.start', request: TO_SD });
    h.send({ type: 'backup.dismiss' });
    expect(at(h)).toEqual(['requesting']);
    expect(h.startBackup.calls).toHaveLength(1);
  });

  it('follows the job the device started', async () => {
    const h = await following('backup-job-7');
    expect(at(h)).toEqual(['following.asking']);
    expect(tags(h)).toEqual(['busy']);
    expect(h.context().jobId).toBe('backup-job-7');
    expect(h.fetchJob.calls.map((c) => c.input)).toEqual([{ jobId: 'backup-job-7' }]);
  });

  it("ends failed with the device's refusal (no medium in, another backup running)", async () => {
    for (const code of ['not_found', 'job_running'] as const) {
      const h = harness();
      h.send({ type: 'backup.start', request: REQUEST });
      h.startBackup.last().reject({ status: code === 'not_found' ? 404 : 409, data: { error_code: code } });
      await flush();
      expect(at(h)).toEqual(['failed']);
      expect(tags(h)).toEqual(['failed']);
      expect(h.context()).toMatchObject({ error: code, jobId: null, request: REQUEST });
      expect(h.fetchJob.calls).toHaveLength(0);
    }
  });
});

describe('dataBackupJob: following the steps', () => {
  it('asks again every DATA_BACKUP_POLL_MS while the job runs, keeping the steps and counts the device reported', async () => {
    const h = await following();
    h.fetchJob.last().resolve(sampleBackupJob('running', 'prepare', { bytes: { done: 1_200, total: 4_800 } }));
    await flush();
    expect(at(h)).toEqual(['following.waiting']);
    expect(tags(h)).toEqual(['busy']);
    expect(h.context().job).toMatchObject({ current_step: 'prepare', bytes: { done: 1_200, total: 4_800 } });
    // Nothing else starts meanwhile.
    h.send({ type: 'backup.start', request: TO_SD });
    h.send({ type: 'backup.retry' });
    expect(at(h)).toEqual(['following.waiting']);
    await jest.advanceTimersByTimeAsync(DATA_BACKUP_POLL_MS - 1);
    expect(h.fetchJob.calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(at(h)).toEqual(['following.asking']);
    expect(h.fetchJob.calls).toHaveLength(2);
    expect(h.fetchJob.last().input).toEqual({ jobId: 'backup-job-1' });
    h.fetchJob.last().resolve(sampleBackupJob('running', 'write_archive', { bytes: { done: 65_536, total: 182_044 } }));
    await flush();
    expect(h.context().job).toMatchObject({ current_step: 'write_archive', bytes: { done: 65_536 } });
    expect(h.startBackup.calls).toHaveLength(1);
  });

  it('ends succeeded when the job is done, keeping the file it wrote, and asks no more', async () => {
    const h = await following();
    h.fetchJob.last().resolve(sampleBackupJob('done', 'write_archive', { result: RESULT }));
    await flush();
    expect(at(h)).toEqual(['succeeded']);
    expect(tags(h)).toEqual(['succeeded']);
    expect(h.context().job?.result).toEqual(RESULT);
    expect(h.context().error).toBeNull();
    await jest.advanceTimersByTimeAsync(DATA_BACKUP_POLL_MS * 4);
    expect(h.fetchJob.calls).toHaveLength(1);
  });

  it("ends failed with the job's reason, or 'fail' when it gives none", async () => {
    const h = await following();
    h.fetchJob.last().resolve(sampleBackupJob('failed', 'write_archive', { error_code: 'media_write_failed' }));
    await flush();
    expect(at(h)).toEqual(['failed']);
    expect(tags(h)).toEqual(['failed']);
    expect(h.context()).toMatchObject({ error: 'media_write_failed', job: { state: 'failed' } });
    await jest.advanceTimersByTimeAsync(DATA_BACKUP_POLL_MS * 4);
    expect(h.fetchJob.calls).toHaveLength(1);

    const silent = await following();
    silent.fetchJob.last().resolve(sampleBackupJob('failed', 'prepare'));
    await flush();
    expect(silent.context().error).toBe('fail');
  });

  it('rides out unanswered asks, and says it cannot tell after MAX_POLL_FAILURES in a row', async () => {
    const h = await following();
    for (let i = 1; i < MAX_POLL_FAILURES; i++) {
      h.fetchJob.last().reject(FETCH_ERROR);
      await flush();
      expect({ i, at: at(h), failures: h.context().pollFailures }).toEqual({ i, at: ['following.waiting'], failures: i });
      await jest.advanceTimersByTimeAsync(DATA_BACKUP_POLL_MS);
    }
    // One answer in between starts the count again.
    h.fetchJob.last().resolve(sampleBackupJob('running', 'write_archive'));
    await flush();
    expect(h.context().pollFailures).toBe(0);
    for (let i = 1; i <= MAX_POLL_FAILURES; i++) {
      await jest.advanceTimersByTimeAsync(DATA_BACKUP_POLL_MS);
      h.fetchJob.last().reject(FETCH_ERROR);
      await flush();
      if (i < MAX_POLL_FAILURES) expect({ i, at: at(h) }).toEqual({ i, at: ['following.waiting'] });
    }
    expect(at(h)).toEqual(['unverified']);
    expect(tags(h)).toEqual(['unverified']);
    expect(h.context().error).toBe('connection_lost');
    await jest.advanceTimersByTimeAsync(DATA_BACKUP_POLL_MS * 4);
    const asked = h.fetchJob.calls.length;
    h.send({ type: 'backup.retry' });
    expect(at(h)).toEqual(['following.asking']);
    expect(h.fetchJob.calls).toHaveLength(asked + 1);
    expect(h.context()).toMatchObject({ error: null, pollFailures: 0, jobId: 'backup-job-1' });
    h.fetchJob.last().resolve(sampleBackupJob('done', 'write_archive', { result: RESULT }));
    await flush();
    expect(at(h)).toEqual(['succeeded']);
    expect(h.startBackup.calls).toHaveLength(1);
  });
});

describe('dataBackupJob: after the outcome', () => {
  async function unverified() {
    const h = await following();
    for (let i = 0; i < MAX_POLL_FAILURES; i++) {
      h.fetchJob.last().reject(FETCH_ERROR);
      await flush();
      if (i < MAX_POLL_FAILURES - 1) await jest.advanceTimersByTimeAsync(DATA_BACKUP_POLL_MS);
    }
    expect(at(h)).toEqual(['unverified']);
    return h;
  }
  async function succeeded() {
    const h = await following();
    h.fetchJob.last().resolve(sampleBackupJob('done', 'write_archive', { result: RESULT }));
    await flush();
    return h;
  }
  async function failed() {
    const h = await following();
    h.fetchJob.last().resolve(sampleBackupJob('failed', 'write_archive', { error_code: 'media_write_failed' }));
    await flush();
    return h;
  }

  it('Retry after a failure asks for the same backup again, forgetting the failed job', async () => {
    const h = await failed();
    h.send({ type: 'backup.retry' });
    expect(at(h)).toEqual(['requesting']);
    expect(h.startBackup.calls.map((c) => c.input)).toEqual([REQUEST, REQUEST]);
    expect(h.context()).toEqual({ ...FRESH, request: REQUEST });
  });

  it('Dismiss forgets the outcome, from each of the three', async () => {
    for (const make of [succeeded, failed, unverified]) {
      const h = await make();
      h.send({ type: 'backup.dismiss' });
      expect(at(h)).toEqual(['idle']);
      expect(h.context()).toEqual(FRESH);
    }
  });

  it('another backup can start from each of the three, with nothing of the one before', async () => {
    for (const make of [succeeded, failed, unverified]) {
      const h = await make();
      h.send({ type: 'backup.start', request: TO_SD });
      expect(at(h)).toEqual(['requesting']);
      expect(h.context()).toEqual({ ...FRESH, request: TO_SD });
      expect(h.startBackup.last().input).toEqual(TO_SD);
    }
  });

  it('a finished backup is not asked for again', async () => {
    const h = await succeeded();
    h.send({ type: 'backup.retry' });
    expect(at(h)).toEqual(['succeeded']);
    expect(h.startBackup.calls).toHaveLength(1);
  });
});

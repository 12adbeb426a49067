/**
 * What the project update sets in the signed-update flow (signed-update.test.ts tests the flow): no
 * restart (the job's end is the outcome), MAX_POLL_FAILURES unanswered asks before "check the
 * panel", the update from a medium, a password asked for after password_required or
 * wrong_password, and its five steps as the device reports them.
 */
import { JOB_POLL_MS, MAX_POLL_FAILURES, PASSWORD_REFUSALS, projectUpdate, projectUpdateMachine } from '../../../machines/project-update.machine';
import { sampleJob } from '../../../machines/project-update.qa';
import { stepStatesOf } from '../../../machines/signed-update.machine';
import { GONE, at, flush, idleHarness, signedUpdateHarness, type SignedUpdateHarness } from '../../support/signed-update';

const FILES = { files: { app: { name: 'Line2.app', size: 1000 }, crc: { name: 'Line2.crc', size: 9 } }, password: '' };
const steps = (h: SignedUpdateHarness) => projectUpdate.flow.steps.all.map((s) => stepStatesOf(projectUpdate.flow.steps, h.snapshot())[s]);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

async function updating() {
  const h = await idleHarness(projectUpdateMachine);
  h.send({ type: 'update.upload', ...FILES });
  h.uploads[0]!.sendBack({ type: 'upload.done', jobId: 'job-1' });
  return h;
}

describe('projectUpdate', () => {
  it('takes a password for password_required and wrong_password only', () => {
    expect(PASSWORD_REFUSALS).toEqual(['password_required', 'wrong_password']);
  });

  it('ticks the five steps as the device reports them, and succeeds with the job (no restart)', async () => {
    const h = await idleHarness(projectUpdateMachine);
    h.send({ type: 'update.upload', ...FILES });
    expect(steps(h)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending']);
    h.uploads[0]!.sendBack({ type: 'upload.done', jobId: 'job-1' });
    h.fetchJob.last().resolve(sampleJob('running', 'decompress_project'));
    await flush();
    expect(steps(h)).toEqual(['done', 'done', 'done', 'running', 'pending']);
    await jest.advanceTimersByTimeAsync(JOB_POLL_MS);
    h.fetchJob.last().resolve(sampleJob('done'));
    await flush();
    expect(at(h)).toBe('succeeded');
    expect(steps(h)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(h.fetchVersion.calls).toHaveLength(0);
    h.send({ type: 'update.dismiss' });
    expect(at(h)).toBe('idle');
  });

  it('says the start failed with the steps where the job stopped', async () => {
    const h = await updating();
    h.fetchJob.last().resolve(sampleJob('failed', 'start_project', { error_code: 'start_failed', rolled_back: true }));
    await flush();
    expect(at(h)).toBe('failed');
    expect(steps(h)).toEqual(['done', 'done', 'done', 'done', 'failed']);
  });

  it(`says it cannot tell after ${MAX_POLL_FAILURES} unanswered asks in a row, not one before`, async () => {
    const h = await updating();
    for (let i = 0; i < MAX_POLL_FAILURES - 1; i++) {
      h.fetchJob.last().reject(GONE);
      await jest.advanceTimersByTimeAsync(JOB_POLL_MS);
    }
    expect(at(h)).toBe('following.asking');
    h.fetchJob.last().reject(GONE);
    await flush();
    expect(at(h)).toBe('unverified');
    h.send({ type: 'update.retry' });
    expect(at(h)).toBe('following.asking');
  });

  it.each(['password_required', 'wrong_password'] as const)('asks for the password after %s and sends the same files again with it', async (code) => {
    const h = await updating();
    h.fetchJob.last().resolve(sampleJob('failed', 'prepare', { error_code: code }));
    await flush();
    h.send({ type: 'update.again', password: 'Batch-42' });
    expect(at(h)).toBe('uploading');
    expect(h.uploads[1]!.input).toEqual({ ...FILES, password: 'Batch-42' });
  });

  it('updates from a medium, and asks it again with a password', async () => {
    const h = await idleHarness(projectUpdateMachine);
    h.send({ type: 'update.fromMedia', medium: 'usb', name: 'Line2', password: '' });
    expect(at(h)).toBe('requesting');
    h.startFromMedia.last().reject({ status: 403, data: { error_code: 'wrong_password' } });
    await flush();
    h.send({ type: 'update.again', password: 'Batch-42' });
    expect(at(h)).toBe('requesting');
    expect(h.startFromMedia.last().input).toEqual({ medium: 'usb', name: 'Line2', password: 'Batch-42' });
  });

  it('follows an update running when the page opens (no version to check)', async () => {
    const h = signedUpdateHarness(projectUpdateMachine);
    h.findRunning.last().resolve({ jobId: 'job-1', version: null });
    await flush();
    expect(at(h)).toBe('following.asking');
    expect(h.fetchJob.last().input).toEqual({ jobId: 'job-1' });
  });
});

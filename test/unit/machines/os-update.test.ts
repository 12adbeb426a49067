/**
 * What the OS update sets in the signed-update flow (signed-update.test.ts tests the flow): the
 * reboot waited through once the job is done (not before), the version the image installs checked
 * after it, a success that stays until the user signs in again, no medium and no password, and its
 * steps with the reboot as the last.
 */
import { OS_JOB_POLL_MS, VERIFY_POLL_MS, VERIFY_TIMEOUT_MS, osUpdate, osUpdateMachine } from '../../../machines/os-update.machine';
import { sampleOsJob } from '../../../machines/os-update.qa';
import { stepStatesOf } from '../../../machines/signed-update.machine';
import { GONE, at, flush, idleHarness, signedUpdateHarness, type SignedUpdateHarness } from '../../support/signed-update';

const IMAGE = { files: { image: { name: 'panel-20270101.bin', size: 8_000_000 } } };
const steps = (h: SignedUpdateHarness) => osUpdate.flow.steps.all.map((s) => stepStatesOf(osUpdate.flow.steps, h.snapshot())[s]);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

async function writing() {
  const h = await idleHarness(osUpdateMachine);
  h.send({ type: 'update.upload', ...IMAGE });
  h.uploads[0]!.sendBack({ type: 'upload.done', jobId: 'os-job-1', version: '20270101' });
  return h;
}

describe('osUpdate', () => {
  it('lists prepare, upload image, update OS, then the reboot', () => {
    expect(osUpdate.flow.steps.all).toEqual(['prepare', 'upload_image', 'update_os', 'restart']);
    expect(osUpdate.flow.jobPollMs).toBe(OS_JOB_POLL_MS);
  });

  it('keeps following while the image is written, even at its last step, and reboots once the job is done', async () => {
    const h = await writing();
    h.fetchJob.last().resolve(sampleOsJob('running', 'update_os', { bytes: { done: 10, total: 20 } }));
    await flush();
    expect(at(h)).toBe('following.waiting');
    expect(steps(h)).toEqual(['done', 'done', 'running', 'pending']);
    await jest.advanceTimersByTimeAsync(OS_JOB_POLL_MS);
    h.fetchJob.last().resolve(sampleOsJob('done'));
    await flush();
    expect(at(h)).toBe('restarting.asking');
    expect(steps(h)).toEqual(['done', 'done', 'done', 'running']);
  });

  it('succeeds when the device answers the version the image installs, and stays until the user signs in again', async () => {
    const h = await writing();
    h.fetchJob.last().reject(GONE);
    await flush();
    h.fetchVersion.last().resolve({ version: '20261101' });
    await flush();
    expect(at(h)).toBe('restarting.checking');
    h.fetchJob.last().resolve(sampleOsJob('running'));
    await flush();
    await jest.advanceTimersByTimeAsync(VERIFY_POLL_MS);
    h.fetchVersion.last().resolve({ version: '20270101' });
    await flush();
    expect(at(h)).toBe('succeeded');
    expect(h.snapshot().can({ type: 'update.dismiss' })).toBe(false);
    h.send({ type: 'update.dismiss' });
    expect(at(h)).toBe('succeeded');
  });

  it(`says it cannot verify after ${VERIFY_TIMEOUT_MS / 60_000} minutes without the new version`, async () => {
    const h = await writing();
    h.fetchJob.last().resolve(sampleOsJob('done'));
    await flush();
    await jest.advanceTimersByTimeAsync(VERIFY_TIMEOUT_MS - 1);
    expect(at(h)).not.toBe('unverified');
    await jest.advanceTimersByTimeAsync(1);
    expect(at(h)).toBe('unverified');
    expect(steps(h)).toEqual(['done', 'done', 'done', 'failed']);
  });

  it('follows an update running when the page opens, with the version it installs', async () => {
    const h = signedUpdateHarness(osUpdateMachine);
    h.findRunning.last().resolve({ jobId: 'os-job-4', version: '20270301' });
    await flush();
    expect(at(h)).toBe('following.asking');
    expect(h.context()).toMatchObject({ jobId: 'os-job-4', version: '20270301' });
  });

  it.each(['image_too_large', 'invalid_image'] as const)('shows %s on the upload step, and takes no password after it', async (error) => {
    const h = await idleHarness(osUpdateMachine);
    h.send({ type: 'update.upload', ...IMAGE });
    h.uploads[0]!.sendBack({ type: 'upload.failed', error });
    expect(at(h)).toBe('failed');
    expect(steps(h)).toEqual(['done', 'failed', 'pending', 'pending']);
    expect(h.snapshot().can({ type: 'update.again', password: 'x' })).toBe(false);
    h.send({ type: 'update.dismiss' });
    expect(at(h)).toBe('idle');
  });

  it('takes no update from a medium', async () => {
    const h = await idleHarness(osUpdateMachine);
    h.send({ type: 'update.fromMedia', medium: 'usb', name: 'x', password: '' });
    expect(at(h)).toBe('idle');
  });
});

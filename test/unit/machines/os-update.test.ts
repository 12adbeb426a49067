/**
 * Behaviour of the OS update on a real actor: the upload, the job, the reboot wait and the version
 * check, each way it ends (succeeded, failed, unverified after VERIFY_TIMEOUT_MS), and what the
 * calls were given.
 */
import { createActor, fromCallback, type EventObject } from 'xstate';

import { OS_JOB_POLL_MS, VERIFY_POLL_MS, VERIFY_TIMEOUT_MS, osUpdateMachine, type OsUpdateEvent, type OsUploadReport, type UploadImageInput } from '../../../machines/os-update.machine';
import { sampleOsJob } from '../../../machines/os-update.qa';
import type { Job } from '../../../contract/api/jobs';
import { controllable } from '../../support/controllable-actor';

function harness() {
  const uploads: Array<{ input: UploadImageInput; sendBack: (e: OsUploadReport) => void; stopped: boolean }> = [];
  const upload = fromCallback<EventObject, UploadImageInput>(({ input, sendBack }) => {
    const record = { input, sendBack: (e: OsUploadReport) => sendBack(e), stopped: false };
    uploads.push(record);
    return () => {
      record.stopped = true;
    };
  });
  const fetchJob = controllable<Job, { jobId: string }>();
  const fetchVersion = controllable<{ os_version: string }, unknown>();
  const actor = createActor(osUpdateMachine.provide({ actors: { upload, fetchJob: fetchJob.logic, fetchVersion: fetchVersion.logic } })).start();
  const snapshot = () => actor.getSnapshot();
  const send = (event: OsUpdateEvent) => actor.send(event);
  return { snapshot, context: () => snapshot().context, send, uploads, fetchJob, fetchVersion };
}
type Harness = ReturnType<typeof harness>;

const STATES = [
  'idle',
  'uploading',
  'following.asking',
  'following.waiting',
  'rebooting.asking',
  'rebooting.checking',
  'rebooting.waiting',
  'unverified',
  'succeeded',
  'failed',
] as const;
const at = (h: Harness) =>
  STATES.filter((s) => {
    const [parent, child] = s.split('.') as [string, string | undefined];
    return child ? h.snapshot().matches({ [parent]: child } as never) : h.snapshot().matches(parent as 'idle');
  });
const tags = (h: Harness) => (['busy', 'uploading', 'rebooting', 'succeeded', 'failed', 'unverified'] as const).filter((t) => h.snapshot().hasTag(t));
const flush = () => jest.advanceTimersByTimeAsync(0);
const GONE = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
const IMAGE = { image: { name: 'panel-20270101.bin', size: 8_000_000 } };

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Uploaded, the job followed: the image is being written. */
async function writing() {
  const h = harness();
  h.send({ type: 'os.upload', ...IMAGE });
  h.uploads[0]!.sendBack({ type: 'upload.done', jobId: 'os-job-1', version: '20270101' });
  return h;
}

describe('osUpdate: upload', () => {
  it('uploads the chosen image, reporting bytes, behind the busy overlay; nothing else starts', () => {
    const h = harness();
    expect(at(h)).toEqual(['idle']);
    h.send({ type: 'os.upload', ...IMAGE });
    expect(at(h)).toEqual(['uploading']);
    expect(tags(h)).toEqual(['busy', 'uploading']);
    expect(h.uploads.map((u) => u.input)).toEqual([IMAGE]);
    expect(h.context()).toMatchObject({ loaded: 0, total: 8_000_000 });
    h.uploads[0]!.sendBack({ type: 'upload.progress', loaded: 4_000_000, total: 8_000_400 });
    expect(h.context()).toMatchObject({ loaded: 4_000_000, total: 8_000_400 });
    h.send({ type: 'os.dismiss' });
    h.send({ type: 'os.retry' });
    expect(at(h)).toEqual(['uploading']);
  });

  it('follows the job with the version the device will install', async () => {
    const h = await writing();
    expect(at(h)).toEqual(['following.asking']);
    expect(tags(h)).toEqual(['busy']);
    expect(h.uploads[0]!.stopped).toBe(true);
    expect(h.context()).toMatchObject({ jobId: 'os-job-1', version: '20270101' });
    expect(h.fetchJob.last().input).toEqual({ jobId: 'os-job-1' });
  });

  it.each(['image_too_large', 'invalid_image'] as const)('ends failed with %s when the device refuses the image', (error) => {
    const h = harness();
    h.send({ type: 'os.upload', ...IMAGE });
    h.uploads[0]!.sendBack({ type: 'upload.failed', error });
    expect(at(h)).toEqual(['failed']);
    expect(tags(h)).toEqual(['failed']);
    expect(h.context().error).toBe(error);
    expect(h.fetchJob.calls).toHaveLength(0);
    h.send({ type: 'os.dismiss' });
    expect(at(h)).toEqual(['idle']);
    expect(h.context()).toEqual({ jobId: null, version: null, job: null, loaded: 0, total: 0, error: null });
  });

  it('ends failed when the upload cannot even start', async () => {
    const failing = createActor(
      osUpdateMachine.provide({
        actors: {
          upload: fromCallback<EventObject, UploadImageInput>(() => {
            throw new Error('NotReadableError');
          }),
        },
      }),
    ).start();
    failing.send({ type: 'os.upload', ...IMAGE });
    await flush();
    expect(failing.getSnapshot().matches('failed')).toBe(true);
    expect(failing.getSnapshot().context.error).toBe('fail');
  });

  it('stops the request on cancel and goes back to choosing', () => {
    const h = harness();
    h.send({ type: 'os.upload', ...IMAGE });
    h.send({ type: 'upload.cancel' });
    expect(at(h)).toEqual(['idle']);
    expect(h.uploads[0]!.stopped).toBe(true);
  });

  it('follows an update already running when the page opens', () => {
    const h = harness();
    h.send({ type: 'os.resume', jobId: 'os-job-4', version: '20270301' });
    expect(at(h)).toEqual(['following.asking']);
    expect(h.context()).toMatchObject({ jobId: 'os-job-4', version: '20270301' });
  });
});

describe('osUpdate: the job and the reboot', () => {
  it('asks for the job every OS_JOB_POLL_MS while the image is written', async () => {
    const h = await writing();
    h.fetchJob.last().resolve(sampleOsJob('running', 'update_os'));
    await flush();
    expect(at(h)).toEqual(['following.waiting']);
    expect(h.context().job?.current_step).toBe('update_os');
    await jest.advanceTimersByTimeAsync(OS_JOB_POLL_MS - 1);
    expect(h.fetchJob.calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(h.fetchJob.calls).toHaveLength(2);
  });

  it('ends failed with the job\'s reason when writing fails (no reboot wait)', async () => {
    const h = await writing();
    h.fetchJob.last().resolve(sampleOsJob('failed', 'update_os', { error_code: 'update_failed' }));
    await flush();
    expect(at(h)).toEqual(['failed']);
    expect(h.context().error).toBe('update_failed');
    expect(h.fetchVersion.calls).toHaveLength(0);
  });

  it('waits through the reboot after the job is done, and succeeds when the new version answers', async () => {
    const h = await writing();
    h.fetchJob.last().resolve(sampleOsJob('done'));
    await flush();
    expect(at(h)).toEqual(['rebooting.asking']);
    expect(tags(h)).toEqual(['busy', 'rebooting']);
    // The device is away: each ask fails, and the next comes VERIFY_POLL_MS later.
    for (let i = 0; i < 5; i++) {
      h.fetchVersion.last().reject(GONE);
      await flush();
      expect(at(h)).toEqual(['rebooting.waiting']);
      await jest.advanceTimersByTimeAsync(VERIFY_POLL_MS);
    }
    expect(h.fetchVersion.calls).toHaveLength(6);
    h.fetchVersion.last().resolve({ os_version: '20270101' });
    await flush();
    expect(at(h)).toEqual(['succeeded']);
    expect(tags(h)).toEqual(['succeeded']);
  });

  it('takes a device that stops answering while the job runs as rebooting (its end may never be seen)', async () => {
    const h = await writing();
    h.fetchJob.last().reject(GONE);
    await flush();
    expect(at(h)).toEqual(['rebooting.asking']);
  });

  it('asks the job when the device answers the old version: still running means wait, failed means failed', async () => {
    const h = await writing();
    h.fetchJob.last().reject(GONE);
    await flush();
    h.fetchVersion.last().resolve({ os_version: '20261101' });
    await flush();
    expect(at(h)).toEqual(['rebooting.checking']);
    expect(h.fetchJob.last().input).toEqual({ jobId: 'os-job-1' });
    h.fetchJob.last().resolve(sampleOsJob('running'));
    await flush();
    expect(at(h)).toEqual(['rebooting.waiting']);
    await jest.advanceTimersByTimeAsync(VERIFY_POLL_MS);
    h.fetchVersion.last().resolve({ os_version: '20261101' });
    await flush();
    h.fetchJob.last().resolve(sampleOsJob('failed', 'update_os', { error_code: 'update_failed' }));
    await flush();
    expect(at(h)).toEqual(['failed']);
    expect(h.context().error).toBe('update_failed');
  });

  it('says it cannot verify after VERIFY_TIMEOUT_MS without the new version, and waits again on retry', async () => {
    const h = await writing();
    h.fetchJob.last().resolve(sampleOsJob('done'));
    await flush();
    const keepFailing = async (ms: number) => {
      for (let waited = 0; waited < ms; waited += VERIFY_POLL_MS) {
        h.fetchVersion.last().reject(GONE);
        await jest.advanceTimersByTimeAsync(VERIFY_POLL_MS);
      }
    };
    await keepFailing(VERIFY_TIMEOUT_MS - VERIFY_POLL_MS);
    expect(tags(h)).toContain('rebooting');
    await keepFailing(VERIFY_POLL_MS);
    expect(at(h)).toEqual(['unverified']);
    expect(tags(h)).toEqual(['unverified']);
    const asked = h.fetchVersion.calls.length;
    h.send({ type: 'os.retry' });
    expect(at(h)).toEqual(['rebooting.asking']);
    expect(h.fetchVersion.calls).toHaveLength(asked + 1);
    h.fetchVersion.last().resolve({ os_version: '20270101' });
    await flush();
    expect(at(h)).toEqual(['succeeded']);
  });
});

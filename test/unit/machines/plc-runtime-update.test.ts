/**
 * Behaviour of the PLC runtime firmware update on a real actor: the upload, the job, the HMI
 * restart and the version check, each way it ends (succeeded, failed, unverified after
 * RESTART_TIMEOUT_MS), and what the calls were given.
 */
import { createActor, fromCallback, type EventObject } from 'xstate';

import {
  PLC_JOB_POLL_MS,
  RESTART_POLL_MS,
  RESTART_TIMEOUT_MS,
  plcRuntimeUpdateMachine,
  type PlcRuntimeUpdateEvent,
  type PlcUploadReport,
  type RuntimeAnswer,
  type UploadFirmwareInput,
} from '../../../machines/plc-runtime-update.machine';
import { samplePlcJob } from '../../../machines/plc-runtime-update.qa';
import type { Job } from '../../../contract/api/jobs';
import { controllable } from '../../support/controllable-actor';

function harness() {
  const uploads: Array<{ input: UploadFirmwareInput; sendBack: (e: PlcUploadReport) => void; stopped: boolean }> = [];
  const upload = fromCallback<EventObject, UploadFirmwareInput>(({ input, sendBack }) => {
    const record = { input, sendBack: (e: PlcUploadReport) => sendBack(e), stopped: false };
    uploads.push(record);
    return () => {
      record.stopped = true;
    };
  });
  const fetchJob = controllable<Job, { jobId: string }>();
  const fetchRuntime = controllable<RuntimeAnswer, unknown>();
  const actor = createActor(plcRuntimeUpdateMachine.provide({ actors: { upload, fetchJob: fetchJob.logic, fetchRuntime: fetchRuntime.logic } })).start();
  const snapshot = () => actor.getSnapshot();
  const send = (event: PlcRuntimeUpdateEvent) => actor.send(event);
  return { snapshot, context: () => snapshot().context, send, uploads, fetchJob, fetchRuntime };
}
type Harness = ReturnType<typeof harness>;

const STATES = [
  'idle',
  'uploading',
  'following.asking',
  'following.waiting',
  'restarting.asking',
  'restarting.checking',
  'restarting.waiting',
  'unverified',
  'succeeded',
  'failed',
] as const;
const at = (h: Harness) =>
  STATES.filter((s) => {
    const [parent, child] = s.split('.') as [string, string | undefined];
    return child ? h.snapshot().matches({ [parent]: child } as never) : h.snapshot().matches(parent as 'idle');
  });
const tags = (h: Harness) => (['busy', 'uploading', 'restarting', 'succeeded', 'failed', 'unverified'] as const).filter((t) => h.snapshot().hasTag(t));
const flush = () => jest.advanceTimersByTimeAsync(0);
const GONE = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
const FIRMWARE = { firmware: { name: 'plc-runtime-3.5.20.0.bin', size: 1_000_000 } };
const NEW = { version: '3.5.20.0', updating: false };
const OLD = { version: '3.5.19.30', updating: false };

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Uploaded, the job followed: the firmware is being installed. */
function installing() {
  const h = harness();
  h.send({ type: 'plc.upload', ...FIRMWARE });
  h.uploads[0]!.sendBack({ type: 'upload.done', jobId: 'plc-job-1', version: '3.5.20.0' });
  return h;
}

/** The job reached the HMI restart. */
async function restarting() {
  const h = installing();
  h.fetchJob.last().resolve(samplePlcJob('running', 'restart_hmi'));
  await flush();
  return h;
}

describe('plcRuntimeUpdate: upload', () => {
  it('uploads the chosen firmware, reporting bytes, behind the busy overlay; nothing else starts', () => {
    const h = harness();
    expect(at(h)).toEqual(['idle']);
    h.send({ type: 'plc.upload', ...FIRMWARE });
    expect(at(h)).toEqual(['uploading']);
    expect(tags(h)).toEqual(['busy', 'uploading']);
    expect(h.uploads.map((u) => u.input)).toEqual([FIRMWARE]);
    expect(h.context()).toMatchObject({ loaded: 0, total: 1_000_000 });
    h.uploads[0]!.sendBack({ type: 'upload.progress', loaded: 500_000, total: 1_000_400 });
    expect(h.context()).toMatchObject({ loaded: 500_000, total: 1_000_400 });
    h.send({ type: 'plc.dismiss' });
    h.send({ type: 'plc.retry' });
    h.send({ type: 'plc.resume', jobId: 'plc-job-9', version: '9' });
    expect(at(h)).toEqual(['uploading']);
  });

  it('follows the job with the version the device will install', () => {
    const h = installing();
    expect(at(h)).toEqual(['following.asking']);
    expect(tags(h)).toEqual(['busy']);
    expect(h.uploads[0]!.stopped).toBe(true);
    expect(h.context()).toMatchObject({ jobId: 'plc-job-1', version: '3.5.20.0', loaded: 1_000_000 });
    expect(h.fetchJob.last().input).toEqual({ jobId: 'plc-job-1' });
  });

  it.each(['firmware_too_large', 'invalid_firmware'] as const)('ends failed with %s when the device refuses the firmware', (error) => {
    const h = harness();
    h.send({ type: 'plc.upload', ...FIRMWARE });
    h.uploads[0]!.sendBack({ type: 'upload.failed', error });
    expect(at(h)).toEqual(['failed']);
    expect(tags(h)).toEqual(['failed']);
    expect(h.context().error).toBe(error);
    expect(h.fetchJob.calls).toHaveLength(0);
    h.send({ type: 'plc.dismiss' });
    expect(at(h)).toEqual(['idle']);
    expect(h.context()).toEqual({ jobId: null, version: null, job: null, loaded: 0, total: 0, error: null });
  });

  it('ends failed when the upload cannot even start', async () => {
    const failing = createActor(
      plcRuntimeUpdateMachine.provide({
        actors: {
          upload: fromCallback<EventObject, UploadFirmwareInput>(() => {
            throw new Error('NotReadableError');
          }),
        },
      }),
    ).start();
    failing.send({ type: 'plc.upload', ...FIRMWARE });
    await flush();
    expect(failing.getSnapshot().matches('failed')).toBe(true);
    expect(failing.getSnapshot().context.error).toBe('fail');
  });

  it('stops the request on cancel and goes back to choosing', () => {
    const h = harness();
    h.send({ type: 'plc.upload', ...FIRMWARE });
    h.send({ type: 'upload.cancel' });
    expect(at(h)).toEqual(['idle']);
    expect(h.uploads[0]!.stopped).toBe(true);
  });

  it('follows an update already running when the page opens', () => {
    const h = harness();
    h.send({ type: 'plc.resume', jobId: 'plc-job-4', version: '3.6.0.0' });
    expect(at(h)).toEqual(['following.asking']);
    expect(h.context()).toMatchObject({ jobId: 'plc-job-4', version: '3.6.0.0' });
    expect(h.fetchJob.last().input).toEqual({ jobId: 'plc-job-4' });
  });
});

describe('plcRuntimeUpdate: the job and the HMI restart', () => {
  it('asks for the job every PLC_JOB_POLL_MS while the firmware is installed', async () => {
    const h = installing();
    h.fetchJob.last().resolve(samplePlcJob('running', 'update_firmware'));
    await flush();
    expect(at(h)).toEqual(['following.waiting']);
    expect(h.context().job?.current_step).toBe('update_firmware');
    await jest.advanceTimersByTimeAsync(PLC_JOB_POLL_MS - 1);
    expect(h.fetchJob.calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(h.fetchJob.calls).toHaveLength(2);
    expect(at(h)).toEqual(['following.asking']);
  });

  it("ends failed with the job's reason when the installer refuses the firmware (no restart wait)", async () => {
    const h = installing();
    h.fetchJob.last().resolve(samplePlcJob('failed', 'update_firmware', { error_code: 'firmware_update_failed' }));
    await flush();
    expect(at(h)).toEqual(['failed']);
    expect(h.context().error).toBe('firmware_update_failed');
    expect(h.context().job?.state).toBe('failed');
    expect(h.fetchRuntime.calls).toHaveLength(0);
  });

  it("says fail for a failed job that names no reason", async () => {
    const h = installing();
    h.fetchJob.last().resolve(samplePlcJob('failed', 'update_firmware'));
    await flush();
    expect(h.context().error).toBe('fail');
  });

  it('waits through the restart once the job reaches restart HMI, and succeeds when the new version answers with the update ended', async () => {
    const h = await restarting();
    expect(at(h)).toEqual(['restarting.asking']);
    expect(tags(h)).toEqual(['busy', 'restarting']);
    expect(h.context().job?.current_step).toBe('restart_hmi');
    // The panel is away: each ask fails, and the next comes RESTART_POLL_MS later.
    for (let i = 0; i < 3; i++) {
      h.fetchRuntime.last().reject(GONE);
      await flush();
      expect(at(h)).toEqual(['restarting.waiting']);
      await jest.advanceTimersByTimeAsync(RESTART_POLL_MS - 1);
      expect(h.fetchRuntime.calls).toHaveLength(i + 1);
      await jest.advanceTimersByTimeAsync(1);
    }
    expect(h.fetchRuntime.calls).toHaveLength(4);
    h.fetchRuntime.last().resolve(NEW);
    await flush();
    expect(at(h)).toEqual(['succeeded']);
    expect(tags(h)).toEqual(['succeeded']);
    h.send({ type: 'plc.dismiss' });
    expect(at(h)).toEqual(['idle']);
  });

  it('goes to the restart wait as well when the job is already done', async () => {
    const h = installing();
    h.fetchJob.last().resolve(samplePlcJob('done'));
    await flush();
    expect(at(h)).toEqual(['restarting.asking']);
  });

  it('takes a device that stops answering while the job runs as restarting', async () => {
    const h = installing();
    h.fetchJob.last().reject(GONE);
    await flush();
    expect(at(h)).toEqual(['restarting.asking']);
  });

  it('does not take the new version for success while the update still runs: the job tells, and the wait goes on', async () => {
    const h = await restarting();
    h.fetchRuntime.last().resolve({ version: '3.5.20.0', updating: true });
    await flush();
    expect(at(h)).toEqual(['restarting.checking']);
    expect(h.fetchJob.last().input).toEqual({ jobId: 'plc-job-1' });
    h.fetchJob.last().resolve(samplePlcJob('running', 'restart_hmi'));
    await flush();
    expect(at(h)).toEqual(['restarting.waiting']);
    await jest.advanceTimersByTimeAsync(RESTART_POLL_MS);
    h.fetchRuntime.last().resolve(NEW);
    await flush();
    expect(at(h)).toEqual(['succeeded']);
  });

  it('asks the job when the device answers the old version: failed means failed; a lost answer means wait', async () => {
    const h = await restarting();
    h.fetchRuntime.last().resolve(OLD);
    await flush();
    expect(at(h)).toEqual(['restarting.checking']);
    h.fetchJob.last().reject(GONE);
    await flush();
    expect(at(h)).toEqual(['restarting.waiting']);
    await jest.advanceTimersByTimeAsync(RESTART_POLL_MS);
    h.fetchRuntime.last().resolve(OLD);
    await flush();
    h.fetchJob.last().resolve(samplePlcJob('failed', 'restart_hmi', { error_code: 'interrupted' }));
    await flush();
    expect(at(h)).toEqual(['failed']);
    expect(h.context().error).toBe('interrupted');
  });

  it('says it cannot verify after RESTART_TIMEOUT_MS without the new version, and waits again on retry', async () => {
    const h = await restarting();
    const keepFailing = async (ms: number) => {
      for (let waited = 0; waited < ms; waited += RESTART_POLL_MS) {
        h.fetchRuntime.last().reject(GONE);
        await jest.advanceTimersByTimeAsync(RESTART_POLL_MS);
      }
    };
    await keepFailing(RESTART_TIMEOUT_MS - RESTART_POLL_MS);
    expect(tags(h)).toContain('restarting');
    await keepFailing(RESTART_POLL_MS);
    expect(at(h)).toEqual(['unverified']);
    expect(tags(h)).toEqual(['unverified']);
    const asked = h.fetchRuntime.calls.length;
    h.send({ type: 'plc.retry' });
    expect(at(h)).toEqual(['restarting.asking']);
    expect(h.fetchRuntime.calls).toHaveLength(asked + 1);
    h.fetchRuntime.last().resolve(NEW);
    await flush();
    expect(at(h)).toEqual(['succeeded']);
  });

  it('closes an unverified update on dismiss', async () => {
    const h = await restarting();
    await jest.advanceTimersByTimeAsync(RESTART_TIMEOUT_MS);
    expect(at(h)).toEqual(['unverified']);
    h.send({ type: 'plc.dismiss' });
    expect(at(h)).toEqual(['idle']);
    expect(h.context().jobId).toBeNull();
  });
});

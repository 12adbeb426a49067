/**
 * What the PLC runtime firmware update sets in the signed-update flow (signed-update.test.ts tests
 * the flow): the HMI restart waited through as soon as the job reaches *restart HMI*, a runtime
 * that must answer the new version with no update running, an installer's refusal on the device,
 * a success that can be closed, and its four steps.
 */
import { PLC_JOB_POLL_MS, RESTART_POLL_MS, RESTART_TIMEOUT_MS, plcRuntimeUpdate, plcRuntimeUpdateMachine } from '../../../machines/plc-runtime-update.machine';
import { samplePlcJob } from '../../../machines/plc-runtime-update.qa';
import { stepStatesOf } from '../../../machines/signed-update.machine';
import { at, flush, idleHarness, signedUpdateHarness, type SignedUpdateHarness } from '../../support/signed-update';

const FIRMWARE = { files: { firmware: { name: 'plc-runtime-3.5.20.0.bin', size: 1_000_000 } } };
const steps = (h: SignedUpdateHarness) => plcRuntimeUpdate.flow.steps.all.map((s) => stepStatesOf(plcRuntimeUpdate.flow.steps, h.snapshot())[s]);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

async function installing() {
  const h = await idleHarness(plcRuntimeUpdateMachine);
  h.send({ type: 'update.upload', ...FIRMWARE });
  h.uploads[0]!.sendBack({ type: 'upload.done', jobId: 'plc-job-1', version: '3.5.20.0' });
  return h;
}

describe('plcRuntimeUpdate', () => {
  it('lists the job\'s four steps, the restart being its last', () => {
    expect(plcRuntimeUpdate.flow.steps.all).toEqual(['prepare', 'upload_firmware', 'update_firmware', 'restart_hmi']);
    expect(plcRuntimeUpdate.flow.jobPollMs).toBe(PLC_JOB_POLL_MS);
  });

  it('waits through the HMI restart as soon as the job reaches it', async () => {
    const h = await installing();
    h.fetchJob.last().resolve(samplePlcJob('running', 'update_firmware'));
    await flush();
    expect(at(h)).toBe('following.waiting');
    expect(steps(h)).toEqual(['done', 'done', 'running', 'pending']);
    await jest.advanceTimersByTimeAsync(PLC_JOB_POLL_MS);
    h.fetchJob.last().resolve(samplePlcJob('running', 'restart_hmi'));
    await flush();
    expect(at(h)).toBe('restarting.asking');
    expect(steps(h)).toEqual(['done', 'done', 'done', 'running']);
  });

  it('waits through the restart when the job is already done', async () => {
    const h = await installing();
    h.fetchJob.last().resolve(samplePlcJob('done'));
    await flush();
    expect(at(h)).toBe('restarting.asking');
  });

  it('succeeds only with the new version and no update running, and closes', async () => {
    const h = await installing();
    h.fetchJob.last().resolve(samplePlcJob('running', 'restart_hmi'));
    await flush();
    h.fetchVersion.last().resolve({ version: '3.5.20.0', updating: true });
    await flush();
    expect(at(h)).toBe('restarting.checking');
    h.fetchJob.last().resolve(samplePlcJob('running', 'restart_hmi'));
    await flush();
    await jest.advanceTimersByTimeAsync(RESTART_POLL_MS);
    h.fetchVersion.last().resolve({ version: '3.5.20.0', updating: false });
    await flush();
    expect(at(h)).toBe('succeeded');
    expect(steps(h)).toEqual(['done', 'done', 'done', 'done']);
    h.send({ type: 'update.dismiss' });
    expect(at(h)).toBe('idle');
  });

  it('ends failed when the installer refuses the firmware, its steps as the job says', async () => {
    const h = await installing();
    h.fetchJob.last().resolve(samplePlcJob('failed', 'update_firmware', { error_code: 'firmware_update_failed' }));
    await flush();
    expect(at(h)).toBe('failed');
    expect(h.context().error).toBe('firmware_update_failed');
    expect(steps(h)).toEqual(['done', 'done', 'failed', 'pending']);
    expect(h.fetchVersion.calls).toHaveLength(0);
  });

  it(`says it cannot verify after ${RESTART_TIMEOUT_MS / 60_000} minutes`, async () => {
    const h = await installing();
    h.fetchJob.last().resolve(samplePlcJob('done'));
    await flush();
    await jest.advanceTimersByTimeAsync(RESTART_TIMEOUT_MS);
    expect(at(h)).toBe('unverified');
    expect(steps(h)).toEqual(['done', 'done', 'done', 'failed']);
  });

  it('follows an update running when the page opens', async () => {
    const h = signedUpdateHarness(plcRuntimeUpdateMachine);
    h.findRunning.last().resolve({ jobId: 'plc-job-1', version: '3.5.20.0' });
    await flush();
    expect(at(h)).toBe('following.asking');
    expect(h.context().version).toBe('3.5.20.0');
  });

  it('shows a refused firmware on the upload step, and takes neither a medium nor a password', async () => {
    const h = await idleHarness(plcRuntimeUpdateMachine);
    h.send({ type: 'update.fromMedia', medium: 'usb', name: 'x', password: '' });
    expect(at(h)).toBe('idle');
    h.send({ type: 'update.upload', ...FIRMWARE });
    h.uploads[0]!.sendBack({ type: 'upload.failed', error: 'invalid_firmware' });
    expect(steps(h)).toEqual(['done', 'failed', 'pending', 'pending']);
    expect(h.snapshot().can({ type: 'update.again', password: 'x' })).toBe(false);
  });
});

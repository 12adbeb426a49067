/**
 * OS Update: the installed version, the checks before anything is sent (type, size), the upload
 * with its bytes, the device writing the image, the restart waited through until the new version
 * answers, sign in again; a refused image; a page opened mid-update.
 */
import { File } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import OsUpdatePage from '../../../src/features/os-update/OsUpdatePage';
import { renderScreen } from '../../support/render';
import { fakeDevice, type FakeDevice } from '../../support/fake-device';
import { FakeUpload } from '../../support/fake-upload';
import { sampleOsJob } from '../../../machines/os-update.qa';
import type { Job } from '../../../contract/api/jobs';

const API = '/api/v1';
const INFO = `${API}/os/info`;

const infoWire = (overrides: Record<string, unknown> = {}) => ({
  os_version: '20261101',
  model: 'HMI-X1070',
  max_image_bytes: 512 * 1024 * 1024,
  reboot_seconds: 20,
  running_job: null,
  ...overrides,
});

interface Options {
  info?: Record<string, unknown>;
  /** The job's answers, one per ask (the last one repeats). */
  jobs?: Job[];
  /** How many version asks fail (the device away) after the job is done. */
  away?: number;
}

function device({ info = {}, jobs = [sampleOsJob('running'), sampleOsJob('done')], away = 0 }: Options = {}): FakeDevice {
  let current = infoWire(info);
  let asked = 0;
  let done = false;
  let gone = away;
  return fakeDevice({
    [`GET ${INFO}`]: () => {
      if (done && gone > 0) {
        gone--;
        throw new TypeError('Failed to fetch');
      }
      return { body: current };
    },
    [`GET ${API}/auth/token/check`]: () => ({ body: { valid: true, username: 'admin', expires_at: '2026-11-24T09:00:00.000Z' } }),
    [`POST ${API}/auth/logout`]: () => ({ body: { status: 'success' } }),
    [`GET ${API}/jobs/os-job-1`]: () => {
      const job = jobs[Math.min(asked++, jobs.length - 1)]!;
      if (job.state === 'done') {
        done = true;
        current = infoWire({ os_version: '20270101', running_job: null });
      }
      return { body: job };
    },
  });
}

const realXhr = window.XMLHttpRequest;
beforeEach(() => {
  FakeUpload.sent = [];
  FakeUpload.answer = { status: 202, body: { job_id: 'os-job-1', version: '20270101' } };
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeUpload;
});
afterEach(() => {
  window.XMLHttpRequest = realXhr;
});

async function openPage(options: Options = {}) {
  const fake = device(options);
  const user = userEvent.setup();
  const rendered = renderScreen(<OsUpdatePage />, { language: 'en' });
  await screen.findByTestId('os-version');
  return { fake, user, ...rendered };
}

const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
const overlay = () => within(screen.getByRole('dialog', { name: 'Updating the OS' }));
const steps = () => ['prepare', 'upload_image', 'update_os', 'restart'].map((s) => screen.getByTestId(`os-step-${s}`).dataset.state);
const choose = (file: File) => fireEvent.change(screen.getByTestId('image-input'), { target: { files: [file] } });

async function startUpdate(user: ReturnType<typeof userEvent.setup>) {
  choose(new File([new Uint8Array(120_000)], 'panel-20270101.bin'));
  expect(screen.getByTestId('chosen-image')).toHaveTextContent('panel-20270101.bin (117.2 KiB)');
  await user.click(screen.getByRole('button', { name: 'Update OS' }));
  const confirm = within(screen.getByRole('dialog', { name: 'Update the OS?' }));
  expect(confirm.getByText(/installs panel-20270101\.bin and restarts/)).toBeInTheDocument();
  await user.click(confirm.getByRole('button', { name: 'Update and restart' }));
}

describe('OS Update', () => {
  it('shows the installed version, the model and the largest image taken', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'OS Update' })).toBeInTheDocument();
    expect(valueOf('OS version')).toHaveTextContent('20261101');
    expect(valueOf('Model')).toHaveTextContent('HMI-X1070');
    expect(valueOf('Largest image taken')).toHaveTextContent('512 MiB');
    expect(screen.getByText(/cannot be reached for about 20 s/)).toBeInTheDocument();
  });

  it('takes only .bin files, and no image past the limit; nothing is sent', async () => {
    await openPage({ info: { max_image_bytes: 1000 } });
    choose(new File(['x'], 'panel.zip'));
    expect(screen.getByRole('alert')).toHaveTextContent('Only .bin OS images can be installed');
    choose(new File([new Uint8Array(2000)], 'panel.bin'));
    expect(screen.getByRole('alert')).toHaveTextContent('Image too large: the panel takes images up to 1,000 B');
    expect(screen.getByRole('button', { name: 'Update OS' })).toBeDisabled();
    expect(FakeUpload.sent).toHaveLength(0);
  });

  it('uploads the image, follows the steps through the restart, and asks to sign in again once the new version answers', async () => {
    const { user, fake } = await openPage({ away: 1 });
    await startUpdate(user);
    expect(overlay().getByText(/Do not switch the panel off/)).toBeInTheDocument();
    expect(await overlay().findByText('58.6 KiB of 117.2 KiB (50 %)')).toBeInTheDocument();
    expect(steps()).toEqual(['done', 'running', 'pending', 'pending']);
    await waitFor(() => expect(steps()).toEqual(['done', 'done', 'running', 'pending']));
    await waitFor(() => expect(steps()).toEqual(['done', 'done', 'done', 'running']), { timeout: 3000 });
    expect(overlay().getByText(/The panel is restarting/)).toBeInTheDocument();
    // One ask finds the panel away; the next (2 s later) finds it back with the new version.
    expect(await overlay().findByText('The OS was updated to version 20270101.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(steps()).toEqual(['done', 'done', 'done', 'done']);
    const sent = FakeUpload.sent[0]!;
    expect({ method: sent.method, url: sent.url }).toEqual({ method: 'POST', url: `${API}/os/update` });
    expect((sent.form.get('image') as globalThis.File).name).toBe('panel-20270101.bin');
    // The only way on is to sign in again: the session ends on the device too.
    expect(overlay().queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.click(overlay().getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(fake.sent('POST', `${API}/auth/logout`)).toHaveLength(1));
  });

  it('says Invalid image, and that nothing changed, when the device refuses the image', async () => {
    FakeUpload.answer = { status: 400, body: { message: 'Invalid image: bad signature', error_code: 'invalid_image' } };
    const { user, fake } = await openPage();
    await startUpdate(user);
    const alert = await overlay().findByRole('alert');
    expect(within(alert).getByText('The update did not go through.')).toBeInTheDocument();
    expect(within(alert).getByText('Invalid image')).toBeInTheDocument();
    expect(within(alert).getByText('The installed OS was not changed.')).toBeInTheDocument();
    expect(steps()).toEqual(['done', 'failed', 'pending', 'pending']);
    expect(fake.sent('GET', `${API}/jobs/os-job-1`)).toHaveLength(0);
    await user.click(overlay().getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([
    [409, 'busy', 'The panel is busy with another update or upload: wait for it to finish, then try again'],
    [507, 'insufficient_storage', 'The panel does not have enough free space for this file'],
  ] as const)('says why when the device answers %i %s, and that nothing changed', async (status, code, text) => {
    FakeUpload.answer = { status, body: { message: 'refused', error_code: code } };
    const { user } = await openPage();
    await startUpdate(user);
    const alert = await overlay().findByRole('alert');
    expect(within(alert).getByText(text)).toBeInTheDocument();
    expect(within(alert).getByText('The installed OS was not changed.')).toBeInTheDocument();
  });

  it('follows an update that runs when the page opens', async () => {
    await openPage({ info: { running_job: { id: 'os-job-1', version: '20270101' } }, jobs: [sampleOsJob('running'), sampleOsJob('done')] });
    expect(await screen.findByRole('dialog', { name: 'Updating the OS' })).toBeInTheDocument();
    expect(await overlay().findByText('The OS was updated to version 20270101.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

/**
 * Project Management: what runs, restart, the update from files (with its upload progress) and
 * from a medium, the steps behind the blocking overlay, each outcome, and a page opened mid-update.
 */
import { File } from 'node:buffer';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProjectManagementPage from '../../../src/features/project/ProjectManagementPage';
import { renderScreen } from '../../support/render';
import { fakeDevice, type DeviceAnswer, type FakeDevice } from '../../support/fake-device';
import { sampleJob } from '../../../machines/project-update.qa';
import type { Job } from '../../../contract/api/jobs';
import { FakeUpload } from '../../support/fake-upload';

const API = '/api/v1';
const INFO = `${API}/project/management/info`;
const MEDIA = `${API}/project/management/media`;

const infoWire = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sample Bottling Line',
  model: 'HMI-X1070',
  design_software_version: '6.04.01',
  file_name: 'sample',
  app_size: 1353,
  crc: '0b1c3fc7',
  uploaded_at: '2026-11-24T05:56:56.037Z',
  source: 'sample',
  protected: false,
  tags: 7,
  state: 'running',
  running_job: null,
  max_upload_bytes: 256 * 1024 * 1024,
  ...overrides,
});

const mediaWire = {
  media: [
    { medium: 'usb', present: true, projects: [{ name: 'Line 3', app_size: 114_203, crc_present: true, modified_at: '2026-11-20T10:00:00.000Z' }] },
    { medium: 'sd', present: false, projects: [] },
  ],
};

interface Options {
  info?: Record<string, unknown>;
  /** The job's answers, one per ask (the last one repeats). */
  jobs?: Job[];
  restart?: () => DeviceAnswer;
  fromMedia?: () => DeviceAnswer;
}

function device({ info = {}, jobs = [sampleJob('running', 'prepare'), sampleJob('done')], restart, fromMedia }: Options = {}): FakeDevice {
  let current = infoWire(info);
  let asked = 0;
  return fakeDevice({
    [`GET ${INFO}`]: () => ({ body: current }),
    [`GET ${MEDIA}`]: () => ({ body: mediaWire }),
    // The upload checks (and would renew) the token just before it starts.
    [`GET ${API}/auth/token/check`]: () => ({ body: { valid: true, username: 'admin', expires_at: '2026-11-24T09:00:00.000Z' } }),
    [`POST ${API}/project/management/restart`]: restart ?? (() => ({ body: current })),
    [`POST ${API}/project/management/update-from-media`]: fromMedia ?? (() => ({ status: 202, body: { job_id: 'job-1' } })),
    [`GET ${API}/jobs/job-1`]: () => {
      const job = jobs[Math.min(asked++, jobs.length - 1)]!;
      if (job.state === 'done') current = infoWire({ name: 'Line 3', file_name: 'Line 3', source: 'usb', running_job: null });
      return { body: job };
    },
  });
}

const realXhr = window.XMLHttpRequest;
beforeEach(() => {
  FakeUpload.sent = [];
  FakeUpload.answer = { status: 202, body: { job_id: 'job-1' } };
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeUpload;
});
afterEach(() => {
  window.XMLHttpRequest = realXhr;
});

async function openPage(options: Options = {}, language: 'en' | 'de' = 'en') {
  const fake = device(options);
  const user = userEvent.setup();
  const rendered = renderScreen(<ProjectManagementPage />, { language });
  await screen.findByTestId('project-name');
  return { fake, user, ...rendered };
}

const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
const overlay = () => within(screen.getByRole('dialog', { name: 'Updating the project' }));
const stepStates = () => ['prepare', 'stop_project', 'update_project', 'decompress_project', 'start_project'].map((s) => screen.getByTestId(`step-${s}`).dataset.state);

/** Node's File: the test environment's FormData (Node's) takes no other. */
function choose(kind: 'app' | 'crc', file: File) {
  fireEvent.change(screen.getByTestId(`file-${kind}`), { target: { files: [file] } });
}

describe('Project Management', () => {
  it('shows what runs: name, state, model, design software version, file, size, CRC, time, source', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Project Management' })).toBeInTheDocument();
    expect(valueOf('Project name')).toHaveTextContent('Sample Bottling Line');
    expect(valueOf('State')).toHaveTextContent('Running');
    expect(valueOf('Model')).toHaveTextContent('HMI-X1070');
    expect(valueOf('Design software version')).toHaveTextContent('V6.04.01');
    expect(valueOf('File')).toHaveTextContent('sample.app');
    expect(valueOf('Size')).toHaveTextContent('1.3 KiB');
    expect(valueOf('CRC')).toHaveTextContent('0b1c3fc7');
    expect(valueOf('Uploaded')).toHaveTextContent(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(valueOf('From')).toHaveTextContent('Sample project');
  });

  it('restarts after a confirmation, and says how it went', async () => {
    const { user, fake } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Restart project' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Restart the project?' }));
    expect(confirm.getByText(/stops Sample Bottling Line and starts it again/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Restart project' }));
    expect(await screen.findByText('Restart successful')).toBeInTheDocument();
    expect(fake.sent('POST', `${API}/project/management/restart`)).toHaveLength(1);
  });

  it('says Restart failed when the device could not restart', async () => {
    const { user } = await openPage({ restart: () => ({ status: 500, body: { message: 'x', error_code: 'restart_failed' } }) });
    await user.click(screen.getByRole('button', { name: 'Restart project' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Restart project' }));
    expect(await screen.findByText('Restart failed')).toBeInTheDocument();
  });

  it('takes only .app and .crc files, names the one refused and what to choose, and sends nothing otherwise', async () => {
    await openPage();
    choose('app', new File(['x'], 'line.zip'));
    expect(screen.getByRole('alert')).toHaveTextContent('line.zip is neither an .app nor a .crc file. Choose the project’s .app file and its .crc file.');
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    expect(FakeUpload.sent).toHaveLength(0);
  });

  it('uploads the pair with its password, shows the bytes, then ticks the five steps and says what runs', async () => {
    const { user } = await openPage({ jobs: [sampleJob('running', 'stop_project'), sampleJob('running', 'start_project'), sampleJob('done')] });
    choose('app', new File([new Uint8Array(120_000)], 'Line 3.app'));
    choose('crc', new File(['0b1c3fc7\n'], 'Line 3.crc'));
    expect(screen.getByTestId('chosen-app')).toHaveTextContent('Line 3.app (117.2 KiB)');
    await user.type(screen.getByLabelText('Project password'), 'Batch-42');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(overlay().getByText(/Do not operate the panel or leave this page/)).toBeInTheDocument();
    expect(await overlay().findByText('58.6 KiB of 117.2 KiB (50 %)')).toBeInTheDocument();
    await waitFor(() => expect(stepStates()).toEqual(['done', 'running', 'pending', 'pending', 'pending']));
    await waitFor(() => expect(stepStates()).toEqual(['done', 'done', 'done', 'done', 'running']), { timeout: 3000 });
    expect(await overlay().findByText('The project was updated: Line 3 is running.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(stepStates()).toEqual(['done', 'done', 'done', 'done', 'done']);

    const sent = FakeUpload.sent[0]!;
    expect({ method: sent.method, url: sent.url }).toEqual({ method: 'POST', url: `${API}/project/management/update` });
    expect((sent.form.get('app') as globalThis.File).name).toBe('Line 3.app');
    expect((sent.form.get('crc') as globalThis.File).name).toBe('Line 3.crc');
    expect(sent.form.get('password')).toBe('Batch-42');
    await user.click(overlay().getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(valueOf('Project name')).toHaveTextContent('Line 3');
  });

  it('shows the device\'s refusal of an upload, and that nothing changed', async () => {
    FakeUpload.answer = { status: 400, body: { message: 'x', error_code: 'crc_mismatch' } };
    const { user } = await openPage();
    choose('app', new File(['x'], 'Line 3.app'));
    choose('crc', new File(['deadbeef'], 'Line 3.crc'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const alert = await overlay().findByRole('alert');
    expect(within(alert).getByText('The update did not go through.')).toBeInTheDocument();
    // What is wrong and what to do: a restart would not help (issue 20, item 5).
    expect(alert).toHaveTextContent(
      'The .crc file does not belong to this .app file: their checksums differ. Choose the .crc file saved together with this .app (the design software writes both when it builds the project) and update again.',
    );
    expect(alert).not.toHaveTextContent('restart');
    expect(within(alert).getByText('Nothing was changed on the panel.')).toBeInTheDocument();
  });

  it('a file that is no project says what the pair must be, not what other steps take (issue 20, item 5)', async () => {
    FakeUpload.answer = { status: 400, body: { message: 'x', error_code: 'unsupported_file_type' } };
    const { user } = await openPage();
    choose('app', new File(['not a project'], 'Junk.app'));
    choose('crc', new File(['deadbeef'], 'Junk.crc'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const alert = await overlay().findByRole('alert');
    expect(alert).toHaveTextContent('A chosen file is not what its name says: the .app must be a project built by the design software');
    expect(alert).not.toHaveTextContent(/cxob|bin files/);
  });

  it('a protected project sent without its password asks for it, and updates again with it (issue 20, item 5)', async () => {
    const { user } = await openPage({
      jobs: [sampleJob('failed', 'prepare', { error_code: 'password_required' }), sampleJob('running', 'prepare'), sampleJob('done')],
    });
    choose('app', new File([new Uint8Array(120_000)], 'Locked.app'));
    choose('crc', new File(['0b1c3fc7\n'], 'Locked.crc'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const alert = await overlay().findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('This project is protected by a password. Enter the project password below and update again.');
    expect(alert).not.toHaveTextContent('error password');
    const again = overlay().getByRole('button', { name: 'Update again' });
    expect(again).toBeDisabled();
    await user.type(overlay().getByLabelText('Project password'), 'Batch-42');
    await user.click(again);
    expect(await overlay().findByText('The project was updated: Line 3 is running.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(FakeUpload.sent.map((s) => [(s.form.get('app') as globalThis.File).name, s.form.get('password')])).toEqual([
      ['Locked.app', null],
      ['Locked.app', 'Batch-42'],
    ]);
  });

  it('a wrong project password says so and asks for it again (issue 20, item 5)', async () => {
    const { user, fake } = await openPage({ jobs: [sampleJob('failed', 'prepare', { error_code: 'wrong_password' })] });
    await user.click(within(screen.getByRole('region', { name: 'USB stick' })).getByRole('button', { name: 'Update from Line 3' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Update from USB stick' })).getByRole('button', { name: 'Update' }));
    const alert = await overlay().findByRole('alert');
    expect(alert).toHaveTextContent('The project password is wrong. Enter it again (capital and small letters count) and update again.');
    await user.type(overlay().getByLabelText('Project password'), 'Batch-42{Enter}');
    await waitFor(() => expect(fake.sent('POST', `${API}/project/management/update-from-media`)).toHaveLength(2));
    expect(fake.sent('POST', `${API}/project/management/update-from-media`)[1]).toEqual({ medium: 'usb', name: 'Line 3', password: 'Batch-42' });
  });

  it('updates from the USB stick, and says so when the new project could not start', async () => {
    const { user, fake } = await openPage({ jobs: [sampleJob('failed', 'start_project', { error_code: 'start_failed', rolled_back: true })] });
    const usb = within(screen.getByRole('region', { name: 'USB stick' }));
    expect(usb.getByText('Line 3.app')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'SD card' })).getByText('No medium inserted')).toBeInTheDocument();
    await user.click(usb.getByRole('button', { name: 'Update from Line 3' }));
    const ask = within(screen.getByRole('dialog', { name: 'Update from USB stick' }));
    await user.click(ask.getByRole('button', { name: 'Update' }));
    const alert = await overlay().findByRole('alert');
    expect(alert).toHaveTextContent('The new project could not start: the previous project runs again');
    expect(alert).toHaveTextContent('The previous project is running again.');
    expect(stepStates()).toEqual(['done', 'done', 'done', 'done', 'failed']);
    expect(fake.sent('POST', `${API}/project/management/update-from-media`)).toEqual([{ medium: 'usb', name: 'Line 3' }]);
  });

  it('follows an update already running when the page opens', async () => {
    await openPage({ info: { running_job: 'job-1' }, jobs: [sampleJob('running', 'decompress_project'), sampleJob('done')] });
    await waitFor(() => expect(stepStates()).toEqual(['done', 'done', 'done', 'running', 'pending']));
    expect(await overlay().findByText(/The project was updated/, {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('keeps its title and offers Retry when the project cannot be read', async () => {
    fakeDevice({ [`GET ${INFO}`]: () => ({ status: 500, body: { message: 'x', error_code: 'internal_error' } }), [`GET ${MEDIA}`]: () => ({ body: mediaWire }) });
    renderScreen(<ProjectManagementPage />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Project Management' })).toBeInTheDocument();
  });

  it('reads in German', async () => {
    await openPage({}, 'de');
    expect(screen.getByRole('heading', { level: 1, name: 'Projektverwaltung' })).toBeInTheDocument();
    await act(async () => undefined);
  });
});

/**
 * Backup Data: what to back up and where, the button off with nothing chosen, a download with the
 * body the device takes, and a backup to a medium followed step by step to the file it wrote, or
 * to the reason it was not written.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BackupDataPage from '../../../src/features/data/BackupDataPage';
import { datetimeTicked } from '../../../store/app-slice';
import { sampleBackupJob } from '../../../machines/data-backup-job.qa';
import { renderScreen } from '../../support/render';
import { fakeDevice, type DeviceAnswer } from '../../support/fake-device';
import { storeSession } from '../../support/shell-device';

const API = '/api/v1';
const BACKUP = `${API}/data/backup`;
const TO_MEDIA = `${API}/data/backup/media`;
const JOB = `${API}/jobs/backup-job-1`;
const DAY = 24 * 60 * 60_000;
const FILE = 'data-backup-20261124-080000.tar.gz';

interface Options {
  toMedia?: () => DeviceAnswer;
  jobs?: DeviceAnswer[];
}

/** The device: the media (a USB stick in, no SD card), the backup calls. */
function backupDevice({ toMedia, jobs = [] }: Options = {}) {
  let asked = 0;
  return fakeDevice({
    [`GET ${API}/data/media`]: () => ({ body: { media: [{ medium: 'usb', present: true }, { medium: 'sd', present: false }] } }),
    [`POST ${BACKUP}`]: () => ({ body: 'archive' }),
    [`POST ${TO_MEDIA}`]: toMedia ?? (() => ({ status: 202, body: { job_id: 'backup-job-1' } })),
    [`GET ${JOB}`]: () => jobs[Math.min(asked++, jobs.length - 1)] ?? { status: 404, body: { message: 'x', error_code: 'not_found' } },
  });
}

/** The archive as the device sends it: bytes with its length, its name and its row count; with
 * `stall`, only its first half comes until the request is stopped. */
function answerBackupAsFile(size: number, { stall = false }: { stall?: boolean } = {}) {
  const inner = global.fetch;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await inner(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (url.pathname !== BACKUP || !response.ok) return response;
    const body = stall
      ? new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new Uint8Array(size / 2));
          },
        })
      : new Uint8Array(size);
    return new Response(body, {
      status: 200,
      headers: { 'content-type': 'application/gzip', 'content-length': String(size), 'content-disposition': `attachment; filename="${FILE}"`, 'x-record-count': '120' },
    });
  }) as typeof fetch;
}

const realCreate = URL.createObjectURL;
const realRevoke = URL.revokeObjectURL;
let saved: string[] = [];

beforeEach(() => {
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:backup');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  URL.createObjectURL = realCreate;
  URL.revokeObjectURL = realRevoke;
  jest.restoreAllMocks();
});

async function openPage(options?: Options) {
  const fake = backupDevice(options);
  const user = userEvent.setup();
  const rendered = renderScreen(<BackupDataPage />, { language: 'en' });
  expect(screen.getByRole('heading', { level: 1, name: 'Backup Data' })).toBeInTheDocument();
  return { fake, user, store: rendered.store, back: () => screen.getByRole('button', { name: 'Back up' }) };
}

describe('Backup Data: choices', () => {
  it('offers the three logs (all chosen) and the three targets; a medium not in cannot be chosen', async () => {
    await openPage();
    const what = within(screen.getByRole('group', { name: 'What to back up' }));
    for (const name of ['Data logs', 'Event log', 'Operation log']) expect(what.getByRole('checkbox', { name })).toBeChecked();
    const target = within(screen.getByRole('radiogroup', { name: 'Save to' }));
    expect(target.getByRole('radio', { name: 'Download to this computer' })).toBeChecked();
    expect(await target.findByRole('radio', { name: 'SD card (not inserted)' })).toBeDisabled();
    expect(target.getByRole('radio', { name: 'USB stick' })).toBeEnabled();
    // The range: the last 7 days, its ends labelled.
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: 'All' })).not.toBeInTheDocument();
    expect(screen.getAllByLabelText('From').length).toBeGreaterThan(0);
    expect(screen.getAllByLabelText('To').length).toBeGreaterThan(0);
  });

  it('turns Back up off with nothing chosen, and says to choose one', async () => {
    const { user, back, fake } = await openPage();
    expect(back()).toBeEnabled();
    for (const name of ['Data logs', 'Event log', 'Operation log']) await user.click(screen.getByRole('checkbox', { name }));
    expect(back()).toBeDisabled();
    expect(screen.getByText('Choose at least one.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Event log' }));
    expect(back()).toBeEnabled();
    expect(screen.queryByText('Choose at least one.')).not.toBeInTheDocument();
    expect(fake.sent('POST', BACKUP)).toHaveLength(0);
  });

  it('History, who reads no recipe or project listing, is told which media are in all the same', async () => {
    storeSession('history');
    const fake = backupDevice();
    renderScreen(<BackupDataPage />, { language: 'en' });
    await waitFor(() => expect(screen.getByRole('radio', { name: /SD card/ })).toBeDisabled());
    expect(screen.getByRole('radio', { name: 'USB stick' })).toBeEnabled();
    expect(fake.requests.filter((r) => r.path.includes('/recipe/') || r.path.includes('/project/'))).toEqual([]);
  });
});

describe('Backup Data: download', () => {
  it('downloads the chosen logs of the range by the panel clock, and names the file saved', async () => {
    const { user, back, fake, store } = await openPage();
    answerBackupAsFile(2048);
    act(() => {
      store.dispatch(datetimeTicked('2026/11/24 08:00:00'));
    });
    await user.click(screen.getByRole('button', { name: '24 h' }));
    await user.click(screen.getByRole('checkbox', { name: 'Data logs' }));
    await user.click(back());
    expect(await screen.findByText(`Backup ${FILE} (2 KiB) saved.`)).toBeInTheDocument();
    const now = new Date(2026, 10, 24, 8, 0, 0).getTime();
    expect(fake.sent('POST', BACKUP)).toEqual([
      { what: ['eventlog', 'operationlog'], from: new Date(now - DAY).toISOString(), to: new Date(now).toISOString(), target: 'download' },
    ]);
    expect(saved).toEqual([FILE]);
    expect(fake.sent('POST', TO_MEDIA)).toHaveLength(0);
  });

  it('the default range is the last 7 days', async () => {
    const { user, back, fake } = await openPage();
    answerBackupAsFile(10);
    await user.click(back());
    await screen.findByTestId('backup-outcome');
    const [body] = fake.sent('POST', BACKUP) as Array<{ from: string; to: string; what: string[] }>;
    expect(Date.parse(body!.to) - Date.parse(body!.from)).toBe(7 * DAY);
    expect(body!.what).toEqual(['datalog', 'eventlog', 'operationlog']);
  });

  it('shows the bytes received of the archive\'s length while it comes, and Cancel saves nothing', async () => {
    const { user, back } = await openPage();
    answerBackupAsFile(2048, { stall: true });
    await user.click(back());
    expect(await screen.findByTestId('backup-bytes')).toHaveTextContent('1 KiB of 2 KiB (50 %)');
    expect(screen.getByRole('progressbar', { name: 'Downloading the backup' })).toHaveAttribute('aria-valuenow', '50');
    expect(back()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('backup-bytes')).not.toBeInTheDocument());
    expect(back()).toBeEnabled();
    expect(screen.queryByTestId('backup-outcome')).not.toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it("says why a download failed, in the device's words", async () => {
    const { user, back, fake } = await openPage();
    fake.handlers[`POST ${BACKUP}`] = () => ({ status: 500, body: { message: 'x', error_code: 'internal_error' } });
    await user.click(back());
    expect(await screen.findByTestId('backup-outcome')).toHaveTextContent(/^The backup could not be downloaded: /);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('Backup Data: to a medium', () => {
  it('starts the job on the USB stick and follows its steps to the file it wrote', async () => {
    const { user, back, fake } = await openPage({
      jobs: [
        { body: sampleBackupJob('running', 'prepare', { bytes: { done: 1_200, total: 4_800 } }) },
        { body: sampleBackupJob('done', 'write_archive', { result: { file_name: FILE, size: 182_044 } }) },
      ],
    });
    await user.click(await screen.findByRole('radio', { name: 'USB stick' }));
    await user.click(back());
    expect(await screen.findByTestId('job-counts')).toHaveTextContent('1,200 of 4,800 rows gathered');
    expect(screen.getByTestId('step-prepare')).toHaveAttribute('data-state', 'running');
    expect(screen.getByTestId('step-write_archive')).toHaveAttribute('data-state', 'pending');
    expect(back()).toBeDisabled();
    expect(await screen.findByText(`Backup ${FILE} (177.8 KiB) written to the USB stick.`, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('step-write_archive')).toHaveAttribute('data-state', 'done');
    const [body] = fake.sent('POST', TO_MEDIA) as Array<{ target: string; what: string[] }>;
    expect(body).toMatchObject({ target: 'usb', what: ['datalog', 'eventlog', 'operationlog'] });
    expect(fake.sent('POST', BACKUP)).toHaveLength(0);
    expect(back()).toBeEnabled();
  });

  it("says why a job failed, and Retry asks for the same backup again", async () => {
    const { user, back, fake } = await openPage({
      jobs: [{ body: sampleBackupJob('failed', 'write_archive', { error_code: 'media_write_failed', error_detail: 'ENOSPC' }) }],
    });
    await user.click(await screen.findByRole('radio', { name: 'USB stick' }));
    await user.click(back());
    expect(await screen.findByTestId('backup-outcome')).toHaveTextContent(
      'The backup was not written: The backup could not be written to the USB stick or SD card (full, removed or write-protected)',
    );
    expect(screen.getByTestId('step-write_archive')).toHaveAttribute('data-state', 'failed');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fake.sent('POST', TO_MEDIA)).toHaveLength(2));
    expect(fake.sent('POST', TO_MEDIA)[1]).toEqual(fake.sent('POST', TO_MEDIA)[0]);
  });

  it('says so when the medium is out or another backup is being written', async () => {
    let code: 'not_found' | 'job_running' = 'not_found';
    const { user, back } = await openPage({
      toMedia: () => (code === 'not_found' ? { status: 404, body: { message: 'x', error_code: 'not_found' } } : { status: 409, body: { message: 'x', error_code: 'job_running' } }),
    });
    await user.click(await screen.findByRole('radio', { name: 'USB stick' }));
    await user.click(back());
    expect(await screen.findByTestId('backup-outcome')).toHaveTextContent(
      'The backup was not written: The USB stick or SD card is not in the panel: insert it and try again',
    );
    code = 'job_running';
    await user.click(back());
    await waitFor(() =>
      expect(screen.getByTestId('backup-outcome')).toHaveTextContent('The backup was not written: Another data backup is being written: wait for it to finish'),
    );
  });
});

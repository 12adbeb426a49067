/**
 * Recipe and Backup Recipe: a book's records in a table with its fields as columns, tabs between
 * books, Clear asked first and naming the book and its count; backups to the media, the media's
 * backups with what fits, and restores from a medium and from a file with each outcome.
 */
import { File } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RecipePage from '../../../src/features/recipe/RecipePage';
import BackupRecipePage from '../../../src/features/recipe/BackupRecipePage';
import { renderScreen } from '../../support/render';
import { fakeDevice, type DeviceAnswer } from '../../support/fake-device';
import { FakeUpload } from '../../support/fake-upload';

const API = '/api/v1';
const BOOKS = `${API}/recipe/books`;
const FIELDS = [
  { name: 'Volume_ml', data_type: 'uint16' },
  { name: 'Fill_time_ms', data_type: 'uint16' },
  { name: 'Label', data_type: 'string' },
];
const RECORDS = [
  { position: 0, name: 'Small', values: { Volume_ml: 330, Fill_time_ms: 900, Label: 'S-330' } },
  { position: 1, name: 'Medium', values: { Volume_ml: 500, Fill_time_ms: 1300, Label: 'M-500' } },
  { position: 2, name: 'Large', values: { Volume_ml: 1000, Fill_time_ms: 2500, Label: 'L-1000' } },
];
const CAPS = { id: 2, name: 'Cap colours', fields: [{ name: 'Colour', data_type: 'string' }], record_count: 1 };

function booksDevice({ twoBooks = false, clear }: { twoBooks?: boolean; clear?: () => DeviceAnswer } = {}) {
  let records = RECORDS;
  return fakeDevice({
    [`GET ${BOOKS}`]: () => ({
      body: { project: 'Sample Bottling Line', books: [{ id: 1, name: 'Bottle sizes', fields: FIELDS, record_count: records.length }, ...(twoBooks ? [CAPS] : [])] },
    }),
    [`GET ${BOOKS}/1/records`]: () => ({ body: { book_id: 1, total: records.length, offset: 0, records } }),
    [`GET ${BOOKS}/2/records`]: () => ({ body: { book_id: 2, total: 1, offset: 0, records: [{ position: 0, name: 'Red', values: { Colour: 'red' } }] } }),
    [`POST ${BOOKS}/1/clear`]:
      clear ??
      (() => {
        const cleared = records.length;
        records = [];
        return { body: { book: 'Bottle sizes', cleared } };
      }),
  });
}

describe('Recipe', () => {
  it("shows the book's fields as columns and each record's values", async () => {
    booksDevice();
    renderScreen(<RecipePage />, { language: 'en' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'No.',
      'Record',
      'Volume_ml16-bit unsigned',
      'Fill_time_ms16-bit unsigned',
      'LabelText',
    ]);
    expect(within(table).getByRole('row', { name: /Medium/ })).toHaveTextContent('2Medium5001,300M-500');
    expect(screen.getByTestId('record-count')).toHaveTextContent('3 records · 3 fields');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('switches between books with tabs', async () => {
    booksDevice({ twoBooks: true });
    const user = userEvent.setup();
    renderScreen(<RecipePage />, { language: 'en' });
    await screen.findByRole('rowheader', { name: 'Small' });
    await user.click(screen.getByRole('tab', { name: 'Cap colours (1)' }));
    expect(await screen.findByRole('rowheader', { name: 'Red' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Cap colours' })).toBeInTheDocument();
  });

  it('asks before clearing, naming the book and its count; Cancel sends nothing; Clear empties the table', async () => {
    const fake = booksDevice();
    const user = userEvent.setup();
    renderScreen(<RecipePage />, { language: 'en' });
    await screen.findByRole('rowheader', { name: 'Small' });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Clear the recipe book "Bottle sizes"?' }));
    expect(dialog.getByText(/All 3 records of "Bottle sizes" will be deleted/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.sent('POST', `${BOOKS}/1/clear`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    dialog = within(screen.getByRole('dialog', { name: /Clear the recipe book/ }));
    await user.click(dialog.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Recipe book "Bottle sizes" cleared: 3 records deleted')).toBeInTheDocument();
    expect(fake.sent('POST', `${BOOKS}/1/clear`)).toHaveLength(1);
    expect(await screen.findByText('This book has no records.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
  });

  it('says why a Clear failed, and keeps the records', async () => {
    booksDevice({ clear: () => ({ status: 404, body: { message: 'x', error_code: 'not_found' } }) });
    const user = userEvent.setup();
    renderScreen(<RecipePage />, { language: 'en' });
    await screen.findByRole('rowheader', { name: 'Small' });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('The recipe book could not be cleared')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('rowheader', { name: 'Small' })).toBeInTheDocument();
  });

  it('keeps its title and offers Retry when the books cannot be read; a project without books says so', async () => {
    let fail = true;
    fakeDevice({
      [`GET ${BOOKS}`]: () =>
        fail ? { status: 500, body: { message: 'x', error_code: 'internal_error' } } : { body: { project: 'Empty line', books: [] } },
    });
    const user = userEvent.setup();
    renderScreen(<RecipePage />, { language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Recipe' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The running project, Empty line, has no recipe books.')).toBeInTheDocument();
  });
});

const FITS = {
  file_name: 'recipes-sample-20261125-101500.cxob',
  size: 613,
  modified_at: '2026-11-25T10:15:00.000Z',
  kind: 'recipe',
  created_at: '2026-11-25T10:15:00.000Z',
  project: 'Sample Bottling Line',
  books: [{ name: 'Bottle sizes', records: 3 }],
  problem: null,
};
const OTHER = { ...FITS, file_name: 'caps.cxob', books: [{ name: 'Cap colours', records: 1 }], problem: { code: 'book_missing', book: 'Cap colours' } };
const PROJECT = { ...FITS, file_name: 'line.cxob', kind: 'project', created_at: null, project: null, books: [] };

function backupDevice({ restore }: { restore?: () => DeviceAnswer } = {}) {
  return fakeDevice({
    [`GET ${BOOKS}`]: () => ({ body: { project: 'Sample Bottling Line', books: [{ id: 1, name: 'Bottle sizes', fields: FIELDS, record_count: 3 }] } }),
    [`GET ${API}/recipe/backups`]: () => ({
      body: {
        media: [
          { medium: 'usb', present: true, backups: [FITS, OTHER, PROJECT] },
          { medium: 'sd', present: false, backups: [] },
        ],
      },
    }),
    [`POST ${API}/recipe/backup/media`]: (body) => ({
      body: { medium: (body as { medium: 'usb' }).medium, file_name: 'recipes-sample-20261125-101600.cxob', size: 613, books: 1, records: 3 },
    }),
    [`POST ${API}/recipe/restore-from-media`]: restore ?? (() => ({ body: { books: [{ name: 'Bottle sizes', records: 3 }] } })),
    [`GET ${API}/auth/token/check`]: () => ({ body: { valid: true, username: 'admin', expires_at: '2026-11-25T12:00:00.000Z' } }),
  });
}

const realXhr = window.XMLHttpRequest;

describe('Backup Recipe', () => {
  beforeEach(() => {
    FakeUpload.sent = [];
    FakeUpload.answer = { status: 200, body: { books: [{ name: 'Bottle sizes', records: 3 }] } };
    (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeUpload;
  });
  afterEach(() => {
    window.XMLHttpRequest = realXhr;
  });

  async function openPage(options?: Parameters<typeof backupDevice>[0]) {
    const fake = backupDevice(options);
    const user = userEvent.setup();
    renderScreen(<BackupRecipePage />, { language: 'en' });
    await screen.findByText('recipes-sample-20261125-101500.cxob');
    return { fake, user, usb: within(screen.getByRole('region', { name: 'USB stick' })) };
  }

  it('lists the backups on each medium, says which do not fit and why, and offers Restore only for those that do', async () => {
    const { usb } = await openPage();
    expect(screen.getByTestId('backup-summary')).toHaveTextContent('Every recipe book of Sample Bottling Line: 1 book, 3 records.');
    expect(usb.getByText('Bottle sizes (3 records)')).toBeInTheDocument();
    expect(usb.getByRole('button', { name: 'Restore recipes-sample-20261125-101500.cxob' })).toBeEnabled();
    expect(usb.getByText('Book "Cap colours" is not in the running project')).toBeInTheDocument();
    expect(usb.getByRole('button', { name: 'Restore caps.cxob' })).toBeDisabled();
    expect(usb.getByText('Project backup, not recipes')).toBeInTheDocument();
    expect(usb.getByRole('button', { name: 'Restore line.cxob' })).toBeDisabled();
    expect(within(screen.getByRole('region', { name: 'SD card' })).getByText('Not inserted.')).toBeInTheDocument();
    // No card in: nothing to save to.
    expect(screen.getByRole('button', { name: 'Save to SD card' })).toBeDisabled();
  });

  it('saves a backup to the USB stick and says where', async () => {
    const { user, fake } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Save to USB stick' }));
    expect(await screen.findByText('Recipe backup recipes-sample-20261125-101600.cxob saved to the USB stick')).toBeInTheDocument();
    expect(fake.sent('POST', `${API}/recipe/backup/media`)).toEqual([{ medium: 'usb' }]);
  });

  it('downloads every book as a backup: Download waits until the file is saved, then says its name', async () => {
    const realCreate = URL.createObjectURL;
    const realRevoke = URL.revokeObjectURL;
    const saved: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:recipes');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      const { user, fake } = await openPage();
      let answer: (a: DeviceAnswer) => void = () => undefined;
      fake.handlers[`GET ${API}/recipe/backup`] = () => new Promise<DeviceAnswer>((resolve) => (answer = resolve));
      const download = screen.getByRole('button', { name: 'Download' });
      await user.click(download);
      await waitFor(() => expect(download).toBeDisabled());
      answer({ body: 'the books' });
      expect(await screen.findByText('Recipe backup recipes.cxob downloaded')).toBeInTheDocument();
      expect(saved).toEqual(['recipes.cxob']);
      expect(download).toBeEnabled();
    } finally {
      URL.createObjectURL = realCreate;
      URL.revokeObjectURL = realRevoke;
      click.mockRestore();
    }
  });

  it('restores from a medium after a confirmation, and says what was restored', async () => {
    const { user, fake, usb } = await openPage();
    await user.click(usb.getByRole('button', { name: 'Restore recipes-sample-20261125-101500.cxob' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Restore recipes from recipes-sample-20261125-101500.cxob?' }));
    expect(fake.sent('POST', `${API}/recipe/restore-from-media`)).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByTestId('restore-outcome')).toHaveTextContent('Restored from recipes-sample-20261125-101500.cxob: Bottle sizes (3 records)');
    expect(fake.sent('POST', `${API}/recipe/restore-from-media`)).toEqual([{ medium: 'usb', file_name: 'recipes-sample-20261125-101500.cxob' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says nothing was restored, and the device's reason, when the backup does not fit", async () => {
    const { user, usb } = await openPage({ restore: () => ({ status: 409, body: { message: 'x', error_code: 'recipe_mismatch' } }) });
    await user.click(usb.getByRole('button', { name: 'Restore recipes-sample-20261125-101500.cxob' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Restore' }));
    const outcome = await screen.findByTestId('restore-outcome');
    expect(outcome).toHaveTextContent('Nothing was restored from recipes-sample-20261125-101500.cxob.');
    expect(outcome).toHaveTextContent("This backup's recipe books do not match the running project. Nothing was restored.");
  });

  it('restores from a file: only .cxob is taken; the file is uploaded after the confirmation', async () => {
    const { user } = await openPage();
    fireEvent.change(screen.getByTestId('restore-file'), { target: { files: [new File(['x'], 'notes.txt')] } });
    expect(screen.getByText('Choose a recipe backup: only .cxob files')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.change(screen.getByTestId('restore-file'), { target: { files: [new File([new Uint8Array(2048)], 'line2.cxob')] } });
    await user.click(within(screen.getByRole('dialog', { name: 'Restore recipes from line2.cxob?' })).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByTestId('restore-outcome')).toHaveTextContent('Restored from line2.cxob: Bottle sizes (3 records)');
    const sent = FakeUpload.sent[0]!;
    expect({ method: sent.method, url: sent.url }).toEqual({ method: 'POST', url: `${API}/recipe/restore` });
    expect((sent.form.get('backup') as globalThis.File).name).toBe('line2.cxob');
  });

  it('words a file refused by its content as not a recipe backup', async () => {
    FakeUpload.answer = { status: 415, body: { message: 'x', error_code: 'unsupported_file_type' } };
    const { user } = await openPage();
    fireEvent.change(screen.getByTestId('restore-file'), { target: { files: [new File(['plain'], 'bogus.cxob')] } });
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByTestId('restore-outcome')).toHaveTextContent('Nothing was restored from bogus.cxob. This file is not a readable recipe backup');
  });
});

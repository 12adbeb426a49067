/**
 * Enhanced Security (docs/decisions.md#enhanced-security): the feature-not-enabled notice, the
 * accounts list, adding an account with its classes and the admin password, "Account is exist"
 * (typed, and from the device) keeping what was typed, a wrong admin password said under its
 * field, removal, export and import with per-row results, against a fake device whose answers are
 * checked against the contract.
 */
// Node's File: the FormData the uploads fill is Node's too.
import { File } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import EnhancedSecurityPage from '../../../src/features/enhanced-security/EnhancedSecurityPage';
import { renderScreen } from '../../support/render';
import { fakeDevice, type DeviceAnswer } from '../../support/fake-device';
import { FakeUpload } from '../../support/fake-upload';
import { storeSession } from '../../support/shell-device';
import type { SecurityAccountsAnswer } from '../../../store/api/security-endpoints';
import deSecurity from '../../../public/locales/security/de.json';

const URL_ACCOUNTS = '/api/v1/security/accounts';
const AT = '2026-11-01T00:00:00.000Z';
const PROJECT = 'Sample Bottling Line';

function device({ enabled = true, add }: { enabled?: boolean; add?: (body: unknown) => DeviceAnswer } = {}) {
  const state: SecurityAccountsAnswer = {
    enabled,
    project: PROJECT,
    max_accounts: 128,
    accounts: [{ id: 1, account: 'operator1', classes: ['A', 'B'], password_updated_at: AT }],
  };
  const fake = fakeDevice({
    [`GET ${URL_ACCOUNTS}`]: () => ({ body: state }),
    [`POST ${URL_ACCOUNTS}`]:
      add ??
      ((raw) => {
        const b = raw as { account: string; classes: SecurityAccountsAnswer['accounts'][number]['classes'] };
        state.accounts = [...state.accounts, { id: state.accounts.length + 1, account: b.account, classes: b.classes, password_updated_at: AT }];
        return { body: state };
      }),
    [`DELETE ${URL_ACCOUNTS}/1`]: (raw) => {
      if ((raw as { admin_password: string }).admin_password !== 'Admin-Pass-1') return { status: 400, body: { message: 'no', error_code: 'current_password_error' } };
      state.accounts = state.accounts.filter((a) => a.id !== 1);
      return { body: state };
    },
    [`GET ${URL_ACCOUNTS}/export`]: () => ({ body: { format: 'hmi-security-accounts' } }),
    // Checked before an upload (store/api/transfer.ts).
    ['GET /api/v1/auth/token/check']: () => ({ body: { valid: true, username: 'admin', expires_at: '2026-11-24T09:00:00.000Z' } }),
    ['GET /api/v1/security/opcua']: () => ({ body: { enabled: false, browse: [], read: [], write: [] } }),
  });
  return { fake, state };
}

async function openPage(options: Parameters<typeof device>[0] = {}, language: 'en' | 'de' = 'en') {
  const d = device(options);
  const user = userEvent.setup({ delay: null });
  storeSession('admin');
  renderScreen(<EnhancedSecurityPage />, { language });
  return { ...d, user };
}

const realCreate = URL.createObjectURL;
const realRevoke = URL.revokeObjectURL;
const RealXhr = window.XMLHttpRequest;
let saved: string[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:accounts');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  FakeUpload.sent = [];
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeUpload;
});
afterEach(() => {
  URL.createObjectURL = realCreate;
  URL.revokeObjectURL = realRevoke;
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = RealXhr;
  jest.restoreAllMocks();
});

async function fillAdd(user: ReturnType<typeof userEvent.setup>, { account, admin = 'Admin-Pass-1' }: { account: string; admin?: string }) {
  await user.click(await screen.findByRole('button', { name: 'Add account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add operator account' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Account' }), account);
  await user.type(within(dialog).getByTestId('account-password'), 'Operator-Pass-1');
  await user.type(within(dialog).getByTestId('account-confirm'), 'Operator-Pass-1');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Class C' }));
  await user.click(within(dialog).getByRole('checkbox', { name: 'Class A' }));
  await user.type(within(dialog).getByTestId('admin-password'), admin);
  return dialog;
}

describe('EnhancedSecurityPage', () => {
  test('says so when the running project does not use Enhanced Security, and offers no change', async () => {
    await openPage({ enabled: false });
    expect(await screen.findByTestId('feature-not-enabled')).toHaveTextContent(`The running project (${PROJECT}) does not use Enhanced Security`);
    expect(screen.queryByRole('button', { name: 'Add account' })).not.toBeInTheDocument();
  });

  test('lists the accounts with their ID and classes, in German too', async () => {
    await openPage({}, 'de');
    expect(await screen.findByRole('heading', { level: 1, name: deSecurity.title })).toBeInTheDocument();
    const row = await screen.findByTestId('security-account-operator1');
    expect(row).toHaveTextContent('operator1');
    expect(row).toHaveTextContent('A B');
    expect(screen.getByRole('button', { name: deSecurity.accounts.add })).toBeInTheDocument();
  });

  test('adds an account with its classes in A–L order and the admin password', async () => {
    const { fake, user } = await openPage();
    const dialog = await fillAdd(user, { account: 'operator2' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.sent('POST', URL_ACCOUNTS)).toEqual([{ account: 'operator2', password: 'Operator-Pass-1', classes: ['A', 'C'], admin_password: 'Admin-Pass-1' }]);
    expect(await screen.findByTestId('security-account-operator2')).toHaveTextContent('A C');
    expect(await screen.findByText('operator2 added.')).toBeInTheDocument();
  });

  test('"Account is exist" for a name the list has, whatever its case, before anything is sent', async () => {
    const { fake, user } = await openPage();
    const dialog = await fillAdd(user, { account: 'Operator1' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Account is exist')).toBeInTheDocument();
    expect(fake.sent('POST', URL_ACCOUNTS)).toEqual([]);
  });

  test('"Account is exist" from the device, under the field, with everything typed kept', async () => {
    const { user } = await openPage({ add: () => ({ status: 409, body: { message: 'Account is exist', error_code: 'account_exists', field: 'account' } }) });
    const dialog = await fillAdd(user, { account: 'operator9' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Account is exist')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Account' })).toHaveValue('operator9');
    expect(within(dialog).getByTestId('account-password')).toHaveValue('Operator-Pass-1');
    expect(within(dialog).getByRole('checkbox', { name: 'Class C' })).toBeChecked();
  });

  test('a wrong admin password is said under its field; the form stays', async () => {
    const { user } = await openPage({ add: () => ({ status: 400, body: { message: 'Current password error, please retry', error_code: 'current_password_error' } }) });
    const dialog = await fillAdd(user, { account: 'operator2', admin: 'Wrong-Pass-1' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const admin = within(dialog).getByTestId('admin-password');
    await waitFor(() => expect(admin).toHaveAccessibleDescription('Current password error, please retry'));
    expect(admin).toHaveValue('Wrong-Pass-1');
    expect(within(dialog).getByRole('textbox', { name: 'Account' })).toHaveValue('operator2');
  });

  test('the form says what is missing, and sends nothing', async () => {
    const { fake, user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Add account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add operator account' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Enter an account name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a password.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter your administrator password to confirm.')).toBeInTheDocument();
    expect(fake.sent('POST', URL_ACCOUNTS)).toEqual([]);
  });

  test('removes an account once the admin password is right', async () => {
    const { fake, user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Remove operator1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove operator1?' });
    const admin = within(dialog).getByTestId('admin-password');
    await user.type(admin, 'Wrong-Pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(admin).toHaveAccessibleDescription('Current password error, please retry'));
    await user.clear(admin);
    await user.type(admin, 'Admin-Pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByTestId('security-account-operator1')).not.toBeInTheDocument());
    expect(fake.sent('DELETE', `${URL_ACCOUNTS}/1`)).toHaveLength(2);
  });

  test('exports the list as a file', async () => {
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toEqual(['security-accounts.json']));
  });

  test('imports a file with the admin password and says what was imported and which rows were not', async () => {
    const { user, state } = await openPage();
    FakeUpload.answer = {
      status: 200,
      body: { added: ['op7'], updated: ['operator1'], rejected: [{ row: 3, account: 'bad', problem: 'invalid_hash', field: 'password_hash' }], list: state },
    };
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import accounts' });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByText('Choose a file to import.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByTestId('import-file'), { target: { files: [new File(['{}'], 'accounts.json', { type: 'application/json' }) as unknown as globalThis.File] } });
    await user.type(within(dialog).getByTestId('admin-password'), 'Admin-Pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    const result = await within(dialog).findByTestId('import-result');
    expect(result).toHaveTextContent('Added: 1. Updated: 1. 1 row was not imported:');
    expect(result).toHaveTextContent('Row 3 (bad): the password hash is not one this panel makes');
    expect(FakeUpload.sent[0]!.url).toBe(`${URL_ACCOUNTS}/import`);
    expect(FakeUpload.sent[0]!.form.get('admin_password')).toBe('Admin-Pass-1');
  });
});

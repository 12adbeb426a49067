/**
 * Administration / API (docs/decisions.md#api-keys): the keys listed with their state and last
 * use, a key made from the dialog (the shared rule's problems before anything is sent, a refusal
 * that keeps what was typed), its secret shown once with Copy, and a revocation after a
 * confirmation, against a fake device whose answers are checked against the contract.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ApiKeysPage from '../../../src/features/api-keys/ApiKeysPage';
import { renderScreen } from '../../support/render';
import { fakeDevice, type DeviceAnswer } from '../../support/fake-device';
import type { ApiKey } from '../../../store/api/api-keys-endpoints';
import deApi from '../../../public/locales/api/de.json';

const KEYS = '/api/v1/uac/api-keys';
const SECRET = `hmik_00000000000000aa_${'S'.repeat(43)}`;

const key = (over: Partial<ApiKey>): ApiKey => ({
  id: '00000000000000a1',
  name: 'SCADA',
  account: 'history',
  menus: ['event_log'],
  access: 'read_only',
  prefix: 'hmik_00000000000000a1_',
  expires_at: null,
  created_at: '2026-11-01T08:00:00.000Z',
  created_by: 'admin',
  last_used_at: null,
  last_used_from: null,
  revoked_at: null,
  state: 'active',
  ...over,
});

const LISTED: ApiKey[] = [
  key({ id: '00000000000000a1', name: 'SCADA line 2', last_used_at: '2026-11-02T09:30:00.000Z', last_used_from: '10.0.0.7' }),
  key({ id: '00000000000000a2', name: 'Old script', account: 'admin', menus: ['data_log', 'ethernet'], access: 'read_write', revoked_at: '2026-11-03T00:00:00.000Z', state: 'revoked' }),
];

/** What the device offers: History with Recipe granted as an extra role. */
const OFFERED = {
  admin: ['system_info', 'dashboard', 'ethernet', 'wifi', 'hotspot', 'data_log', 'event_log', 'operation_log'],
  update: ['system_info', 'dashboard', 'project_management', 'recipe'],
  history: ['system_info', 'dashboard', 'recipe', 'data_log', 'event_log', 'operation_log', 'backup_data'],
};

function device({ create }: { create?: (body: unknown) => DeviceAnswer } = {}) {
  const state = { keys: [...LISTED], menus: OFFERED };
  const fake = fakeDevice({
    [`GET ${KEYS}`]: () => ({ body: { keys: state.keys, menus: state.menus } }),
    [`POST ${KEYS}`]:
      create ??
      ((raw) => {
        const b = raw as Pick<ApiKey, 'name' | 'account' | 'menus' | 'access' | 'expires_at'>;
        const made = key({ id: '00000000000000aa', prefix: 'hmik_00000000000000aa_', ...b });
        state.keys = [made, ...state.keys];
        return { body: { key: made, secret: SECRET } };
      }),
    [`DELETE ${KEYS}/00000000000000a1`]: () => {
      state.keys = state.keys.map((k) => (k.id === '00000000000000a1' ? { ...k, state: 'revoked' as const, revoked_at: '2026-11-04T00:00:00.000Z' } : k));
      return { body: state.keys[0]! };
    },
  });
  return { fake, state };
}

async function openPage(options: Parameters<typeof device>[0] = {}, language: 'en' | 'de' = 'en') {
  const { fake, state } = device(options);
  const user = userEvent.setup({ delay: null });
  renderScreen(<ApiKeysPage />, { language });
  await screen.findByText('SCADA line 2');
  return { fake, state, user };
}

const rowOf = (id: string) => screen.getByTestId(`api-key-${id}`);

describe('ApiKeysPage', () => {
  test('lists each key: account, access, menus by name, created, last use with its address, state; a revoked key has no Revoke', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'API' })).toBeInTheDocument();
    const active = rowOf('00000000000000a1');
    expect(active).toHaveTextContent('history');
    expect(active).toHaveTextContent('Read-only');
    expect(active).toHaveTextContent('Event Log');
    expect(active).toHaveTextContent('Never');
    expect(active).toHaveTextContent(/from 10\.0\.0\.7/);
    expect(active).toHaveTextContent('Active');
    expect(within(active).getByRole('button', { name: 'Revoke key SCADA line 2' })).toBeInTheDocument();
    const revoked = rowOf('00000000000000a2');
    expect(revoked).toHaveTextContent('Read-write');
    expect(revoked).toHaveTextContent('Not used yet');
    expect(revoked).toHaveTextContent('Revoked');
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  test('creates a read-only key for the event log; its secret is shown once, with Copy; the list then holds it', async () => {
    const { fake, user } = await openPage();
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'SCADA reader');
    // History's menus are offered; no account, password, security or key menu is.
    expect(within(dialog).getByRole('checkbox', { name: 'Event Log' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'System Password' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'Ethernet' })).not.toBeInTheDocument();
    // The extra role the device reports is offered too.
    expect(within(dialog).getByRole('checkbox', { name: 'Recipe' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Event Log' }));
    expect(within(dialog).getByRole('radio', { name: 'Read-only' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const shown = await screen.findByRole('dialog', { name: 'Key "SCADA reader" created' });
    expect(fake.sent('POST', KEYS)).toEqual([{ name: 'SCADA reader', account: 'history', menus: ['event_log'], access: 'read_only', expires_at: null }]);
    expect(within(shown).getByTestId('api-key-secret')).toHaveValue(SECRET);
    expect(shown).toHaveTextContent('you will not see it again');
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    await screen.findByText('The key was copied.');
    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('SCADA reader')).toBeInTheDocument();
    // The secret is gone from the page once the dialog closes.
    expect(document.body.textContent).not.toContain(SECRET);
  });

  test("an admin key offers admin's menus; an expiry date is sent as the end of that day", async () => {
    const { fake, user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Writer');
    await user.click(within(dialog).getByRole('combobox', { name: 'Acts as account' }));
    await user.click(await screen.findByRole('option', { name: 'admin' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ethernet' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Read-write' }));
    const expiry = within(dialog).getByLabelText('Expires on (optional)');
    await user.type(expiry, '2099-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByRole('dialog', { name: 'Key "Writer" created' });
    expect(fake.sent('POST', KEYS)).toEqual([
      { name: 'Writer', account: 'admin', menus: ['ethernet'], access: 'read_write', expires_at: new Date(2099, 11, 31, 23, 59, 59).toISOString() },
    ]);
  });

  test('says what is wrong before sending: a name, a menu, a day in the past; what was typed stays', async () => {
    const { fake, user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.type(within(dialog).getByLabelText('Expires on (optional)'), '2000-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Enter a name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one menu.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a day after today, or leave it empty.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'a');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Event Log' }));
    expect(within(dialog).queryByText('Enter a name.')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Expires on (optional)')).toHaveValue('2000-01-01');
    expect(fake.sent('POST', KEYS)).toEqual([]);
  });

  test('a refused creation says so and keeps the dialog as typed', async () => {
    const { user } = await openPage({ create: () => ({ status: 500, body: { message: 'disk', error_code: 'internal_error' } }) });
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an API key' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'SCADA reader');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Event Log' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('SCADA reader');
    expect(within(dialog).getByRole('checkbox', { name: 'Event Log' })).toBeChecked();
  });

  test('revokes a key after a confirmation; the list shows it revoked', async () => {
    const { fake, user } = await openPage();
    await user.click(within(rowOf('00000000000000a1')).getByRole('button', { name: 'Revoke key SCADA line 2' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke key "SCADA line 2"?' });
    expect(fake.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await screen.findByText('Key "SCADA line 2" revoked.');
    expect(fake.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`${KEYS}/00000000000000a1`]);
    await waitFor(() => expect(within(rowOf('00000000000000a1')).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument());
  });

  test('speaks German', async () => {
    await openPage({}, 'de');
    expect(screen.getByRole('button', { name: deApi.create.button })).toBeInTheDocument();
    expect(screen.getByText(deApi.list.intro)).toBeInTheDocument();
    expect(rowOf('00000000000000a1')).toHaveTextContent(deApi.access.read_only);
  });
});

/**
 * Operation Log: the rows newest first with their account (or the device), source, translated
 * action and result; account, action, result and time filters that reach the device's query; a
 * row's before/after in a dialog, changed values marked; the retention card, saved by admin and
 * read-only for the others; a failed first read with Retry.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import OperationLogPage from '../../../src/features/data/OperationLogPage';
import { renderScreen } from '../../support/render';
import { fakeDevice, type DeviceAnswer, type FakeDevice } from '../../support/fake-device';
import { storeSession } from '../../support/shell-device';
import type { TestLanguage } from '../../support/i18n';

const API = '/api/v1';
const OPERATIONS = `${API}/operation-log`;
const RETENTION = `${API}/operation-log/retention`;

const ETHERNET = {
  id: 12,
  at: '2026-11-25T10:30:00.000Z',
  account: 'admin',
  source: '192.168.1.20',
  action: 'set_ethernet',
  target: 'network.ethernet',
  before: { interfaces: [{ name: 'LAN1', dhcp: true, ip: '192.168.1.57' }], password: '***' },
  after: { interfaces: [{ name: 'LAN1', dhcp: false, ip: '192.168.1.80' }], password: '***' },
  result: 'success',
  repeat_count: 1,
  repeat_last_at: null,
  repeat_results: null,
};
/** Rows about each kind of target the device writes: a fixed part of it, one thing by its name or
 * id, the accounts of a password change; and one this console does not know. */
const TARGETS = [
  ['set_http', 'security.http'],
  ['complete_first_run', 'account.admin.state_code'],
  ['change_password', 'account.admin,update,history'],
  ['change_password', 'account.update'],
  ['acknowledge_alarm', 'event_log.42'],
  ['set_communication_device', 'communication.devices.PLC1'],
  ['remove_opcua_certificate', 'opcua.certificates.trusted_clients'],
  ['login', 'app'],
  ['set_ethernet', 'network.bridge'],
].map(([action, target], i) => ({ ...ETHERNET, id: 40 - i, action, target }));

const FAILED_LOGIN = {
  id: 11,
  at: '2026-11-25T10:20:00.000Z',
  account: 'update',
  source: '10.0.0.7',
  action: 'login',
  target: 'admin',
  before: null,
  after: null,
  result: 'invalid_credentials',
  repeat_count: 4,
  repeat_last_at: '2026-11-25T10:25:00.000Z',
  repeat_results: { invalid_credentials: 3, login_locked: 1 },
};
const PRUNED = {
  id: 10,
  at: '2026-11-25T10:00:00.000Z',
  account: null,
  source: 'device',
  action: 'operation_log_pruned',
  target: 'operation_log',
  before: null,
  after: { removed: 120, table: 'operation_log' },
  result: 'success',
  repeat_count: 1,
  repeat_last_at: null,
  repeat_results: null,
};

interface Options {
  operations?: () => DeviceAnswer | null;
  saveRetention?: (body: unknown) => DeviceAnswer;
}

function operationDevice({ operations, saveRetention }: Options = {}): FakeDevice {
  let retention = { rows: 10000, days: 90 };
  return fakeDevice({
    [`GET ${OPERATIONS}`]: () =>
      operations?.() ?? { body: { total: 3, entries: [ETHERNET, FAILED_LOGIN, PRUNED], next_cursor: null } },
    [`GET ${RETENTION}`]: () => ({ body: retention }),
    [`PUT ${RETENTION}`]:
      saveRetention ??
      ((body) => {
        retention = body as typeof retention;
        return { body: retention };
      }),
  });
}

function lastQuery(fake: FakeDevice): URLSearchParams {
  const sent = fake.requests.filter((r) => r.method === 'GET' && r.path === OPERATIONS);
  return new URLSearchParams(sent.at(-1)!.query);
}

async function openPage(account = 'admin', options?: Options, language: TestLanguage = 'en') {
  storeSession(account);
  const fake = operationDevice(options);
  const user = userEvent.setup();
  const rendered = renderScreen(<OperationLogPage />, { language });
  await screen.findByTestId(`operation-${ETHERNET.id}`);
  return { fake, user, ...rendered };
}

/** Picks `option` in the (native) select labelled `label`. */
async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: label }), option);
}

afterEach(() => localStorage.clear());

/** The target column of each row of TARGETS. */
function targetCells(): (string | null)[] {
  return TARGETS.map((row) => within(screen.getByTestId(`operation-${row.id}`)).getAllByRole('cell')[2]!.textContent);
}

describe('Operation Log', () => {
  it('says what each row is about in words, in the chosen language, naming the thing; a target it does not know as it came', async () => {
    const options = { operations: () => ({ body: { total: TARGETS.length + 1, entries: [ETHERNET, ...TARGETS], next_cursor: null } }) };
    await openPage('admin', options);
    expect(screen.getByRole('columnheader', { name: 'Target' })).toBeInTheDocument();
    expect(targetCells()).toEqual([
      'HTTP access',
      'First-run setup of admin',
      'Passwords of admin, update, and history',
      'Password of update',
      'Alarm event no. 42',
      'Communication device PLC1',
      'OPC UA trusted clients',
      'User mode',
      'network.bridge',
    ]);
  });

  it('says the targets in German too', async () => {
    const options = { operations: () => ({ body: { total: TARGETS.length + 1, entries: [ETHERNET, ...TARGETS], next_cursor: null } }) };
    await openPage('admin', options, 'de');
    expect(targetCells()).toEqual([
      'HTTP-Zugriff',
      'Ersteinrichtung von admin',
      'Passwörter von admin, update und history',
      'Passwort von update',
      'Alarmereignis Nr. 42',
      'Kommunikationsgerät PLC1',
      'OPC UA: vertrauenswürdige Clients',
      'Benutzermodus',
      'network.bridge',
    ]);
  });

  it('shows the rows newest first: time, account or device, source, translated action, target, result and repeats', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Operation Log' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Entries' });
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Set Ethernet', 'Sign in', 'Operation log pruned']);
    const ethernet = screen.getByRole('row', { name: /Set Ethernet/ });
    expect(ethernet).toHaveTextContent('admin');
    expect(ethernet).toHaveTextContent('192.168.1.20');
    expect(ethernet).toHaveTextContent('Ethernet');
    expect(ethernet).toHaveTextContent('Success');
    const login = screen.getByRole('row', { name: /Sign in/ });
    expect(login).toHaveTextContent('User does not exist or password is incorrect');
    expect(login).toHaveTextContent('×4');
    const pruned = screen.getByRole('row', { name: /Operation log pruned/ });
    expect(pruned).toHaveTextContent('Device');
    expect(pruned).not.toHaveTextContent('×');
    expect(screen.getByTestId('operation-shown')).toHaveTextContent('3 of 3 entries');
  });

  it('sends the account, action, result and time range with the query', async () => {
    const { fake, user } = await openPage();
    expect([...lastQuery(fake).keys()]).toEqual(['limit']);
    await choose(user, 'Account', 'Device');
    await waitFor(() => expect(lastQuery(fake).get('account')).toBe('device'));
    await choose(user, 'Action', 'Set Ethernet');
    await waitFor(() => expect(lastQuery(fake).get('action')).toBe('set_ethernet'));
    await choose(user, 'Result', 'Failure');
    await waitFor(() => expect(lastQuery(fake).get('result')).toBe('failure'));
    await user.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(lastQuery(fake).has('from')).toBe(true));
    const q = lastQuery(fake);
    expect(Date.parse(q.get('to')!) - Date.parse(q.get('from')!)).toBe(7 * 24 * 3600_000);
    expect(q.get('account')).toBe('device');
    expect(q.get('action')).toBe('set_ethernet');
    expect(q.get('result')).toBe('failure');
  });

  it('offers every account, and every action by its translated name', async () => {
    await openPage();
    expect(within(screen.getByRole('combobox', { name: 'Account' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All accounts',
      'admin',
      'update',
      'history',
      'cmt_default_control_user',
      'cmt_default_view_only_user',
      'Device',
    ]);
    const actions = within(screen.getByRole('combobox', { name: 'Action' })).getAllByRole('option').map((o) => o.textContent);
    expect(actions).toContain('Acknowledge all alarms');
    expect(actions).toContain('Device restarted');
    expect(actions.every((a) => a !== null && !/_/.test(a))).toBe(true);
  });

  it('opens a row in a dialog listing each value before and after, the changed ones marked', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('row', { name: /Set Ethernet/ }));
    const dialog = within(await screen.findByRole('dialog', { name: /^Set Ethernet at/ }));
    const rows = dialog.getAllByRole('row').slice(1);
    const byPath = (path: string) => rows.find((r) => within(r).getByRole('rowheader').textContent!.startsWith(path))!;
    expect(byPath('interfaces.0.dhcp')).toHaveTextContent(/Changed.*true.*false/);
    expect(byPath('interfaces.0.dhcp')).toHaveAttribute('data-changed', 'true');
    expect(byPath('interfaces.0.ip')).toHaveTextContent('192.168.1.57192.168.1.80');
    expect(byPath('interfaces.0.ip')).toHaveAttribute('data-changed', 'true');
    expect(byPath('interfaces.0.name')).not.toHaveAttribute('data-changed');
    // A masked secret shows as it came.
    expect(byPath('password')).toHaveTextContent('password******');
    expect(byPath('password')).not.toHaveAttribute('data-changed');
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a repeated row with its count and results, and a row without values says so', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: /^Details of Sign in at/ }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByTestId('repeat-details')).toHaveTextContent('Repeated 4 times');
    expect(dialog.getByTestId('repeat-details')).toHaveTextContent('User does not exist or password is incorrect: 3');
    expect(dialog.getByText('No values were recorded for this operation.')).toBeInTheDocument();
  });

  it('lets admin change the retention and says the update was successful', async () => {
    const { fake, user } = await openPage('admin');
    const card = within(screen.getByRole('region', { name: 'Retention' }));
    const rows = await card.findByRole('textbox', { name: 'Rows kept' });
    expect(rows).toHaveValue('10000');
    expect(rows).toBeEnabled();
    await user.clear(rows);
    await user.type(rows, '50');
    expect(card.getByText('Enter a whole number from 100 to 1,000,000')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(rows);
    await user.type(rows, '250000');
    const days = card.getByRole('textbox', { name: 'Days kept' });
    await user.clear(days);
    await user.type(days, '30');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update settings successful')).toBeInTheDocument();
    expect(fake.sent('PUT', RETENTION)).toEqual([{ rows: 250000, days: 30 }]);
  });

  it('shows the retention to history read-only, saying that only admin changes it', async () => {
    await openPage('history');
    const card = within(screen.getByRole('region', { name: 'Retention' }));
    const rows = await card.findByRole('textbox', { name: 'Rows kept' });
    expect(rows).toHaveValue('10000');
    expect(rows).toBeDisabled();
    expect(card.getByRole('textbox', { name: 'Days kept' })).toBeDisabled();
    expect(card.getByTestId('retention-admin-only')).toHaveTextContent('Only admin can change the retention.');
    expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('says why a retention save failed and keeps the edit', async () => {
    const { user } = await openPage('admin', { saveRetention: () => ({ status: 500, body: { message: 'x', error_code: 'internal_error' } }) });
    const card = within(screen.getByRole('region', { name: 'Retention' }));
    const days = await card.findByRole('textbox', { name: 'Days kept' });
    await user.clear(days);
    await user.type(days, '45');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update settings failed')).toBeInTheDocument();
    expect(days).toHaveValue('45');
  });

  it('says "Fetch data error" when the first read fails, and Retry reads again', async () => {
    let fail = true;
    storeSession('admin');
    operationDevice({ operations: () => (fail ? { status: 500, body: { message: 'x', error_code: 'internal_error' } } : null) });
    const user = userEvent.setup();
    renderScreen(<OperationLogPage />, { language: 'en' });
    expect(await screen.findByText('Fetch data error')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: /Set Ethernet/ })).toBeInTheDocument();
  });
});

/**
 * OPC UA, Server tab: the server's state (running, stopping held up by a discovery server,
 * stopped with its start error, the restart after a save, the panel not answering), the settings
 * with the rules' messages as they are typed and a save that keeps every edit when it fails, and
 * the trace log followed live.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { opcuaPanel, renderOpcua, helperOf, notice, sampleSettings, API, PAGE } from './support';
import { sampleOpcuaStatus, SAMPLE_OPCUA_STATUSES as S } from '../../../machines/opcua-server.qa';
import type { DeviceAnswer } from '../../support/fake-device';

const statusCard = () => within(screen.getByRole('region', { name: 'Server status' }));
const settingsCard = () => within(screen.getByRole('region', { name: 'Server settings' }));
const save = () => settingsCard().getByRole('button', { name: 'Save' });
const phase = () => screen.getByTestId('opcua-phase');

async function openServerTab(options: Parameters<typeof opcuaPanel>[0] = {}, language: 'en' | 'de' = 'en') {
  const panel = opcuaPanel(options);
  const rendered = renderOpcua({ language });
  await screen.findByRole('textbox', { name: language === 'en' ? 'Port' : 'Port' });
  return { ...panel, ...rendered };
}

async function retype(user: ReturnType<typeof import('@testing-library/user-event').default.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

describe('OPC UA server: tabs', () => {
  test('opens on the Server tab; a tab chosen is in the address, and an address opens its tab', async () => {
    const { router, user } = await openServerTab();
    expect(screen.getByRole('heading', { level: 1, name: 'OPC UA' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'OPC UA sections' }));
    expect(tabs.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Server', 'Tags', 'Certificates']);
    expect(tabs.getByRole('tab', { name: 'Server' })).toHaveAttribute('aria-selected', 'true');
    await user.click(tabs.getByRole('tab', { name: 'Certificates' }));
    expect(router.state.location.search).toBe('?tab=certificates');
    expect(await screen.findByRole('region', { name: 'Server certificate' })).toBeInTheDocument();
  });

  test('?tab=tags opens the tags', async () => {
    opcuaPanel();
    renderOpcua({ url: `${PAGE}?tab=tags` });
    expect(await screen.findByRole('tree', { name: 'OPC UA nodes' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Tags' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('OPC UA server: status', () => {
  test('running: its endpoint to copy, sessions, start time, no discovery server', async () => {
    const { user } = await openServerTab({ statuses: [S.running] });
    await waitFor(() => expect(phase()).toHaveTextContent('Running'));
    expect(screen.getByTestId('opcua-endpoint')).toHaveTextContent('opc.tcp://hmi-x1070:4840');
    const card = statusCard();
    expect(card.getByText('Open sessions').nextSibling).toHaveTextContent('2');
    expect(card.getByText('Discovery server').nextSibling).toHaveTextContent('Not used');
    const write = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(card.getByRole('button', { name: 'Copy the endpoint URL' }));
    expect(await notice('Endpoint URL copied')).toBeInTheDocument();
    expect(write).toHaveBeenCalledWith('opc.tcp://hmi-x1070:4840');
  });

  test('stopping, held up by a discovery server that does not answer: says why it waits', async () => {
    await openServerTab({ statuses: [S.stopping] });
    await waitFor(() => expect(phase()).toHaveTextContent('Stopping'));
    expect(screen.getByTestId('opcua-waiting-discovery')).toHaveTextContent(
      'Stopping is delayed: the server waits to unregister from the discovery server opc.tcp://lds.plant.local:4840, which does not answer.',
    );
    expect(statusCard().getByText('Discovery server').nextSibling).toHaveTextContent('opc.tcp://lds.plant.local:4840 (not answering)');
  });

  test('stopped after a failed start: the reason and the device detail', async () => {
    await openServerTab({ statuses: [S.stopped] });
    await waitFor(() => expect(phase()).toHaveTextContent('Stopped'));
    expect(statusCard().getByText(/The server could not start: its port is already in use by another program\./)).toBeInTheDocument();
    expect(statusCard().getByText('Details: listen EADDRINUSE: address already in use 0.0.0.0:4840')).toBeInTheDocument();
    expect(statusCard().getByText('None while the server is not running')).toBeInTheDocument();
  });

  test('off: the feature is not enabled', async () => {
    await openServerTab({ statuses: [sampleOpcuaStatus({ state: 'stopped', enabled: false, endpoint_url: null, since: null })], settings: sampleSettings({ enabled: false }) });
    expect(await screen.findByTestId('feature-not-enabled')).toHaveTextContent('The OPC UA server is off.');
    expect(settingsCard().getByRole('switch', { name: 'OPC UA server' })).not.toBeChecked();
  });

  test('rejected clients: says so and leads to the certificates', async () => {
    const { user, router } = await openServerTab({ statuses: [sampleOpcuaStatus({ rejected: 2 })] });
    expect(await screen.findByText('2 clients were refused because the server does not trust their certificates.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Certificates (2 rejected)' })).toBeInTheDocument();
    await user.click(statusCard().getByRole('button', { name: 'Review' }));
    expect(router.state.location.search).toBe('?tab=certificates');
  });

  test('a status request that fails: the panel does not answer, Retry asks again', async () => {
    let fail = true;
    const { user } = await openServerTab({
      override: {
        [`GET ${API}/status`]: () => {
          if (fail) return { status: 503, body: { message: 'down', error_code: 'internal_error' } };
          return { body: S.running };
        },
      },
    });
    await waitFor(() => expect(phase()).toHaveTextContent('Not reachable'));
    expect(statusCard().getByText('The status could not be read')).toBeInTheDocument();
    fail = false;
    await user.click(statusCard().getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(phase()).toHaveTextContent('Running'));
  });
});

describe('OPC UA server: settings', () => {
  test('shows what the device holds: the policy matrix, None off, anonymous off, the stored user with its password unchanged', async () => {
    await openServerTab();
    const card = settingsCard();
    expect(card.getByRole('switch', { name: 'OPC UA server' })).toBeChecked();
    expect(card.getByRole('textbox', { name: 'Port' })).toHaveValue('4840');
    expect(card.getByRole('textbox', { name: 'Server name' })).toHaveValue('HMI OPC UA Server');
    expect(card.getByRole('checkbox', { name: 'Basic256Sha256: Sign' })).toBeChecked();
    expect(card.getByRole('checkbox', { name: 'Basic256Sha256: Sign & Encrypt' })).toBeChecked();
    expect(card.getByRole('checkbox', { name: 'Aes128_Sha256_RsaOaep: Sign' })).not.toBeChecked();
    expect(card.getByRole('checkbox', { name: 'Aes128_Sha256_RsaOaep: Sign & Encrypt' })).toBeChecked();
    expect(card.getByRole('checkbox', { name: 'Aes256_Sha256_RsaPss: Sign' })).not.toBeChecked();
    expect(card.getByRole('checkbox', { name: 'None (no signing, no encryption)' })).not.toBeChecked();
    expect(card.getByRole('checkbox', { name: 'Allow anonymous access' })).not.toBeChecked();
    const operator = within(card.getByRole('group', { name: 'User operator' }));
    expect(operator.getByLabelText('Password')).toHaveAttribute('placeholder', 'unchanged');
    expect(operator.getByRole('checkbox', { name: 'Write' })).not.toBeChecked();
    expect(card.getByRole('combobox', { name: 'Trace log level' })).toHaveDisplayValue('Info');
    expect(card.getByText('Saving applies the settings at once: a running server restarts briefly, and connected clients reconnect.')).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  test('saves, says so, and follows the brief restart until the server runs again', async () => {
    const { user, state } = await openServerTab({ statuses: [S.running] });
    await waitFor(() => expect(phase()).toHaveTextContent('Running'));
    // The server restarts until the test lets it run again (a count of answers would depend on
    // how many reads the save and the polling make before the notice is looked for).
    state.statuses = [S.restarting];
    await retype(user, settingsCard().getByRole('textbox', { name: 'Server name' }), 'Line 2 server');
    await user.click(settingsCard().getByRole('checkbox', { name: 'Aes256_Sha256_RsaPss: Sign & Encrypt' }));
    await user.selectOptions(settingsCard().getByRole('combobox', { name: 'Trace log level' }), 'Debug');
    await user.click(save());
    expect(await notice('Update settings successful')).toBeInTheDocument();
    expect(state.savedSettings).toEqual([
      {
        ...sampleSettings({ server_name: 'Line 2 server', trace_level: 'debug' }),
        security: { none: false, basic256sha256: ['sign', 'sign_encrypt'], aes128_sha256_rsaoaep: ['sign_encrypt'], aes256_sha256_rsapss: ['sign_encrypt'] },
        // A stored user without a new password is sent without one: it keeps its own.
        users: [{ username: 'operator', browse: true, read: true, write: false }],
      },
    ]);
    expect(await screen.findByTestId('opcua-restarting', {}, { timeout: 5000 })).toHaveTextContent('The server restarts to apply the change.');
    expect(phase()).toHaveTextContent('Restarting');
    // Said beside Save too, where the user is.
    expect(screen.getByTestId('opcua-settings-restarting')).toBeInTheDocument();
    state.statuses = [S.restarted];
    await waitFor(() => expect(phase()).toHaveTextContent('Running'), { timeout: 5000 });
    expect(screen.queryByTestId('opcua-restarting')).not.toBeInTheDocument();
    expect(screen.queryByTestId('opcua-settings-restarting')).not.toBeInTheDocument();
    expect(settingsCard().getByRole('textbox', { name: 'Server name' })).toHaveValue('Line 2 server');
    expect(save()).toBeDisabled();
  });

  test('a wrong port, no policy, a new user without a password and a bad discovery URL: each says why, and Save waits', async () => {
    const { user, fake } = await openServerTab();
    const card = settingsCard();
    const port = card.getByRole('textbox', { name: 'Port' });
    await retype(user, port, '70000');
    expect(helperOf(port)).toHaveTextContent('Enter a port from 1 to 65535');
    expect(port).toHaveAttribute('aria-invalid', 'true');
    expect(save()).toBeDisabled();
    await retype(user, port, '4841');
    expect(helperOf(port)).toHaveTextContent('Default 4840');

    for (const name of ['Basic256Sha256: Sign', 'Basic256Sha256: Sign & Encrypt', 'Aes128_Sha256_RsaOaep: Sign & Encrypt']) await user.click(card.getByRole('checkbox', { name }));
    expect(card.getByText('Choose at least one security policy and mode, or None')).toHaveAttribute('role', 'alert');
    await user.click(card.getByRole('checkbox', { name: 'None (no signing, no encryption)' }));
    expect(card.queryByText('Choose at least one security policy and mode, or None')).not.toBeInTheDocument();
    expect(card.getByText(/Insecure: without security/)).toBeInTheDocument();

    await user.click(card.getByRole('checkbox', { name: 'Allow anonymous access' }));
    expect(card.getByText('Any client that can connect may browse and read the tags without signing in (writing always needs a user with the write right).')).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Add user' }));
    const added = within(card.getByRole('group', { name: 'User #2' }));
    // A new row is not told off before it is used.
    expect(helperOf(added.getByRole('textbox', { name: 'User name' }))).not.toHaveTextContent('This field is required');
    expect(helperOf(added.getByLabelText('Password'))).toHaveTextContent('Required for a new user');
    expect(save()).toBeDisabled();
    await user.type(added.getByRole('textbox', { name: 'User name' }), 'operator');
    expect(helperOf(added.getByRole('textbox', { name: 'User name' }))).toHaveTextContent('Another user has this name');
    await retype(user, added.getByRole('textbox', { name: 'User name' }), 'maint tech');
    expect(helperOf(added.getByRole('textbox', { name: 'User name' }))).toHaveTextContent('Letters, digits, dot, dash and underscore only');
    await retype(user, added.getByRole('textbox', { name: 'User name' }), 'maintenance');
    const newUser = within(card.getByRole('group', { name: 'User maintenance' }));
    expect(helperOf(newUser.getByLabelText('Password'))).toHaveTextContent('Enter a password for the new user');
    await user.type(newUser.getByLabelText('Password'), 'short');
    expect(helperOf(newUser.getByLabelText('Password'))).toHaveTextContent('8 to 64 characters');
    await retype(user, newUser.getByLabelText('Password'), 'Maint-Pass-42');

    await user.click(card.getByRole('switch', { name: 'Register with a discovery server' }));
    const url = card.getByRole('textbox', { name: 'Discovery server URL' });
    expect(helperOf(url)).toHaveTextContent('For example opc.tcp://lds.example.com:4840');
    expect(save()).toBeDisabled();
    await user.type(url, 'x');
    await user.clear(url);
    expect(helperOf(url)).toHaveTextContent('This field is required');
    await user.type(url, 'http://lds:4840');
    expect(helperOf(url)).toHaveTextContent('Enter a URL such as opc.tcp://lds.example.com:4840');
    expect(save()).toBeDisabled();
    await retype(user, url, 'opc.tcp://lds.plant.local:4840');
    expect(save()).toBeEnabled();
    expect(fake.sent('PUT', `${API}/settings`)).toHaveLength(0);

    await user.click(save());
    await notice('Update settings successful');
    expect(fake.sent('PUT', `${API}/settings`)).toEqual([
      expect.objectContaining({
        port: 4841,
        anonymous: true,
        security: { none: true, basic256sha256: [], aes128_sha256_rsaoaep: [], aes256_sha256_rsapss: [] },
        users: [
          { username: 'operator', browse: true, read: true, write: false },
          { username: 'maintenance', password: 'Maint-Pass-42', browse: true, read: true, write: false },
        ],
        discovery: { url: 'opc.tcp://lds.plant.local:4840', comment: '' },
      }),
    ]);
  });

  test('a save the device refuses (its port taken) says why and keeps every edit', async () => {
    const { user } = await openServerTab({
      override: { [`PUT ${API}/settings`]: () => ({ status: 409, body: { message: 'port in use', error_code: 'port_in_use' } }) },
    });
    await retype(user, settingsCard().getByRole('textbox', { name: 'Port' }), '8080');
    await user.click(save());
    expect(await notice('This port is already used by another service of the panel. Choose another port.')).toBeInTheDocument();
    expect(settingsCard().getByRole('textbox', { name: 'Port' })).toHaveValue('8080');
    expect(save()).toBeEnabled();
  });

  test('a save that fails otherwise: Update settings failed', async () => {
    const { user } = await openServerTab({
      override: { [`PUT ${API}/settings`]: () => ({ status: 500, body: { message: 'boom', error_code: 'internal_error' } }) },
    });
    await retype(user, settingsCard().getByRole('textbox', { name: 'Server name' }), 'X');
    await user.click(save());
    expect(await notice('Update settings failed')).toBeInTheDocument();
    expect(settingsCard().getByRole('textbox', { name: 'Server name' })).toHaveValue('X');
  });

  test('removing the stored user sends the list without it', async () => {
    const { user, fake } = await openServerTab();
    await user.click(settingsCard().getByRole('button', { name: 'Remove user operator' }));
    expect(settingsCard().getByText(/No client can sign in with a password/)).toBeInTheDocument();
    await user.click(save());
    await notice('Update settings successful');
    expect((fake.sent('PUT', `${API}/settings`)[0] as { users: unknown[] }).users).toEqual([]);
  });

  test('in German', async () => {
    await openServerTab({}, 'de');
    expect(screen.getByRole('tab', { name: 'Zertifikate' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Anonymen Zugriff erlauben' })).toBeInTheDocument();
  });
});

describe('OPC UA server: trace log', () => {
  const realCreate = URL.createObjectURL;
  const realRevoke = URL.revokeObjectURL;
  let saved: string[] = [];
  beforeEach(() => {
    saved = [];
    URL.createObjectURL = jest.fn(() => 'blob:trace');
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

  const log = () => within(screen.getByRole('log', { name: 'Trace log lines' }));

  test('shows each line with its level, follows new lines, pauses, and downloads the whole log', async () => {
    const { user, state, fake } = await openServerTab();
    expect(await log().findByText('Server started on opc.tcp://hmi-x1070:4840')).toBeInTheDocument();
    const lines = log().getAllByTestId('trace-line');
    expect(lines.map((l) => l.textContent?.replace(/^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d/, ''))).toEqual([
      'InfoServer started on opc.tcp://hmi-x1070:4840',
      'WarningClient certificate rejected: CN=Unknown',
    ]);
    state.trace.push({ seq: 3, time: '2026-11-24T08:00:05.000Z', level: 'error', message: 'Session closed: timeout' });
    expect(await log().findByText('Session closed: timeout', {}, { timeout: 4000 })).toBeInTheDocument();
    // It asked for the lines after the last it had.
    const queries = fake.requests.filter((r) => r.path === `${API}/trace`).map((r) => new URLSearchParams(r.query).get('after'));
    expect(queries.slice(0, 2)).toEqual(['0', '2']);

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByRole('button', { name: 'Resume' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Paused: new lines are not shown until you resume.')).toBeInTheDocument();

    let answer: (a: DeviceAnswer) => void = () => undefined;
    fake.handlers[`GET ${API}/trace/download`] = () => new Promise<DeviceAnswer>((resolve) => (answer = resolve));
    const download = screen.getByRole('button', { name: 'Download' });
    await user.click(download);
    // It waits until the file is saved.
    await waitFor(() => expect(download).toBeDisabled());
    answer({ body: 'the whole trace' });
    await waitFor(() => expect(saved).toEqual(['opcua-trace.txt']));
    await waitFor(() => expect(download).toBeEnabled());
  });

  test('tracing off says how to turn it on; a failed read says so and goes on', async () => {
    let fail = true;
    await openServerTab({
      settings: sampleSettings({ trace_level: 'off' }),
      trace: [],
      override: {
        [`GET ${API}/trace`]: () => (fail ? { status: 503, body: { message: 'x', error_code: 'internal_error' } } : { body: { lines: [], last_seq: 0 } }),
      },
    });
    expect(await screen.findByText('Tracing is off: choose a trace log level in the settings to record what the server does.')).toBeInTheDocument();
    expect(await screen.findByText(/New lines could not be read/)).toBeInTheDocument();
    fail = false;
    expect(await log().findByText('No lines yet.', {}, { timeout: 4000 })).toBeInTheDocument();
  });
});

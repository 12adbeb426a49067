/**
 * SECS/GEM (specification §2): the route only with the licence (Access Denied otherwise, no call
 * made), the connection read again while the screen is open, the shared rule's messages as the
 * administrator types (timers, the active mode's host), and a refused save that keeps what was
 * typed. Every fake answer is checked against the contract.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SecsPage, { STATUS_POLL_MS } from '../../../src/features/secs/SecsPage';
import { renderApp, renderScreen } from '../../support/render';
import { fakeDevice, type DeviceAnswer } from '../../support/fake-device';
import { shellDevice, storeSession } from '../../support/shell-device';
import { DEFAULT_SECS_SETTINGS, type SecsSettingsFields } from '../../../contract/rules/secs';
import type { SecsStatus } from '../../../contract/api/secs';

const T = '2026-06-01T08:00:00.000Z';
const idle: SecsStatus = { running: true, state: 'not_connected', mode: 'passive', peer: null, since: T, last_error: null, last_error_detail: null, last_error_at: null };

function secsDevice({ save }: { save?: (body: unknown) => DeviceAnswer | null } = {}) {
  const state = { settings: { ...DEFAULT_SECS_SETTINGS, enabled: true } as SecsSettingsFields, status: idle, saved: [] as unknown[] };
  const fake = fakeDevice({
    'GET /api/v1/secs/settings': () => ({ body: state.settings }),
    'PUT /api/v1/secs/settings': (body) => {
      state.saved.push(body);
      const custom = save?.(body);
      if (custom) return custom;
      state.settings = body as SecsSettingsFields;
      return { body: state.settings };
    },
    'GET /api/v1/secs/status': () => ({ body: state.status }),
  });
  return { fake, state };
}

async function openPage(options: Parameters<typeof secsDevice>[0] = {}) {
  storeSession('admin');
  const device = secsDevice(options);
  const user = userEvent.setup();
  renderScreen(<SecsPage />);
  await screen.findByRole('textbox', { name: 'T3 reply timeout' });
  return { user, ...device };
}

describe('the route', () => {
  test('without the licence: Access Denied, and no SECS/GEM call is made', async () => {
    const device = shellDevice({ secs: false });
    await renderApp('/admin/features/secs-gem', { account: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(device.requests.map((r) => r.path).filter((p) => p.startsWith('/api/v1/secs'))).toEqual([]);
  });

  test('with the licence: the screen opens', async () => {
    const secs = secsDevice();
    shellDevice({ secs: true }, {
      'GET /api/v1/secs/settings': () => ({ body: secs.state.settings }),
      'GET /api/v1/secs/status': () => ({ body: secs.state.status }),
    });
    await renderApp('/admin/features/secs-gem', { account: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'SECS/GEM' })).toBeInTheDocument();
    expect(await screen.findByText('Passive: listening on port 5000.')).toBeInTheDocument();
  });
});

describe('the screen', () => {
  test('shows the connection and follows it while open: a host connects and selects', async () => {
    const { state } = await openPage();
    expect(await screen.findByTestId('secs-state')).toHaveTextContent('Not connected');
    expect(screen.getByTestId('secs-peer')).toHaveTextContent('No host is connected.');
    state.status = { ...idle, state: 'selected', peer: { address: '10.0.0.9', port: 51000 } };
    await waitFor(() => expect(screen.getByTestId('secs-state')).toHaveTextContent('Selected'), { timeout: STATUS_POLL_MS + 2000 });
    expect(screen.getByTestId('secs-peer')).toHaveTextContent('Host: 10.0.0.9, port 51000');
  });

  test('a last error is worded with what to do', async () => {
    const { state } = await openPage();
    state.status = { ...idle, running: false, last_error: 'port_in_use', last_error_detail: 'EADDRINUSE', last_error_at: T };
    await waitFor(() => expect(screen.getByTestId('secs-last-error')).toHaveTextContent('the port is already used by another program or service'), { timeout: STATUS_POLL_MS + 2000 });
    expect(screen.getByTestId('secs-endpoint')).toHaveTextContent('The endpoint is turned on but is not running');
  });

  test("the rule's messages as typed: a timer out of its range, the active mode without a host; Save waits", async () => {
    const { user, state } = await openPage();
    const t3 = screen.getByRole('textbox', { name: 'T3 reply timeout' });
    await user.clear(t3);
    await user.type(t3, '121');
    expect(screen.getByText('Enter a whole number of seconds from 1 to 120.')).toBeInTheDocument();
    await user.clear(t3);
    await user.type(t3, '30');
    expect(screen.queryByText('Enter a whole number of seconds from 1 to 120.')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Active (the panel connects)'));
    expect(screen.getByText("Enter the host's address: the active mode connects to it.")).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'HSMS port' })).not.toBeInTheDocument();
    const linktest = screen.getByRole('textbox', { name: 'Linktest interval' });
    await user.clear(linktest);
    await user.type(linktest, '4000');
    expect(screen.getByText('Enter 0 to turn it off, or a whole number of seconds from 1 to 3600.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(state.saved).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Host address' }), ' mes.example ');
    await user.clear(linktest);
    await user.type(linktest, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.saved).toHaveLength(1));
    expect(state.saved[0]).toEqual({ ...DEFAULT_SECS_SETTINGS, enabled: true, t3: 30, mode: 'active', remote_host: 'mes.example', linktest_interval: 0 });
  });

  test("a port the panel's own services hold is refused: the reason is shown and what was typed stays", async () => {
    const { user } = await openPage({
      save: () => ({ status: 409, body: { message: 'Port 8080 is used by the panel\'s HTTP server', error_code: 'secs_port_reserved', field: 'port' } }),
    });
    const port = screen.getByRole('textbox', { name: 'HSMS port' });
    await user.clear(port);
    await user.type(port, '8080');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/This port is already used by another service of the panel/)).toBeInTheDocument();
    expect(port).toHaveValue('8080');
  });
});

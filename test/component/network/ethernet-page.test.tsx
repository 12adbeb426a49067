/**
 * Ethernet: one card per interface, the shared address rules as the user types,
 * bridge mode, and safe apply (the Keep / Revert countdown).
 */
import { useState, type ReactNode } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import EthernetPage from '../../../src/features/network/EthernetPage';
import { networkApi } from '../../../store/api/network-endpoints';
import { renderScreen } from '../../support/render';
import { fakeDevice, type DeviceAnswer } from '../../support/fake-device';
import { addressSettings, ethernetSettings } from '../../support/settings';
import type { EthernetSettings } from '../../../contract/rules/network';
import type { PendingNetworkChange } from '../../../contract/rules/network';
import enNetwork from '../../../public/locales/network/en.json';
import deNetwork from '../../../public/locales/network/de.json';

const ETHERNET = '/api/v1/network/ethernet';
const pendingPath = (id: string, action: 'confirm' | 'revert') => `/api/v1/network/pending/${id}/${action}`;

const dhcp = addressSettings();

const STORED: EthernetSettings = ethernetSettings({ interfaces: [{ ...dhcp }, { ...dhcp }] });

const STATUS = [
  { name: 'LAN1', mac: '00:0C:26:AA:00:01', link: true, ip: '192.168.1.57', netmask: '255.255.255.0', gateway: '192.168.1.1', dns: ['192.168.1.1'] },
  { name: 'LAN2', mac: '00:0C:26:AA:00:02', link: false, ip: '', netmask: '', gateway: '', dns: [] },
];

interface Options {
  settings?: EthernetSettings;
  /** A change already waiting when the page opens. */
  pending?: PendingNetworkChange | null;
  /** What a safe PUT leaves waiting (the device's answer), built from the id it gives. */
  pendingOf?: (id: string) => PendingNetworkChange;
  put?: (body: unknown) => DeviceAnswer | undefined;
}

/** A panel that keeps its Ethernet settings and the change waiting for confirmation. */
function device({ settings = STORED, pending = null, pendingOf, put }: Options = {}) {
  const state = { settings, previous: settings, pending, issued: 0 };
  const view = () => ({ body: { settings: state.settings, interfaces: STATUS, pending: state.pending } });
  const ok = { body: { status: 'success' } };
  const gone: DeviceAnswer = { status: 409, body: { message: 'No change is waiting', error_code: 'no_pending_change' } };
  const fake = fakeDevice({
    [`GET ${ETHERNET}`]: view,
    [`PUT ${ETHERNET}`]: (raw) => {
      const refused = put?.(raw);
      if (refused) return refused;
      const body = raw as { settings: EthernetSettings; safe: boolean };
      state.previous = state.settings;
      state.settings = body.settings;
      state.issued += 1;
      const id = `change-${state.issued}`;
      state.pending = body.safe
        ? (pendingOf ?? ((i) => ({ id: i, section: 'ethernet', seconds_left: 90, moved: [{ name: 'LAN1', before: '192.168.1.57', after: '192.168.1.10' }] })))(id)
        : null;
      return view();
    },
  });
  const answerPending = (action: 'confirm' | 'revert') => (_b: unknown, request: { path: string }) => {
    if (!state.pending || request.path !== pendingPath(state.pending.id, action)) return gone;
    if (action === 'revert') state.settings = state.previous;
    state.pending = null;
    return ok;
  };
  // The ids of the changes this file makes or finds waiting; an id the device no longer waits for is refused.
  for (const id of ['change-1', 'change-2', 'waiting-7']) {
    fake.handlers[`POST ${pendingPath(id, 'confirm')}`] = answerPending('confirm');
    fake.handlers[`POST ${pendingPath(id, 'revert')}`] = answerPending('revert');
  }
  return { fake, state };
}

/** The page with a button that leaves it and one that opens it again, as the menu would: the
 * store, and what it has cached, stay from one visit to the next. */
function Visits({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown(!shown)}>
        {shown ? 'Leave the page' : 'Open the page again'}
      </button>
      {shown ? children : null}
    </>
  );
}

async function openPage(
  options: Options = {},
  { language = 'en', fakeTimers = false, visits = false }: { language?: 'en' | 'de'; fakeTimers?: boolean; visits?: boolean } = {},
) {
  const { fake, state } = device(options);
  const user = fakeTimers ? userEvent.setup({ delay: null, advanceTimers: jest.advanceTimersByTime }) : userEvent.setup({ delay: null });
  const rendered = renderScreen(visits ? <Visits><EthernetPage /></Visits> : <EthernetPage />, { language });
  await screen.findByRole('region', { name: 'LAN1' });
  return { fake, state, user, ...rendered };
}

const card = (name: 'LAN1' | 'LAN2') => within(screen.getByRole('region', { name }));
const field = (name: 'LAN1' | 'LAN2', label: string) => card(name).getByRole('textbox', { name: label });
const applyButton = () => screen.getByRole('button', { name: 'Apply' });
const waitingAlert = () => screen.getByTestId('safe-apply-waiting');
const outcome = () => screen.getByTestId('safe-apply-outcome');

/** Puts one interface in static mode with the given fields (typed as a user would). */
async function setStatic(
  user: ReturnType<typeof userEvent.setup>,
  name: 'LAN1' | 'LAN2',
  values: Partial<Record<'IP address' | 'Netmask' | 'Gateway' | 'Primary DNS' | 'Secondary DNS', string>>,
) {
  const radio = card(name).getByRole('radio', { name: 'Static' });
  if (!(radio as HTMLInputElement).checked) await user.click(radio);
  for (const [label, text] of Object.entries(values)) {
    const input = field(name, label);
    await user.clear(input);
    if (text) await user.type(input, text);
  }
}

/** Fills in a valid static address on LAN1 and applies it (with the safety net unless it was turned off). */
async function applyValidChange(user: ReturnType<typeof userEvent.setup>) {
  await setStatic(user, 'LAN1', { 'IP address': '192.168.1.10', Netmask: '255.255.255.0', Gateway: '192.168.1.1' });
  await user.click(applyButton());
}

/** The GET /network/ethernet calls the device has answered. */
const ethernetReads = (fake: ReturnType<typeof device>['fake']) =>
  fake.requests.filter((r) => r.method === 'GET' && r.path === ETHERNET && r.answer);

afterEach(() => {
  jest.useRealTimers();
});

describe('EthernetPage: what the interfaces have', () => {
  test('shows a card per interface with its MAC address, link and current address', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Ethernet' })).toBeInTheDocument();
    expect(card('LAN1').getByRole('heading', { name: 'LAN1' })).toBeInTheDocument();
    expect(card('LAN1').getByText('00:0C:26:AA:00:01')).toBeInTheDocument();
    expect(card('LAN1').getByText('Link up')).toBeInTheDocument();
    expect(screen.getByTestId('current-LAN1')).toHaveTextContent('Now: 192.168.1.57/24, gateway 192.168.1.1');
    expect(card('LAN2').getByText('00:0C:26:AA:00:02')).toBeInTheDocument();
    expect(card('LAN2').getByText('No link')).toBeInTheDocument();
    expect(screen.getByTestId('current-LAN2')).toHaveTextContent('Now: —, gateway —');
    for (const name of ['LAN1', 'LAN2'] as const) {
      expect(card(name).getByRole('radio', { name: 'Automatic (DHCP)' })).toBeChecked();
      expect(card(name).queryByRole('textbox')).not.toBeInTheDocument();
    }
    expect(screen.getByRole('switch', { name: 'Bridge mode' })).not.toBeChecked();
    expect(applyButton()).toBeDisabled();
  });

  test('a failed load offers a retry', async () => {
    let fail = true;
    const { fake } = device();
    const view = fake.handlers[`GET ${ETHERNET}`]!;
    fake.handlers[`GET ${ETHERNET}`] = (b, r) => (fail ? { status: 500, body: { message: 'x', error_code: 'internal_error' } } : view(b, r));
    const user = userEvent.setup({ delay: null });
    renderScreen(<EthernetPage />);
    expect(await screen.findByText(enNetwork.load_failed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'LAN1' })).toBeInTheDocument();
  });
});

describe('EthernetPage: the address rules as the user types', () => {
  test('a static address that is not IPv4 is refused', async () => {
    const { user } = await openPage();
    await user.click(card('LAN1').getByRole('radio', { name: 'Static' }));
    // Empty fields of a static interface are required.
    expect(card('LAN1').getAllByText('This field is required')).toHaveLength(2);
    expect(applyButton()).toBeDisabled();
    for (const bad of ['192.168.1', '192.168.1.256', '192.168.01.10', 'panel']) {
      await user.clear(field('LAN1', 'IP address'));
      await user.type(field('LAN1', 'IP address'), bad);
      expect(card('LAN1').getByText('Enter an IPv4 address such as 192.168.1.10')).toBeInTheDocument();
      expect(field('LAN1', 'IP address')).toHaveAttribute('aria-invalid', 'true');
    }
    await user.clear(field('LAN1', 'IP address'));
    await user.type(field('LAN1', 'IP address'), '192.168.1.10');
    expect(card('LAN1').queryByText('Enter an IPv4 address such as 192.168.1.10')).not.toBeInTheDocument();
    expect(field('LAN1', 'IP address')).toHaveAttribute('aria-invalid', 'false');
  });

  test('a netmask must be ones followed by zeros', async () => {
    const { user } = await openPage();
    await setStatic(user, 'LAN1', { 'IP address': '192.168.1.10', Netmask: '255.0.255.0' });
    expect(card('LAN1').getByText('A netmask is ones followed by zeros, such as 255.255.255.0')).toBeInTheDocument();
    expect(field('LAN1', 'Netmask')).toHaveAttribute('aria-invalid', 'true');
    expect(applyButton()).toBeDisabled();
    await setStatic(user, 'LAN1', { Netmask: '255.255.254.0' });
    expect(card('LAN1').queryByText(/A netmask is ones/)).not.toBeInTheDocument();
    expect(applyButton()).toBeEnabled();
  });

  test('the gateway must be in the interface subnet', async () => {
    const { user } = await openPage();
    await setStatic(user, 'LAN1', { 'IP address': '192.168.1.10', Netmask: '255.255.255.0', Gateway: '10.0.0.1' });
    expect(card('LAN1').getByText("The gateway must be another address in this interface's subnet")).toBeInTheDocument();
    expect(field('LAN1', 'Gateway')).toHaveAttribute('aria-invalid', 'true');
    expect(applyButton()).toBeDisabled();
    // Nor may it be the interface's own address.
    await setStatic(user, 'LAN1', { Gateway: '192.168.1.10' });
    expect(card('LAN1').getByText("The gateway must be another address in this interface's subnet")).toBeInTheDocument();
    await setStatic(user, 'LAN1', { Gateway: '192.168.1.1' });
    expect(card('LAN1').queryByText(/The gateway must be/)).not.toBeInTheDocument();
    expect(applyButton()).toBeEnabled();
  });

  test('a network or broadcast address is refused, and so is a DNS server that is not IPv4', async () => {
    const { user } = await openPage();
    await setStatic(user, 'LAN1', { 'IP address': '192.168.1.255', Netmask: '255.255.255.0', 'Primary DNS': '8.8.8' });
    expect(card('LAN1').getByText("This is the subnet's network or broadcast address; choose a host address")).toBeInTheDocument();
    expect(card('LAN1').getByText('Enter an IPv4 address such as 192.168.1.10')).toBeInTheDocument();
    expect(field('LAN1', 'Primary DNS')).toHaveAttribute('aria-invalid', 'true');
    expect(applyButton()).toBeDisabled();
  });

  test('two interfaces in one subnet: LAN2 is told to use bridge mode, and bridge mode joins them', async () => {
    const { fake, user } = await openPage();
    await setStatic(user, 'LAN1', { 'IP address': '192.168.1.10', Netmask: '255.255.255.0' });
    await setStatic(user, 'LAN2', { 'IP address': '192.168.1.20', Netmask: '255.255.0.0' });
    const overlap = 'Another interface is already in this subnet; turn on bridge mode to join them';
    expect(card('LAN2').getByText(overlap)).toBeInTheDocument();
    expect(card('LAN1').queryByText(overlap)).not.toBeInTheDocument();
    expect(field('LAN2', 'IP address')).toHaveAttribute('aria-invalid', 'true');
    expect(applyButton()).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: 'Bridge mode' }));
    expect(screen.queryByText(overlap)).not.toBeInTheDocument();
    expect(card('LAN2').getByText("Joined to LAN1 by bridge mode: it uses LAN1's address.")).toBeInTheDocument();
    expect(card('LAN2').queryByRole('textbox')).not.toBeInTheDocument();
    expect(card('LAN1').getByRole('textbox', { name: 'IP address' })).toHaveValue('192.168.1.10');
    expect(applyButton()).toBeEnabled();

    await user.click(applyButton());
    await screen.findByText('Keep these settings?');
    expect(fake.sent('PUT', ETHERNET)).toEqual([
      {
        settings: ethernetSettings({
          bridge: true,
          interfaces: [
            addressSettings({ mode: 'static', ip: '192.168.1.10', netmask: '255.255.255.0' }),
            // LAN2 keeps its own settings while bridged; they are not used meanwhile.
            addressSettings({ mode: 'static', ip: '192.168.1.20', netmask: '255.255.0.0' }),
          ],
        }),
        safe: true,
      },
    ]);
  });

  test('back to DHCP, a static interface with errors no longer blocks Apply', async () => {
    const { user } = await openPage({ settings: ethernetSettings({ interfaces: [{ ...dhcp }, addressSettings({ mode: 'static', ip: '10.0.0.5', netmask: '255.0.0.0' })] }) });
    await setStatic(user, 'LAN1', { 'IP address': '10.1.0.5', Netmask: '255.255.0.0' });
    expect(card('LAN2').getByText(/Another interface is already in this subnet/)).toBeInTheDocument();
    expect(applyButton()).toBeDisabled();
    await user.click(card('LAN2').getByRole('radio', { name: 'Automatic (DHCP)' }));
    expect(screen.queryByText(/Another interface is already in this subnet/)).not.toBeInTheDocument();
    expect(applyButton()).toBeEnabled();
  });

  test('Apply stays disabled until something changes, and again when the change is undone', async () => {
    const { user } = await openPage();
    expect(applyButton()).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Bridge mode' }));
    expect(applyButton()).toBeEnabled();
    await user.click(screen.getByRole('switch', { name: 'Bridge mode' }));
    expect(applyButton()).toBeDisabled();
  });
});

describe('EthernetPage: safe apply', () => {
  test('Apply with the safety net sends the trimmed settings with safe: true, then Keep confirms', async () => {
    const { fake, user } = await openPage();
    expect(screen.getByRole('switch', { name: /^Safety net: restore the previous settings unless I keep the change within 90 seconds/ })).toBeChecked();
    await setStatic(user, 'LAN1', { 'IP address': ' 192.168.1.10 ', Netmask: '255.255.255.0  ', Gateway: ' 192.168.1.1', 'Primary DNS': '8.8.8.8 ' });
    expect(applyButton()).toBeEnabled();
    await user.click(applyButton());

    expect(await screen.findByText('Keep these settings?')).toBeInTheDocument();
    expect(fake.sent('PUT', ETHERNET)).toEqual([
      {
        settings: ethernetSettings({
          interfaces: [
            addressSettings({ mode: 'static', ip: '192.168.1.10', netmask: '255.255.255.0', gateway: '192.168.1.1', dns1: '8.8.8.8' }),
            addressSettings(),
          ],
        }),
        safe: true,
      },
    ]);
    const alert = within(waitingAlert());
    expect(waitingAlert()).toHaveAttribute('role', 'alert');
    expect(alert.getByText('The panel applied the change. It restores the previous settings in 90 s unless you keep it.')).toBeInTheDocument();
    expect(alert.getByRole('progressbar', { name: '90 seconds left to keep the change' })).toBeInTheDocument();
    expect(alert.getByText('LAN1: 192.168.1.57 becomes 192.168.1.10')).toBeInTheDocument();
    // The console was not opened at the moved address: no link to follow.
    expect(screen.queryByTestId('new-address')).not.toBeInTheDocument();
    // The form and Apply wait meanwhile.
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(field('LAN1', 'IP address')).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Bridge mode' })).toBeDisabled();

    await user.click(alert.getByRole('button', { name: 'Keep' }));
    expect(await screen.findByText('The new settings are kept.')).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([pendingPath('change-1', 'confirm')]);
    expect(screen.queryByTestId('safe-apply-waiting')).not.toBeInTheDocument();
    // The page shows what the device holds now, and nothing is left to apply.
    await waitFor(() => expect(field('LAN1', 'IP address')).toBeEnabled());
    expect(field('LAN1', 'IP address')).toHaveValue('192.168.1.10');
    expect(applyButton()).toBeDisabled();

    await user.click(within(outcome()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('The new settings are kept.')).not.toBeInTheDocument();
  });

  test('Revert restores the previous settings', async () => {
    const { fake, user } = await openPage();
    await applyValidChange(user);
    const alert = within(await screen.findByTestId('safe-apply-waiting'));
    await user.click(alert.getByRole('button', { name: 'Revert' }));
    expect(await screen.findByText('The previous settings are restored.')).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([pendingPath('change-1', 'revert')]);
    expect(screen.queryByTestId('safe-apply-waiting')).not.toBeInTheDocument();
    // The device's settings come back: LAN1 is automatic again.
    await waitFor(() => expect(card('LAN1').getByRole('radio', { name: 'Automatic (DHCP)' })).toBeChecked());
    expect(card('LAN1').queryByRole('textbox')).not.toBeInTheDocument();
  });

  test('a change that moves the address the console was opened at links to the new address', async () => {
    const { user } = await openPage({
      pendingOf: (id) => ({ id, section: 'ethernet', seconds_left: 90, moved: [{ name: 'LAN1', before: window.location.hostname, after: '192.168.1.10' }] }),
    });
    await applyValidChange(user);
    const alert = within(await screen.findByTestId('safe-apply-waiting'));
    expect(alert.getByText(`LAN1: ${window.location.hostname} becomes 192.168.1.10`)).toBeInTheDocument();
    const link = alert.getByTestId('new-address');
    expect(link).toHaveAttribute('href', `${window.location.protocol}//192.168.1.10${window.location.port ? `:${window.location.port}` : ''}${window.location.pathname}`);
  });

  test('an interface that loses its address is named as no longer served', async () => {
    const { user } = await openPage({
      pendingOf: (id) => ({ id, section: 'ethernet', seconds_left: 90, moved: [{ name: 'LAN2', before: '10.0.0.5', after: '' }] }),
    });
    await applyValidChange(user);
    const alert = within(await screen.findByTestId('safe-apply-waiting'));
    expect(alert.getByText('LAN2: 10.0.0.5 is no longer served')).toBeInTheDocument();
  });

  test('without the safety net: the warning, safe: false, and the change is simply applied', async () => {
    const { fake, user } = await openPage();
    const safety = screen.getByRole('switch', { name: /^Safety net/ });
    expect(screen.queryByText(/Without the safety net nothing restores the previous settings/)).not.toBeInTheDocument();
    await user.click(safety);
    expect(safety).not.toBeChecked();
    expect(screen.getByText(/^Without the safety net nothing restores the previous settings\./)).toBeInTheDocument();
    await applyValidChange(user);
    expect(await screen.findByText('Update settings successful')).toBeInTheDocument();
    expect(fake.sent('PUT', ETHERNET)).toEqual([
      {
        settings: ethernetSettings({
          interfaces: [
            addressSettings({ mode: 'static', ip: '192.168.1.10', netmask: '255.255.255.0', gateway: '192.168.1.1' }),
            addressSettings(),
          ],
        }),
        safe: false,
      },
    ]);
    expect(screen.queryByText('Keep these settings?')).not.toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  test('a change already waiting on the device is refused with its message', async () => {
    const { user } = await openPage({
      put: () => ({ status: 409, body: { message: 'Another network change is waiting for confirmation: keep or revert it first', error_code: 'change_pending' } }),
    });
    await applyValidChange(user);
    expect(await screen.findByTestId('safe-apply-outcome')).toHaveTextContent(
      'Another network change is waiting for confirmation: keep or revert it first',
    );
    expect(screen.queryByText('Keep these settings?')).not.toBeInTheDocument();
    // What was typed is still there to apply later.
    expect(field('LAN1', 'IP address')).toHaveValue('192.168.1.10');
    expect(applyButton()).toBeEnabled();
  });

  test('any other refusal says the update failed', async () => {
    const { user } = await openPage({ put: () => ({ status: 500, body: { message: 'x', error_code: 'internal_error' } }) });
    await applyValidChange(user);
    expect(await screen.findByTestId('safe-apply-outcome')).toHaveTextContent('Update settings failed');
  });

  test('a page opened while a change waits shows Keep / Revert at once', async () => {
    const { fake, user } = await openPage({
      settings: ethernetSettings({ interfaces: [addressSettings({ mode: 'static', ip: '192.168.1.10', netmask: '255.255.255.0' }), { ...dhcp }] }),
      pending: { id: 'waiting-7', section: 'ethernet', seconds_left: 42, moved: [{ name: 'LAN1', before: '192.168.1.57', after: '192.168.1.10' }] },
    });
    const alert = within(screen.getByTestId('safe-apply-waiting'));
    expect(alert.getByText('Keep these settings?')).toBeInTheDocument();
    expect(alert.getByText('The panel applied the change. It restores the previous settings in 42 s unless you keep it.')).toBeInTheDocument();
    expect(alert.getByText('LAN1: 192.168.1.57 becomes 192.168.1.10')).toBeInTheDocument();
    expect(fake.sent('PUT', ETHERNET)).toHaveLength(0);
    await user.click(alert.getByRole('button', { name: 'Keep' }));
    expect(await screen.findByText('The new settings are kept.')).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([pendingPath('waiting-7', 'confirm')]);
  });

  test('Keep after the panel has already restored the settings says the change expired', async () => {
    const { state, user } = await openPage();
    await applyValidChange(user);
    const alert = within(await screen.findByTestId('safe-apply-waiting'));
    state.pending = null; // the panel gave up waiting
    await user.click(alert.getByRole('button', { name: 'Keep' }));
    expect(await screen.findByText('The change was not confirmed in time: the panel restored the previous settings.')).toBeInTheDocument();
  });
});

describe('EthernetPage: a change waiting from an earlier visit or another section', () => {
  test('a change left waiting resumes, when the page is opened again, with the seconds the device has left', async () => {
    jest.useFakeTimers();
    const { fake, state, user } = await openPage({}, { fakeTimers: true, visits: true });
    await applyValidChange(user);
    const alert = await screen.findByTestId('safe-apply-waiting');
    expect(alert).toHaveTextContent('It restores the previous settings in 90 s unless you keep it.');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    expect(alert).toHaveTextContent('It restores the previous settings in 85 s unless you keep it.');

    // The user goes to another screen with the change still waiting.
    await user.click(screen.getByRole('button', { name: 'Leave the page' }));
    expect(screen.queryByTestId('safe-apply-waiting')).not.toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10_000);
    });
    // The device's own count (not the page's, nor the answer cached at the first visit).
    expect(state.pending?.id).toBe('change-1');
    state.pending = { ...state.pending!, seconds_left: 70 };
    const asked = ethernetReads(fake).length;

    await user.click(screen.getByRole('button', { name: 'Open the page again' }));
    await screen.findByRole('region', { name: 'LAN1' });
    // The device is asked again at this visit.
    await waitFor(() => expect(ethernetReads(fake)).toHaveLength(asked + 1));
    const resumed = await screen.findByTestId('safe-apply-waiting');
    expect(resumed).toHaveTextContent('It restores the previous settings in 70 s unless you keep it.');
    expect(within(resumed).getByRole('progressbar', { name: '70 seconds left to keep the change' })).toBeInTheDocument();
    expect(within(resumed).getByText('LAN1: 192.168.1.57 becomes 192.168.1.10')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(resumed).toHaveTextContent('It restores the previous settings in 69 s unless you keep it.');

    await user.click(within(resumed).getByRole('button', { name: 'Keep' }));
    expect(await screen.findByText('The new settings are kept.')).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([pendingPath('change-1', 'confirm')]);
  });

  test('after Keep, a late answer that still names the kept change does not bring Keep / Revert back', async () => {
    const { fake, state, user, store } = await openPage();
    await applyValidChange(user);
    const alert = within(await screen.findByTestId('safe-apply-waiting'));
    const kept = state.pending!;
    expect(kept.id).toBe('change-1');
    await user.click(alert.getByRole('button', { name: 'Keep' }));
    expect(await screen.findByText('The new settings are kept.')).toBeInTheDocument();
    // The page reads what the device holds now: nothing waits.
    await waitFor(() => expect(field('LAN1', 'IP address')).toBeEnabled());
    expect(ethernetReads(fake).at(-1)?.answer?.body).toMatchObject({ pending: null });

    // An answer given before the device took the Keep arrives late: it still names the change.
    const view = fake.handlers[`GET ${ETHERNET}`]!;
    let late = true;
    fake.handlers[`GET ${ETHERNET}`] = async (b, r) => {
      const answer = await view(b, r);
      if (!late) return answer;
      late = false;
      return { body: { ...(answer.body as object), pending: kept } };
    };
    const asked = ethernetReads(fake).length;
    await act(async () => {
      store.dispatch(networkApi.util.invalidateTags(['Ethernet']));
    });
    await waitFor(() => expect(ethernetReads(fake)).toHaveLength(asked + 1));
    expect(ethernetReads(fake).at(-1)?.answer?.body).toMatchObject({ pending: { id: 'change-1' } });
    // Give the page time to show what it would.
    await waitFor(() => expect(store.getState().api.queries['ethernet(undefined)']?.data).toMatchObject({ pending: { id: 'change-1' } }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByTestId('safe-apply-waiting')).not.toBeInTheDocument();
    expect(screen.queryByText('Keep these settings?')).not.toBeInTheDocument();
    expect(outcome()).toHaveTextContent('The new settings are kept.');
    expect(field('LAN1', 'IP address')).toBeEnabled();
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([pendingPath('change-1', 'confirm')]);
  });

  test('a change of another section waiting on the device shows no Keep / Revert here', async () => {
    const { fake, user } = await openPage({
      pending: { id: 'waiting-7', section: 'hotspot', seconds_left: 42, moved: [{ name: 'WLAN', before: '192.168.100.1', after: '192.168.101.1' }] },
    });
    expect(ethernetReads(fake).at(-1)?.answer?.body).toMatchObject({ pending: { id: 'waiting-7', section: 'hotspot' } });
    expect(screen.queryByTestId('safe-apply-waiting')).not.toBeInTheDocument();
    expect(screen.queryByText('Keep these settings?')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keep' })).not.toBeInTheDocument();
    // The form is not held for it.
    await setStatic(user, 'LAN1', { 'IP address': '192.168.1.10', Netmask: '255.255.255.0' });
    expect(field('LAN1', 'IP address')).toBeEnabled();
    expect(applyButton()).toBeEnabled();
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});

describe('EthernetPage: the countdown', () => {
  test('counts down each second; at zero the expired message replaces Keep / Revert', async () => {
    jest.useFakeTimers();
    const { fake, state, user } = await openPage(
      { pendingOf: (id) => ({ id, section: 'ethernet', seconds_left: 5, moved: [] }) },
      { fakeTimers: true },
    );
    await applyValidChange(user);
    const alert = await screen.findByTestId('safe-apply-waiting');
    expect(alert).toHaveTextContent('It restores the previous settings in 5 s unless you keep it.');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(alert).toHaveTextContent('It restores the previous settings in 4 s unless you keep it.');
    expect(within(alert).getByRole('progressbar', { name: '4 seconds left to keep the change' })).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    expect(alert).toHaveTextContent('It restores the previous settings in 1 s unless you keep it.');
    // The panel restores the previous settings at its deadline.
    state.settings = state.previous;
    state.pending = null;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(screen.queryByTestId('safe-apply-waiting')).not.toBeInTheDocument();
    expect(screen.getByTestId('safe-apply-outcome')).toHaveTextContent(
      'The change was not confirmed in time: the panel restored the previous settings.',
    );
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    // The page reads the restored settings again.
    await waitFor(() => expect(card('LAN1').getByRole('radio', { name: 'Automatic (DHCP)' })).toBeChecked());
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path === ETHERNET).length).toBeGreaterThanOrEqual(2);
  });
});

describe('EthernetPage in German', () => {
  test('the IPv4, gateway and overlap messages come from network/de.json', async () => {
    const { user, i18n } = await openPage({}, { language: 'de' });
    expect(i18n.language).toBe('de');
    const lan1 = card('LAN1');
    await user.click(lan1.getByRole('radio', { name: deNetwork.fields.static }));
    const lan1Field = (label: string) => lan1.getByRole('textbox', { name: label });
    await user.type(lan1Field(deNetwork.fields.ip), '192.168.1');
    expect(lan1.getByText(deNetwork.problem.ipv4_format)).toBeInTheDocument();

    await user.clear(lan1Field(deNetwork.fields.ip));
    await user.type(lan1Field(deNetwork.fields.ip), '192.168.1.10');
    await user.type(lan1Field(deNetwork.fields.netmask), '255.0.255.0');
    expect(lan1.getByText(deNetwork.problem.netmask_contiguous)).toBeInTheDocument();
    await user.clear(lan1Field(deNetwork.fields.netmask));
    await user.type(lan1Field(deNetwork.fields.netmask), '255.255.255.0');
    await user.type(lan1Field(deNetwork.fields.gateway), '10.0.0.1');
    expect(lan1.getByText(deNetwork.problem.gateway_subnet)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: deNetwork.safe.apply })).toBeDisabled();

    await user.clear(lan1Field(deNetwork.fields.gateway));
    const lan2 = card('LAN2');
    await user.click(lan2.getByRole('radio', { name: deNetwork.fields.static }));
    await user.type(lan2.getByRole('textbox', { name: deNetwork.fields.ip }), '192.168.1.20');
    await user.type(lan2.getByRole('textbox', { name: deNetwork.fields.netmask }), '255.255.255.0');
    expect(lan2.getByText(deNetwork.problem.subnet_overlap)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: deNetwork.ethernet.bridge }));
    expect(lan2.getByText(deNetwork.ethernet.bridged.replaceAll('{{name}}', 'LAN1'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: deNetwork.safe.apply })).toBeEnabled();
  });

  test('the Keep / Revert alert speaks German', async () => {
    const { user } = await openPage({}, { language: 'de' });
    await user.click(card('LAN1').getByRole('radio', { name: deNetwork.fields.static }));
    await user.type(card('LAN1').getByRole('textbox', { name: deNetwork.fields.ip }), '192.168.1.10');
    await user.type(card('LAN1').getByRole('textbox', { name: deNetwork.fields.netmask }), '255.255.255.0');
    await user.click(screen.getByRole('button', { name: deNetwork.safe.apply }));
    const alert = within(await screen.findByTestId('safe-apply-waiting'));
    expect(alert.getByText(deNetwork.safe.waiting_title)).toBeInTheDocument();
    expect(alert.getByText(deNetwork.safe.waiting.replace('{{seconds}}', '90'))).toBeInTheDocument();
    await user.click(alert.getByRole('button', { name: deNetwork.safe.revert }));
    expect(await screen.findByText(deNetwork.safe.reverted)).toBeInTheDocument();
  });
});

describe('EthernetPage: a failed first read keeps the page', () => {
  test('the title stays; a refused connection says the panel cannot be reached; Retry reads again', async () => {
    let fail = true;
    const { fake } = device();
    const view = fake.handlers[`GET ${ETHERNET}`]!;
    fake.handlers[`GET ${ETHERNET}`] = (b, r) => {
      if (fail) throw new TypeError('Failed to fetch');
      return view(b, r);
    };
    const user = userEvent.setup({ delay: null });
    renderScreen(<EthernetPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The panel cannot be reached. Check the connection and try again');
    expect(screen.getByRole('heading', { level: 1, name: 'Ethernet' })).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'LAN1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Ethernet' })).toBeInTheDocument();
  });

  test('while the first read runs: the title and the loading bar', async () => {
    device();
    renderScreen(<EthernetPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Ethernet' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: enNetwork.loading })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'LAN1' })).toBeInTheDocument();
  });
});

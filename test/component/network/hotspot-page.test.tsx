/**
 * Hotspot: on/off, the server address, the DHCP range inside its /24, the password,
 * and safe apply.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import HotspotPage from '../../../src/features/network/HotspotPage';
import { renderScreen } from '../../support/render';
import { fakeDevice, type DeviceAnswer } from '../../support/fake-device';
import { hotspotSettings } from '../../support/settings';
import type { HotspotSettings } from '../../../contract/rules/network';
import type { PendingNetworkChange } from '../../../contract/rules/network';
import deNetwork from '../../../public/locales/network/de.json';

const HOTSPOT = '/api/v1/network/hotspot';

const STORED: HotspotSettings = hotspotSettings({
  enabled: true,
  address: '192.168.100.1',
  range_start: '192.168.100.10',
  range_end: '192.168.100.100',
  password: 'hotspot-pass-1',
});

/** A panel that keeps its hotspot settings and the change waiting for confirmation. */
function device({ put }: { put?: (body: unknown) => DeviceAnswer } = {}) {
  const state: { settings: HotspotSettings; previous: HotspotSettings; pending: PendingNetworkChange | null } = {
    settings: STORED,
    previous: STORED,
    pending: null,
  };
  const view = () => ({ body: { settings: state.settings, pending: state.pending } });
  const fake = fakeDevice({
    [`GET ${HOTSPOT}`]: view,
    [`PUT ${HOTSPOT}`]:
      put ??
      ((raw) => {
        const { settings, safe } = raw as { settings: HotspotSettings; safe: boolean };
        const before = state.settings;
        const moved =
          before.enabled && (!settings.enabled || before.address !== settings.address)
            ? [{ name: 'HOTSPOT', before: before.address, after: settings.enabled ? settings.address : '' }]
            : [];
        state.previous = before;
        state.settings = settings;
        state.pending = safe ? { id: 'hotspot-1', section: 'hotspot', seconds_left: 90, moved } : null;
        return view();
      }),
    'POST /api/v1/network/pending/hotspot-1/confirm': () => {
      state.pending = null;
      return { body: { status: 'success' } };
    },
    'POST /api/v1/network/pending/hotspot-1/revert': () => {
      state.settings = state.previous;
      state.pending = null;
      return { body: { status: 'success' } };
    },
  });
  return { fake, state };
}

async function openPage(options: Parameters<typeof device>[0] = {}, language: 'en' | 'de' = 'en') {
  const { fake, state } = device(options);
  const user = userEvent.setup({ delay: null });
  const rendered = renderScreen(<HotspotPage />, { language });
  await screen.findByRole('textbox', { name: language === 'de' ? deNetwork.hotspot.address : 'Server address' });
  return { fake, state, user, ...rendered };
}

type Label = 'Server address' | 'DHCP range start' | 'DHCP range end';
const field = (label: Label) => screen.getByRole('textbox', { name: label });
const password = () => screen.getByLabelText('Password');
const applyButton = () => screen.getByRole('button', { name: 'Apply' });
/** The helper text under a field (its message, or the hint). */
const helperOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '') as HTMLElement;

async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

describe('HotspotPage: what the device holds', () => {
  test('shows the settings, the subnet the clients get, and nothing to apply', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Hotspot' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Hotspot' })).toBeChecked();
    expect(field('Server address')).toHaveValue('192.168.100.1');
    expect(field('DHCP range start')).toHaveValue('192.168.100.10');
    expect(field('DHCP range end')).toHaveValue('192.168.100.100');
    expect(password()).toHaveValue('hotspot-pass-1');
    expect(password()).toHaveAttribute('type', 'password');
    expect(screen.getByText('Clients get addresses in 192.168.100.0/24 (netmask 255.255.255.0).')).toBeInTheDocument();
    expect(screen.getByText('8 to 63 characters')).toBeInTheDocument();
    expect(applyButton()).toBeDisabled();
  });
});

describe('HotspotPage: the range and address rules', () => {
  test('a range that ends before it starts is refused', async () => {
    const { user } = await openPage();
    await retype(user, field('DHCP range end'), '192.168.100.5');
    expect(helperOf(field('DHCP range end'))).toHaveTextContent('The range must start before it ends');
    expect(field('DHCP range end')).toHaveAttribute('aria-invalid', 'true');
    expect(applyButton()).toBeDisabled();
    await retype(user, field('DHCP range end'), '192.168.100.50');
    expect(screen.queryByText('The range must start before it ends')).not.toBeInTheDocument();
    expect(applyButton()).toBeEnabled();
  });

  test('a range outside the server /24 is refused, naming the subnet', async () => {
    const { user } = await openPage();
    await retype(user, field('DHCP range start'), '192.168.101.10');
    expect(helperOf(field('DHCP range start'))).toHaveTextContent("The address must be in the server's subnet (192.168.100.0/24)");
    expect(applyButton()).toBeDisabled();

    // Moving the server moves the subnet the range must be in.
    await retype(user, field('DHCP range start'), '192.168.100.10');
    await retype(user, field('Server address'), '10.8.0.1');
    expect(screen.getByText('Clients get addresses in 10.8.0.0/24 (netmask 255.255.255.0).')).toBeInTheDocument();
    expect(helperOf(field('DHCP range start'))).toHaveTextContent("The address must be in the server's subnet (10.8.0.0/24)");
    expect(helperOf(field('DHCP range end'))).toHaveTextContent("The address must be in the server's subnet (10.8.0.0/24)");
  });

  test('a range that contains the server address is refused', async () => {
    const { user } = await openPage();
    await retype(user, field('Server address'), '192.168.100.50');
    expect(helperOf(field('DHCP range start'))).toHaveTextContent('The range must not include the server address');
    expect(applyButton()).toBeDisabled();
    await retype(user, field('Server address'), '192.168.100.200');
    expect(screen.queryByText('The range must not include the server address')).not.toBeInTheDocument();
    expect(applyButton()).toBeEnabled();
  });

  test('the server address must be an IPv4 host address', async () => {
    const { user } = await openPage();
    await retype(user, field('Server address'), '192.168.100');
    expect(helperOf(field('Server address'))).toHaveTextContent('Enter an IPv4 address such as 192.168.1.10');
    expect(screen.getByText('Clients get addresses in — (netmask 255.255.255.0).')).toBeInTheDocument();
    await retype(user, field('Server address'), '192.168.100.255');
    expect(helperOf(field('Server address'))).toHaveTextContent("This is the subnet's network or broadcast address; choose a host address");
    await retype(user, field('Server address'), '');
    expect(helperOf(field('Server address'))).toHaveTextContent('This field is required');
    expect(applyButton()).toBeDisabled();
  });
});

describe('HotspotPage: the password rules', () => {
  test('7 characters are too few, 64 too many', async () => {
    const { user } = await openPage();
    await retype(user, password(), 'abcdefg');
    expect(helperOf(password())).toHaveTextContent('Please enter a value between 8 and 63 characters');
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(applyButton()).toBeDisabled();
    await user.type(password(), 'h');
    expect(helperOf(password())).toHaveTextContent('8 to 63 characters');
    expect(applyButton()).toBeEnabled();
    await retype(user, password(), 'p'.repeat(64));
    expect(helperOf(password())).toHaveTextContent('Please enter a value between 8 and 63 characters');
  });

  test('an empty password is required', async () => {
    const { user } = await openPage();
    await user.clear(password());
    expect(helperOf(password())).toHaveTextContent('This field is required');
    expect(applyButton()).toBeDisabled();
  });

  test('characters outside printable ASCII are refused', async () => {
    const { user } = await openPage();
    await retype(user, password(), 'Grüße-an-alle');
    expect(helperOf(password())).toHaveTextContent('Use only letters, digits, spaces and the symbols of a standard keyboard');
    expect(applyButton()).toBeDisabled();
  });

  test('Show password reveals it', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveAttribute('type', 'text');
  });
});

describe('HotspotPage: applying', () => {
  test('a valid change is sent trimmed with safe: true; Keep confirms it', async () => {
    const { fake, user } = await openPage();
    await retype(user, field('DHCP range start'), ' 192.168.100.20 ');
    await retype(user, field('DHCP range end'), '192.168.100.60  ');
    await retype(user, password(), 'new-hotspot-pass');
    await user.click(applyButton());

    const alert = within(await screen.findByTestId('safe-apply-waiting'));
    expect(fake.sent('PUT', HOTSPOT)).toEqual([
      {
        settings: { ...STORED, range_start: '192.168.100.20', range_end: '192.168.100.60', password: 'new-hotspot-pass' },
        safe: true,
      },
    ]);
    expect(alert.getByText('Keep these settings?')).toBeInTheDocument();
    expect(field('DHCP range start')).toBeDisabled();
    await user.click(alert.getByRole('button', { name: 'Keep' }));
    expect(await screen.findByText('The new settings are kept.')).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/v1/network/pending/hotspot-1/confirm']);
    await waitFor(() => expect(field('DHCP range start')).toBeEnabled());
    expect(field('DHCP range start')).toHaveValue('192.168.100.20');
    expect(applyButton()).toBeDisabled();
  });

  test('turning the hotspot off says its address is no longer served; Revert turns it back on', async () => {
    const { fake, user } = await openPage();
    await user.click(screen.getByRole('switch', { name: 'Hotspot' }));
    await user.click(applyButton());
    const alert = within(await screen.findByTestId('safe-apply-waiting'));
    expect(fake.sent('PUT', HOTSPOT)).toEqual([{ settings: { ...STORED, enabled: false }, safe: true }]);
    expect(alert.getByText('HOTSPOT: 192.168.100.1 is no longer served')).toBeInTheDocument();
    await user.click(alert.getByRole('button', { name: 'Revert' }));
    expect(await screen.findByText('The previous settings are restored.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Hotspot' })).toBeChecked());
  });

  test('without the safety net the change is simply applied', async () => {
    const { fake, user } = await openPage();
    await user.click(screen.getByRole('switch', { name: /^Safety net/ }));
    expect(screen.getByText(/^Without the safety net nothing restores the previous settings\./)).toBeInTheDocument();
    await retype(user, password(), 'another-pass');
    await user.click(applyButton());
    expect(await screen.findByText('Update settings successful')).toBeInTheDocument();
    expect(fake.sent('PUT', HOTSPOT)).toEqual([{ settings: { ...STORED, password: 'another-pass' }, safe: false }]);
  });

  test('a change already waiting elsewhere is refused with its message', async () => {
    const { user } = await openPage({
      put: () => ({ status: 409, body: { message: 'Another network change is waiting for confirmation: keep or revert it first', error_code: 'change_pending' } }),
    });
    await retype(user, password(), 'another-pass');
    await user.click(applyButton());
    expect(await screen.findByTestId('safe-apply-outcome')).toHaveTextContent('Another network change is waiting for confirmation: keep or revert it first');
    expect(password()).toHaveValue('another-pass');
  });
});

describe('HotspotPage in German', () => {
  test('the range messages come from network/de.json', async () => {
    const { user, i18n } = await openPage({}, 'de');
    expect(i18n.language).toBe('de');
    const end = screen.getByRole('textbox', { name: deNetwork.hotspot.range_end });
    await retype(user, end, '192.168.100.5');
    expect(helperOf(end)).toHaveTextContent(deNetwork.problem.range_order);
    await retype(user, end, '192.168.7.50');
    expect(helperOf(end)).toHaveTextContent(deNetwork.problem.range_subnet.replace('{{subnet}}', '192.168.100.0/24'));
    expect(screen.getByRole('button', { name: deNetwork.safe.apply })).toBeDisabled();
    const pass = screen.getByLabelText(deNetwork.hotspot.password);
    await retype(user, pass, 'kurz');
    expect(helperOf(pass)).toHaveTextContent(deNetwork.problem.wpa_length.replace('{{min}}', '8').replace('{{max}}', '63'));
  });
});

describe('HotspotPage: the settings while the hotspot is off', () => {
  test('off: address, range and password are disabled and a line says why; turning it on frees them', async () => {
    const { fake } = device();
    fake.handlers[`GET ${HOTSPOT}`] = () => ({ body: { settings: { ...STORED, enabled: false }, pending: null } });
    const user = userEvent.setup({ delay: null });
    renderScreen(<HotspotPage />);
    await screen.findByRole('textbox', { name: 'Server address' });
    for (const label of ['Server address', 'DHCP range start', 'DHCP range end'] as const) expect(field(label)).toBeDisabled();
    expect(password()).toBeDisabled();
    expect(screen.getByTestId('hotspot-off')).toHaveTextContent('The hotspot is off: turn it on to change its address, DHCP range and password.');

    await user.click(screen.getByRole('switch', { name: 'Hotspot' }));
    for (const label of ['Server address', 'DHCP range start', 'DHCP range end'] as const) expect(field(label)).toBeEnabled();
    expect(password()).toBeEnabled();
    expect(screen.queryByTestId('hotspot-off')).not.toBeInTheDocument();
  });

  test('on: the fields are editable and no such line shows', async () => {
    await openPage();
    expect(field('Server address')).toBeEnabled();
    expect(password()).toBeEnabled();
    expect(screen.queryByTestId('hotspot-off')).not.toBeInTheDocument();
  });
});

describe('HotspotPage: a failed first read keeps the page', () => {
  test('the title and the section stay, a lost connection says so, Retry reads again', async () => {
    let fail = true;
    const { fake } = device();
    const view = fake.handlers[`GET ${HOTSPOT}`]!;
    fake.handlers[`GET ${HOTSPOT}`] = (b, r) => {
      if (fail) throw new TypeError('Failed to fetch');
      return view(b, r);
    };
    const user = userEvent.setup({ delay: null });
    renderScreen(<HotspotPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The panel cannot be reached. Check the connection and try again');
    expect(screen.getByRole('heading', { level: 1, name: 'Hotspot' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Hotspot' })).getByRole('alert')).toBe(alert);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('textbox', { name: 'Server address' })).toBeInTheDocument();
  });

  test('a device error reads as the page\u2019s own "could not be read"', async () => {
    const { fake } = device();
    fake.handlers[`GET ${HOTSPOT}`] = () => ({ status: 500, body: { message: 'x', error_code: 'internal_error' } });
    renderScreen(<HotspotPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The network settings could not be read.');
    expect(screen.getByRole('heading', { level: 1, name: 'Hotspot' })).toBeInTheDocument();
  });
});

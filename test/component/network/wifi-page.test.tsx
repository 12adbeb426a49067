/**
 * Wi-Fi: the radio on and off, the live connection state, scanning, and the connect
 * form with each security, its rules and the device's answers.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import WifiPage from '../../../src/features/network/WifiPage';
import { renderScreen } from '../../support/render';
import { fakeDevice, type DeviceAnswer } from '../../support/fake-device';
import { addressSettings, wifiConnect } from '../../support/settings';
import type { WifiConnectSettings, WifiSecurity, WifiState } from '../../../contract/rules/network';
import type { PendingNetworkChange } from '../../../contract/rules/network';
import deNetwork from '../../../public/locales/network/de.json';

const WIFI = '/api/v1/network/wifi';
const ENABLED = '/api/v1/network/wifi/enabled';
const SCAN = '/api/v1/network/wifi/scan';
const CONNECT = '/api/v1/network/wifi/connect';
const DISCONNECT = '/api/v1/network/wifi/disconnect';
const pendingPath = (id: string, action: 'confirm' | 'revert') => `/api/v1/network/pending/${id}/${action}`;

const NETWORKS = [
  { ssid: 'Plant-Floor', signal: 82, security: 'wpa_psk', connected: false },
  { ssid: 'Maintenance', signal: 64, security: 'wpa2_enterprise', connected: false },
  { ssid: 'Visitors', signal: 47, security: 'open', connected: false },
  { ssid: 'Line3-Legacy', signal: 31, security: 'wep', connected: false },
] as const;

const CERTIFICATE = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUY2VydA==\n-----END CERTIFICATE-----\n';
const PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49==\n-----END PRIVATE KEY-----\n';

interface Radio {
  enabled: boolean;
  state: WifiState;
  ssid: string | null;
  security: WifiSecurity | null;
  address: { ip: string; netmask: string; gateway: string };
  /** The network change waiting for confirmation (a connect with the safety net leaves one). */
  pending: PendingNetworkChange | null;
}

/** The device refuses a call while another change waits for Keep / Revert. */
const CHANGE_PENDING: DeviceAnswer = {
  status: 409,
  body: { message: 'Another network change is waiting for confirmation: keep or revert it first', error_code: 'change_pending' },
};

/** A panel with a radio: the test may change its state (`radio`) as the device would. */
function device(
  initial: Partial<Radio> = {},
  {
    connect,
    scan,
    enable,
    disconnect,
  }: { connect?: (body: unknown) => DeviceAnswer; scan?: () => DeviceAnswer; enable?: (body: unknown) => DeviceAnswer; disconnect?: () => DeviceAnswer } = {},
) {
  const radio: Radio = {
    enabled: false,
    state: 'disabled',
    ssid: null,
    security: null,
    address: { ip: '', netmask: '', gateway: '' },
    pending: null,
    ...initial,
  };
  const view = () => ({
    body: {
      enabled: radio.enabled,
      state: radio.state,
      mac: '00:0C:26:AA:00:03',
      ssid: radio.ssid,
      security: radio.security,
      eap_method: null,
      identity: '',
      ip: addressSettings(),
      address: radio.address,
      pending: radio.pending,
    },
  });
  const fake = fakeDevice({
    [`GET ${WIFI}`]: view,
    [`PUT ${ENABLED}`]:
      enable ??
      ((body) => {
        radio.enabled = (body as { enabled: boolean }).enabled;
        radio.state = radio.enabled ? 'disconnected' : 'disabled';
        if (!radio.enabled) radio.ssid = null;
        return view();
      }),
    [`GET ${SCAN}`]: scan ?? (() => ({ body: NETWORKS })),
    [`POST ${CONNECT}`]:
      connect ??
      ((raw) => {
        const { settings, safe } = raw as { settings: WifiConnectSettings; safe: boolean };
        radio.state = 'connecting';
        radio.ssid = settings.ssid;
        radio.security = settings.security;
        if (safe) radio.pending = { id: 'change-1', section: 'wifi', seconds_left: 90, moved: [] };
        return view();
      }),
    [`POST ${DISCONNECT}`]:
      disconnect ??
      (() => {
        radio.ssid = null;
        radio.state = 'disconnected';
        radio.address = { ip: '', netmask: '', gateway: '' };
        return view();
      }),
  });
  // Keep and Revert of the change the device waits for; another id is refused.
  for (const action of ['confirm', 'revert'] as const) {
    fake.handlers[`POST ${pendingPath('change-1', action)}`] = () => {
      if (radio.pending?.id !== 'change-1') return { status: 409, body: { message: 'No change is waiting', error_code: 'no_pending_change' } };
      radio.pending = null;
      return { body: { status: 'success' } };
    };
  }
  return { fake, radio };
}

const ON: Partial<Radio> = { enabled: true, state: 'disconnected' };

async function openPage(initial: Partial<Radio> = ON, handlers: Parameters<typeof device>[1] = {}, language: 'en' | 'de' = 'en') {
  const { fake, radio } = device(initial, handlers);
  const user = userEvent.setup({ delay: null });
  const rendered = renderScreen(<WifiPage />, { language });
  await screen.findByTestId('wifi-state');
  return { fake, radio, user, ...rendered };
}

const stateChip = () => screen.getByTestId('wifi-state');
const connectCard = () => within(screen.getByRole('region', { name: 'Connect to a network' }));
const ssidField = () => connectCard().getByRole('textbox', { name: 'SSID' });
const passwordField = () => connectCard().getByLabelText('Password');
const security = () => connectCard().getByRole('combobox', { name: 'Security' });
/** The hidden file input of a PEM chooser (named like the chooser). */
const fileInput = (label: string) => connectCard().getByLabelText(label, { selector: 'input' });
const chooser = (label: string) => within(connectCard().getByRole('group', { name: label }));

async function choose(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}

const pemFile = (name: string, text: string) => new File([text], name, { type: 'application/x-pem-file' });

// jsdom's File has no text() (browsers have had it for years); the chooser reads the file with it.
beforeAll(() => {
  if (typeof File.prototype.text !== 'function') {
    Object.defineProperty(File.prototype, 'text', {
      configurable: true,
      value(this: File) {
        return new Promise<string>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(reader.result as string);
          reader.onerror = () => reject(reader.error);
          reader.readAsText(this);
        });
      },
    });
  }
});

describe('WifiPage: the radio', () => {
  test('off: the state is Disabled, Scan and Connect are unavailable', async () => {
    const { fake } = await openPage({ enabled: false, state: 'disabled' });
    expect(screen.getByRole('heading', { level: 1, name: 'Wi-Fi' })).toBeInTheDocument();
    expect(stateChip()).toHaveTextContent('Disabled');
    expect(screen.getByRole('switch', { name: 'Wi-Fi' })).not.toBeChecked();
    expect(screen.getByText('00:0C:26:AA:00:03')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scan' })).toBeDisabled();
    expect(screen.getByText('Turn Wi-Fi on to look for networks.')).toBeInTheDocument();
    expect(screen.getByText('Turn Wi-Fi on to connect.')).toBeInTheDocument();
    expect(connectCard().getByRole('button', { name: 'Connect' })).toBeDisabled();
    expect(fake.requests.filter((r) => r.path === SCAN)).toHaveLength(0);
  });

  test('turning WiFi on sends {enabled: true} and enables Scan', async () => {
    const { fake, user } = await openPage({ enabled: false, state: 'disabled' });
    await user.click(screen.getByRole('switch', { name: 'Wi-Fi' }));
    await waitFor(() => expect(stateChip()).toHaveTextContent('Disconnected'));
    expect(fake.sent('PUT', ENABLED)).toEqual([{ enabled: true }]);
    expect(screen.getByRole('switch', { name: 'Wi-Fi' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Scan' })).toBeEnabled();
    expect(screen.getByText('Choose Scan to list the networks in range; choose one to fill in the form.')).toBeInTheDocument();
    expect(screen.queryByText('Turn Wi-Fi on to connect.')).not.toBeInTheDocument();
  });

  test('turning WiFi off sends {enabled: false}', async () => {
    const { fake, user } = await openPage();
    await user.click(screen.getByRole('switch', { name: 'Wi-Fi' }));
    await waitFor(() => expect(stateChip()).toHaveTextContent('Disabled'));
    expect(fake.sent('PUT', ENABLED)).toEqual([{ enabled: false }]);
    expect(screen.getByRole('button', { name: 'Scan' })).toBeDisabled();
  });

  test('a refused switch says the update failed', async () => {
    const { user } = await openPage({ enabled: false, state: 'disabled' }, { enable: () => ({ status: 500, body: { message: 'x', error_code: 'internal_error' } }) });
    await user.click(screen.getByRole('switch', { name: 'Wi-Fi' }));
    expect(await screen.findByText('Update settings failed')).toBeInTheDocument();
    expect(stateChip()).toHaveTextContent('Disabled');
  });

  test('a switch refused because another change waits says so, not that the update failed', async () => {
    const { fake, user } = await openPage({ enabled: false, state: 'disabled' }, { enable: () => CHANGE_PENDING });
    await user.click(screen.getByRole('switch', { name: 'Wi-Fi' }));
    expect(await screen.findByText('Another network change is waiting for confirmation: keep or revert it first')).toBeInTheDocument();
    expect(screen.queryByText('Update settings failed')).not.toBeInTheDocument();
    expect(fake.sent('PUT', ENABLED)).toEqual([{ enabled: true }]);
    expect(stateChip()).toHaveTextContent('Disabled');
    expect(screen.getByRole('switch', { name: 'Wi-Fi' })).not.toBeChecked();
  });

  test('a Disconnect refused because another change waits says so, not that the update failed', async () => {
    const { fake, user } = await openPage(
      { enabled: true, state: 'connected', ssid: 'Plant-Floor', security: 'wpa_psk', address: { ip: '172.16.20.57', netmask: '255.255.255.0', gateway: '172.16.20.1' } },
      { disconnect: () => CHANGE_PENDING },
    );
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Another network change is waiting for confirmation: keep or revert it first')).toBeInTheDocument();
    expect(screen.queryByText('Update settings failed')).not.toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === DISCONNECT)).toHaveLength(1);
    expect(stateChip()).toHaveTextContent('Connected');
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeEnabled();
  });

  test('connected: the network, the address, and Disconnect', async () => {
    const { fake, user } = await openPage({
      enabled: true,
      state: 'connected',
      ssid: 'Plant-Floor',
      security: 'wpa_psk',
      address: { ip: '172.16.20.57', netmask: '255.255.255.0', gateway: '172.16.20.1' },
    });
    expect(stateChip()).toHaveTextContent('Connected');
    expect(screen.getByText('Network: Plant-Floor')).toBeInTheDocument();
    expect(screen.getByTestId('wifi-address')).toHaveTextContent('Address: 172.16.20.57, gateway 172.16.20.1');
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(stateChip()).toHaveTextContent('Disconnected'));
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === DISCONNECT)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
  });
});

describe('WifiPage: scanning', () => {
  test('Scan lists the networks; choosing one fills in the SSID and its security', async () => {
    const { fake, user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Scan' }));
    const list = within(await screen.findByRole('list', { name: 'Available networks' }));
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path === SCAN)).toHaveLength(1);
    expect(list.getAllByRole('button')).toHaveLength(4);
    expect(list.getByText('Plant-Floor')).toBeInTheDocument();
    expect(list.getByText('WPA/WPA2-PSK · signal 82 %')).toBeInTheDocument();
    expect(list.getByText('WPA2-Enterprise · signal 64 %')).toBeInTheDocument();

    await user.click(list.getByRole('button', { name: /Line3-Legacy/ }));
    expect(ssidField()).toHaveValue('Line3-Legacy');
    expect(security()).toHaveTextContent('WEP');
    expect(connectCard().getByText('5 or 13 characters, or 10 or 26 hexadecimal digits')).toBeInTheDocument();
    expect(list.getByRole('button', { name: /Line3-Legacy/ })).toHaveClass('Mui-selected');

    await user.click(list.getByRole('button', { name: /Maintenance/ }));
    expect(ssidField()).toHaveValue('Maintenance');
    expect(security()).toHaveTextContent('WPA2-Enterprise');
    expect(connectCard().getByRole('combobox', { name: 'EAP method' })).toHaveTextContent('PEAP');
  });

  test('choosing a network clears a password typed for another one', async () => {
    const { user } = await openPage();
    await user.type(passwordField(), 'some-secret');
    await user.click(screen.getByRole('button', { name: 'Scan' }));
    await user.click(await screen.findByRole('button', { name: /Plant-Floor/ }));
    expect(passwordField()).toHaveValue('');
  });

  test('the network the panel is on is marked connected', async () => {
    const { user } = await openPage(ON, { scan: () => ({ body: [{ ...NETWORKS[0], connected: true }] }) });
    await user.click(screen.getByRole('button', { name: 'Scan' }));
    expect(await screen.findByText('WPA/WPA2-PSK · signal 82 % · Connected')).toBeInTheDocument();
  });

  test('a failed scan says so', async () => {
    const { user } = await openPage(ON, { scan: () => ({ status: 409, body: { message: 'x', error_code: 'wifi_disabled' } }) });
    await user.click(screen.getByRole('button', { name: 'Scan' }));
    expect(await screen.findByText('The scan failed. Try again.')).toBeInTheDocument();
  });
});

describe('WifiPage: the connect form', () => {
  test('a WPA password of 7 characters is refused; 8 are fine', async () => {
    const { user } = await openPage();
    expect(security()).toHaveTextContent('WPA/WPA2-PSK');
    expect(connectCard().getByText('8 to 63 characters')).toBeInTheDocument();
    await user.type(passwordField(), 'abcdefg');
    expect(connectCard().getByText('Please enter a value between 8 and 63 characters')).toBeInTheDocument();
    expect(passwordField()).toHaveAttribute('aria-invalid', 'true');
    await user.type(passwordField(), 'h');
    expect(connectCard().queryByText('Please enter a value between 8 and 63 characters')).not.toBeInTheDocument();
    await user.type(passwordField(), 'x'.repeat(56)); // 64
    expect(connectCard().getByText('Please enter a value between 8 and 63 characters')).toBeInTheDocument();
  });

  test('a WPA password with characters outside printable ASCII is refused', async () => {
    const { user } = await openPage();
    await user.type(passwordField(), 'Passwört-123');
    expect(connectCard().getByText('Use only letters, digits, spaces and the symbols of a standard keyboard')).toBeInTheDocument();
  });

  test('Show password reveals what was typed', async () => {
    const { user } = await openPage();
    await user.type(passwordField(), 'conveyor-line-7');
    expect(passwordField()).toHaveAttribute('type', 'password');
    await user.click(connectCard().getByRole('button', { name: 'Show password' }));
    expect(passwordField()).toHaveAttribute('type', 'text');
    await user.click(connectCard().getByRole('button', { name: 'Hide password' }));
    expect(passwordField()).toHaveAttribute('type', 'password');
  });

  test('a WEP key of 11 characters is refused; 5, 13, 10 or 26 hex digits are fine', async () => {
    const { user } = await openPage();
    await choose(user, security(), 'WEP');
    const wep = 'A WEP key is 5 or 13 characters, or 10 or 26 hexadecimal digits';
    await user.type(passwordField(), 'abcdefghijk');
    expect(connectCard().getByText(wep)).toBeInTheDocument();
    for (const good of ['abcde', 'abcdefghijklm', 'A1B2C3D4E5', 'a'.repeat(26)]) {
      await user.clear(passwordField());
      await user.type(passwordField(), good);
      expect(connectCard().queryByText(wep)).not.toBeInTheDocument();
    }
    // Ten characters that are not hexadecimal are not a key.
    await user.clear(passwordField());
    await user.type(passwordField(), 'GHIJKLMNOP');
    expect(connectCard().getByText(wep)).toBeInTheDocument();
  });

  test('Open needs no password', async () => {
    const { user } = await openPage();
    await choose(user, security(), 'Open');
    expect(connectCard().queryByLabelText('Password')).not.toBeInTheDocument();
  });

  test('WPA2-Enterprise asks for the EAP method and identity; TLS asks for the certificate files', async () => {
    const { user } = await openPage();
    expect(connectCard().queryByRole('combobox', { name: 'EAP method' })).not.toBeInTheDocument();
    await choose(user, security(), 'WPA2-Enterprise');
    const eap = connectCard().getByRole('combobox', { name: 'EAP method' });
    expect(eap).toHaveTextContent('PEAP');
    expect(connectCard().getByRole('textbox', { name: 'Identity' })).toBeInTheDocument();
    expect(passwordField()).toBeInTheDocument(); // PEAP signs in with a password
    expect(connectCard().getByRole('group', { name: 'CA certificate' })).toBeInTheDocument();
    expect(connectCard().queryByRole('group', { name: 'User certificate' })).not.toBeInTheDocument();

    await choose(user, eap, 'TLS (certificate)');
    expect(connectCard().queryByLabelText('Password')).not.toBeInTheDocument();
    expect(chooser('User certificate').getByRole('button', { name: 'Choose file' })).toBeInTheDocument();
    expect(chooser('User certificate').getByText('No file chosen')).toBeInTheDocument();
    expect(chooser('User private key').getByRole('button', { name: 'Choose file' })).toBeInTheDocument();
    expect(connectCard().getByLabelText('Key password')).toBeInTheDocument();
    expect(fileInput('User certificate')).toHaveAttribute('type', 'file');
    expect(fileInput('User private key')).toHaveAttribute('type', 'file');
  });

  test('the "8 to 63 characters" hint is for WPA/WPA2-PSK only, not for the PEAP password', async () => {
    const { user } = await openPage();
    expect(connectCard().getByText('8 to 63 characters')).toBeInTheDocument();
    await choose(user, security(), 'WPA2-Enterprise');
    expect(connectCard().getByRole('combobox', { name: 'EAP method' })).toHaveTextContent('PEAP');
    expect(passwordField()).toBeInTheDocument();
    expect(connectCard().queryByText('8 to 63 characters')).not.toBeInTheDocument();
    expect(passwordField()).not.toHaveAccessibleDescription(/8 to 63/);
    // Nor is a PEAP password held to the WPA length.
    await user.type(passwordField(), 'abc');
    expect(connectCard().queryByText('Please enter a value between 8 and 63 characters')).not.toBeInTheDocument();
    await choose(user, security(), 'WPA/WPA2-PSK');
    await user.clear(passwordField());
    expect(connectCard().getByText('8 to 63 characters')).toBeInTheDocument();
  });

  test('a user certificate or key that is not PEM is refused; PEM files are taken', async () => {
    const { user } = await openPage();
    await choose(user, security(), 'WPA2-Enterprise');
    await choose(user, connectCard().getByRole('combobox', { name: 'EAP method' }), 'TLS (certificate)');

    await user.upload(fileInput('User certificate'), pemFile('user.crt', 'this is not a certificate'));
    expect(await chooser('User certificate').findByText('This file is not a PEM certificate (-----BEGIN CERTIFICATE-----)')).toBeInTheDocument();
    expect(chooser('User certificate').getByText('user.crt')).toBeInTheDocument();
    // A private key is not a certificate either.
    await user.upload(fileInput('User certificate'), pemFile('user.pem', PRIVATE_KEY));
    expect(await chooser('User certificate').findByText('user.pem')).toBeInTheDocument();
    expect(chooser('User certificate').getByText(/This file is not a PEM certificate/)).toBeInTheDocument();

    await user.upload(fileInput('User private key'), pemFile('user.key', CERTIFICATE));
    expect(await chooser('User private key').findByText('This file is not a PEM private key (-----BEGIN PRIVATE KEY-----)')).toBeInTheDocument();

    await user.upload(fileInput('User certificate'), pemFile('client.crt', CERTIFICATE));
    await user.upload(fileInput('User private key'), pemFile('client.key', PRIVATE_KEY));
    await waitFor(() => expect(chooser('User certificate').getByText('client.crt')).toBeInTheDocument());
    await waitFor(() => expect(chooser('User private key').getByText('client.key')).toBeInTheDocument());
    expect(connectCard().queryByText(/This file is not a PEM/)).not.toBeInTheDocument();

    // Remove empties the chooser again.
    await user.click(chooser('User certificate').getByRole('button', { name: 'Remove' }));
    expect(chooser('User certificate').getByText('No file chosen')).toBeInTheDocument();
  });

  test('a file over 16 KB is refused before it is read', async () => {
    const { user } = await openPage();
    await choose(user, security(), 'WPA2-Enterprise');
    await user.upload(fileInput('CA certificate'), pemFile('huge.pem', 'x'.repeat(16 * 1024 + 1)));
    expect(await chooser('CA certificate').findByText('The file is larger than 16 KB')).toBeInTheDocument();
    expect(chooser('CA certificate').getByText('No file chosen')).toBeInTheDocument();
  });

  test('Connect with an empty form marks what is missing and sends nothing', async () => {
    const { fake, user } = await openPage();
    await user.click(connectCard().getByRole('button', { name: 'Connect' }));
    expect(connectCard().getAllByText('This field is required')).toHaveLength(2); // SSID and password
    expect(ssidField()).toHaveAttribute('aria-invalid', 'true');
    expect(fake.requests.filter((r) => r.path === CONNECT)).toHaveLength(0);
  });
});

describe('WifiPage: connecting', () => {
  test('Connect sends the form without the safety net, then the state follows the radio', async () => {
    const { fake, radio, user } = await openPage();
    // This console is not reached over the Wi-Fi: the safety net starts off.
    expect(connectCard().getByRole('switch', { name: /^Safety net/ })).not.toBeChecked();
    await user.type(ssidField(), 'Plant-Floor');
    await user.type(passwordField(), 'conveyor-line-8');
    await user.click(connectCard().getByRole('button', { name: 'Connect' }));

    await waitFor(() => expect(stateChip()).toHaveTextContent('Connecting'));
    expect(fake.sent('POST', CONNECT)).toEqual([
      {
        settings: wifiConnect({ ssid: 'Plant-Floor', security: 'wpa_psk', password: 'conveyor-line-8' }),
        safe: false,
      },
    ]);
    expect(screen.getByText('Network: Plant-Floor')).toBeInTheDocument();

    // The radio fails a moment later; the page asks every second while connecting.
    const asked = fake.requests.filter((r) => r.method === 'GET' && r.path === WIFI).length;
    radio.state = 'password_error';
    await waitFor(() => expect(stateChip()).toHaveTextContent('Password error'), { timeout: 3000 });
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path === WIFI).length).toBeGreaterThan(asked);
    // What to do is said once, with the outcome beside the form.
    expect(screen.getByTestId('safe-apply-outcome')).toHaveTextContent(
      'Not connected: Plant-Floor refused the password. Check the password (and the identity for WPA2-Enterprise) and connect again.',
    );
    expect(screen.queryByText('The network refused the password. Check it (and the identity for WPA2-Enterprise) and connect again.')).not.toBeInTheDocument();
  });

  test('a static address for the Wi-Fi is checked and sent trimmed', async () => {
    const { fake, user } = await openPage();
    await user.type(ssidField(), 'Visitors');
    await choose(user, security(), 'Open');
    await user.click(connectCard().getByRole('radio', { name: 'Static' }));
    await user.type(connectCard().getByRole('textbox', { name: 'IP address' }), '192.168.77');
    expect(connectCard().getByText('Enter an IPv4 address such as 192.168.1.10')).toBeInTheDocument();
    await user.type(connectCard().getByRole('textbox', { name: 'IP address' }), '.20 ');
    await user.type(connectCard().getByRole('textbox', { name: 'Netmask' }), '255.255.255.0');
    await user.type(connectCard().getByRole('textbox', { name: 'Gateway' }), '192.168.78.1');
    expect(connectCard().getByText("The gateway must be another address in this interface's subnet")).toBeInTheDocument();
    await user.click(connectCard().getByRole('button', { name: 'Connect' }));
    expect(fake.requests.filter((r) => r.path === CONNECT)).toHaveLength(0);

    await user.clear(connectCard().getByRole('textbox', { name: 'Gateway' }));
    await user.type(connectCard().getByRole('textbox', { name: 'Gateway' }), '192.168.77.1');
    await user.click(connectCard().getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(fake.sent('POST', CONNECT)).toHaveLength(1));
    expect((fake.sent('POST', CONNECT)[0] as { settings: WifiConnectSettings }).settings.ip).toEqual(addressSettings({ mode: 'static', ip: '192.168.77.20', netmask: '255.255.255.0', gateway: '192.168.77.1' }));
  });

  test('WPA2-Enterprise TLS: the files go with the request; a key of another certificate is refused by the panel', async () => {
    const { fake, user } = await openPage(ON, {
      connect: () => ({ status: 400, body: { message: 'The private key does not match the certificate', error_code: 'key_mismatch' } }),
    });
    await user.type(ssidField(), 'Maintenance');
    await choose(user, security(), 'WPA2-Enterprise');
    await choose(user, connectCard().getByRole('combobox', { name: 'EAP method' }), 'TLS (certificate)');
    await user.type(connectCard().getByRole('textbox', { name: 'Identity' }), '  technician ');
    await user.upload(fileInput('User certificate'), pemFile('client.crt', CERTIFICATE));
    await user.upload(fileInput('User private key'), pemFile('other.key', PRIVATE_KEY));
    await waitFor(() => expect(chooser('User private key').getByText('other.key')).toBeInTheDocument());
    await user.click(connectCard().getByRole('button', { name: 'Connect' }));

    expect(await screen.findByTestId('safe-apply-outcome')).toHaveTextContent('The private key does not belong to the user certificate');
    expect(chooser('User private key').getByText('The private key does not belong to the user certificate')).toBeInTheDocument();
    const sent = fake.sent('POST', CONNECT) as { settings: WifiConnectSettings; safe: boolean }[];
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      settings: { ssid: 'Maintenance', security: 'wpa2_enterprise', eap_method: 'tls', identity: 'technician', user_certificate: CERTIFICATE, private_key: PRIVATE_KEY },
      safe: false,
    });
    expect(stateChip()).toHaveTextContent('Disconnected');
  });

  test('a wrong key password is named on its field', async () => {
    const { user } = await openPage(ON, {
      connect: () => ({ status: 400, body: { message: 'x', error_code: 'key_password' } }),
    });
    await user.type(ssidField(), 'Maintenance');
    await choose(user, security(), 'WPA2-Enterprise');
    await choose(user, connectCard().getByRole('combobox', { name: 'EAP method' }), 'TLS (certificate)');
    await user.type(connectCard().getByRole('textbox', { name: 'Identity' }), 'technician');
    await user.upload(fileInput('User certificate'), pemFile('client.crt', CERTIFICATE));
    await user.upload(fileInput('User private key'), pemFile('client.key', PRIVATE_KEY));
    await waitFor(() => expect(chooser('User private key').getByText('client.key')).toBeInTheDocument());
    await user.type(connectCard().getByLabelText('Key password'), 'wrong');
    await user.click(connectCard().getByRole('button', { name: 'Connect' }));
    expect(await screen.findByTestId('safe-apply-outcome')).toHaveTextContent('The key password does not open the private key');
    expect(connectCard().getByLabelText('Key password')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('WifiPage: a Wi-Fi change waiting for Keep / Revert', () => {
  test('Connect with the safety net: while the change waits the WiFi switch and Disconnect are locked; Keep frees them', async () => {
    const { fake, user } = await openPage();
    const safety = connectCard().getByRole('switch', { name: /^Safety net/ });
    expect(safety).not.toBeChecked();
    await user.click(safety);
    expect(safety).toBeChecked();
    await user.type(ssidField(), 'Plant-Floor');
    await user.type(passwordField(), 'conveyor-line-8');
    await user.click(connectCard().getByRole('button', { name: 'Connect' }));

    const alert = within(await screen.findByTestId('safe-apply-waiting'));
    expect(alert.getByText('The panel applied the change. It restores the previous settings in 90 s unless you keep it.')).toBeInTheDocument();
    expect(fake.sent('POST', CONNECT)).toMatchObject([{ settings: { ssid: 'Plant-Floor', security: 'wpa_psk' }, safe: true }]);
    await waitFor(() => expect(stateChip()).toHaveTextContent('Connecting'));
    expect(screen.getByRole('switch', { name: 'Wi-Fi' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Wi-Fi' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeDisabled();
    expect(fake.sent('PUT', ENABLED)).toHaveLength(0);

    await user.click(alert.getByRole('button', { name: 'Keep' }));
    expect(await screen.findByText('The new settings are kept.')).toBeInTheDocument();
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/api/v1/network/pending/')).map((r) => r.path)).toEqual([
      pendingPath('change-1', 'confirm'),
    ]);
    expect(screen.queryByTestId('safe-apply-waiting')).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Wi-Fi' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeEnabled();
  });

  test('a page opened while a Wi-Fi change waits shows Keep / Revert and locks the switch', async () => {
    await openPage({
      enabled: true,
      state: 'connected',
      ssid: 'Plant-Floor',
      security: 'wpa_psk',
      pending: { id: 'change-1', section: 'wifi', seconds_left: 42, moved: [] },
    });
    const alert = await screen.findByTestId('safe-apply-waiting');
    expect(alert).toHaveTextContent('It restores the previous settings in 42 s unless you keep it.');
    expect(screen.getByRole('switch', { name: 'Wi-Fi' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeDisabled();
  });

  test('a change of another section waiting on the device neither shows Keep / Revert nor locks the switch here', async () => {
    await openPage({
      enabled: true,
      state: 'connected',
      ssid: 'Plant-Floor',
      security: 'wpa_psk',
      pending: { id: 'waiting-7', section: 'ethernet', seconds_left: 42, moved: [] },
    });
    expect(screen.queryByTestId('safe-apply-waiting')).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Wi-Fi' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeEnabled();
  });
});

describe('WifiPage in German', () => {
  test('the WPA length message comes from network/de.json', async () => {
    const { user, i18n } = await openPage(ON, {}, 'de');
    expect(i18n.language).toBe('de');
    expect(stateChip()).toHaveTextContent(deNetwork.wifi.state.disconnected);
    const card = within(screen.getByRole('region', { name: deNetwork.wifi.connect_title }));
    const password = card.getByLabelText(deNetwork.wifi.password);
    await user.type(password, 'abcdefg');
    const message = deNetwork.problem.wpa_length.replace('{{min}}', '8').replace('{{max}}', '63');
    expect(card.getByText(message)).toBeInTheDocument();
    await user.type(password, 'h');
    expect(card.queryByText(message)).not.toBeInTheDocument();
    expect(card.getByText(deNetwork.wifi.wpa_hint)).toBeInTheDocument();
  });
});

describe('WifiPage: the outcome of a connect', () => {
  async function connectTo(user: ReturnType<typeof userEvent.setup>, ssid: string, password: string) {
    await user.type(ssidField(), ssid);
    await user.type(passwordField(), password);
    await user.click(connectCard().getByRole('button', { name: 'Connect' }));
  }

  test('a wrong password: the notice says the network refused it, never "successful", and no Disconnect is offered', async () => {
    const { radio, user } = await openPage();
    await connectTo(user, 'Plant-Floor', 'conveyor-line-8');
    // The device took the request; the radio is still working on it.
    expect(await screen.findByTestId('safe-apply-settling')).toHaveTextContent('Connecting to Plant-Floor: waiting for the radio to report the outcome');
    expect(screen.queryByTestId('safe-apply-outcome')).not.toBeInTheDocument();
    radio.state = 'password_error';
    const outcome = await screen.findByTestId('safe-apply-outcome', {}, { timeout: 4000 });
    expect(outcome).toHaveTextContent('Not connected: Plant-Floor refused the password.');
    expect(outcome).toHaveClass('MuiAlert-colorError');
    expect(screen.queryByText('Update settings successful')).not.toBeInTheDocument();
    expect(screen.queryByTestId('safe-apply-settling')).not.toBeInTheDocument();
    expect(stateChip()).toHaveTextContent('Password error');
    // The device still names the network it failed on, but nothing is connected.
    expect(screen.getByText('Network: Plant-Floor')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
  });

  test('the right password: the notice says connected, and Disconnect is offered', async () => {
    const { radio, user } = await openPage();
    await connectTo(user, 'Plant-Floor', 'conveyor-line-7');
    await screen.findByTestId('safe-apply-settling');
    radio.state = 'connected';
    radio.address = { ip: '172.16.20.57', netmask: '255.255.255.0', gateway: '172.16.20.1' };
    const outcome = await screen.findByTestId('safe-apply-outcome', {}, { timeout: 4000 });
    expect(outcome).toHaveTextContent('Connected to Plant-Floor.');
    expect(outcome).toHaveClass('MuiAlert-colorSuccess');
    expect(stateChip()).toHaveTextContent('Connected');
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeEnabled();
  });

  test('a network that is not there: the notice says it was not found', async () => {
    const { radio, user } = await openPage();
    await connectTo(user, 'Nowhere', 'whatever-secret');
    await screen.findByTestId('safe-apply-settling');
    radio.state = 'disconnected';
    expect(await screen.findByTestId('safe-apply-outcome', {}, { timeout: 4000 })).toHaveTextContent('Not connected: no network Nowhere with this security was found.');
    expect(screen.queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
  });

  test('a wrong password is said once, not twice (issue 20, item 4)', async () => {
    const { radio, user } = await openPage();
    await connectTo(user, 'Plant-Floor', 'conveyor-line-8');
    await screen.findByTestId('safe-apply-settling');
    radio.state = 'password_error';
    const outcome = await screen.findByTestId('safe-apply-outcome', {}, { timeout: 4000 });
    expect(outcome).toHaveTextContent('Not connected: Plant-Floor refused the password. Check the password (and the identity for WPA2-Enterprise) and connect again.');
    expect(screen.getAllByText(/refused the password/)).toHaveLength(1);
    expect(screen.getAllByRole('alert').filter((a) => a.classList.contains('MuiAlert-colorError'))).toEqual([outcome]);
  });

  test('after a failed connect, choosing Maintenance names nothing as missing before its own Connect (issue 20, item 4)', async () => {
    const { radio, user, fake } = await openPage();
    await connectTo(user, 'Plant-Floor', 'conveyor-line-8');
    await screen.findByTestId('safe-apply-settling');
    radio.state = 'password_error';
    await screen.findByTestId('safe-apply-outcome', {}, { timeout: 4000 });
    await user.click(screen.getByRole('button', { name: 'Scan' }));
    await user.click(await screen.findByRole('button', { name: /Maintenance/ }));
    expect(security()).toHaveTextContent('WPA2-Enterprise');
    expect(connectCard().queryByText('This field is required')).not.toBeInTheDocument();
    expect(connectCard().getByRole('textbox', { name: 'Identity' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(passwordField()).not.toHaveAttribute('aria-invalid', 'true');
    // Its own Connect, with nothing typed, names both.
    await user.click(connectCard().getByRole('button', { name: 'Connect' }));
    expect(connectCard().getAllByText('This field is required')).toHaveLength(2);
    expect(fake.sent('POST', CONNECT)).toHaveLength(1);
  });

  test('a failed state of an earlier attempt offers no Disconnect', async () => {
    await openPage({ enabled: true, state: 'password_error', ssid: 'Plant-Floor', security: 'wpa_psk' });
    expect(stateChip()).toHaveTextContent('Password error');
    expect(screen.queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
  });
});

describe('WifiPage: the connect form is a form', () => {
  test('Connect is its submit button, and Enter in a field connects', async () => {
    const { fake, user } = await openPage();
    const button = connectCard().getByRole('button', { name: 'Connect' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button.closest('form')).not.toBeNull();
    expect(button.closest('form')).toBe(ssidField().closest('form'));
    await user.type(ssidField(), 'Plant-Floor');
    await user.type(passwordField(), 'conveyor-line-7{Enter}');
    await waitFor(() => expect(fake.sent('POST', CONNECT)).toHaveLength(1));
    expect(fake.sent('POST', CONNECT)[0]).toMatchObject({ settings: { ssid: 'Plant-Floor', password: 'conveyor-line-7' }, safe: false });
  });
});

describe('WifiPage: a failed first read keeps the page', () => {
  test('the title and the connection section stay, a lost connection says so, Retry reads again', async () => {
    let fail = true;
    const { fake } = device(ON);
    const view = fake.handlers[`GET ${WIFI}`]!;
    fake.handlers[`GET ${WIFI}`] = (b, r) => {
      if (fail) throw new TypeError('Failed to fetch');
      return view(b, r);
    };
    const user = userEvent.setup({ delay: null });
    renderScreen(<WifiPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The panel cannot be reached. Check the connection and try again');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Connection' })).getByRole('alert')).toBe(alert);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('wifi-state')).toHaveTextContent('Disconnected');
  });
});

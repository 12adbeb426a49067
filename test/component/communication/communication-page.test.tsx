/**
 * Communication (specification §3 "Communication device", §8, §9): the running project's devices
 * with every field (a table on a desktop, cards on a tablet), the COM ports, one device edited in a
 * dialog with the shared rules' messages as the administrator types, Save only once something
 * changed, the notices of a save, nothing lost when a save fails, the Local HMI read-only, and the
 * runtime-unavailable message with Retry. Every fake answer is checked against the contract.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CommunicationPage from '../../../src/features/communication/CommunicationPage';
import { renderScreen, setViewportWidth } from '../../support/render';
import { fakeDevice, type DeviceAnswer, type FakeDevice } from '../../support/fake-device';
import { storeSession } from '../../support/shell-device';
import { DEVICE_FIELDS } from '../../../contract/rules/communication';
import deCommunication from '../../../public/locales/communication/de.json';

const LIST = '/api/v1/communication/devices';

const LOCAL_HMI = {
  name: 'Local HMI',
  device_type: 'Local HMI',
  interface: 'ethernet',
  protocol: 'Internal',
  default_station: 0,
  ip: null,
  port: null,
  baud_rate: null,
  data_bits: null,
  parity: null,
  stop_bits: null,
  timeout_100ms: 10,
  turnaround_delay_ms: 0,
  parameter_1: 0,
  parameter_2: 0,
  send_ack_delay_ms: 0,
  address_types: [
    { name: 'LB', kind: 'bit', min: 0, max: 12095 },
    { name: 'LW', kind: 'word', min: 0, max: 10999 },
  ],
  editable: false,
};
const PLC1 = {
  ...LOCAL_HMI,
  name: 'PLC1',
  device_type: 'Modbus Server',
  protocol: 'Modbus TCP/IP',
  default_station: 1,
  ip: '192.168.1.10',
  port: 502,
  address_types: [{ name: '4x', kind: 'word', min: 1, max: 65535 }],
  editable: true,
};
const PLC2 = {
  ...PLC1,
  name: 'PLC2',
  device_type: 'Modbus RTU',
  interface: 'com2_rs485_2w',
  protocol: 'Modbus RTU',
  default_station: 2,
  ip: null,
  port: null,
  baud_rate: 19200,
  data_bits: 8,
  parity: 'even',
  stop_bits: 1,
  timeout_100ms: 5,
  turnaround_delay_ms: 10,
};
const PLC3 = { ...PLC2, name: 'PLC3', interface: 'com3_rs485_2w', default_station: 3, baud_rate: 9600, data_bits: 7, parity: 'none', stop_bits: 2 };

type Device = typeof LOCAL_HMI;


function comPorts(devices: readonly Device[]) {
  const port = (p: string) => devices.filter((d) => d.interface.startsWith(p)).map((d) => d.name);
  return [
    { port: 'com1', interfaces: ['com1_rs232'], devices: port('com1') },
    { port: 'com2', interfaces: ['com2_rs485_2w', 'com2_rs485_4w'], devices: port('com2') },
    { port: 'com3', interfaces: ['com3_rs485_2w'], devices: port('com3') },
  ];
}

interface Options {
  devices?: Device[];
  /** Answers the list instead of the stored devices (once per call, in order; then the devices). */
  list?: (() => DeviceAnswer)[];
  put?: (name: string, body: unknown) => DeviceAnswer | null;
}

/** A panel that keeps its devices and applies a PUT to the one it names. */
function commDevice({ devices = [LOCAL_HMI, PLC1, PLC2] as Device[], list = [], put }: Options = {}): { fake: FakeDevice; devices: Device[] } {
  const state = { devices: devices.map((d) => ({ ...d })) };
  const answer = () => ({ body: { project: 'Sample Bottling Line', devices: state.devices, com_ports: comPorts(state.devices) } });
  const save = (name: string) => (body: unknown) => {
    const custom = put?.(name, body);
    if (custom) return custom;
    state.devices = state.devices.map((d) => (d.name === name ? { ...d, ...(body as object) } : d));
    return answer();
  };
  const fake = fakeDevice({
    [`GET ${LIST}`]: () => list.shift()?.() ?? answer(),
    ...Object.fromEntries(devices.map((d) => [`PUT ${LIST}/${encodeURIComponent(d.name)}`, save(d.name)])),
  });
  return { fake, devices: state.devices };
}

async function openPage(options: Options = {}, { language = 'en', width }: { language?: 'en' | 'de'; width?: number } = {}) {
  storeSession('admin');
  if (width) setViewportWidth(width);
  const { fake } = commDevice(options);
  const user = userEvent.setup();
  const rendered = renderScreen(<CommunicationPage />, { language });
  await screen.findByTestId('device-PLC1');
  return { fake, user, ...rendered };
}

const dialog = () => screen.getByRole('dialog');
const saveButton = () => within(dialog()).getByRole('button', { name: 'Save' });
const textbox = (name: string | RegExp) => within(dialog()).getByRole('textbox', { name });
/** The helper text under a field (its message, or the hint). */
const helperOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '') as HTMLElement;

async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string | RegExp, option: string) {
  await user.click(within(dialog()).getByRole('combobox', { name: label }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

afterEach(() => localStorage.clear());

describe('Communication', () => {
  it('lists every device with every field as cards on a tablet, the Local HMI read-only, and the COM ports', async () => {
    await openPage({}, { width: 768 });
    expect(screen.getByRole('heading', { level: 1, name: 'Communication' })).toBeInTheDocument();
    expect(screen.getByText(/“Sample Bottling Line”/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Devices' })).not.toBeInTheDocument();

    const plc1 = screen.getByRole('region', { name: 'PLC1' });
    const facts = (card: HTMLElement) =>
      Object.fromEntries(within(card).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(facts(plc1)).toEqual({
      Interface: 'Ethernet',
      Protocol: 'Modbus TCP/IP',
      'Default station number': '1',
      'IP address': '192.168.1.10',
      Port: '502',
      Timeout: '1,000 ms (10 × 100 ms)',
      'Turnaround delay (ms)': '0',
      'Send ACK delay (ms)': '0',
      'Parameter 1': '0',
      'Parameter 2': '0',
      'Address types': '4x',
    });
    expect(within(plc1).getByText('Modbus Server')).toBeInTheDocument();
    expect(facts(screen.getByRole('region', { name: 'PLC2' }))).toMatchObject({
      Interface: 'COM2 RS-485 2W',
      'Baud rate': '19,200 bps',
      'Data bits': '8',
      Parity: 'Even',
      'Stop bits': '1',
      Timeout: '500 ms (5 × 100 ms)',
      'Turnaround delay (ms)': '10',
    });
    const local = screen.getByRole('region', { name: 'Local HMI' });
    expect(within(local).queryByRole('button')).not.toBeInTheDocument();
    expect(local).toHaveTextContent('The panel’s own device: not editable');
    expect(within(plc1).getByRole('button', { name: 'Edit PLC1' })).toBeInTheDocument();

    const ports = screen.getByRole('table', { name: 'COM ports' });
    expect(within(ports).getAllByRole('row').slice(1).map((r) => Array.from(r.children).map((c) => c.textContent))).toEqual([
      ['COM1', 'RS-232', 'None', '—'],
      ['COM2', 'RS-485 2W / RS-485 4W', 'PLC2', 'RS-485 2W, 19,200 bps, data bits 8, parity Even, stop bits 1'],
      ['COM3', 'RS-485 2W', 'None', '—'],
    ]);
  });

  it('lists the devices in a table on a desktop', async () => {
    await openPage({}, { width: 1280 });
    const table = screen.getByRole('table', { name: 'Devices' });
    expect(within(table).getAllByRole('rowheader').map((h) => h.querySelector('span')?.textContent)).toEqual(['Local HMI', 'PLC1', 'PLC2']);
    const plc1 = screen.getByTestId('device-PLC1');
    expect(plc1).toHaveTextContent('IP address: 192.168.1.10');
    expect(plc1).toHaveTextContent('Port: 502');
    expect(plc1).toHaveTextContent('1,000 ms');
    const plc2 = screen.getByTestId('device-PLC2');
    for (const text of ['COM2 RS-485 2W', 'Modbus RTU', 'Baud rate: 19,200 bps', 'Data bits: 8', 'Parity: Even', 'Stop bits: 1', 'Turnaround 10 ms', 'Send ACK 0 ms', 'P1: 0', 'P2: 0']) {
      expect(plc2).toHaveTextContent(text);
    }
    expect(within(screen.getByTestId('device-Local HMI')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('edits a device: the rule’s message as the IP is typed, Save only for an acceptable change, then saved with a notice', async () => {
    const { fake, user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit PLC1' }));
    expect(within(dialog()).getByRole('heading', { name: 'Edit PLC1' })).toBeInTheDocument();
    expect(dialog()).toHaveTextContent('Modbus TCP/IP');
    // Nothing changed yet: Save waits.
    expect(saveButton()).toBeDisabled();
    // A COM interface is never offered to an Ethernet device, nor line settings.
    expect(within(dialog()).getByRole('combobox', { name: /Interface/ })).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog()).queryByRole('combobox', { name: /Baud rate/ })).not.toBeInTheDocument();

    const ip = textbox(/IP address/);
    await retype(user, ip, '192.168.1.300');
    expect(ip).toHaveAttribute('aria-invalid', 'true');
    expect(helperOf(ip)).toHaveTextContent('Enter an IPv4 address such as 192.168.1.10');
    expect(saveButton()).toBeDisabled();
    await retype(user, ip, '127.0.0.1');
    expect(helperOf(ip)).toHaveTextContent('No device can answer at this address');
    await retype(user, ip, '192.168.1.20');
    expect(ip).toHaveAttribute('aria-invalid', 'false');

    const timeout = textbox(/Timeout/);
    expect(helperOf(timeout)).toHaveTextContent('= 1,000 ms');
    await retype(user, timeout, '0');
    expect(helperOf(timeout)).toHaveTextContent('Enter a whole number from 1 to 600');
    await retype(user, timeout, '25');
    expect(helperOf(timeout)).toHaveTextContent('= 2,500 ms');
    await retype(user, textbox(/Parameter 1/), '-12');

    expect(saveButton()).toBeEnabled();
    await user.click(saveButton());
    expect(await screen.findByText('Update settings successful')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.sent('PUT', `${LIST}/PLC1`)).toEqual([
      {
        interface: 'ethernet',
        default_station: 1,
        ip: '192.168.1.20',
        port: 502,
        baud_rate: null,
        data_bits: null,
        parity: null,
        stop_bits: null,
        timeout_100ms: 25,
        turnaround_delay_ms: 0,
        parameter_1: -12,
        parameter_2: 0,
        send_ack_delay_ms: 0,
      },
    ]);
    expect(Object.keys(fake.sent('PUT', `${LIST}/PLC1`)[0] as object).sort()).toEqual([...DEVICE_FIELDS].sort());
    await waitFor(() => expect(screen.getByTestId('device-PLC1')).toHaveTextContent('192.168.1.20'));
  });

  it('goes back to Save disabled when an edit is undone, and Cancel drops the edits', async () => {
    const { fake, user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit PLC1' }));
    const port = textbox(/Port/);
    await retype(user, port, '5020');
    expect(saveButton()).toBeEnabled();
    await retype(user, port, ' 502 ');
    expect(saveButton()).toBeDisabled();
    await retype(user, port, '');
    expect(helperOf(port)).toHaveTextContent('This field is required');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Edit PLC1' }));
    expect(textbox(/Port/)).toHaveValue('502');
    expect(fake.sent('PUT', `${LIST}/PLC1`)).toEqual([]);
  });

  it('sets a serial device’s line settings from the offered values, and its COM interface', async () => {
    const { fake, user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Edit PLC2' }));
    expect(within(dialog()).queryByRole('textbox', { name: /IP address/ })).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('combobox', { name: /Baud rate/ }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '1,200 bps',
      '2,400 bps',
      '4,800 bps',
      '9,600 bps',
      '19,200 bps',
      '38,400 bps',
      '57,600 bps',
      '115,200 bps',
      '187,500 bps',
    ]);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: '9,600 bps' }));
    await choose(user, /Parity/, 'Odd');
    await choose(user, /Stop bits/, '2');
    await user.click(within(dialog()).getByRole('combobox', { name: /Interface/ }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['COM1 RS-232', 'COM2 RS-485 2W', 'COM2 RS-485 4W', 'COM3 RS-485 2W']);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'COM2 RS-485 4W' }));
    await user.click(saveButton());
    expect(await screen.findByText('Update settings successful')).toBeInTheDocument();
    expect(fake.sent('PUT', `${LIST}/PLC2`)).toEqual([
      expect.objectContaining({ interface: 'com2_rs485_4w', baud_rate: 9600, data_bits: 8, parity: 'odd', stop_bits: 2, ip: null, port: null }),
    ]);
  });

  it('says which device a shared COM port must agree with, field by field', async () => {
    const { user } = await openPage({ devices: [LOCAL_HMI, PLC1, PLC2, PLC3] as Device[] });
    await user.click(screen.getByRole('button', { name: 'Edit PLC3' }));
    await choose(user, /Interface/, 'COM2 RS-485 2W');
    const baud = within(dialog()).getByRole('combobox', { name: /Baud rate/ });
    expect(helperOf(baud)).toHaveTextContent('PLC2 on COM2 uses 19,200 bps: devices on one COM port share baud rate, data bits, parity and stop bits');
    expect(helperOf(within(dialog()).getByRole('combobox', { name: /Data bits/ }))).toHaveTextContent('PLC2 on COM2 uses 8');
    expect(helperOf(within(dialog()).getByRole('combobox', { name: /Parity/ }))).toHaveTextContent('PLC2 on COM2 uses Even');
    expect(helperOf(within(dialog()).getByRole('combobox', { name: /Stop bits/ }))).toHaveTextContent('PLC2 on COM2 uses 1');
    expect(saveButton()).toBeDisabled();
    await choose(user, /Interface/, 'COM2 RS-485 4W');
    expect(helperOf(within(dialog()).getByRole('combobox', { name: /Interface/ }))).toHaveTextContent('PLC2 uses this port as COM2 RS-485 2W: a port runs in one mode');
    await choose(user, /Interface/, 'COM2 RS-485 2W');
    await choose(user, /Baud rate/, '19,200 bps');
    await choose(user, /Data bits/, '8');
    await choose(user, /Parity/, 'Even');
    await choose(user, /Stop bits/, '1');
    expect(saveButton()).toBeEnabled();
  });

  it('keeps the dialog and every edit when the device refuses the save', async () => {
    const { fake, user } = await openPage({
      put: () => ({ status: 400, body: { message: 'Validation failed: ip: ipv4_format', error_code: 'validation_failure', field: 'ip', problem: 'ipv4_format' } }),
    });
    await user.click(screen.getByRole('button', { name: 'Edit PLC1' }));
    await retype(user, textbox(/IP address/), '10.1.2.3');
    await retype(user, textbox(/Default station number/), '7');
    await user.click(saveButton());
    // The notice, and inside the dialog the field the device named in the rule's words.
    expect(await screen.findByText('The panel refused a value: check the fields and try again')).toBeInTheDocument();
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('IP address: Enter an IPv4 address such as 192.168.1.10');
    expect(fake.sent('PUT', `${LIST}/PLC1`)).toHaveLength(1);
    expect(dialog()).toBeInTheDocument();
    expect(textbox(/IP address/)).toHaveValue('10.1.2.3');
    expect(textbox(/Default station number/)).toHaveValue('7');
    expect(saveButton()).toBeEnabled();
  });

  it('says “Update settings failed” when a save fails for no reason it can name', async () => {
    const { user } = await openPage({ put: () => ({ status: 500, body: { message: 'boom', error_code: 'internal_error' } }) });
    await user.click(screen.getByRole('button', { name: 'Edit PLC1' }));
    await retype(user, textbox(/Port/), '503');
    await user.click(saveButton());
    expect(await screen.findByText('Update settings failed', { selector: '.MuiAlert-message' , ignore: '[role=dialog] *' })).toBeInTheDocument();
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Update settings failed');
    expect(textbox(/Port/)).toHaveValue('503');
  });

  it('says the runtime may be missing when the device list cannot be read, and Retry reads it again', async () => {
    storeSession('admin');
    commDevice({
      list: [() => ({ status: 503, body: { message: 'The project runtime does not run', error_code: 'runtime_unavailable' } })],
    });
    const user = userEvent.setup();
    renderScreen(<CommunicationPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Device list loading failed: the project runtime may be missing or stopped.');
    expect(screen.getByRole('heading', { level: 1, name: 'Communication' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('device-PLC1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('speaks German', async () => {
    const { user } = await openPage({}, { language: 'de', width: 768 });
    expect(screen.getByRole('heading', { level: 1, name: 'Kommunikation' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: deCommunication.list.title })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'PLC2' })).toHaveTextContent('19.200 Bit/s');
    expect(screen.getByRole('region', { name: 'PLC2' })).toHaveTextContent('Gerade');
    await user.click(screen.getByRole('button', { name: 'PLC1 bearbeiten' }));
    const ip = within(dialog()).getByRole('textbox', { name: new RegExp(deCommunication.field.ip) });
    await retype(user, ip, '1.2.3');
    expect(helperOf(ip)).toHaveTextContent(deCommunication.problem.ipv4_format);
  });
});

/** Communication (specification §3 "Communication device", §8, §9): the running project's devices
 * with every field and the COM ports, one device edited by admin and kept for the project (through
 * a restart), every rule of contract/rules/communication.ts refusing its field, the Local HMI
 * read-only, 401 / 403, 503 runtime_unavailable while the runtime is stopped, the operation-log rows. */
import { startTestDevice, makeDataDir, type TestDevice } from '../support/device';
import { ManualClock } from '../../server/lib/clock';
import { PLC1_SETTINGS, sampleDeviceSettings } from '../support/call-cases/communication';
import { communicationDevicesSchema } from '../../contract/api/communication';
import type { Project } from '../../contract/project-format';

jest.setTimeout(30_000);

const LIST = '/api/v1/communication/devices';
const deviceUrl = (name: string) => `${LIST}/${encodeURIComponent(name)}`;

/** PLC2 of the sample (Modbus RTU on COM2 RS-485 2W), as the PUT sets it. */
const PLC2_SETTINGS = sampleDeviceSettings('PLC2');

function oplogRows(t: TestDevice) {
  return t.device.db
    .prepare("SELECT account, target, before_value, after_value, result FROM operation_log WHERE action = 'set_communication_device' ORDER BY id")
    .all() as { account: string | null; target: string; before_value: string | null; after_value: string | null; result: string }[];
}

describe('communication devices', () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 25, 9, 0, 0));
  const dataDir = makeDataDir();
  let t: TestDevice;
  let admin: string;

  beforeAll(async () => {
    t = await startTestDevice({ dataDir, clock });
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const list = () => t.call('GET', LIST, admin);
  const put = (name: string, body: unknown, token = admin) => t.call('PUT', deviceUrl(name), token, body);
  const deviceOf = (body: { devices: { name: string }[] }, name: string) => body.devices.find((d) => d.name === name);

  it("lists the running project's devices with every field, and the COM ports", async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = communicationDevicesSchema.parse(res.json());
    expect(body.project).toBe('Sample Bottling Line');
    expect(body.devices.map((d) => [d.name, d.interface, d.editable])).toEqual([
      ['Local HMI', 'ethernet', false],
      ['PLC1', 'ethernet', true],
      ['PLC2', 'com2_rs485_2w', true],
    ]);
    expect(deviceOf(body, 'PLC1')).toEqual({
      name: 'PLC1',
      device_type: 'Modbus Server',
      protocol: 'Modbus TCP/IP',
      ...PLC1_SETTINGS,
      ip: '192.168.1.10',
      address_types: [
        { name: '0x', kind: 'bit', min: 1, max: 65535 },
        { name: '1x', kind: 'bit', min: 1, max: 65535 },
        { name: '3x', kind: 'word', min: 1, max: 65535 },
        { name: '4x', kind: 'word', min: 1, max: 65535 },
      ],
      editable: true,
    });
    expect(deviceOf(body, 'PLC2')).toMatchObject({ ...PLC2_SETTINGS, device_type: 'Modbus RTU', protocol: 'Modbus RTU' });
    expect(body.com_ports).toEqual([
      { port: 'com1', interfaces: ['com1_rs232'], devices: [] },
      { port: 'com2', interfaces: ['com2_rs485_2w', 'com2_rs485_4w'], devices: ['PLC2'] },
      { port: 'com3', interfaces: ['com3_rs485_2w'], devices: [] },
    ]);
  });

  it('sets one device: answered in the list, run by the project, written to the operation log', async () => {
    const res = await put('PLC1', { ...PLC1_SETTINGS, ip: ' 10.0.0.5 ', port: 5020, timeout_100ms: 30, parameter_1: -7 });
    expect(res.statusCode).toBe(200);
    const body = communicationDevicesSchema.parse(res.json());
    expect(deviceOf(body, 'PLC1')).toMatchObject({ ip: '10.0.0.5', port: 5020, timeout_100ms: 30, parameter_1: -7, device_type: 'Modbus Server' });
    expect((await list()).json()).toEqual(body);
    // The project runs with it, and the untouched devices stay as they were.
    const running = t.device.project.project.devices;
    expect(running.find((d) => d.name === 'PLC1')).toMatchObject({ ip: '10.0.0.5', port: 5020, timeout_100ms: 30 });
    expect(running.find((d) => d.name === 'PLC1')).not.toHaveProperty('baud_rate');
    expect(running.map((d) => d.name)).toEqual(['Local HMI', 'PLC1', 'PLC2']);

    const row = oplogRows(t).at(-1)!;
    expect(row).toMatchObject({ account: 'admin', target: 'communication.devices.PLC1', result: 'success' });
    expect(JSON.parse(row.before_value!)).toMatchObject({ ip: '192.168.1.10', port: 502, timeout_100ms: 10 });
    expect(JSON.parse(row.after_value!)).toMatchObject({ ip: '10.0.0.5', port: 5020, timeout_100ms: 30 });
  });

  it('stores the fields an interface does not use as nothing', async () => {
    const res = await put('PLC2', { ...PLC2_SETTINGS, ip: '10.0.0.9', port: 502, baud_rate: 38400 });
    expect(res.statusCode).toBe(200);
    expect(deviceOf(res.json(), 'PLC2')).toMatchObject({ ip: null, port: null, baud_rate: 38400 });
    expect(t.device.project.project.devices.find((d) => d.name === 'PLC2')).not.toHaveProperty('ip');
  });

  describe('refuses a field the rules refuse (400 validation_failure naming it), changing nothing', () => {
    const cases: [string, string, Record<string, unknown>, string, string | undefined][] = [
      ['an address that is no IPv4 address', 'PLC1', { ip: '192.168.1.300' }, 'ip', 'ipv4_format'],
      ['an empty address', 'PLC1', { ip: '  ' }, 'ip', 'required'],
      ['a loopback address', 'PLC1', { ip: '127.0.0.1' }, 'ip', 'ip_unusable'],
      ['a broadcast address', 'PLC1', { ip: '255.255.255.255' }, 'ip', 'ip_unusable'],
      ['port 0', 'PLC1', { port: 0 }, 'port', 'range'],
      ['port 65536', 'PLC1', { port: 65536 }, 'port', 'range'],
      ['no port on Ethernet', 'PLC1', { port: null }, 'port', 'required'],
      ['station 256', 'PLC1', { default_station: 256 }, 'default_station', 'range'],
      ['a timeout of 0', 'PLC1', { timeout_100ms: 0 }, 'timeout_100ms', 'range'],
      ['a timeout over 60 s', 'PLC1', { timeout_100ms: 601 }, 'timeout_100ms', 'range'],
      ['a negative turnaround delay', 'PLC1', { turnaround_delay_ms: -1 }, 'turnaround_delay_ms', 'range'],
      ['a send-ACK delay over 10 s', 'PLC1', { send_ack_delay_ms: 10001 }, 'send_ack_delay_ms', 'range'],
      ['a parameter past 32 bits', 'PLC1', { parameter_2: 2 ** 31 }, 'parameter_2', 'range'],
      ['a parameter that is not whole', 'PLC1', { parameter_1: 1.5 }, 'parameter_1', undefined],
      ['an Ethernet device on a COM port', 'PLC1', { interface: 'com1_rs232', baud_rate: 9600, data_bits: 8, parity: 'none', stop_bits: 1 }, 'interface', 'interface_kind'],
      ['an interface the panel has not', 'PLC1', { interface: 'com4_rs232' }, 'interface', undefined],
      ['a serial device on Ethernet', 'PLC2', { ...PLC2_SETTINGS, interface: 'ethernet', ip: '10.0.0.7', port: 502 }, 'interface', 'interface_kind'],
      ['a baud rate the panel does not offer', 'PLC2', { ...PLC2_SETTINGS, baud_rate: 250000 }, 'baud_rate', 'unsupported'],
      ['no baud rate on a COM port', 'PLC2', { ...PLC2_SETTINGS, baud_rate: null }, 'baud_rate', 'required'],
      ['6 data bits', 'PLC2', { ...PLC2_SETTINGS, data_bits: 6 }, 'data_bits', 'unsupported'],
      ['a parity that does not exist', 'PLC2', { ...PLC2_SETTINGS, parity: 'sometimes' }, 'parity', undefined],
      ['3 stop bits', 'PLC2', { ...PLC2_SETTINGS, stop_bits: 3 }, 'stop_bits', 'unsupported'],
      ['no stop bits', 'PLC2', { ...PLC2_SETTINGS, stop_bits: null }, 'stop_bits', 'required'],
    ];

    it.each(cases)('%s', async (_what, name, patch, field, problem) => {
      const before = (await list()).json();
      const base = name === 'PLC1' ? PLC1_SETTINGS : PLC2_SETTINGS;
      const res = await put(name, { ...base, ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error_code: 'validation_failure', field, ...(problem ? { problem } : {}) });
      expect((await list()).json()).toEqual(before);
    });

    it('writes the refusal to the operation log with what was asked', async () => {
      await put('PLC1', { ...PLC1_SETTINGS, ip: '1.2.3' });
      const row = oplogRows(t).at(-1)!;
      expect(row).toMatchObject({ account: 'admin', target: 'communication.devices.PLC1', result: 'validation_failure' });
      expect(JSON.parse(row.after_value!)).toMatchObject({ ip: '1.2.3' });
    });
  });

  it('keeps the Local HMI read-only, and answers 404 for a device the project has not', async () => {
    const local = await put('Local HMI', { ...PLC1_SETTINGS, ip: '10.0.0.1' });
    expect(local.statusCode).toBe(400);
    expect(local.json()).toMatchObject({ error_code: 'validation_failure', field: 'name', problem: 'read_only' });
    expect(t.device.project.project.devices[0]).not.toHaveProperty('ip');
    const missing = await put('PLC9', PLC1_SETTINGS);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error_code: 'not_found' });
  });

  describe('devices sharing a COM port share its line settings', () => {
    beforeAll(() => {
      // A third serial device, on COM3 for now.
      const devices: Project['devices'] = [
        ...t.device.project.project.devices,
        {
          name: 'PLC3',
          device_type: 'Modbus RTU',
          interface: 'com3_rs485_2w',
          protocol: 'Modbus RTU',
          default_station: 3,
          baud_rate: 9600,
          data_bits: 7,
          parity: 'none',
          stop_bits: 2,
          timeout_100ms: 10,
          turnaround_delay_ms: 0,
          parameter_1: 0,
          parameter_2: 0,
          send_ack_delay_ms: 0,
          address_types: [{ name: '4x', kind: 'word', min: 1, max: 65535 }],
        },
      ];
      t.device.project.saveEdit({ part: 'devices', value: devices });
    });
    const plc3 = { ...PLC2_SETTINGS, interface: 'com3_rs485_2w', default_station: 3, baud_rate: 9600, data_bits: 7, parity: 'none', stop_bits: 2 };

    it('refuses each line setting that differs from a device already on the port, naming the field', async () => {
      const stored = (await list()).json();
      const plc2 = deviceOf(stored, 'PLC2') as unknown as Record<string, unknown>;
      const onCom2 = { ...plc3, interface: 'com2_rs485_2w' };
      let res = await put('PLC3', onCom2);
      expect(res.json()).toMatchObject({ error_code: 'validation_failure', field: 'baud_rate', problem: 'port_shared' });
      res = await put('PLC3', { ...onCom2, baud_rate: plc2.baud_rate });
      expect(res.json()).toMatchObject({ field: 'data_bits', problem: 'port_shared' });
      res = await put('PLC3', { ...onCom2, baud_rate: plc2.baud_rate, data_bits: 8 });
      expect(res.json()).toMatchObject({ field: 'parity', problem: 'port_shared' });
      res = await put('PLC3', { ...onCom2, baud_rate: plc2.baud_rate, data_bits: 8, parity: 'even' });
      expect(res.json()).toMatchObject({ field: 'stop_bits', problem: 'port_shared' });
      // COM2 runs in one mode: 4W beside a 2W device is refused.
      res = await put('PLC3', { ...onCom2, interface: 'com2_rs485_4w', baud_rate: plc2.baud_rate, data_bits: 8, parity: 'even', stop_bits: 1 });
      expect(res.json()).toMatchObject({ field: 'interface', problem: 'port_mode' });
      expect(deviceOf((await list()).json(), 'PLC3')).toMatchObject({ interface: 'com3_rs485_2w' });
    });

    it('takes the device onto the port with the same settings; then neither may change them alone', async () => {
      const plc2 = deviceOf((await list()).json(), 'PLC2') as unknown as typeof PLC2_SETTINGS;
      const res = await put('PLC3', { ...plc3, interface: 'com2_rs485_2w', baud_rate: plc2.baud_rate, data_bits: 8, parity: 'even', stop_bits: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.json().com_ports[1]).toEqual({ port: 'com2', interfaces: ['com2_rs485_2w', 'com2_rs485_4w'], devices: ['PLC2', 'PLC3'] });
      const alone = await put('PLC2', { ...PLC2_SETTINGS, baud_rate: 115200 });
      expect(alone.json()).toMatchObject({ field: 'baud_rate', problem: 'port_shared' });
      // Its own station, timeout and delays stay its own.
      expect((await put('PLC2', { ...PLC2_SETTINGS, baud_rate: plc2.baud_rate, default_station: 9, timeout_100ms: 20 })).statusCode).toBe(200);
    });
  });

  it('answers 401 without a token and 403 to Update and History', async () => {
    expect((await t.call('GET', LIST, null)).statusCode).toBe(401);
    expect((await t.call('PUT', deviceUrl('PLC1'), null, PLC1_SETTINGS)).statusCode).toBe(401);
    for (const account of ['update', 'history'] as const) {
      const token = await t.login(account);
      const get = await t.call('GET', LIST, token);
      expect(get.statusCode).toBe(403);
      expect(get.json()).toMatchObject({ error_code: 'forbidden' });
      const set = await put('PLC1', { ...PLC1_SETTINGS, ip: '10.1.1.1' }, token);
      expect(set.statusCode).toBe(403);
    }
    expect(deviceOf((await list()).json(), 'PLC1')).toMatchObject({ ip: '10.0.0.5' });
  });

  it('answers 503 runtime_unavailable while the project runtime is stopped, and the list again once it runs', async () => {
    await t.device.project.runtime.stop();
    const res = await list();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error_code: 'runtime_unavailable' });
    const set = await put('PLC1', PLC1_SETTINGS);
    expect(set.statusCode).toBe(503);
    expect(set.json()).toMatchObject({ error_code: 'runtime_unavailable' });
    await t.device.project.runtime.start(t.device.project.project);
    expect((await list()).statusCode).toBe(200);
    expect(deviceOf((await list()).json(), 'PLC1')).toMatchObject({ ip: '10.0.0.5' });
  });

  it('keeps the edits through a restart of the device', async () => {
    const before = (await list()).json();
    await t.app.close();
    t = await startTestDevice({ dataDir, clock });
    admin = await t.login('admin');
    const after = await list();
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(before);
    expect(deviceOf(after.json(), 'PLC1')).toMatchObject({ ip: '10.0.0.5', port: 5020 });
    expect(t.device.project.project.devices.find((d) => d.name === 'PLC1')).toMatchObject({ ip: '10.0.0.5' });
  });
});

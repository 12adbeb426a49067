/** The shared communication-device rules of contract/rules/communication.ts: the console runs them
 * as the administrator types, the server on every write, so both agree on every code below. */
import {
  BAUD_RATES,
  COM_PORT_INTERFACES,
  COMM_INTERFACES,
  DATA_BITS,
  DEVICE_RANGES,
  PARITIES,
  STOP_BITS,
  comPortOf,
  comPortProblems,
  deviceIpProblem,
  deviceProblems,
  interfaceKind,
  interfacesOfKind,
  isLocalHmi,
  normalizeDevice,
  portConflict,
  timeoutMs,
  type DeviceSettings,
  type PortUser,
} from '../../contract/rules/communication';
import * as format from '../../contract/project-format';

const ETHERNET: DeviceSettings = {
  interface: 'ethernet',
  default_station: 1,
  ip: '192.168.1.10',
  port: 502,
  baud_rate: null,
  data_bits: null,
  parity: null,
  stop_bits: null,
  timeout_100ms: 10,
  turnaround_delay_ms: 0,
  parameter_1: 0,
  parameter_2: 0,
  send_ack_delay_ms: 0,
};
const SERIAL: DeviceSettings = {
  ...ETHERNET,
  interface: 'com2_rs485_2w',
  ip: null,
  port: null,
  baud_rate: 19200,
  data_bits: 8,
  parity: 'even',
  stop_bits: 1,
};
const alone = (kind: 'ethernet' | 'serial') => ({ kind, others: [] });

describe('the lists of specification §3', () => {
  it('are the project format’s own', () => {
    expect(COMM_INTERFACES).toEqual(format.INTERFACES);
    expect(BAUD_RATES).toEqual(format.BAUD_RATES);
    expect(PARITIES).toEqual(format.PARITIES);
  });

  it('COM1 RS-232, COM2 RS-485 2W or 4W, COM3 RS-485 2W; baud rates 1200 to 187.5K; 7 or 8 data bits; 1 or 2 stop bits', () => {
    expect(COM_PORT_INTERFACES).toEqual({ com1: ['com1_rs232'], com2: ['com2_rs485_2w', 'com2_rs485_4w'], com3: ['com3_rs485_2w'] });
    expect([BAUD_RATES[0], BAUD_RATES.at(-1)]).toEqual([1200, 187500]);
    expect(DATA_BITS).toEqual([7, 8]);
    expect(STOP_BITS).toEqual([1, 2]);
    expect(PARITIES).toEqual(['none', 'even', 'odd', 'mark', 'space']);
  });

  it('finds the port and kind of each interface', () => {
    expect(COMM_INTERFACES.map(comPortOf)).toEqual([null, 'com1', 'com2', 'com2', 'com3']);
    expect(COMM_INTERFACES.map(interfaceKind)).toEqual(['ethernet', 'serial', 'serial', 'serial', 'serial']);
    expect(interfacesOfKind('ethernet')).toEqual(['ethernet']);
    expect(interfacesOfKind('serial')).toEqual(['com1_rs232', 'com2_rs485_2w', 'com2_rs485_4w', 'com3_rs485_2w']);
  });

  it('counts the timeout in units of 100 ms (§9)', () => {
    expect(timeoutMs(10)).toBe(1000);
    expect(timeoutMs(DEVICE_RANGES.timeout_100ms.max)).toBe(60_000);
  });

  it('knows the panel’s own device', () => {
    expect(isLocalHmi({ device_type: 'Local HMI', protocol: 'Internal' })).toBe(true);
    expect(isLocalHmi({ device_type: 'Modbus Server', protocol: 'Modbus TCP/IP' })).toBe(false);
  });
});

describe('normalizeDevice', () => {
  it('trims the address and empties the fields the interface does not use', () => {
    expect(normalizeDevice({ ...ETHERNET, ip: ' 10.0.0.1 ', baud_rate: 9600, parity: 'odd' })).toEqual({ ...ETHERNET, ip: '10.0.0.1' });
    expect(normalizeDevice({ ...SERIAL, ip: '10.0.0.1', port: 502 })).toEqual(SERIAL);
  });
});

describe('deviceIpProblem', () => {
  it.each([
    ['192.168.1.10', null],
    [' 10.0.0.1 ', null],
    ['', 'required'],
    [null, 'required'],
    ['192.168.1.300', 'ipv4_format'],
    ['192.168.1', 'ipv4_format'],
    ['010.0.0.1', 'ipv4_format'],
    ['0.0.0.0', 'ip_unusable'],
    ['127.0.0.1', 'ip_unusable'],
    ['224.0.0.1', 'ip_unusable'],
    ['255.255.255.255', 'ip_unusable'],
    ['223.255.255.254', null],
  ])('%p: %p', (ip, problem) => {
    expect(deviceIpProblem(ip)).toBe(problem);
  });
});

describe('deviceProblems', () => {
  it('finds nothing wrong with the sample’s devices', () => {
    expect(deviceProblems(ETHERNET, alone('ethernet'))).toEqual({});
    expect(deviceProblems(SERIAL, alone('serial'))).toEqual({});
  });

  it('needs a usable address and a port on Ethernet, and ignores the serial fields there', () => {
    expect(deviceProblems({ ...ETHERNET, ip: '1.2.3', port: null, baud_rate: 1 }, alone('ethernet'))).toEqual({ ip: 'ipv4_format', port: 'required' });
    expect(deviceProblems({ ...ETHERNET, port: 0 }, alone('ethernet'))).toEqual({ port: 'range' });
    expect(deviceProblems({ ...ETHERNET, port: 65535 }, alone('ethernet'))).toEqual({});
  });

  it('needs each line setting from the offered values on a COM port, and ignores the address there', () => {
    expect(deviceProblems({ ...SERIAL, ip: 'nonsense', baud_rate: null, data_bits: 6, parity: null, stop_bits: 3 }, alone('serial'))).toEqual({
      baud_rate: 'required',
      data_bits: 'unsupported',
      parity: 'required',
      stop_bits: 'unsupported',
    });
    for (const baud of BAUD_RATES) expect(deviceProblems({ ...SERIAL, baud_rate: baud }, alone('serial'))).toEqual({});
    expect(deviceProblems({ ...SERIAL, baud_rate: 250000 }, alone('serial'))).toEqual({ baud_rate: 'unsupported' });
  });

  it('holds each number to its range, whole (a field typed as text that is no number is NaN)', () => {
    const cases: [keyof typeof DEVICE_RANGES, number, number][] = [
      ['default_station', 0, 255],
      ['timeout_100ms', 1, 600],
      ['turnaround_delay_ms', 0, 10000],
      ['send_ack_delay_ms', 0, 10000],
      ['parameter_1', -(2 ** 31), 2 ** 31 - 1],
      ['parameter_2', -(2 ** 31), 2 ** 31 - 1],
    ];
    for (const [field, min, max] of cases) {
      expect(DEVICE_RANGES[field]).toEqual({ min, max });
      expect(deviceProblems({ ...ETHERNET, [field]: min }, alone('ethernet'))).toEqual({});
      expect(deviceProblems({ ...ETHERNET, [field]: max }, alone('ethernet'))).toEqual({});
      for (const bad of [min - 1, max + 1, 1.5, NaN]) expect(deviceProblems({ ...ETHERNET, [field]: bad }, alone('ethernet'))).toEqual({ [field]: 'range' });
    }
  });

  it('keeps a device on the kind of interface its protocol speaks', () => {
    expect(deviceProblems({ ...SERIAL, interface: 'com1_rs232' }, alone('serial'))).toEqual({});
    expect(deviceProblems({ ...SERIAL, interface: 'ethernet', ip: '10.0.0.1', port: 502 }, alone('serial'))).toEqual({ interface: 'interface_kind' });
    expect(deviceProblems({ ...SERIAL }, alone('ethernet'))).toEqual({ interface: 'interface_kind' });
    expect(deviceProblems({ ...SERIAL, interface: 'com9' as never }, alone('serial'))).toEqual({ interface: 'unsupported' });
  });

  describe('the shared COM port', () => {
    const plc3: PortUser = { name: 'PLC3', interface: 'com2_rs485_2w', baud_rate: 9600, data_bits: 7, parity: 'none', stop_bits: 2 };
    const ethernetPeer: PortUser = { name: 'PLC1', interface: 'ethernet' };
    const onCom1: PortUser = { name: 'PLC4', interface: 'com1_rs232', baud_rate: 115200, data_bits: 7, parity: 'odd', stop_bits: 2 };
    const context = { kind: 'serial' as const, others: [ethernetPeer, plc3, onCom1] };

    it('names every line setting that differs from a device on the same port, and only those', () => {
      expect(deviceProblems(SERIAL, context)).toEqual({ baud_rate: 'port_shared', data_bits: 'port_shared', parity: 'port_shared', stop_bits: 'port_shared' });
      expect(deviceProblems({ ...SERIAL, baud_rate: 9600, data_bits: 7 }, context)).toEqual({ parity: 'port_shared', stop_bits: 'port_shared' });
      expect(deviceProblems({ ...SERIAL, baud_rate: 9600, data_bits: 7, parity: 'none', stop_bits: 2 }, context)).toEqual({});
      expect(portConflict('com2_rs485_2w', 'baud_rate', 19200, context.others)).toBe(plc3);
      expect(portConflict('com2_rs485_2w', 'baud_rate', 9600, context.others)).toBeUndefined();
    });

    it('runs COM2 in one mode: 2W and 4W cannot share it', () => {
      expect(deviceProblems({ ...SERIAL, interface: 'com2_rs485_4w', baud_rate: 9600, data_bits: 7, parity: 'none', stop_bits: 2 }, context)).toEqual({ interface: 'port_mode' });
    });

    it('leaves a device alone on its own port, whatever the other ports run', () => {
      expect(deviceProblems({ ...SERIAL, interface: 'com3_rs485_2w' }, context)).toEqual({});
    });

    it('checks a whole list: each device that differs from an earlier one on its port', () => {
      const plc2: PortUser = { name: 'PLC2', interface: 'com2_rs485_2w', baud_rate: 19200, data_bits: 8, parity: 'even', stop_bits: 1 };
      expect(comPortProblems([ethernetPeer, plc2, onCom1])).toEqual(new Map());
      expect(comPortProblems([plc2, { ...plc3, baud_rate: 19200, data_bits: 8, parity: 'even', stop_bits: 1 }])).toEqual(new Map());
      expect(comPortProblems([plc2, plc3, onCom1])).toEqual(
        new Map([['PLC3', { baud_rate: 'port_shared', data_bits: 'port_shared', parity: 'port_shared', stop_bits: 'port_shared' }]]),
      );
      expect(comPortProblems([plc2, { ...plc2, name: 'PLC5', interface: 'com2_rs485_4w' }])).toEqual(new Map([['PLC5', { interface: 'port_mode' }]]));
    });
  });
});

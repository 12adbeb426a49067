/**
 * The communication-device rules of specification §3 ("Communication device") and §9 (timeout in
 * units of 100 ms): one function gives each field's problem for a device, with the devices it
 * shares a COM port with; the console runs it as the administrator types, the device on every
 * write (a refusal is 400 `validation_failure` naming the field and the problem). Zod-free, so the
 * console loads no zod: the constants below are the project format's own (contract/project-format.ts
 * holds the same lists for its schemas; a unit test keeps the two equal).
 */
import { ipv4Problem } from './network';

/** Where a device is wired: the Ethernet port, or one of the three COM ports in a mode it offers. */
export const COMM_INTERFACES = ['ethernet', 'com1_rs232', 'com2_rs485_2w', 'com2_rs485_4w', 'com3_rs485_2w'] as const;
export type CommInterface = (typeof COMM_INTERFACES)[number];

/** The panel's COM ports and the modes each offers (§3): COM1 RS-232, COM2 RS-485 2W or 4W, COM3 RS-485 2W. */
export const COM_PORTS = ['com1', 'com2', 'com3'] as const;
export type ComPort = (typeof COM_PORTS)[number];
export const COM_PORT_INTERFACES: Readonly<Record<ComPort, readonly CommInterface[]>> = {
  com1: ['com1_rs232'],
  com2: ['com2_rs485_2w', 'com2_rs485_4w'],
  com3: ['com3_rs485_2w'],
};

/** Serial line settings (§3): baud rates 1200 to 187.5K, data bits 7 or 8, five parities, stop bits 1 or 2. */
export const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200, 187500] as const;
export const DATA_BITS = [7, 8] as const;
export const PARITIES = ['none', 'even', 'odd', 'mark', 'space'] as const;
export type Parity = (typeof PARITIES)[number];
export const STOP_BITS = [1, 2] as const;

/** §9: the timeout is counted in units of 100 ms. */
export const TIMEOUT_UNIT_MS = 100;

/** The ranges of the numeric fields (the project format's bounds; parameters are 32-bit signed). */
export const DEVICE_RANGES = {
  default_station: { min: 0, max: 255 },
  port: { min: 1, max: 65535 },
  timeout_100ms: { min: 1, max: 600 },
  turnaround_delay_ms: { min: 0, max: 10000 },
  send_ack_delay_ms: { min: 0, max: 10000 },
  parameter_1: { min: -2147483648, max: 2147483647 },
  parameter_2: { min: -2147483648, max: 2147483647 },
} as const;
export type RangedField = keyof typeof DEVICE_RANGES;

/** The device the project runs on the panel itself: shown, never edited. */
export const LOCAL_HMI_TYPE = 'Local HMI';
export const INTERNAL_PROTOCOL = 'Internal';

export function isLocalHmi(device: { device_type: string; protocol: string }): boolean {
  return device.device_type === LOCAL_HMI_TYPE || device.protocol === INTERNAL_PROTOCOL;
}

export type InterfaceKind = 'ethernet' | 'serial';

export function interfaceKind(iface: CommInterface): InterfaceKind {
  return iface === 'ethernet' ? 'ethernet' : 'serial';
}

/** The COM port an interface uses (null for Ethernet). */
export function comPortOf(iface: CommInterface): ComPort | null {
  return COM_PORTS.find((p) => COM_PORT_INTERFACES[p].includes(iface)) ?? null;
}

/** The interfaces a device may move to: a device keeps the kind its protocol speaks (a Modbus
 * TCP/IP device stays on Ethernet, a serial one moves between the COM ports). */
export function interfacesOfKind(kind: InterfaceKind): readonly CommInterface[] {
  return COMM_INTERFACES.filter((i) => interfaceKind(i) === kind);
}

export const SERIAL_FIELDS = ['baud_rate', 'data_bits', 'parity', 'stop_bits'] as const;
export type SerialField = (typeof SERIAL_FIELDS)[number];
export const ETHERNET_FIELDS = ['ip', 'port'] as const;

/** What the administrator sets of a device: everything but its name, type, protocol and address
 * table. A field that does not apply to the interface is null (IP and port for Ethernet; baud
 * rate, data bits, parity and stop bits for a COM port). */
export interface DeviceSettings {
  interface: CommInterface;
  default_station: number;
  ip: string | null;
  port: number | null;
  baud_rate: number | null;
  data_bits: number | null;
  parity: Parity | null;
  stop_bits: number | null;
  timeout_100ms: number;
  turnaround_delay_ms: number;
  parameter_1: number;
  parameter_2: number;
  send_ack_delay_ms: number;
}
export type DeviceField = keyof DeviceSettings;

export const DEVICE_FIELDS = [
  'interface',
  'default_station',
  'ip',
  'port',
  'baud_rate',
  'data_bits',
  'parity',
  'stop_bits',
  'timeout_100ms',
  'turnaround_delay_ms',
  'parameter_1',
  'parameter_2',
  'send_ack_delay_ms',
] as const satisfies readonly DeviceField[];

export type DeviceProblem =
  /** A field the interface needs is empty. */
  | 'required'
  /** Not four decimal octets. */
  | 'ipv4_format'
  /** An address no device answers at: 0.x.x.x, loopback 127.x.x.x, multicast or broadcast (224 and up). */
  | 'ip_unusable'
  /** Not a whole number within DEVICE_RANGES of the field. */
  | 'range'
  /** Not one of the values the field offers (BAUD_RATES, DATA_BITS, PARITIES, STOP_BITS). */
  | 'unsupported'
  /** An interface of another kind than the device's protocol speaks. */
  | 'interface_kind'
  /** COM2 in 2W and 4W at once: another device on the port uses the other mode. */
  | 'port_mode'
  /** Another device on the same COM port uses another value: devices on one port share its line settings. */
  | 'port_shared';

export type DeviceProblems = Partial<Record<DeviceField, DeviceProblem>>;

/** What the shared-port rule reads of the other devices of the list. */
export interface PortUser {
  name: string;
  interface: CommInterface;
  baud_rate?: number | null;
  data_bits?: number | null;
  parity?: Parity | null;
  stop_bits?: number | null;
}

export interface DeviceContext {
  /** The kind of interface the device's protocol speaks (that of its interface as stored). */
  kind: InterfaceKind;
  /** Every other device of the project, as it is stored. */
  others: readonly PortUser[];
}

/** The settings as stored: the address trimmed, the fields the interface does not use null. */
export function normalizeDevice(s: DeviceSettings): DeviceSettings {
  const ethernet = s.interface === 'ethernet';
  return {
    ...s,
    ip: ethernet ? (s.ip ?? '').trim() : null,
    port: ethernet ? s.port : null,
    baud_rate: ethernet ? null : s.baud_rate,
    data_bits: ethernet ? null : s.data_bits,
    parity: ethernet ? null : s.parity,
    stop_bits: ethernet ? null : s.stop_bits,
  };
}

export function inDeviceRange(field: RangedField, n: number | null): boolean {
  const range = DEVICE_RANGES[field];
  return n !== null && Number.isInteger(n) && n >= range.min && n <= range.max;
}

/** An IPv4 address a device can be reached at, or its problem. */
export function deviceIpProblem(ip: string | null): 'required' | 'ipv4_format' | 'ip_unusable' | null {
  const text = (ip ?? '').trim();
  const p = ipv4Problem(text);
  if (p) return p;
  const first = Number(text.split('.')[0]);
  return first === 0 || first === 127 || first >= 224 ? 'ip_unusable' : null;
}

/** The other devices on the COM port `iface` uses (none for Ethernet). */
export function portPeers(iface: CommInterface, others: readonly PortUser[]): PortUser[] {
  const port = comPortOf(iface);
  return port === null ? [] : others.filter((o) => comPortOf(o.interface) === port);
}

/** The first device on the same COM port whose value of `field` differs from `value`: what a
 * `port_shared` message names. */
export function portConflict(iface: CommInterface, field: SerialField, value: number | string | null, others: readonly PortUser[]): PortUser | undefined {
  return portPeers(iface, others).find((o) => o[field] != null && o[field] !== value);
}

const OFFERED: Record<SerialField, readonly (number | string)[]> = {
  baud_rate: BAUD_RATES,
  data_bits: DATA_BITS,
  parity: PARITIES,
  stop_bits: STOP_BITS,
};

/**
 * Each field's problem for one device (a field without one is absent), the settings judged as
 * `normalizeDevice` leaves them. Ethernet needs a usable IPv4 address and a port; a COM interface
 * needs baud rate, data bits, parity and stop bits from the offered values, the same as every other
 * device on that COM port, and COM2's mode (2W or 4W) the same as theirs. The interface keeps the
 * kind the protocol speaks; the numbers are whole and within DEVICE_RANGES.
 */
export function deviceProblems(settings: DeviceSettings, context: DeviceContext): DeviceProblems {
  const s = normalizeDevice(settings);
  const p: DeviceProblems = {};
  if (!(COMM_INTERFACES as readonly string[]).includes(s.interface)) p.interface = 'unsupported';
  else if (interfaceKind(s.interface) !== context.kind) p.interface = 'interface_kind';
  else if (portPeers(s.interface, context.others).some((o) => o.interface !== s.interface)) p.interface = 'port_mode';

  for (const field of ['default_station', 'timeout_100ms', 'turnaround_delay_ms', 'send_ack_delay_ms', 'parameter_1', 'parameter_2'] as const) {
    if (!inDeviceRange(field, s[field])) p[field] = 'range';
  }

  if (s.interface === 'ethernet') {
    const ip = deviceIpProblem(s.ip);
    if (ip) p.ip = ip;
    if (s.port === null) p.port = 'required';
    else if (!inDeviceRange('port', s.port)) p.port = 'range';
  } else if (!p.interface || p.interface === 'port_mode') {
    for (const field of SERIAL_FIELDS) {
      const value = s[field];
      if (value === null) p[field] = 'required';
      else if (!OFFERED[field].includes(value)) p[field] = 'unsupported';
      else if (portConflict(s.interface, field, value, context.others)) p[field] = 'port_shared';
    }
  }
  return p;
}

/** A device as the project stores it, as far as the list rule reads it. */
export interface ListedDevice extends PortUser {
  device_type: string;
  protocol: string;
}

/**
 * The shared-port rule across a whole list: for each device on a COM port, the line settings (and
 * COM2's mode) in which it differs from an earlier device on the same port. A list without an entry
 * is one every port can run.
 */
export function comPortProblems(devices: readonly PortUser[]): Map<string, DeviceProblems> {
  const out = new Map<string, DeviceProblems>();
  devices.forEach((d, i) => {
    const earlier = devices.slice(0, i);
    const peers = portPeers(d.interface, earlier);
    if (peers.length === 0) return;
    const p: DeviceProblems = {};
    if (peers.some((o) => o.interface !== d.interface)) p.interface = 'port_mode';
    for (const field of SERIAL_FIELDS) {
      if (d[field] != null && portConflict(d.interface, field, d[field] ?? null, earlier)) p[field] = 'port_shared';
    }
    if (Object.keys(p).length > 0) out.set(d.name, p);
  });
  return out;
}

/** The timeout in milliseconds (§9: units of 100 ms). */
export function timeoutMs(timeout100ms: number): number {
  return timeout100ms * TIMEOUT_UNIT_MS;
}

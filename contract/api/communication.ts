import { z } from 'zod';
import { defineCall } from './define';
import { COMMUNICATION_ROUTES } from './communication.routes';
import { COMM_INTERFACES, COM_PORTS, DEVICE_RANGES, PARITIES, TIMEOUT_UNIT_MS } from '../rules/communication';

// Numbers travel as JSON numbers of any whole value: the shared rule (contract/rules/communication.ts)
// judges ranges, offered values and the shared COM port inside the handler, so a refusal names the
// field and the rule's problem code. The answer's bounds are the project format's.
const whole = z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const ranged = (field: keyof typeof DEVICE_RANGES) => z.number().int().min(DEVICE_RANGES[field].min).max(DEVICE_RANGES[field].max);

/** A device's name as its tags name it (a path segment). */
const deviceName = z.string().min(1).max(64);

export const addressTypeSchema = z
  .object({ name: z.string(), kind: z.enum(['bit', 'word']), min: z.number().int(), max: z.number().int() })
  .meta({ id: 'CommunicationAddressType' });

/** One communication device of the running project with every field of specification §3. A
 * field its interface does not use is null: IP address and port belong to Ethernet, baud rate,
 * data bits, parity and stop bits to the COM ports. */
export const communicationDeviceSchema = z
  .object({
    name: deviceName,
    device_type: z.string(),
    interface: z.enum(COMM_INTERFACES),
    protocol: z.string(),
    default_station: ranged('default_station'),
    ip: z.string().nullable(),
    port: ranged('port').nullable(),
    baud_rate: z.number().int().nullable(),
    data_bits: z.number().int().nullable(),
    parity: z.enum(PARITIES).nullable(),
    stop_bits: z.number().int().nullable(),
    /** Units of 100 ms (specification §9). */
    timeout_100ms: ranged('timeout_100ms'),
    turnaround_delay_ms: ranged('turnaround_delay_ms'),
    parameter_1: z.number().int(),
    parameter_2: z.number().int(),
    send_ack_delay_ms: ranged('send_ack_delay_ms'),
    /** The address types the device's driver offers (read-only: tags refer to them). */
    address_types: z.array(addressTypeSchema),
    /** False for the panel's own device (Local HMI): shown, never edited. */
    editable: z.boolean(),
  })
  .meta({ id: 'CommunicationDevice' });

export const comPortSchema = z
  .object({
    port: z.enum(COM_PORTS),
    /** The interfaces (modes) the port offers. */
    interfaces: z.array(z.enum(COMM_INTERFACES)),
    /** The devices wired to it, in the project's order. */
    devices: z.array(deviceName),
  })
  .meta({ id: 'ComPort' });

export const communicationDevicesSchema = z
  .object({
    /** The running project's name. */
    project: z.string(),
    devices: z.array(communicationDeviceSchema),
    com_ports: z.array(comPortSchema),
  })
  .meta({ id: 'CommunicationDevices' });

/** What the administrator sets of one device: every field but its name, type, protocol and
 * address table. The fields its interface does not use may be null (they are stored as null). */
export const communicationDeviceSettingsSchema = z
  .object({
    interface: z.enum(COMM_INTERFACES),
    default_station: whole,
    ip: z.string().max(64).nullable(),
    port: whole.nullable(),
    baud_rate: whole.nullable(),
    data_bits: whole.nullable(),
    parity: z.enum(PARITIES).nullable(),
    stop_bits: whole.nullable(),
    timeout_100ms: whole,
    turnaround_delay_ms: whole,
    parameter_1: whole,
    parameter_2: whole,
    send_ack_delay_ms: whole,
  })
  .meta({ id: 'CommunicationDeviceSettings' });

const admin = { kind: 'menu', menu: 'communication', accounts: ['admin'] } as const;

export const devices = defineCall({
  ...COMMUNICATION_ROUTES.devices,
  tag: 'communication',
  summary:
    `The running project's communication devices with every field (timeout in units of ${TIMEOUT_UNIT_MS} ms), and the COM ports with the modes each offers; ` +
    '503 runtime_unavailable while the project runtime does not run',
  access: admin,
  response: communicationDevicesSchema,
});

export const setDevice = defineCall({
  ...COMMUNICATION_ROUTES.setDevice,
  tag: 'communication',
  summary:
    "Sets one device's interface, station, address or line settings and timings; devices on one COM port must share baud rate, data bits, parity and stop bits. " +
    'Kept for the running project (a new project brings its own devices). The Local HMI is not editable. Answers the whole list',
  access: admin,
  params: z.object({ name: deviceName }),
  body: communicationDeviceSettingsSchema,
  response: communicationDevicesSchema,
  audit: { action: 'set_communication_device', target: 'communication.devices' },
});

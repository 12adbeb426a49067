import * as communication from '../../contract/api/communication';
import type { ResponseOf } from '../../contract/api/define';
import type { Project } from '../../contract/project-format';
import { communicationDeviceSchema as projectDeviceSchema } from '../../contract/project-format';
import {
  COM_PORT_INTERFACES,
  COM_PORTS,
  comPortOf,
  deviceProblems,
  interfaceKind,
  isLocalHmi,
  normalizeDevice,
  type DeviceSettings,
} from '../../contract/rules/communication';
import { ApiError } from '../lib/api-error';
import { registerCall } from '../http/register-call';
import { defineServerArea } from '../http/area';
import type { Device } from '../device';

type ProjectDevice = Project['devices'][number];
type DevicesAnswer = ResponseOf<typeof communication.devices>;

/** The settings of a stored device, every field named (null where its interface has none). */
function settingsOf(d: ProjectDevice): DeviceSettings {
  return {
    interface: d.interface,
    default_station: d.default_station,
    ip: d.ip ?? null,
    port: d.port ?? null,
    baud_rate: d.baud_rate ?? null,
    data_bits: d.data_bits ?? null,
    parity: d.parity ?? null,
    stop_bits: d.stop_bits ?? null,
    timeout_100ms: d.timeout_100ms,
    turnaround_delay_ms: d.turnaround_delay_ms,
    parameter_1: d.parameter_1,
    parameter_2: d.parameter_2,
    send_ack_delay_ms: d.send_ack_delay_ms,
  };
}

function answerOf(project: Project): DevicesAnswer {
  return {
    project: project.name,
    devices: project.devices.map((d) => ({
      name: d.name,
      device_type: d.device_type,
      protocol: d.protocol,
      ...settingsOf(d),
      address_types: d.address_types,
      editable: !isLocalHmi(d),
    })),
    com_ports: COM_PORTS.map((port) => ({
      port,
      interfaces: [...COM_PORT_INTERFACES[port]],
      devices: project.devices.filter((d) => comPortOf(d.interface) === port).map((d) => d.name),
    })),
  };
}

/** The devices can be read and set only while the runtime runs the project (specification §8:
 * "device list loading failed because the runtime may be missing"). */
function assertRuntimeRunning(device: Device): void {
  if (device.project.runtime.state !== 'running') {
    throw new ApiError(503, 'runtime_unavailable', 'The project runtime does not run: its communication devices cannot be read');
  }
}

export const communicationArea = defineServerArea({
  name: 'communication',
  register(app, device) {
    registerCall(app, device, communication.devices, () => {
      assertRuntimeRunning(device);
      return answerOf(device.project.project);
    });

    registerCall(app, device, communication.setDevice, ({ params, body, audit }) => {
      // A refusal's row names the device and records what was asked.
      audit({ target: `communication.devices.${params.name}`, after: body });
      assertRuntimeRunning(device);
      const list = device.project.project.devices;
      const stored = list.find((d) => d.name === params.name);
      if (!stored) throw ApiError.notFound('No such communication device in the running project');
      if (isLocalHmi(stored)) throw ApiError.rule('name', 'read_only');

      const others = list.filter((d) => d !== stored);
      const problems = deviceProblems(body, { kind: interfaceKind(stored.interface), others });
      const first = Object.entries(problems).find(([, p]) => p !== undefined);
      if (first) throw ApiError.rule(first[0], first[1]);

      const s = normalizeDevice(body);
      const edited = projectDeviceSchema.parse({
        name: stored.name,
        device_type: stored.device_type,
        protocol: stored.protocol,
        address_types: stored.address_types,
        interface: s.interface,
        default_station: s.default_station,
        ...(s.ip === null ? {} : { ip: s.ip }),
        ...(s.port === null ? {} : { port: s.port }),
        ...(s.baud_rate === null ? {} : { baud_rate: s.baud_rate }),
        ...(s.data_bits === null ? {} : { data_bits: s.data_bits }),
        ...(s.parity === null ? {} : { parity: s.parity }),
        ...(s.stop_bits === null ? {} : { stop_bits: s.stop_bits }),
        timeout_100ms: s.timeout_100ms,
        turnaround_delay_ms: s.turnaround_delay_ms,
        parameter_1: s.parameter_1,
        parameter_2: s.parameter_2,
        send_ack_delay_ms: s.send_ack_delay_ms,
      });
      const project = device.project.saveEdit({
        part: 'devices',
        value: list.map((d) => (d === stored ? edited : d)),
      });
      audit({ target: `communication.devices.${stored.name}`, before: settingsOf(stored), after: settingsOf(edited), values: communication.setDevice.body });
      return answerOf(project);
    });
  },
});

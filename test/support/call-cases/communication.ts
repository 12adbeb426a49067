import { DEVICE_FIELDS, type DeviceSettings } from '../../../contract/rules/communication';
import { makeProject } from '../../../server/tools/make-project';
import type { AreaCases } from './types';

/** A device of the sample project (the one a test device runs) as the PUT sets it: every field of
 * DEVICE_FIELDS, null where its interface has none. */
export function sampleDeviceSettings(name: string): DeviceSettings {
  const device = makeProject({ name: 'sample' }).devices.find((d) => d.name === name);
  if (!device) throw new Error(`no device ${name} in the sample project`);
  return Object.fromEntries(DEVICE_FIELDS.map((f) => [f, device[f] ?? null])) as unknown as DeviceSettings;
}

/** PLC1 of the sample project (Modbus TCP/IP on Ethernet) at another address. */
export const PLC1_SETTINGS: DeviceSettings = { ...sampleDeviceSettings('PLC1'), ip: '192.168.1.11' };

export const communicationCases: AreaCases = {
  'communication.devices': { account: 'admin' },
  'communication.setDevice': {
    account: 'admin',
    url: '/api/v1/communication/devices/PLC1',
    body: PLC1_SETTINGS,
    invalid: { url: '/api/v1/communication/devices/PLC1', body: { ...PLC1_SETTINGS, ip: '192.168.1.300' }, field: 'ip' },
  },
};

import { firmwareParts, plcFirmware, validActivationCode, validSerialNumber } from '../plc-firmware';
import type { TestDevice } from '../device';
import { plcLan1 } from '../settings';
import type { AreaCases } from './types';

/** Puts the PLC runtime's activation where a case needs it, whatever the cases before did. */
function activated(t: TestDevice, on: boolean): void {
  const stored = t.device.settings.get('plc_runtime');
  t.device.settings.set('plc_runtime', {
    ...stored,
    activation: on ? { method: 'serial_number', activated_at: '2026-11-24T08:00:00.000Z', licence: validSerialNumber().replace(/-/g, '') } : null,
  });
}

export const plcRuntimeCases: AreaCases = {
  'plcRuntime.status': { account: 'admin' },
  'plcRuntime.activate': {
    account: 'admin',
    prepare: async (t) => {
      activated(t, false);
      return { body: { method: 'code', value: validActivationCode(t) } };
    },
    body: { method: 'serial_number', value: validSerialNumber() },
    // A serial number with a wrong check character: the shared rule refuses it.
    invalid: { body: { method: 'serial_number', value: 'ABCD-EFGH-JKMN-PQRS' }, field: 'value' },
  },
  'plcRuntime.reset': {
    account: 'admin',
    prepare: async (t) => {
      activated(t, true);
      return {};
    },
  },
  'plcRuntime.setLan1': {
    account: 'admin',
    body: plcLan1({ ip: '192.168.1.20', gateway: '192.168.1.1' }),
    invalid: { body: plcLan1({ ip: '192.168.1.20', gateway: '10.0.0.1' }), field: 'gateway' },
  },
  'plcRuntime.update': {
    account: 'admin',
    multipart: firmwareParts(plcFirmware({ version: '3.5.20.0' })),
    invalid: { multipart: [{ name: 'image', filename: 'plc-runtime.bin', content: plcFirmware({ version: '3.5.20.0' }) }], field: 'image' },
  },
};

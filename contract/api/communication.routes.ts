import { defineContractArea } from '../area';
import type * as calls from './communication';
import { API_BASE, type Route } from './route';

/** Method and path of the Communication calls (the running project's communication devices),
 * zod-free so the console can import it; their schemas are in ./communication.ts. */
export const COMMUNICATION_ROUTES = {
  devices: { id: 'communication.devices', method: 'GET', path: `${API_BASE}/communication/devices` },
  setDevice: { id: 'communication.setDevice', method: 'PUT', path: `${API_BASE}/communication/devices/:name` },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const communicationContract = defineContractArea<typeof calls>()({
  name: 'communication',
  auditActions: ['set_communication_device'],
  auditTargets: ['communication.devices'],
  auditTargetForms: [
    /** One communication device, by its name. */
    { key: 'communication_device', prefix: 'communication.devices.', pattern: /^communication\.devices\.(.+)$/, param: 'name', list: false },
  ],
  errorCodes: [
    /** The project runtime does not run, so its devices cannot be read ('device list loading failed'). */
    'runtime_unavailable',
  ],
});

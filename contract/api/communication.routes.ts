import { API_BASE, type Route } from './route';

/** Method and path of the Communication calls (the running project's communication devices),
 * zod-free so the console can import it; their schemas are in ./communication.ts. */
export const COMMUNICATION_ROUTES = {
  devices: { id: 'communication.devices', method: 'GET', path: `${API_BASE}/communication/devices` },
  setDevice: { id: 'communication.setDevice', method: 'PUT', path: `${API_BASE}/communication/devices/:name` },
} as const satisfies Record<string, Route>;

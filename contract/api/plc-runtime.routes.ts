import type { AccountName } from '../roles';
import { API_BASE, type Route } from './route';

/** Method and path of the PLC runtime calls, zod-free so the console can import it; their schemas
 * are in ./plc-runtime.ts. */
export const PLC_RUNTIME_ROUTES = {
  status: { id: 'plcRuntime.status', method: 'GET', path: `${API_BASE}/plc-runtime` },
  activate: { id: 'plcRuntime.activate', method: 'POST', path: `${API_BASE}/plc-runtime/activate` },
  reset: { id: 'plcRuntime.reset', method: 'POST', path: `${API_BASE}/plc-runtime/reset` },
  setLan1: { id: 'plcRuntime.setLan1', method: 'PUT', path: `${API_BASE}/plc-runtime/lan1` },
  update: { id: 'plcRuntime.update', method: 'POST', path: `${API_BASE}/plc-runtime/update`, bodyFormat: 'multipart' },
} as const satisfies Record<string, Route>;

/** The accounts that may change the PLC runtime (activate, reset, LAN1, firmware). The menu can be
 * granted to Update or History as an extra role: they then see the runtime's state, not change it. */
export const PLC_RUNTIME_CHANGING_ACCOUNTS = ['admin'] as const satisfies readonly AccountName[];

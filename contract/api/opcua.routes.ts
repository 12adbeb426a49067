import { API_BASE, type Route } from './route';

/** Method and path of the opcua calls, zod-free so the console can import it; their schemas are in ./opcua.ts. */
export const OPCUA_ROUTES = {
  opcuaNodeTree: { id: 'opcua.nodeTree', method: 'GET', path: `${API_BASE}/opcua/node-tree` },
  opcuaDriverTable: { id: 'opcua.driverTable', method: 'GET', path: `${API_BASE}/opcua/driver-table` },
} as const satisfies Record<string, Route>;

import { API_BASE, type Route } from './route';

/** Method and path of the OPC UA server's calls, zod-free so the console can import it; their
 * schemas are in ./opcua.ts. */
export const OPCUA_ROUTES = {
  opcuaNodeTree: { id: 'opcua.nodeTree', method: 'GET', path: `${API_BASE}/opcua/node-tree` },
  setNodeTree: { id: 'opcua.setNodeTree', method: 'PUT', path: `${API_BASE}/opcua/node-tree` },
  opcuaDriverTable: { id: 'opcua.driverTable', method: 'GET', path: `${API_BASE}/opcua/driver-table` },
  status: { id: 'opcua.status', method: 'GET', path: `${API_BASE}/opcua/status` },
  getSettings: { id: 'opcua.getSettings', method: 'GET', path: `${API_BASE}/opcua/settings` },
  setSettings: { id: 'opcua.setSettings', method: 'PUT', path: `${API_BASE}/opcua/settings` },
  trace: { id: 'opcua.trace', method: 'GET', path: `${API_BASE}/opcua/trace` },
  downloadTrace: { id: 'opcua.downloadTrace', method: 'GET', path: `${API_BASE}/opcua/trace/download`, answerFormat: 'file' },
  certificates: { id: 'opcua.certificates', method: 'GET', path: `${API_BASE}/opcua/certificates` },
  trustRejected: { id: 'opcua.trustRejected', method: 'POST', path: `${API_BASE}/opcua/certificates/rejected/:id/trust` },
  regenerateOwn: { id: 'opcua.regenerateOwn', method: 'POST', path: `${API_BASE}/opcua/certificates/own/regenerate` },
  uploadOwn: { id: 'opcua.uploadOwn', method: 'POST', path: `${API_BASE}/opcua/certificates/own` },
  uploadCertificate: { id: 'opcua.uploadCertificate', method: 'POST', path: `${API_BASE}/opcua/certificates/:list` },
  removeCertificate: { id: 'opcua.removeCertificate', method: 'DELETE', path: `${API_BASE}/opcua/certificates/:list/:id` },
  downloadCertificate: { id: 'opcua.downloadCertificate', method: 'GET', path: `${API_BASE}/opcua/certificates/:list/:id/file`, answerFormat: 'file' },
} as const satisfies Record<string, Route>;

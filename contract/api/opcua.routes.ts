import { defineContractArea } from '../area';
import type * as calls from './opcua';
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

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const opcuaContract = defineContractArea<typeof calls>()({
  name: 'opcua',
  auditActions: ['set_opcua_settings', 'set_opcua_node_tree', 'trust_opcua_certificate', 'regenerate_opcua_certificate', 'upload_opcua_certificate', 'remove_opcua_certificate'],
  deviceAuditActions: [
    /** The OPC UA server refused a client whose certificate it does not trust: the certificate is
     * kept among the rejected ones (written once per certificate). */
    'opcua_client_rejected',
  ],
  auditTargets: ['opcua.settings', 'opcua.node_tree', 'opcua.certificates', 'opcua.certificates.own', 'opcua.certificates.trusted_clients', 'opcua.certificates.trusted_users', 'opcua.certificates.client_issuers', 'opcua.certificates.user_issuers', 'opcua.certificates.revocation_lists', 'opcua.certificates.rejected'],
  errorCodes: [
    /** A port one of the device's own services already holds. */
    'port_in_use',
    /** A file that is not a certificate (or a revocation list) the device can read. */
    'invalid_certificate',
  ],
});

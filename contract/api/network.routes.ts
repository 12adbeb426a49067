import { defineContractArea } from '../area';
import type * as calls from './network';
import { API_BASE, type Route } from './route';

/** Method and path of the network calls, zod-free so the console can import it; their schemas are in ./network.ts. */
export const NETWORK_ROUTES = {
  getEthernet: { id: 'network.getEthernet', method: 'GET', path: `${API_BASE}/network/ethernet` },
  setEthernet: { id: 'network.setEthernet', method: 'PUT', path: `${API_BASE}/network/ethernet` },
  pendingChange: { id: 'network.pendingChange', method: 'GET', path: `${API_BASE}/network/pending` },
  confirmChange: { id: 'network.confirmChange', method: 'POST', path: `${API_BASE}/network/pending/:id/confirm` },
  revertChange: { id: 'network.revertChange', method: 'POST', path: `${API_BASE}/network/pending/:id/revert` },
  getWifi: { id: 'network.getWifi', method: 'GET', path: `${API_BASE}/network/wifi` },
  setWifiEnabled: { id: 'network.setWifiEnabled', method: 'PUT', path: `${API_BASE}/network/wifi/enabled` },
  scanWifi: { id: 'network.scanWifi', method: 'GET', path: `${API_BASE}/network/wifi/scan` },
  connectWifi: { id: 'network.connectWifi', method: 'POST', path: `${API_BASE}/network/wifi/connect` },
  disconnectWifi: { id: 'network.disconnectWifi', method: 'POST', path: `${API_BASE}/network/wifi/disconnect` },
  getHotspot: { id: 'network.getHotspot', method: 'GET', path: `${API_BASE}/network/hotspot` },
  setHotspot: { id: 'network.setHotspot', method: 'PUT', path: `${API_BASE}/network/hotspot` },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const networkContract = defineContractArea<typeof calls>()({
  name: 'network',
  auditActions: ['set_ethernet', 'confirm_network_change', 'revert_network_change', 'set_wifi_enabled', 'connect_wifi', 'disconnect_wifi', 'set_hotspot'],
  deviceAuditActions: [
    /** A network change made with the safety net was not confirmed in time: the previous settings are back. */
    'network_change_timed_out',
    /** The server started with a network change still unconfirmed: the previous settings are back. */
    'network_change_reverted_at_start',
  ],
  auditTargets: ['network.ethernet', 'network.wifi', 'network.hotspot', 'network.pending'],
  errorCodes: [
    /** A network change is waiting for its confirmation: confirm or revert it first. */
    'change_pending',
    /** No network change waits for a confirmation. */
    'no_pending_change',
    /** Wi-Fi is off: turn it on first. */
    'wifi_disabled',
  ],
});

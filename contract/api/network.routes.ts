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

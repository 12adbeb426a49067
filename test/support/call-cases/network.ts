import type { TestDevice } from '../device';
import { addressSettings, ethernetSettings, hotspotSettings, wifiConnect } from '../settings';
import type { AreaCases, CallRequest } from './types';

/** Applies the current hotspot settings with the safety net: a pending change to confirm or revert. */
async function pendingHotspotChange(t: TestDevice, token: string): Promise<Partial<CallRequest>> {
  const current = (await t.call('GET', '/api/v1/network/hotspot', token)).json() as { settings: unknown };
  const res = await t.call('PUT', '/api/v1/network/hotspot', token, { settings: current.settings, safe: true });
  const id = (res.json() as { pending: { id: string } }).pending.id;
  return { url: `/api/v1/network/pending/${id}/confirm`.replace('/confirm', '') };
}

async function wifiOn(t: TestDevice, token: string): Promise<Partial<CallRequest>> {
  await t.call('PUT', '/api/v1/network/wifi/enabled', token, { enabled: true });
  return {};
}

const staticLan = addressSettings({ mode: 'static', ip: '192.168.10.5', netmask: '255.255.255.0', gateway: '192.168.10.1', dns1: '192.168.10.1' });
const dhcpLan = addressSettings();
export const WIFI_CONNECT = wifiConnect({ ssid: 'Plant-Floor', security: 'wpa_psk', password: 'conveyor-line-7' });
const hotspot = hotspotSettings({ enabled: true, password: 'Hotspot-Pass-1' });

export const networkCases: AreaCases = {
  'network.getEthernet': { account: 'admin' },
  'network.setEthernet': {
    account: 'admin',
    body: { settings: ethernetSettings({ interfaces: [dhcpLan, staticLan] }), safe: false },
    invalid: {
      body: { settings: ethernetSettings({ interfaces: [dhcpLan, { ...staticLan, gateway: '10.0.0.1' }] }), safe: false },
      field: 'settings.interfaces.1.gateway',
    },
  },
  'network.pendingChange': { account: 'admin' },
  'network.confirmChange': {
    account: 'admin',
    prepare: async (t, token) => {
      const { url } = await pendingHotspotChange(t, token);
      return { url: `${url}/confirm` };
    },
    url: '/api/v1/network/pending/none/confirm',
    invalid: { url: `/api/v1/network/pending/${'x'.repeat(65)}/confirm`, field: 'id' },
  },
  'network.revertChange': {
    account: 'admin',
    prepare: async (t, token) => {
      const { url } = await pendingHotspotChange(t, token);
      return { url: `${url}/revert` };
    },
    url: '/api/v1/network/pending/none/revert',
    invalid: { url: `/api/v1/network/pending/${'x'.repeat(65)}/revert`, field: 'id' },
  },
  'network.getWifi': { account: 'admin' },
  'network.setWifiEnabled': { account: 'admin', body: { enabled: true }, invalid: { body: { enabled: 'on' }, field: 'enabled' } },
  'network.scanWifi': { account: 'admin', prepare: wifiOn },
  'network.connectWifi': {
    account: 'admin',
    prepare: wifiOn,
    body: { settings: WIFI_CONNECT, safe: false },
    invalid: { body: { settings: { ...WIFI_CONNECT, password: 'short' }, safe: false }, field: 'settings.password' },
  },
  'network.disconnectWifi': { account: 'admin', prepare: wifiOn },
  'network.getHotspot': { account: 'admin' },
  'network.setHotspot': {
    account: 'admin',
    body: { settings: hotspot, safe: false },
    invalid: { body: { settings: { ...hotspot, range_end: '192.168.50.50' }, safe: false }, field: 'settings.range_end' },
  },
};

import type { FastifyInstance } from 'fastify';
import * as calls from '../../contract/api/network';
import { DHCP_ADDRESS, ethernetProblems, hotspotProblems, normalizeEthernet, normalizeHotspot, normalizeWifiConnect, wifiConnectProblems } from '../../contract/rules/network';
import { ApiError } from '../lib/api-error';
import { registerCall } from '../http/register-call';
import { defineServerArea } from '../http/area';
import { DEFAULT_NETWORK_TIMING, NETWORK_SETTINGS, NetworkService, type NetworkTiming } from '../services/network';
import { keyProblem } from '../hardware/radio';
import type { Device } from '../device';

/** The first refused field of a rule's verdict, as a 400 naming the field and the problem. */
function refuse(problems: Record<string, string | undefined>, prefix: string): void {
  const first = Object.entries(problems).find(([, p]) => p !== undefined);
  if (first) throw ApiError.rule(`${prefix}${first[0]}`, first[1]!);
}

function register(app: FastifyInstance, device: Device): void {
  const { network } = device;

  const ethernet = () => ({ settings: network.ethernetSettings(), interfaces: network.interfaces(), pending: network.pending() });

  registerCall(app, device, calls.getEthernet, ethernet);

  registerCall(app, device, calls.setEthernet, ({ body, audit }) => {
    if (body.settings.interfaces.length !== network.interfaces().length) {
      throw ApiError.validation('settings.interfaces', `the panel has ${network.interfaces().length} interfaces`);
    }
    for (const [i, problems] of ethernetProblems(body.settings)) refuse(problems, `settings.interfaces.${i}.`);
    const before = network.ethernetSettings();
    const settings = normalizeEthernet(body.settings);
    network.setEthernet(settings, body.safe);
    audit({ before, after: { ...settings, safe: body.safe } });
    return ethernet();
  });

  registerCall(app, device, calls.pendingChange, () => ({ pending: network.pending() }));

  registerCall(app, device, calls.confirmChange, ({ params, audit }) => {
    const pending = network.pending();
    network.confirm(params.id);
    audit({ after: { id: params.id, section: pending?.section } });
    return { status: 'success' as const };
  });

  registerCall(app, device, calls.revertChange, ({ params, audit }) => {
    const pending = network.pending();
    network.revert(params.id);
    audit({ after: { id: params.id, section: pending?.section } });
    return { status: 'success' as const };
  });

  const wifi = () => {
    const w = network.wifi();
    const c = w.connection;
    return {
      enabled: w.enabled,
      state: network.wifiState(),
      mac: device.settings.get('device_identity').macs.WLAN ?? '',
      ssid: c?.ssid ?? null,
      security: c?.security ?? null,
      eap_method: c && c.security === 'wpa2_enterprise' ? c.eap_method : null,
      identity: c?.identity ?? '',
      ip: c?.ip ?? { ...DHCP_ADDRESS },
      address: network.wifiAddress(),
      pending: network.pending(),
    };
  };

  registerCall(app, device, calls.getWifi, wifi);

  registerCall(app, device, calls.setWifiEnabled, ({ body, audit }) => {
    const before = network.wifi().enabled;
    network.setWifiEnabled(body.enabled);
    audit({ before, after: body.enabled });
    return wifi();
  });

  registerCall(app, device, calls.scanWifi, () => network.scan());

  registerCall(app, device, calls.connectWifi, ({ body, audit }) => {
    const c = normalizeWifiConnect(body.settings);
    refuse(wifiConnectProblems(c), 'settings.');
    if (c.security === 'wpa2_enterprise' && c.eap_method === 'tls') {
      const problem = keyProblem(c.user_certificate, c.private_key, c.key_password);
      if (problem === 'key_mismatch') throw new ApiError(400, 'key_mismatch', 'The private key does not belong to the user certificate', { field: 'settings.private_key' });
      if (problem === 'key_password') throw new ApiError(400, 'key_password', 'The key password does not open the private key', { field: 'settings.key_password' });
    }
    const before = network.wifi().connection?.ssid ?? null;
    network.connect(c, body.safe);
    audit({ before: { ssid: before }, after: { ...c, safe: body.safe } });
    return wifi();
  });

  registerCall(app, device, calls.disconnectWifi, ({ audit }) => {
    const before = network.wifi().connection?.ssid ?? null;
    network.disconnect();
    audit({ before: { ssid: before }, after: { ssid: null } });
    return wifi();
  });

  const hotspot = () => ({ settings: network.hotspot(), pending: network.pending() });

  registerCall(app, device, calls.getHotspot, hotspot);

  registerCall(app, device, calls.setHotspot, ({ body, audit }) => {
    refuse(hotspotProblems(body.settings), 'settings.');
    const before = network.hotspot();
    const settings = normalizeHotspot(body.settings);
    network.setHotspot(settings, body.safe);
    audit({ before, after: { ...settings, safe: body.safe } });
    return hotspot();
  });
}

export const networkArea = defineServerArea({
  name: 'network',
  settings: NETWORK_SETTINGS,
  services: (device, options: { /** Safe-apply and radio timings; tests shorten them. */ networkTiming?: Partial<NetworkTiming> }) => ({
    network: new NetworkService({
      db: device.db,
      settings: device.settings,
      clock: device.clock,
      oplog: device.oplog,
      timing: { ...DEFAULT_NETWORK_TIMING, ...options.networkTiming },
    }),
  }),
  close: ({ network }) => network.close(),
  register,
});

import { z } from 'zod';
import { defineCall } from './define';
import { NETWORK_ROUTES } from './network.routes';
import { statusSuccessSchema } from './common';
import { secret } from './secret';
import {
  EAP_METHODS,
  IDENTITY_MAX_LENGTH,
  PEM_MAX_LENGTH,
  WIFI_SECURITIES,
  WIFI_STATES,
} from '../rules/network';

// Addresses travel as text: the shared rules (contract/rules/network.ts) judge them, on the
// server inside the handlers, so a refusal names the field and the rule's problem code.
const address = z.string().max(15);
const optionalAddress = z.string().max(15);

const addressMode = z.enum(['dhcp', 'static']);

/** How an interface (LAN or WLAN) gets its address (contract/rules/network.ts AddressSettings). */
export const addressSettingsSchema = z
  .object({
    mode: addressMode,
    ip: optionalAddress,
    netmask: optionalAddress,
    gateway: optionalAddress,
    dns1: optionalAddress,
    dns2: optionalAddress,
  })
  .meta({ id: 'AddressSettings' });

export const ethernetSettingsSchema = z
  .object({ bridge: z.boolean(), interfaces: z.array(addressSettingsSchema).min(1).max(8) })
  .meta({ id: 'EthernetSettings' });

/** What an interface has now: the static settings, or what DHCP gave it. */
export const interfaceStatusSchema = z
  .object({
    name: z.string(),
    mac: z.string(),
    link: z.boolean(),
    ip: z.string(),
    netmask: z.string(),
    gateway: z.string(),
    dns: z.array(z.string()),
  })
  .meta({ id: 'InterfaceStatus' });

export const networkSectionSchema = z.enum(['ethernet', 'wifi', 'hotspot']);

/** A change applied with the safety net, waiting for the console's confirmation. */
export const pendingChangeSchema = z
  .object({
    id: z.string(),
    section: networkSectionSchema,
    seconds_left: z.number().int().min(0),
    /** Interfaces whose address the change moves: a browser on the old one must open the new one. */
    moved: z.array(z.object({ name: z.string(), before: z.string(), after: z.string() })),
  })
  .meta({ id: 'PendingNetworkChange' });

export const ethernetSchema = z
  .object({ settings: ethernetSettingsSchema, interfaces: z.array(interfaceStatusSchema), pending: pendingChangeSchema.nullable() })
  .meta({ id: 'Ethernet' });

/** `safe: false` applies without the safety net (the expert's choice: nothing restores it). */
const applyBody = <S extends z.ZodType>(settings: S) => z.object({ settings, safe: z.boolean() });

export const getEthernet = defineCall({
  ...NETWORK_ROUTES.getEthernet,
  tag: 'network',
  summary: 'Ethernet settings, the addresses the interfaces have now, and any change awaiting confirmation',
  access: { kind: 'menu', menu: 'ethernet' },
  response: ethernetSchema,
});

export const setEthernet = defineCall({
  ...NETWORK_ROUTES.setEthernet,
  tag: 'network',
  summary: 'Applies Ethernet settings; with `safe`, they are restored unless confirmed within 90 s',
  access: { kind: 'menu', menu: 'ethernet' },
  body: applyBody(ethernetSettingsSchema),
  response: ethernetSchema,
  audit: { action: 'set_ethernet', target: 'network.ethernet', values: ethernetSettingsSchema },
});

export const pendingChange = defineCall({
  ...NETWORK_ROUTES.pendingChange,
  tag: 'network',
  summary: 'The network change awaiting confirmation, if any',
  access: { kind: 'accounts', accounts: ['admin'] },
  response: z.object({ pending: pendingChangeSchema.nullable() }),
});

const pendingParams = z.object({ id: z.string().min(1).max(64) });

export const confirmChange = defineCall({
  ...NETWORK_ROUTES.confirmChange,
  tag: 'network',
  summary: 'Keeps a network change applied with the safety net',
  access: { kind: 'accounts', accounts: ['admin'] },
  params: pendingParams,
  response: statusSuccessSchema,
  audit: { action: 'confirm_network_change', target: 'network.pending' },
});

export const revertChange = defineCall({
  ...NETWORK_ROUTES.revertChange,
  tag: 'network',
  summary: 'Restores the settings a pending network change replaced',
  access: { kind: 'accounts', accounts: ['admin'] },
  params: pendingParams,
  response: statusSuccessSchema,
  audit: { action: 'revert_network_change', target: 'network.pending' },
});

// ---------------------------------------------------------------- Wi-Fi

const wifiSecurity = z.enum(WIFI_SECURITIES);
const pem = z.string().max(PEM_MAX_LENGTH);

export const wifiConnectSchema = z
  .object({
    ssid: z.string().max(64),
    security: wifiSecurity,
    password: secret(z.string().max(128)),
    eap_method: z.enum(EAP_METHODS),
    identity: z.string().max(IDENTITY_MAX_LENGTH),
    ca_certificate: pem,
    user_certificate: pem,
    private_key: secret(pem),
    key_password: secret(z.string().max(128)),
    ip: addressSettingsSchema,
  })
  .meta({ id: 'WifiConnect' });

export const wifiNetworkSchema = z
  .object({ ssid: z.string(), signal: z.number().int().min(0).max(100), security: wifiSecurity, connected: z.boolean() })
  .meta({ id: 'WifiNetwork' });

export const wifiSchema = z
  .object({
    enabled: z.boolean(),
    state: z.enum(WIFI_STATES),
    mac: z.string(),
    /** The network it is connected to, connecting to, or last failed on. */
    ssid: z.string().nullable(),
    security: wifiSecurity.nullable(),
    eap_method: z.enum(EAP_METHODS).nullable(),
    identity: z.string(),
    ip: addressSettingsSchema,
    /** What the interface has now (empty when not connected). */
    address: z.object({ ip: z.string(), netmask: z.string(), gateway: z.string() }),
    pending: pendingChangeSchema.nullable(),
  })
  .meta({ id: 'Wifi' });

export const getWifi = defineCall({
  ...NETWORK_ROUTES.getWifi,
  tag: 'network',
  summary: 'Wi-Fi radio state: on or off, connection state (specification §4), network and address',
  access: { kind: 'menu', menu: 'wifi' },
  response: wifiSchema,
});

export const setWifiEnabled = defineCall({
  ...NETWORK_ROUTES.setWifiEnabled,
  tag: 'network',
  summary: 'Turns the Wi-Fi radio on or off',
  access: { kind: 'menu', menu: 'wifi' },
  body: z.object({ enabled: z.boolean() }),
  response: wifiSchema,
  audit: { action: 'set_wifi_enabled', target: 'network.wifi' },
});

export const scanWifi = defineCall({
  ...NETWORK_ROUTES.scanWifi,
  tag: 'network',
  summary: 'Scans for networks now (the radio must be on)',
  access: { kind: 'menu', menu: 'wifi' },
  response: z.array(wifiNetworkSchema),
});

export const connectWifi = defineCall({
  ...NETWORK_ROUTES.connectWifi,
  tag: 'network',
  summary: 'Connects to a network; the state goes connecting, then connected or an error state',
  access: { kind: 'menu', menu: 'wifi' },
  body: applyBody(wifiConnectSchema),
  response: wifiSchema,
  audit: { action: 'connect_wifi', target: 'network.wifi', values: wifiConnectSchema },
});

export const disconnectWifi = defineCall({
  ...NETWORK_ROUTES.disconnectWifi,
  tag: 'network',
  summary: 'Leaves the current network',
  access: { kind: 'menu', menu: 'wifi' },
  response: wifiSchema,
  audit: { action: 'disconnect_wifi', target: 'network.wifi' },
});

// ---------------------------------------------------------------- Hotspot

export const hotspotSettingsSchema = z
  .object({ enabled: z.boolean(), address, range_start: address, range_end: address, password: secret(z.string().max(128)) })
  .meta({ id: 'HotspotSettings' });

export const hotspotSchema = z
  .object({ settings: hotspotSettingsSchema, pending: pendingChangeSchema.nullable() })
  .meta({ id: 'Hotspot' });

export const getHotspot = defineCall({
  ...NETWORK_ROUTES.getHotspot,
  tag: 'network',
  summary: 'Hotspot settings (its address serves a /24)',
  access: { kind: 'menu', menu: 'hotspot' },
  response: hotspotSchema,
});

export const setHotspot = defineCall({
  ...NETWORK_ROUTES.setHotspot,
  tag: 'network',
  summary: 'Applies hotspot settings; with `safe`, they are restored unless confirmed within 90 s',
  access: { kind: 'menu', menu: 'hotspot' },
  body: applyBody(hotspotSettingsSchema),
  response: hotspotSchema,
  audit: { action: 'set_hotspot', target: 'network.hotspot', values: hotspotSettingsSchema },
});

/** Network rules (specification §2 "Network", "WiFi", "Hotspot"; §5): one set of functions the
 * console runs as the user types and the server runs on every write. Each returns problem codes
 * per field; the console maps a code to its translated message, the server to a 400.
 *
 * The settings types are the contract's schemas (contract/api/network.ts) read as types. The
 * imports are type-only and vanish when compiled, so the console, which runs these rules, does
 * not load zod; the schemas import their constants (WIFI_SECURITIES, ...) from here at run time. */
import type { z } from 'zod';
import type {
  addressSettingsSchema,
  ethernetSettingsSchema,
  hotspotSettingsSchema,
  interfaceStatusSchema,
  networkSectionSchema,
  pendingChangeSchema,
  wifiConnectSchema,
} from '../api/network';

export type Ipv4Problem = 'required' | 'ipv4_format';
export type NetmaskProblem = Ipv4Problem | 'netmask_contiguous';
export type GatewayProblem = 'ipv4_format' | 'gateway_subnet';

/** Four decimal octets 0–255, no leading zeros (so "010" is not read as octal anywhere). */
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function isIpv4(text: string): boolean {
  return IPV4.test(text);
}

export function ipv4ToInt(text: string): number {
  return text.split('.').reduce((n, octet) => ((n << 8) | Number(octet)) >>> 0, 0);
}

export function intToIpv4(n: number): string {
  return [24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join('.');
}

export function ipv4Problem(text: string): Ipv4Problem | null {
  if (text.trim() === '') return 'required';
  return isIpv4(text.trim()) ? null : 'ipv4_format';
}

/** A netmask is ones then zeros: 255.255.255.0 is one, 255.0.255.0 is not. /0 and /32 are refused
 * for an interface address. */
export function netmaskProblem(text: string): NetmaskProblem | null {
  const p = ipv4Problem(text);
  if (p) return p;
  const n = ipv4ToInt(text.trim());
  const inverted = ~n >>> 0;
  if (n === 0 || n === 0xffffffff || (inverted & (inverted + 1)) !== 0) return 'netmask_contiguous';
  return null;
}

export function prefixLength(netmask: string): number {
  let n = ipv4ToInt(netmask);
  let bits = 0;
  while (n & 0x80000000) {
    bits += 1;
    n = (n << 1) >>> 0;
  }
  return bits;
}

export function networkOf(ip: string, netmask: string): number {
  return (ipv4ToInt(ip) & ipv4ToInt(netmask)) >>> 0;
}

export function sameSubnet(a: string, b: string, netmask: string): boolean {
  return networkOf(a, netmask) === networkOf(b, netmask);
}

/** A host address of the subnet: neither its network nor its broadcast address. */
export function isHostOf(ip: string, subnetIp: string, netmask: string): boolean {
  if (!sameSubnet(ip, subnetIp, netmask)) return false;
  const host = (ipv4ToInt(ip) & ~ipv4ToInt(netmask)) >>> 0;
  const hostMask = ~ipv4ToInt(netmask) >>> 0;
  return host !== 0 && host !== hostMask;
}

/** The gateway is optional; given, it must be another host of the interface's subnet. */
export function gatewayProblem(gateway: string, ip: string, netmask: string): GatewayProblem | null {
  const g = gateway.trim();
  if (g === '') return null;
  if (!isIpv4(g)) return 'ipv4_format';
  if (!isIpv4(ip) || netmaskProblem(netmask)) return null;
  return isHostOf(g, ip, netmask) && g !== ip ? null : 'gateway_subnet';
}

// ---------------------------------------------------------------- Ethernet

/** How an interface (LAN or WLAN) gets its address, and the static one. */
export type AddressSettings = z.output<typeof addressSettingsSchema>;
export type AddressMode = AddressSettings['mode'];

/** An interface that asks DHCP for its address: nothing of its own to set. */
export const DHCP_ADDRESS: AddressSettings = { mode: 'dhcp', ip: '', netmask: '', gateway: '', dns1: '', dns2: '' };

/** LAN1 and LAN2 joined under LAN1's address (`bridge`), and each interface's address settings. */
export type EthernetSettings = z.output<typeof ethernetSettingsSchema>;
export type EthernetInterfaceSettings = EthernetSettings['interfaces'][number];

/** Ethernet on a new device: LAN1 asks DHCP, LAN2 has a fixed address to reach the panel by. The
 * server starts from it (server/services/settings.ts), tests build theirs from it. */
export const DEFAULT_ETHERNET_SETTINGS: EthernetSettings = {
  bridge: false,
  interfaces: [DHCP_ADDRESS, { ...DHCP_ADDRESS, mode: 'static', ip: '192.168.2.10', netmask: '255.255.255.0' }],
};

/** What an interface has now: the static settings, or what DHCP gave it. */
export type InterfaceStatus = z.output<typeof interfaceStatusSchema>;

/** The network settings a change applied with the safety net belongs to. */
export type NetworkSection = z.output<typeof networkSectionSchema>;

/** A change applied with the safety net, waiting for the console's confirmation. */
export type PendingNetworkChange = z.output<typeof pendingChangeSchema>;

export type AddressField = keyof Omit<AddressSettings, 'mode'>;
export type AddressProblem = Ipv4Problem | NetmaskProblem | GatewayProblem | 'address_not_host';

export function normalizeAddress(a: AddressSettings): AddressSettings {
  return { mode: a.mode, ip: a.ip.trim(), netmask: a.netmask.trim(), gateway: a.gateway.trim(), dns1: a.dns1.trim(), dns2: a.dns2.trim() };
}

/** Problems of a static address by field (none in DHCP mode): a host address of a valid subnet,
 * the gateway another host of it, DNS servers as IPv4 addresses. */
export function addressProblems(a: AddressSettings): Partial<Record<AddressField, AddressProblem>> {
  const p: Partial<Record<AddressField, AddressProblem>> = {};
  if (a.mode !== 'static') return p;
  const ip = ipv4Problem(a.ip);
  const mask = netmaskProblem(a.netmask);
  if (ip) p.ip = ip;
  if (mask) p.netmask = mask;
  if (!ip && !mask && !isHostOf(a.ip.trim(), a.ip.trim(), a.netmask.trim())) p.ip = 'address_not_host';
  const gw = gatewayProblem(a.gateway, a.ip.trim(), a.netmask.trim());
  if (gw) p.gateway = gw;
  for (const key of ['dns1', 'dns2'] as const) {
    if (a[key].trim() !== '' && !isIpv4(a[key].trim())) p[key] = 'ipv4_format';
  }
  return p;
}

/** Settings as stored: addresses without surrounding spaces (the rules judge them trimmed). */
export function normalizeEthernet(s: EthernetSettings): EthernetSettings {
  return {
    bridge: s.bridge,
    interfaces: s.interfaces.map(normalizeAddress),
  };
}

export type EthernetField = AddressField;
export type EthernetProblem = AddressProblem | 'subnet_overlap';

/** Problems per interface index and field. An interface in DHCP mode (or LAN2 while bridged) is
 * not checked: the device gets its address. */
export function ethernetProblems(settings: EthernetSettings): Map<number, Partial<Record<EthernetField, EthernetProblem>>> {
  const out = new Map<number, Partial<Record<EthernetField, EthernetProblem>>>();
  const active = settings.interfaces.map((iface, i) => ({ iface, i })).filter(({ iface, i }) => iface.mode === 'static' && !(settings.bridge && i > 0));
  for (const { iface, i } of active) {
    const p: Partial<Record<EthernetField, EthernetProblem>> = addressProblems(iface);
    if (Object.keys(p).length > 0) out.set(i, p);
  }
  // Two interfaces in one subnet would route unpredictably: that is what the bridge is for.
  if (!settings.bridge) {
    const valid = active.filter(({ i }) => !out.get(i)?.ip && !out.get(i)?.netmask);
    for (const a of valid) {
      for (const b of valid) {
        if (b.i <= a.i) continue;
        const mask = prefixLength(a.iface.netmask) <= prefixLength(b.iface.netmask) ? a.iface.netmask : b.iface.netmask;
        if (sameSubnet(a.iface.ip.trim(), b.iface.ip.trim(), mask.trim())) {
          out.set(b.i, { ...out.get(b.i), ip: 'subnet_overlap' });
        }
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------- Wi-Fi

export const WIFI_SECURITIES = ['open', 'wep', 'wpa_psk', 'wpa2_enterprise'] as const;
export type WifiSecurity = (typeof WIFI_SECURITIES)[number];
export const EAP_METHODS = ['peap', 'ttls', 'tls'] as const;
export type EapMethod = (typeof EAP_METHODS)[number];

/** WPA passphrase (§5, §9) and hotspot password: 8 to 63 printable ASCII characters. */
export const WPA_PASSWORD_LENGTH = { min: 8, max: 63 } as const;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export type WifiPasswordProblem = 'required' | 'wpa_length' | 'wep_length' | 'invalid_characters';

/** WEP keys are 5 or 13 ASCII characters (64/128-bit), or 10 or 26 hexadecimal digits. */
export function wepKeyValid(key: string): boolean {
  if (!PRINTABLE_ASCII.test(key)) return false;
  if (key.length === 5 || key.length === 13) return true;
  return (key.length === 10 || key.length === 26) && /^[0-9a-fA-F]+$/.test(key);
}

export function wifiPasswordProblem(security: WifiSecurity, password: string): WifiPasswordProblem | null {
  if (security === 'open') return null;
  if (password === '') return 'required';
  if (security === 'wep') return wepKeyValid(password) ? null : 'wep_length';
  if (!PRINTABLE_ASCII.test(password)) return 'invalid_characters';
  if (security === 'wpa_psk' && (password.length < WPA_PASSWORD_LENGTH.min || password.length > WPA_PASSWORD_LENGTH.max)) return 'wpa_length';
  return null;
}

export const SSID_MAX_BYTES = 32;
export const IDENTITY_MAX_LENGTH = 128;
/** A PEM file the console uploads (certificate or key): bounded text. */
export const PEM_MAX_LENGTH = 16 * 1024;
const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]+?-----END \1-----/;

export function pemLabel(text: string): string | null {
  const m = PEM_BLOCK.exec(text);
  return m ? m[1]! : null;
}

export function isCertificatePem(text: string): boolean {
  return pemLabel(text) === 'CERTIFICATE';
}

export function isPrivateKeyPem(text: string): boolean {
  const label = pemLabel(text);
  return label !== null && /PRIVATE KEY$/.test(label);
}

/** A connect form: the network, its security and credentials, and the address settings. */
export type WifiConnectSettings = z.output<typeof wifiConnectSchema>;

/** The connect form as it opens: no network, WPA-PSK, PEAP if it turns to Enterprise, DHCP. */
export const DEFAULT_WIFI_CONNECT: WifiConnectSettings = {
  ssid: '',
  security: 'wpa_psk',
  password: '',
  eap_method: 'peap',
  identity: '',
  ca_certificate: '',
  user_certificate: '',
  private_key: '',
  key_password: '',
  ip: DHCP_ADDRESS,
};

export function normalizeWifiConnect(s: WifiConnectSettings): WifiConnectSettings {
  return { ...s, identity: s.identity.trim(), ip: normalizeAddress(s.ip) };
}

export type WifiField =
  | 'ssid' | 'password' | 'identity' | 'ca_certificate' | 'user_certificate' | 'private_key'
  | 'ip' | 'netmask' | 'gateway' | 'dns1' | 'dns2';
export type WifiProblem = WifiPasswordProblem | AddressProblem | 'ssid_length' | 'certificate_format' | 'key_format';

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Problems of a connect form, by field. Certificates are checked for their PEM form here; that a
 * key matches its certificate is checked on the device, which can parse them. */
export function wifiConnectProblems(s: WifiConnectSettings): Partial<Record<WifiField, WifiProblem>> {
  const p: Partial<Record<WifiField, WifiProblem>> = {};
  if (s.ssid.trim() === '') p.ssid = 'required';
  else if (utf8Length(s.ssid) > SSID_MAX_BYTES) p.ssid = 'ssid_length';
  if (s.security === 'wpa2_enterprise') {
    if (s.identity.trim() === '') p.identity = 'required';
    if (s.eap_method === 'tls') {
      if (s.user_certificate === '') p.user_certificate = 'required';
      else if (!isCertificatePem(s.user_certificate)) p.user_certificate = 'certificate_format';
      if (s.private_key === '') p.private_key = 'required';
      else if (!isPrivateKeyPem(s.private_key)) p.private_key = 'key_format';
    } else {
      const pw = wifiPasswordProblem(s.security, s.password);
      if (pw) p.password = pw;
    }
    if (s.ca_certificate !== '' && !isCertificatePem(s.ca_certificate)) p.ca_certificate = 'certificate_format';
  } else {
    const pw = wifiPasswordProblem(s.security, s.password);
    if (pw) p.password = pw;
  }
  Object.assign(p, addressProblems(s.ip));
  return p;
}

/** The connection states of specification §4. */
export const WIFI_STATES = ['unknown', 'connected', 'connecting', 'disconnected', 'disabled', 'password_error', 'file_open_error'] as const;
export type WifiState = (typeof WIFI_STATES)[number];

// ---------------------------------------------------------------- Hotspot

/** The hotspot serves a /24 around its address (the panel's DHCP server). */
export const HOTSPOT_NETMASK = '255.255.255.0';

export type HotspotSettings = z.output<typeof hotspotSettingsSchema>;

/** The hotspot on a new device, off (server/services/settings.ts; tests build theirs from it). No
 * password: it is printed on a panel's label, so each device makes its own at first start. */
export const DEFAULT_HOTSPOT_SETTINGS: Omit<HotspotSettings, 'password'> = {
  enabled: false,
  address: '192.168.50.1',
  range_start: '192.168.50.100',
  range_end: '192.168.50.199',
};

export function normalizeHotspot(s: HotspotSettings): HotspotSettings {
  return { ...s, address: s.address.trim(), range_start: s.range_start.trim(), range_end: s.range_end.trim() };
}

export type HotspotField = 'address' | 'range_start' | 'range_end' | 'password';
export type HotspotProblem = Ipv4Problem | 'address_not_host' | 'range_subnet' | 'range_order' | 'range_contains_server' | 'required' | 'invalid_characters' | 'wpa_length';

export function hotspotPasswordProblem(password: string): 'required' | 'invalid_characters' | 'wpa_length' | null {
  if (password === '') return 'required';
  if (!PRINTABLE_ASCII.test(password)) return 'invalid_characters';
  if (password.length < WPA_PASSWORD_LENGTH.min || password.length > WPA_PASSWORD_LENGTH.max) return 'wpa_length';
  return null;
}

export function hotspotProblems(s: HotspotSettings): Partial<Record<HotspotField, HotspotProblem>> {
  const p: Partial<Record<HotspotField, HotspotProblem>> = {};
  const address = s.address.trim();
  const start = s.range_start.trim();
  const end = s.range_end.trim();
  const a = ipv4Problem(address);
  if (a) p.address = a;
  else if (!isHostOf(address, address, HOTSPOT_NETMASK)) p.address = 'address_not_host';
  const rs = ipv4Problem(start);
  const re = ipv4Problem(end);
  if (rs) p.range_start = rs;
  if (re) p.range_end = re;
  if (!p.address) {
    if (!rs && !isHostOf(start, address, HOTSPOT_NETMASK)) p.range_start = 'range_subnet';
    if (!re && !isHostOf(end, address, HOTSPOT_NETMASK)) p.range_end = 'range_subnet';
    if (!p.range_start && !p.range_end) {
      const [lo, hi, server] = [ipv4ToInt(start), ipv4ToInt(end), ipv4ToInt(address)];
      if (lo > hi) p.range_end = 'range_order';
      else if (server >= lo && server <= hi) p.range_start = 'range_contains_server';
    }
  }
  const pw = hotspotPasswordProblem(s.password);
  if (pw) p.password = pw;
  return p;
}

/** Seconds the device waits for the console to confirm a network change before restoring the
 * previous settings ("safe apply"). */
export const SAFE_APPLY_SECONDS = 90;

import crypto from 'node:crypto';
import type { WifiConnectSettings, WifiSecurity, WifiState } from '../../contract/rules/network';

/** The simulated panel's Wi-Fi surroundings (the radio is simulated:
 * docs/decisions.md#the-simulated-panel). A real panel replaces this file with its driver. The
 * secrets are documented in the README so a tester can try a right and a wrong password. */
export interface SimulatedNetwork {
  ssid: string;
  security: WifiSecurity;
  /** Typical signal in percent; each scan varies it a little. */
  signal: number;
  /** WPA passphrase, WEP key, or the enterprise password (PEAP/TTLS). */
  secret?: string;
  /** Enterprise: the identity the RADIUS server knows. */
  identity?: string;
  /** The DHCP lease this network's access point gives. */
  lease: { ip: string; netmask: string; gateway: string; dns: string };
}

export const SIMULATED_NETWORKS: readonly SimulatedNetwork[] = [
  {
    ssid: 'Plant-Floor',
    security: 'wpa_psk',
    signal: 82,
    secret: 'conveyor-line-7',
    lease: { ip: '172.16.20.57', netmask: '255.255.255.0', gateway: '172.16.20.1', dns: '172.16.20.1' },
  },
  {
    ssid: 'Maintenance',
    security: 'wpa2_enterprise',
    signal: 64,
    identity: 'technician',
    secret: 'Torque-Wrench-42',
    lease: { ip: '10.44.8.57', netmask: '255.255.252.0', gateway: '10.44.8.1', dns: '10.44.8.2' },
  },
  {
    ssid: 'Visitors',
    security: 'open',
    signal: 47,
    lease: { ip: '192.168.77.57', netmask: '255.255.255.0', gateway: '192.168.77.1', dns: '192.168.77.1' },
  },
  {
    ssid: 'Line3-Legacy',
    security: 'wep',
    signal: 31,
    secret: 'A1B2C3D4E5',
    lease: { ip: '192.168.3.57', netmask: '255.255.255.0', gateway: '192.168.3.1', dns: '192.168.3.1' },
  },
];

export function findNetwork(ssid: string): SimulatedNetwork | undefined {
  return SIMULATED_NETWORKS.find((n) => n.ssid === ssid);
}

/** One scan: every network in range, strongest first, signal varying by a few percent. */
export function scan(random: () => number = Math.random): { ssid: string; signal: number; security: WifiSecurity }[] {
  return SIMULATED_NETWORKS.map((n) => ({
    ssid: n.ssid,
    security: n.security,
    signal: Math.max(1, Math.min(100, Math.round(n.signal + (random() - 0.5) * 8))),
  })).sort((a, b) => b.signal - a.signal);
}

function opens(pem: string, open: (pem: string) => unknown): boolean {
  try {
    open(pem);
    return true;
  } catch {
    return false;
  }
}

/** What the radio reports once an attempt has run its course (specification §4 states). */
export function attemptOutcome(conn: WifiConnectSettings): WifiState {
  const network = findNetwork(conn.ssid);
  if (conn.security === 'wpa2_enterprise') {
    // The supplicant opens its files first: a file it cannot read fails before any exchange.
    const files: [string, (pem: string) => unknown][] = [[conn.ca_certificate, (p) => new crypto.X509Certificate(p)]];
    if (conn.eap_method === 'tls') {
      files.push([conn.user_certificate, (p) => new crypto.X509Certificate(p)]);
      files.push([conn.private_key, (p) => crypto.createPrivateKey({ key: p, passphrase: conn.key_password })]);
    }
    for (const [pem, open] of files) if (pem !== '' && !opens(pem, open)) return 'file_open_error';
  }
  if (!network || network.security !== conn.security) return 'disconnected';
  switch (network.security) {
    case 'open':
      return 'connected';
    case 'wep':
    case 'wpa_psk':
      return conn.password === network.secret ? 'connected' : 'password_error';
    case 'wpa2_enterprise':
      if (conn.eap_method === 'tls') return 'connected';
      return conn.identity.trim() === network.identity && conn.password === network.secret ? 'connected' : 'password_error';
  }
}

export type KeyProblem = 'key_mismatch' | 'key_password' | null;

/** Whether a user key belongs to its certificate. Files that do not parse are left to the radio,
 * which reports them as file-open errors. */
export function keyProblem(certificate: string, privateKey: string, passphrase: string): KeyProblem {
  if (certificate === '' || privateKey === '') return null;
  let cert: crypto.X509Certificate;
  try {
    cert = new crypto.X509Certificate(certificate);
  } catch {
    return null;
  }
  let key: crypto.KeyObject;
  try {
    key = crypto.createPrivateKey({ key: privateKey, passphrase });
  } catch (err) {
    const encrypted = /ENCRYPTED/.test(privateKey);
    return encrypted && (err as { code?: string }).code !== 'ERR_OSSL_UNSUPPORTED' ? 'key_password' : null;
  }
  return cert.checkPrivateKey(key) ? null : 'key_mismatch';
}

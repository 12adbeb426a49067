/** The shared network rules of contract/rules/network.ts: the console runs them as the user types,
 * the server on every write, so both must agree on every code below. */
import {
  HOTSPOT_NETMASK,
  SAFE_APPLY_SECONDS,
  WPA_PASSWORD_LENGTH,
  ethernetProblems,
  gatewayProblem,
  hotspotPasswordProblem,
  hotspotProblems,
  intToIpv4,
  ipv4Problem,
  ipv4ToInt,
  isCertificatePem,
  isHostOf,
  isIpv4,
  isPrivateKeyPem,
  netmaskProblem,
  networkOf,
  pemLabel,
  prefixLength,
  sameSubnet,
  wepKeyValid,
  wifiConnectProblems,
  wifiPasswordProblem,
  type EthernetInterfaceSettings,
  type EthernetSettings,
  type HotspotSettings,
  type WifiConnectSettings,
} from '../../contract/rules/network';
import { addressSettings, ethernetSettings, hotspotSettings, wifiConnect } from '../support/settings';

const CERT = '-----BEGIN CERTIFICATE-----\nMIIBXDCCAQKgAwIBAgIJ\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49\n-----END PRIVATE KEY-----\n';

describe('isIpv4', () => {
  it.each(['0.0.0.0', '1.2.3.4', '192.168.1.10', '10.0.0.255', '255.255.255.255', '100.200.249.199'])('accepts %s', (ip) => {
    expect(isIpv4(ip)).toBe(true);
  });

  it.each([
    ['a leading zero', '192.168.01.1'],
    ['a zero-padded octet', '010.0.0.1'],
    ['two zeros', '1.00.2.3'],
    ['256', '192.168.1.256'],
    ['300', '300.1.1.1'],
    ['a leading space', ' 192.168.1.1'],
    ['a trailing space', '192.168.1.1 '],
    ['an inner space', '192.168. 1.1'],
    ['three octets', '192.168.1'],
    ['five octets', '1.2.3.4.5'],
    ['an empty octet', '1..2.3'],
    ['a trailing dot', '1.2.3.4.'],
    ['a negative octet', '1.2.3.-4'],
    ['letters', 'a.b.c.d'],
    ['a host name', 'plc.local'],
    ['a prefix', '10.0.0.0/8'],
    ['a port', '10.0.0.1:80'],
    ['hexadecimal', '0x7f.0.0.1'],
    ['empty', ''],
    ['a newline at the end', '1.2.3.4\n'],
  ])('refuses %s (%j)', (_what, ip) => {
    expect(isIpv4(ip)).toBe(false);
  });
});

describe('address arithmetic', () => {
  it('converts between text and 32-bit unsigned numbers', () => {
    expect(ipv4ToInt('0.0.0.0')).toBe(0);
    expect(ipv4ToInt('255.255.255.255')).toBe(0xffffffff);
    expect(ipv4ToInt('192.168.1.10')).toBe(0xc0a8010a);
    expect(intToIpv4(0xc0a8010a)).toBe('192.168.1.10');
    expect(intToIpv4(0xffffffff)).toBe('255.255.255.255');
    expect(intToIpv4(ipv4ToInt('10.20.30.40'))).toBe('10.20.30.40');
  });

  it('computes networks and subnet membership', () => {
    expect(intToIpv4(networkOf('192.168.1.77', '255.255.255.0'))).toBe('192.168.1.0');
    expect(intToIpv4(networkOf('10.44.9.3', '255.255.252.0'))).toBe('10.44.8.0');
    expect(sameSubnet('192.168.1.2', '192.168.1.254', '255.255.255.0')).toBe(true);
    expect(sameSubnet('192.168.1.2', '192.168.2.2', '255.255.255.0')).toBe(false);
    expect(sameSubnet('192.168.1.2', '192.168.2.2', '255.255.0.0')).toBe(true);
  });

  it('tells a host address from the network and broadcast addresses', () => {
    expect(isHostOf('192.168.1.1', '192.168.1.50', '255.255.255.0')).toBe(true);
    expect(isHostOf('192.168.1.254', '192.168.1.50', '255.255.255.0')).toBe(true);
    expect(isHostOf('192.168.1.0', '192.168.1.50', '255.255.255.0')).toBe(false);
    expect(isHostOf('192.168.1.255', '192.168.1.50', '255.255.255.0')).toBe(false);
    expect(isHostOf('192.168.2.1', '192.168.1.50', '255.255.255.0')).toBe(false);
  });
});

describe('ipv4Problem', () => {
  it('asks for a value when empty or blank', () => {
    expect(ipv4Problem('')).toBe('required');
    expect(ipv4Problem('   ')).toBe('required');
  });

  it('refuses a malformed address', () => {
    expect(ipv4Problem('192.168.1.256')).toBe('ipv4_format');
    expect(ipv4Problem('192.168.001.1')).toBe('ipv4_format');
    expect(ipv4Problem('192.168.1')).toBe('ipv4_format');
    expect(ipv4Problem('192.168 .1.1')).toBe('ipv4_format');
  });

  it('accepts a valid address, ignoring surrounding spaces', () => {
    expect(ipv4Problem('192.168.1.10')).toBeNull();
    expect(ipv4Problem('  192.168.1.10  ')).toBeNull();
  });
});

describe('netmaskProblem', () => {
  it.each(['255.0.0.0', '255.255.0.0', '255.255.255.0', '255.255.255.128', '255.255.252.0', '128.0.0.0', '255.255.255.254'])(
    'accepts the contiguous mask %s',
    (mask) => {
      expect(netmaskProblem(mask)).toBeNull();
    },
  );

  it.each(['255.0.255.0', '255.255.255.1', '0.255.255.255', '255.255.254.255', '255.254.255.0', '1.0.0.0'])(
    'refuses the non-contiguous mask %s',
    (mask) => {
      expect(netmaskProblem(mask)).toBe('netmask_contiguous');
    },
  );

  it('refuses /0 and /32 for an interface', () => {
    expect(netmaskProblem('0.0.0.0')).toBe('netmask_contiguous');
    expect(netmaskProblem('255.255.255.255')).toBe('netmask_contiguous');
  });

  it('reports the address problems first', () => {
    expect(netmaskProblem('')).toBe('required');
    expect(netmaskProblem('255.255.255.256')).toBe('ipv4_format');
    expect(netmaskProblem('255.255.255.00')).toBe('ipv4_format');
  });
});

describe('prefixLength', () => {
  it.each([
    ['0.0.0.0', 0],
    ['128.0.0.0', 1],
    ['255.0.0.0', 8],
    ['255.255.0.0', 16],
    ['255.255.252.0', 22],
    ['255.255.255.0', 24],
    ['255.255.255.128', 25],
    ['255.255.255.252', 30],
    ['255.255.255.255', 32],
  ])('%s is /%i', (mask, bits) => {
    expect(prefixLength(mask)).toBe(bits);
  });
});

describe('gatewayProblem', () => {
  const ip = '192.168.1.10';
  const mask = '255.255.255.0';

  it('accepts no gateway', () => {
    expect(gatewayProblem('', ip, mask)).toBeNull();
    expect(gatewayProblem('   ', ip, mask)).toBeNull();
  });

  it('accepts another host of the subnet', () => {
    expect(gatewayProblem('192.168.1.1', ip, mask)).toBeNull();
    expect(gatewayProblem('192.168.1.254', ip, mask)).toBeNull();
    expect(gatewayProblem(' 192.168.1.1 ', ip, mask)).toBeNull();
  });

  it('refuses a malformed gateway', () => {
    expect(gatewayProblem('192.168.1.300', ip, mask)).toBe('ipv4_format');
    expect(gatewayProblem('gateway', ip, mask)).toBe('ipv4_format');
  });

  it('refuses a gateway outside the subnet', () => {
    expect(gatewayProblem('192.168.2.1', ip, mask)).toBe('gateway_subnet');
    expect(gatewayProblem('10.0.0.1', ip, mask)).toBe('gateway_subnet');
  });

  it("refuses the interface's own address", () => {
    expect(gatewayProblem(ip, ip, mask)).toBe('gateway_subnet');
  });

  it('refuses the network and broadcast addresses', () => {
    expect(gatewayProblem('192.168.1.0', ip, mask)).toBe('gateway_subnet');
    expect(gatewayProblem('192.168.1.255', ip, mask)).toBe('gateway_subnet');
  });

  it('follows the netmask: a wider subnet takes a farther gateway', () => {
    expect(gatewayProblem('192.168.2.1', ip, '255.255.0.0')).toBeNull();
  });

  it('says nothing of the subnet while the address or netmask is itself wrong', () => {
    expect(gatewayProblem('10.0.0.1', '192.168.1.999', mask)).toBeNull();
    expect(gatewayProblem('10.0.0.1', ip, '255.0.255.0')).toBeNull();
    expect(gatewayProblem('10.0.0.1', ip, '')).toBeNull();
  });
});

describe('ethernetProblems', () => {
  const dhcp: EthernetInterfaceSettings = addressSettings();
  const stat = (over: Partial<EthernetInterfaceSettings> = {}): EthernetInterfaceSettings =>
    addressSettings({ mode: 'static', ip: '192.168.1.10', netmask: '255.255.255.0', gateway: '192.168.1.1', dns1: '192.168.1.1', ...over });
  const problems = (s: EthernetSettings) => Object.fromEntries(ethernetProblems(s));

  it('finds nothing in valid settings', () => {
    expect(ethernetProblems(ethernetSettings({ interfaces: [stat(), stat({ ip: '10.0.0.5', netmask: '255.0.0.0', gateway: '', dns1: '' })] })).size).toBe(0);
    expect(ethernetProblems(ethernetSettings({ interfaces: [dhcp, stat()] })).size).toBe(0);
  });

  it('ignores an interface in DHCP mode, whatever its fields hold', () => {
    const junk: EthernetInterfaceSettings = addressSettings({ ip: 'junk', netmask: '1.2.3.4', gateway: 'x', dns1: 'y', dns2: 'z' });
    expect(ethernetProblems(ethernetSettings({ interfaces: [junk, stat()] })).size).toBe(0);
  });

  it('ignores LAN2 while bridged, even a static one with garbage', () => {
    const junk = stat({ ip: '999.1.1.1', netmask: '255.0.255.0', gateway: 'x' });
    expect(ethernetProblems(ethernetSettings({ bridge: true, interfaces: [stat(), junk] })).size).toBe(0);
    // not bridged, the same LAN2 is checked
    expect(problems(ethernetSettings({ interfaces: [stat(), junk] }))).toEqual({ 1: { ip: 'ipv4_format', netmask: 'netmask_contiguous', gateway: 'ipv4_format' } });
  });

  it('still checks LAN1 while bridged', () => {
    expect(problems(ethernetSettings({ bridge: true, interfaces: [stat({ ip: '' }), dhcp] }))).toEqual({ 0: { ip: 'required' } });
  });

  it('reports each field of a static interface by index', () => {
    expect(problems(ethernetSettings({ interfaces: [dhcp, stat({ ip: '192.168.1', netmask: '255.0.255.0' })] }))).toEqual({
      1: { ip: 'ipv4_format', netmask: 'netmask_contiguous' },
    });
    expect(problems(ethernetSettings({ interfaces: [stat({ ip: '', netmask: '' }), dhcp] }))).toEqual({
      0: { ip: 'required', netmask: 'required' },
    });
  });

  it('reports a gateway outside the subnet or equal to the address', () => {
    expect(problems(ethernetSettings({ interfaces: [stat({ gateway: '192.168.2.1' }), dhcp] }))).toEqual({ 0: { gateway: 'gateway_subnet' } });
    expect(problems(ethernetSettings({ interfaces: [stat({ gateway: '192.168.1.10' }), dhcp] }))).toEqual({ 0: { gateway: 'gateway_subnet' } });
  });

  it('refuses the network or broadcast address as the interface address', () => {
    expect(problems(ethernetSettings({ interfaces: [stat({ ip: '192.168.1.0', gateway: '' }), dhcp] }))).toEqual({ 0: { ip: 'address_not_host' } });
    expect(problems(ethernetSettings({ interfaces: [stat({ ip: '192.168.1.255', gateway: '' }), dhcp] }))).toEqual({ 0: { ip: 'address_not_host' } });
    expect(problems(ethernetSettings({ interfaces: [stat({ ip: '10.0.255.255', netmask: '255.255.0.0', gateway: '' }), dhcp] }))).toEqual({
      0: { ip: 'address_not_host' },
    });
  });

  it('checks the DNS servers only for their format, and allows them empty', () => {
    expect(problems(ethernetSettings({ interfaces: [stat({ dns1: '8.8.8.256', dns2: 'dns.local' }), dhcp] }))).toEqual({
      0: { dns1: 'ipv4_format', dns2: 'ipv4_format' },
    });
    // outside the subnet is fine for a DNS server
    expect(ethernetProblems(ethernetSettings({ interfaces: [stat({ dns1: '8.8.8.8', dns2: '1.1.1.1' }), dhcp] })).size).toBe(0);
    expect(ethernetProblems(ethernetSettings({ interfaces: [stat({ dns1: '', dns2: '' }), dhcp] })).size).toBe(0);
  });

  it('reports two static interfaces in one subnet as subnet_overlap on the second', () => {
    const a = stat({ ip: '192.168.1.10' });
    const b = stat({ ip: '192.168.1.20' });
    expect(problems(ethernetSettings({ interfaces: [a, b] }))).toEqual({ 1: { ip: 'subnet_overlap' } });
  });

  it('judges the overlap with the wider of the two netmasks', () => {
    const wide = stat({ ip: '10.20.0.5', netmask: '255.255.0.0', gateway: '' });
    const narrow = stat({ ip: '10.20.7.5', netmask: '255.255.255.0', gateway: '' });
    expect(problems(ethernetSettings({ interfaces: [wide, narrow] }))).toEqual({ 1: { ip: 'subnet_overlap' } });
    expect(problems(ethernetSettings({ interfaces: [narrow, wide] }))).toEqual({ 1: { ip: 'subnet_overlap' } });
    // neighbouring /24s do not overlap
    expect(ethernetProblems(ethernetSettings({ interfaces: [stat({ ip: '10.20.7.5', gateway: '' }), stat({ ip: '10.20.8.5', gateway: '' })] })).size).toBe(0);
  });

  it('keeps the other problems of the second interface along with the overlap', () => {
    const b = stat({ ip: '192.168.1.20', gateway: '10.0.0.1' });
    expect(problems(ethernetSettings({ interfaces: [stat(), b] }))).toEqual({ 1: { gateway: 'gateway_subnet', ip: 'subnet_overlap' } });
  });

  it('allows one subnet on both interfaces when bridged (LAN2 is not checked)', () => {
    expect(ethernetProblems(ethernetSettings({ bridge: true, interfaces: [stat({ ip: '192.168.1.10' }), stat({ ip: '192.168.1.20' })] })).size).toBe(0);
  });

  it('does not report an overlap with a DHCP interface or an interface whose address is wrong', () => {
    expect(ethernetProblems(ethernetSettings({ interfaces: [dhcp, stat()] })).size).toBe(0);
    expect(problems(ethernetSettings({ interfaces: [stat({ ip: '192.168.1.0', gateway: '' }), stat({ ip: '192.168.1.20' })] }))).toEqual({
      0: { ip: 'address_not_host' },
    });
  });
});

describe('wepKeyValid', () => {
  it.each([
    ['5 ASCII characters', 'ab#1!'],
    ['13 ASCII characters', 'ABCDEFGHIJKL!'],
    ['10 hexadecimal digits', 'A1B2C3D4E5'],
    ['10 lower-case hexadecimal digits', 'a1b2c3d4e5'],
    ['26 hexadecimal digits', '0123456789abcdef0123456789'],
    ['5 spaces (printable ASCII)', '     '],
  ])('accepts %s', (_what, key) => {
    expect(wepKeyValid(key)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['4 characters', 'abcd'],
    ['6 characters', 'abcdef'],
    ['10 characters that are not all hexadecimal', 'A1B2C3D4EZ'],
    ['11 characters', 'A1B2C3D4E5F'],
    ['12 characters', 'abcdefghijkl'],
    ['14 characters', 'abcdefghijklmn'],
    ['26 characters that are not all hexadecimal', '0123456789abcdef012345678g'],
    ['5 characters with a non-ASCII one', 'abcdé'],
    ['13 characters with a control character', 'abcdefghijkl\t'],
  ])('refuses %s', (_what, key) => {
    expect(wepKeyValid(key)).toBe(false);
  });
});

describe('wifiPasswordProblem', () => {
  it('needs no password for an open network', () => {
    expect(wifiPasswordProblem('open', '')).toBeNull();
    expect(wifiPasswordProblem('open', 'anything at all é')).toBeNull();
  });

  it('requires a password for the other securities', () => {
    expect(wifiPasswordProblem('wpa_psk', '')).toBe('required');
    expect(wifiPasswordProblem('wep', '')).toBe('required');
    expect(wifiPasswordProblem('wpa2_enterprise', '')).toBe('required');
  });

  it('takes WPA passphrases of 8 to 63 printable ASCII characters', () => {
    expect(WPA_PASSWORD_LENGTH).toEqual({ min: 8, max: 63 });
    expect(wifiPasswordProblem('wpa_psk', 'a'.repeat(7))).toBe('wpa_length');
    expect(wifiPasswordProblem('wpa_psk', 'a'.repeat(8))).toBeNull();
    expect(wifiPasswordProblem('wpa_psk', 'a'.repeat(63))).toBeNull();
    expect(wifiPasswordProblem('wpa_psk', 'a'.repeat(64))).toBe('wpa_length');
    expect(wifiPasswordProblem('wpa_psk', 'with spaces ~!')).toBeNull();
  });

  it('refuses non-ASCII and control characters in a WPA passphrase, before its length', () => {
    expect(wifiPasswordProblem('wpa_psk', 'pässwörd-long')).toBe('invalid_characters');
    expect(wifiPasswordProblem('wpa_psk', 'é')).toBe('invalid_characters');
    expect(wifiPasswordProblem('wpa_psk', 'tab\tinside-it')).toBe('invalid_characters');
    expect(wifiPasswordProblem('wpa2_enterprise', 'Grüße-1234')).toBe('invalid_characters');
  });

  it('takes WEP keys of 5 or 13 ASCII characters or 10 or 26 hexadecimal digits', () => {
    expect(wifiPasswordProblem('wep', 'abcde')).toBeNull();
    expect(wifiPasswordProblem('wep', 'abcdefghijklm')).toBeNull();
    expect(wifiPasswordProblem('wep', 'A1B2C3D4E5')).toBeNull();
    expect(wifiPasswordProblem('wep', '0123456789ABCDEF0123456789')).toBeNull();
    expect(wifiPasswordProblem('wep', 'A1B2C3D4E5F')).toBe('wep_length');
    expect(wifiPasswordProblem('wep', 'abcdefghij')).toBe('wep_length');
    // a WEP key with a non-ASCII character is reported as a WEP length problem (the WEP branch
    // judges the whole key with wepKeyValid)
    expect(wifiPasswordProblem('wep', 'abcdé')).toBe('wep_length');
  });

  it('has no length limit of its own for an enterprise password', () => {
    expect(wifiPasswordProblem('wpa2_enterprise', 'x')).toBeNull();
    expect(wifiPasswordProblem('wpa2_enterprise', 'x'.repeat(100))).toBeNull();
  });
});

describe('PEM helpers', () => {
  it('reads the label of the first block', () => {
    expect(pemLabel(CERT)).toBe('CERTIFICATE');
    expect(pemLabel(KEY)).toBe('PRIVATE KEY');
    expect(pemLabel('-----BEGIN EC PRIVATE KEY-----\nAA\n-----END EC PRIVATE KEY-----')).toBe('EC PRIVATE KEY');
    expect(pemLabel('not pem')).toBeNull();
    expect(pemLabel('-----BEGIN CERTIFICATE-----\nAA\n-----END PRIVATE KEY-----')).toBeNull();
    expect(pemLabel('-----BEGIN CERTIFICATE----------END CERTIFICATE-----')).toBeNull();
  });

  it('tells certificates from private keys', () => {
    expect(isCertificatePem(CERT)).toBe(true);
    expect(isCertificatePem(KEY)).toBe(false);
    expect(isPrivateKeyPem(KEY)).toBe(true);
    expect(isPrivateKeyPem('-----BEGIN RSA PRIVATE KEY-----\nAA\n-----END RSA PRIVATE KEY-----')).toBe(true);
    expect(isPrivateKeyPem('-----BEGIN ENCRYPTED PRIVATE KEY-----\nAA\n-----END ENCRYPTED PRIVATE KEY-----')).toBe(true);
    expect(isPrivateKeyPem('-----BEGIN PUBLIC KEY-----\nAA\n-----END PUBLIC KEY-----')).toBe(false);
    expect(isPrivateKeyPem(CERT)).toBe(false);
  });
});

describe('wifiConnectProblems', () => {
  const base: WifiConnectSettings = wifiConnect({ ssid: 'Plant-Floor', security: 'wpa_psk', password: 'conveyor-line-7' });
  const form = (over: Partial<WifiConnectSettings>): WifiConnectSettings => ({ ...base, ...over });
  const peap = form({ ssid: 'Maintenance', security: 'wpa2_enterprise', eap_method: 'peap', identity: 'technician', password: 'Torque-Wrench-42' });
  const tls = form({ ssid: 'Maintenance', security: 'wpa2_enterprise', eap_method: 'tls', identity: 'panel', password: '', user_certificate: CERT, private_key: KEY });

  it('finds nothing in valid forms', () => {
    expect(wifiConnectProblems(base)).toEqual({});
    expect(wifiConnectProblems(form({ security: 'open', password: '' }))).toEqual({});
    expect(wifiConnectProblems(form({ security: 'wep', password: 'A1B2C3D4E5' }))).toEqual({});
    expect(wifiConnectProblems(peap)).toEqual({});
    expect(wifiConnectProblems({ ...peap, eap_method: 'ttls' })).toEqual({});
    expect(wifiConnectProblems(tls)).toEqual({});
  });

  it('requires an SSID of at most 32 UTF-8 bytes', () => {
    expect(wifiConnectProblems(form({ ssid: '' }))).toEqual({ ssid: 'required' });
    expect(wifiConnectProblems(form({ ssid: '   ' }))).toEqual({ ssid: 'required' });
    expect(wifiConnectProblems(form({ ssid: 'a'.repeat(32) }))).toEqual({});
    expect(wifiConnectProblems(form({ ssid: 'a'.repeat(33) }))).toEqual({ ssid: 'ssid_length' });
    // é is two bytes in UTF-8: 16 of them fill the 32 bytes, 17 do not fit
    expect(wifiConnectProblems(form({ ssid: 'é'.repeat(16) }))).toEqual({});
    expect(wifiConnectProblems(form({ ssid: 'é'.repeat(17) }))).toEqual({ ssid: 'ssid_length' });
    // 11 three-byte characters: 33 bytes although only 11 characters
    expect(wifiConnectProblems(form({ ssid: '工'.repeat(11) }))).toEqual({ ssid: 'ssid_length' });
  });

  it('checks the password by the security', () => {
    expect(wifiConnectProblems(form({ password: 'short' }))).toEqual({ password: 'wpa_length' });
    expect(wifiConnectProblems(form({ password: '' }))).toEqual({ password: 'required' });
    expect(wifiConnectProblems(form({ security: 'wep', password: 'A1B2C3D4E5F' }))).toEqual({ password: 'wep_length' });
    expect(wifiConnectProblems(form({ password: 'pässwörd-long' }))).toEqual({ password: 'invalid_characters' });
  });

  it('PEAP and TTLS need an identity and a password', () => {
    expect(wifiConnectProblems({ ...peap, identity: '' })).toEqual({ identity: 'required' });
    expect(wifiConnectProblems({ ...peap, identity: '  ' })).toEqual({ identity: 'required' });
    expect(wifiConnectProblems({ ...peap, password: '' })).toEqual({ password: 'required' });
    expect(wifiConnectProblems({ ...peap, eap_method: 'ttls', identity: '', password: '' })).toEqual({ identity: 'required', password: 'required' });
  });

  it('PEAP does not ask for the TLS files', () => {
    expect(wifiConnectProblems({ ...peap, user_certificate: '', private_key: '' })).toEqual({});
  });

  it('TLS needs an identity, a user certificate and a key in PEM form, but no password', () => {
    expect(wifiConnectProblems({ ...tls, password: '' })).toEqual({});
    expect(wifiConnectProblems({ ...tls, identity: '' })).toEqual({ identity: 'required' });
    expect(wifiConnectProblems({ ...tls, user_certificate: '', private_key: '' })).toEqual({ user_certificate: 'required', private_key: 'required' });
    expect(wifiConnectProblems({ ...tls, user_certificate: 'MIIB...' })).toEqual({ user_certificate: 'certificate_format' });
    expect(wifiConnectProblems({ ...tls, user_certificate: KEY })).toEqual({ user_certificate: 'certificate_format' });
    expect(wifiConnectProblems({ ...tls, private_key: CERT })).toEqual({ private_key: 'key_format' });
    expect(wifiConnectProblems({ ...tls, private_key: 'secret' })).toEqual({ private_key: 'key_format' });
  });

  it('takes a CA certificate as optional, but in PEM CERTIFICATE form when given', () => {
    expect(wifiConnectProblems({ ...peap, ca_certificate: '' })).toEqual({});
    expect(wifiConnectProblems({ ...peap, ca_certificate: CERT })).toEqual({});
    expect(wifiConnectProblems({ ...peap, ca_certificate: KEY })).toEqual({ ca_certificate: 'certificate_format' });
    expect(wifiConnectProblems({ ...tls, ca_certificate: 'garbage' })).toEqual({ ca_certificate: 'certificate_format' });
    // the form is checked, not the content: the radio finds that out
    expect(wifiConnectProblems({ ...tls, ca_certificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' })).toEqual({});
  });

  it('ignores the enterprise fields for a personal network', () => {
    expect(wifiConnectProblems(form({ ca_certificate: 'garbage', user_certificate: 'x', private_key: 'y' }))).toEqual({});
  });

  it('checks a static address like an Ethernet interface', () => {
    const ip = addressSettings({ mode: 'static', ip: '172.16.20.80', netmask: '255.255.255.0', gateway: '172.16.20.1', dns1: '172.16.20.1' });
    expect(wifiConnectProblems(form({ ip }))).toEqual({});
    expect(wifiConnectProblems(form({ ip: { ...ip, ip: '' } }))).toEqual({ ip: 'required' });
    expect(wifiConnectProblems(form({ ip: { ...ip, ip: '172.16.20.300' } }))).toEqual({ ip: 'ipv4_format' });
    expect(wifiConnectProblems(form({ ip: { ...ip, netmask: '255.0.255.0' } }))).toEqual({ netmask: 'netmask_contiguous' });
    expect(wifiConnectProblems(form({ ip: { ...ip, ip: '172.16.20.255', gateway: '' } }))).toEqual({ ip: 'address_not_host' });
    expect(wifiConnectProblems(form({ ip: { ...ip, gateway: '172.16.21.1' } }))).toEqual({ gateway: 'gateway_subnet' });
    expect(wifiConnectProblems(form({ ip: { ...ip, dns1: 'dns', dns2: '1.1.1' } }))).toEqual({ dns1: 'ipv4_format', dns2: 'ipv4_format' });
  });

  it('ignores the address fields in DHCP mode', () => {
    expect(wifiConnectProblems(form({ ip: addressSettings({ ip: 'x', netmask: 'y', gateway: 'z', dns1: 'w', dns2: 'v' }) }))).toEqual({});
  });

  it('reports every problem of the form at once', () => {
    expect(
      wifiConnectProblems(form({ ssid: '', password: '1234', ip: addressSettings({ mode: 'static' }) })),
    ).toEqual({ ssid: 'required', password: 'wpa_length', ip: 'required', netmask: 'required' });
  });
});

describe('hotspotProblems', () => {
  const valid: HotspotSettings = hotspotSettings({
    enabled: true,
    address: '192.168.50.1',
    range_start: '192.168.50.100',
    range_end: '192.168.50.199',
    password: 'Hotspot-Pass',
  });
  const hs = (over: Partial<HotspotSettings>) => hotspotProblems({ ...valid, ...over });

  it('serves a /24', () => {
    expect(HOTSPOT_NETMASK).toBe('255.255.255.0');
  });

  it('finds nothing in valid settings', () => {
    expect(hotspotProblems(valid)).toEqual({});
    expect(hs({ enabled: false })).toEqual({});
    // the server may sit above the range, and a range may be a single address
    expect(hs({ address: '192.168.50.254', range_start: '192.168.50.10', range_end: '192.168.50.10' })).toEqual({});
  });

  it('checks the address', () => {
    expect(hs({ address: '' })).toEqual({ address: 'required' });
    expect(hs({ address: '192.168.50.01' })).toEqual({ address: 'ipv4_format' });
    expect(hs({ address: '192.168.50.0' })).toEqual({ address: 'address_not_host' });
    expect(hs({ address: '192.168.50.255' })).toEqual({ address: 'address_not_host' });
  });

  it('checks the range ends for their format', () => {
    expect(hs({ range_start: '', range_end: '192.168.50.999' })).toEqual({ range_start: 'required', range_end: 'ipv4_format' });
  });

  it("keeps the range inside the address's /24, host addresses only", () => {
    expect(hs({ range_start: '192.168.51.100' })).toEqual({ range_start: 'range_subnet' });
    expect(hs({ range_end: '192.168.49.199' })).toEqual({ range_end: 'range_subnet' });
    expect(hs({ range_start: '10.0.0.1', range_end: '10.0.0.9' })).toEqual({ range_start: 'range_subnet', range_end: 'range_subnet' });
    expect(hs({ range_start: '192.168.50.0' })).toEqual({ range_start: 'range_subnet' });
    expect(hs({ range_end: '192.168.50.255' })).toEqual({ range_end: 'range_subnet' });
  });

  it('refuses a start after the end, on range_end', () => {
    expect(hs({ range_start: '192.168.50.200', range_end: '192.168.50.100' })).toEqual({ range_end: 'range_order' });
  });

  it("refuses a range containing the hotspot's own address, on range_start", () => {
    expect(hs({ address: '192.168.50.150' })).toEqual({ range_start: 'range_contains_server' });
    expect(hs({ address: '192.168.50.100' })).toEqual({ range_start: 'range_contains_server' });
    expect(hs({ address: '192.168.50.199' })).toEqual({ range_start: 'range_contains_server' });
  });

  it('does not judge the range against a wrong address', () => {
    expect(hs({ address: 'x', range_start: '10.0.0.1' })).toEqual({ address: 'ipv4_format' });
  });

  it('requires a password of 8 to 63 printable ASCII characters', () => {
    expect(hs({ password: '' })).toEqual({ password: 'required' });
    expect(hs({ password: 'a'.repeat(7) })).toEqual({ password: 'wpa_length' });
    expect(hs({ password: 'a'.repeat(8) })).toEqual({});
    expect(hs({ password: 'a'.repeat(63) })).toEqual({});
    expect(hs({ password: 'a'.repeat(64) })).toEqual({ password: 'wpa_length' });
    expect(hs({ password: 'mot-de-passe-été' })).toEqual({ password: 'invalid_characters' });
    expect(hs({ password: 'é' })).toEqual({ password: 'invalid_characters' });
  });

  it('hotspotPasswordProblem gives the same verdicts alone', () => {
    expect(hotspotPasswordProblem('')).toBe('required');
    expect(hotspotPasswordProblem('1234567')).toBe('wpa_length');
    expect(hotspotPasswordProblem('12345678')).toBeNull();
    expect(hotspotPasswordProblem('ü2345678')).toBe('invalid_characters');
  });
});

describe('safe apply', () => {
  it('waits 90 seconds for a confirmation', () => {
    expect(SAFE_APPLY_SECONDS).toBe(90);
  });
});

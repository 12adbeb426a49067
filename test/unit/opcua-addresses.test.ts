/** Which host an OPC UA client's endpoint URLs name (server/services/opcua/addresses.ts): the
 * hosts per listening address, and the choice for each client. */
import os from 'node:os';
import { endpointHosts, hostForClient, hostOfUrl, interfaceAddresses, urlsForOtherMachines } from '../../server/services/opcua/addresses';

describe('endpointHosts', () => {
  test('on loopback: localhost first, then 127.0.0.1', () => {
    expect(endpointHosts('127.0.0.1', 'localhost')).toEqual(['localhost', '127.0.0.1']);
  });

  test('on every address: the host name, the interface addresses, then the loopback names, once each', () => {
    const hosts = endpointHosts('0.0.0.0', os.hostname());
    expect(hosts).toEqual([...new Set([os.hostname(), ...interfaceAddresses(), 'localhost', '127.0.0.1'])]);
    expect(endpointHosts('::', os.hostname())).toEqual(hosts);
  });

  test('on one address: that address; an IPv6 one in brackets', () => {
    expect(endpointHosts('192.168.10.20', '192.168.10.20')).toEqual(['192.168.10.20']);
    expect(endpointHosts('fd00::5', 'fd00::5')).toEqual(['[fd00::5]']);
  });
});

describe('hostForClient', () => {
  const hosts = ['panel', '192.168.10.20', '10.0.0.7', 'localhost', '127.0.0.1'];

  test("the host of the client's URL when it is the device's, in any case, with or without a path", () => {
    expect(hostForClient(hosts, 'opc.tcp://10.0.0.7:4840', '192.168.10.20')).toBe('10.0.0.7');
    expect(hostForClient(hosts, 'OPC.TCP://PANEL:4840/', '127.0.0.1')).toBe('panel');
    expect(hostForClient(hosts, 'opc.tcp://localhost', undefined)).toBe('localhost');
  });

  test('a name the device does not know, or none: the address the connection reached (IPv4 of a dual-stack socket too)', () => {
    expect(hostForClient(hosts, 'opc.tcp://panel.plant.example:4840', '192.168.10.20')).toBe('192.168.10.20');
    expect(hostForClient(hosts, '', '::ffff:10.0.0.7')).toBe('10.0.0.7');
    expect(hostForClient(hosts, null, '::1')).toBe('localhost');
    expect(hostForClient(hosts, 'http://10.0.0.7:4840', '127.0.0.1')).toBe('127.0.0.1');
  });

  test('neither known: the first host', () => {
    expect(hostForClient(hosts, 'opc.tcp://elsewhere:4840', '172.16.0.9')).toBe('panel');
    expect(hostForClient(hosts, undefined, undefined)).toBe('panel');
  });
});

test('hostOfUrl', () => {
  expect(hostOfUrl('opc.tcp://[fd00::5]:4840/UA')).toBe('[fd00::5]');
  expect(hostOfUrl('opc.tcp://Panel')).toBe('panel');
  expect(hostOfUrl('opc.https://panel:443')).toBeNull();
  expect(hostOfUrl(null)).toBeNull();
});

test('urlsForOtherMachines: a discovery server is given no loopback URL, unless there is nothing else', () => {
  expect(urlsForOtherMachines(['opc.tcp://panel:4840', 'opc.tcp://192.168.10.20:4840', 'opc.tcp://localhost:4840', 'opc.tcp://127.0.0.1:4840'])).toEqual([
    'opc.tcp://panel:4840',
    'opc.tcp://192.168.10.20:4840',
  ]);
  expect(urlsForOtherMachines(['opc.tcp://localhost:4840', 'opc.tcp://127.0.0.1:4840'])).toEqual(['opc.tcp://localhost:4840', 'opc.tcp://127.0.0.1:4840']);
});

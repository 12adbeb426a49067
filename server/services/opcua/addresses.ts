/**
 * The names and addresses the OPC UA server's endpoint URLs use (issue 27): a client is given URLs
 * at the address it connected to, never a name that means its own machine. No node-opcua here:
 * the certificate's names are worked out from this too before node-opcua is loaded.
 */
import os from 'node:os';

/** The device's own IPv4 addresses other than loopback, as the interfaces have them now. IPv6
 * addresses are left out: a link-local one needs its zone in a URL, and the panel's networks are
 * IPv4 (the Ethernet and Wi-Fi screens set IPv4 only). */
export function interfaceAddresses(): string[] {
  const out = new Set<string>();
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) out.add(a.address);
  }
  return [...out];
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const WILDCARD = new Set(['0.0.0.0', '::']);

/** The hosts of the endpoint URLs, the first being the one the Server tab shows (`primary`, the
 * console's: `localhost`, the host name, or the address HOST names):
 * - listening on loopback: `localhost` and `127.0.0.1`;
 * - listening on every address (HOST=0.0.0.0): the host name, each interface address, and the
 *   loopback names;
 * - listening on one address: that address only. */
export function endpointHosts(listen: string, primary: string): string[] {
  const hosts = LOOPBACK.has(listen) ? [primary, 'localhost', '127.0.0.1'] : WILDCARD.has(listen) ? [primary, os.hostname(), ...interfaceAddresses(), 'localhost', '127.0.0.1'] : [primary];
  const seen = new Set<string>();
  return hosts
    .map((h) => (h.includes(':') && !h.startsWith('[') ? `[${h}]` : h))
    .filter((h) => {
      const key = h.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** The host of an `opc.tcp://host:port/path` URL, lower-cased (an IPv6 literal keeps its
 * brackets); null when it is not one. */
export function hostOfUrl(url: string | null | undefined): string | null {
  const m = /^opc\.tcp:\/\/(\[[^\]]+\]|[^:/?#]+)/i.exec(url ?? '');
  return m ? m[1]!.toLowerCase() : null;
}

/** Which of `hosts` a client is answered with (OPC 10000-4 §5.5.4: "the Server uses this
 * information to determine what URLs to return"): the host of the URL it sent when it is one of
 * the device's; else the address its connection reached (the one address it certainly can
 * reach, and one the certificate names); else the first. */
export function hostForClient(hosts: string[], requestedUrl: string | null | undefined, localAddress: string | undefined): string {
  const byKey = new Map(hosts.map((h) => [h.toLowerCase(), h]));
  const asked = hostOfUrl(requestedUrl);
  if (asked && byKey.has(asked)) return byKey.get(asked)!;
  if (localAddress) {
    // An IPv4 client of a dual-stack socket shows as ::ffff:a.b.c.d.
    const local = localAddress.replace(/^::ffff:/i, '').toLowerCase();
    const found = byKey.get(local) ?? byKey.get(`[${local}]`) ?? (local === '::1' ? byKey.get('localhost') : undefined);
    if (found) return found;
  }
  return hosts[0]!;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The URLs a discovery server hands to other machines: the ones that are not loopback (all of
 * them when the server listens on loopback only). */
export function urlsForOtherMachines(urls: string[]): string[] {
  const outside = urls.filter((u) => !LOOPBACK_HOSTS.has(hostOfUrl(u) ?? ''));
  return outside.length > 0 ? outside : urls;
}

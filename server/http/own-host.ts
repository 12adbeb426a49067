import os from 'node:os';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error';
import type { Device } from '../device';

const API_PATH = /^\/(api|cgi)(\/|$)/;
/** A DNS name as a Host header may carry it: labels of letters, digits and hyphens. */
const DNS_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A host as compared: lower case, without IPv6 brackets, zone id, IPv4-mapped prefix or final dot. */
export function normalizeHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  h = h.replace(/%.*$/, '').replace(/\.$/, '');
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/.test(h)) h = h.slice('::ffff:'.length);
  return h;
}

/** The names and addresses this device answers to: its host name (and the mDNS `.local` form),
 * its HMI name when that is a valid host name, loopback, the addresses of the host's interfaces,
 * and the addresses its own network settings give it. Nothing a request says is in this list. */
export function ownHostNames(device: Device): Set<string> {
  const names = new Set<string>(['localhost', '127.0.0.1', '::1']);
  const addName = (name: string) => {
    const n = normalizeHost(name);
    if (DNS_NAME.test(n)) {
      names.add(n);
      if (!n.includes('.')) names.add(`${n}.local`);
    }
  };
  addName(os.hostname());
  addName(device.settings.get('hmi_name'));
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) names.add(normalizeHost(a.address));
  }
  for (const i of device.settings.get('ethernet').interfaces) if (i.mode === 'static' && i.ip) names.add(i.ip);
  const hotspot = device.settings.get('hotspot');
  if (hotspot.enabled) names.add(hotspot.address);
  return names;
}

export function isOwnHost(device: Device, host: string): boolean {
  return host !== '' && ownHostNames(device).has(normalizeHost(host));
}

/** A host as written in a URL: IPv6 addresses in brackets. */
function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Where a plain request is sent on HTTPS: the name it used when that is one of the device's own,
 * else the address of the interface it arrived on; never a name only the request vouches for. */
export function httpsHostFor(device: Device, req: FastifyRequest): string {
  const asked = normalizeHost(req.hostname ?? '');
  if (isOwnHost(device, asked)) return urlHost(asked);
  const local = req.socket.localAddress;
  return local ? urlHost(normalizeHost(local)) : 'localhost';
}

/** The path and query a request target names. A request line may carry the absolute form
 * (`GET http://other.example/admin/x`, RFC 9112 §3.2.2): only its path and query are taken, never
 * its scheme or host. Always starts with a single `/`. */
export function targetPath(url: string): string {
  let target = url;
  if (!target.startsWith('/')) {
    try {
      const parsed = new URL(target);
      target = `${parsed.pathname}${parsed.search}`;
    } catch {
      target = '/';
    }
  }
  // `//other.example/x` after a host is still this host's path, but say it with one slash.
  return target.replace(/^\/+/, '/');
}

/** A plain request while the device serves HTTPS only: an API call is refused (its credentials
 * have already crossed in clear; a redirect would have the client send them again), a page of
 * the console is sent to the same path on HTTPS. */
export function refusePlainHttp(device: Device, req: FastifyRequest, reply: FastifyReply): void {
  const target = targetPath(req.url);
  if (API_PATH.test(target)) {
    reply.code(403).send(new ApiError(403, 'https_required', `This device answers the API over HTTPS only (port ${device.httpsPort})`).toBody());
    return;
  }
  reply.redirect(`https://${httpsHostFor(device, req)}:${device.httpsPort}${target}`, 308);
}

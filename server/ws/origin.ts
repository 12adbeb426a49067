import type { IncomingMessage } from 'node:http';
import type { Device } from '../device';
import { isOwnHost } from '../http/own-host';

/** A browser names the page that opens a socket in Origin, and a page of another site must not
 * open the device's sockets (cross-site WebSocket hijacking): the origin must be the listener's own
 * (its scheme, the host and port the request was sent to) or one of the device's own names. A
 * client that sends no Origin is no browser page, and passes; its token still decides. */
export function socketOriginAllowed(device: Device, req: IncomingMessage, encrypted: boolean): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (a sandboxed page, a file) and anything malformed
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const scheme = encrypted ? 'https:' : 'http:';
  const host = req.headers.host;
  if (host && url.protocol === scheme) {
    try {
      if (new URL(`${scheme}//${host}`).host === url.host) return true;
    } catch {
      // a malformed Host header matches nothing
    }
  }
  return isOwnHost(device, url.hostname);
}

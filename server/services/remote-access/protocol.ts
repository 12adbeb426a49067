/**
 * The relay protocol between a panel and the remote-access service (the development service in
 * server/tools/remote-service/ plays the vendor's). Everything goes over connections the PANEL
 * opens (outbound, through its proxy when it has one); the panel listens on no new port.
 *
 * - The control connection: an HTTP/1.1 Upgrade of `GET /relay/control` to `hmi-remote-relay`,
 *   then JSON lines both ways. The panel says `hello` (partner, password, its hardware key); the
 *   service answers `welcome` (session ID, version, domain, session URL) or `refused` (reason), and
 *   later `open` for each browser connection to the session URL.
 * - A data connection per browser connection: the panel opens `GET /relay/data/<id>` (the same
 *   Upgrade) and pipes it, raw, to its own HTTP listener; the service pipes the browser's socket to
 *   it. Raw bytes: HTTP, keep-alive and WebSockets (the time channel) all pass unchanged.
 */
export const RELAY_UPGRADE = 'hmi-remote-relay';
export const CONTROL_PATH = '/relay/control';
export const DATA_PATH_PREFIX = '/relay/data/';
/** The longest line either side accepts: a peer sending more is cut off. */
export const MAX_LINE_BYTES = 8 * 1024;

export type RefusalReason = 'partner_not_found' | 'partner_auth' | 'occupied';

/** `scheme`: what a browser speaks through the relay, the panel's listener's own: `https` when the
 * panel serves HTTPS only (the relay then carries TLS end to end and cannot read it). */
export type PanelMessage = { type: 'hello'; partner: string; password: string; panel: string; scheme?: 'http' | 'https' } | { type: 'pong' };

export type ServiceMessage =
  | { type: 'welcome'; session_id: string; version: string; domain: string; url: string }
  | { type: 'refused'; reason: RefusalReason; message: string }
  | { type: 'open'; id: string }
  | { type: 'ping' };

/** The request line and headers of an Upgrade to the relay protocol. */
export function upgradeRequest(path: string, host: string): string {
  return `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: Upgrade\r\nUpgrade: ${RELAY_UPGRADE}\r\n\r\n`;
}

export const UPGRADE_ANSWER = `HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: ${RELAY_UPGRADE}\r\n\r\n`;

/** Splits a stream into JSON lines; a line longer than MAX_LINE_BYTES or not JSON calls `bad`. */
export function lineReader(onMessage: (msg: unknown) => void, bad: () => void): (chunk: Buffer) => void {
  let buffered = '';
  return (chunk) => {
    buffered += chunk.toString('utf8');
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line.trim() === '') continue;
      let msg: unknown;
      try {
        msg = JSON.parse(line);
      } catch {
        bad();
        return;
      }
      onMessage(msg);
    }
    if (buffered.length > MAX_LINE_BYTES) bad();
  };
}

export function line(msg: PanelMessage | ServiceMessage): string {
  return `${JSON.stringify(msg)}\n`;
}

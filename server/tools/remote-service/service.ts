/**
 * The development remote-access service: it plays the vendor's relay so that the panel's remote
 * access can be tried and tested on one machine (README, "The simulated panel: remote access").
 *
 * - Panels open a control connection to its main port (`GET /relay/control`, Upgrade
 *   `hmi-remote-relay`, then JSON lines: server/services/remote-access/protocol.ts) and say hello
 *   with a partner account. Partner names are compared case-insensitively; an unknown one is
 *   refused `partner_not_found`, a wrong password `partner_auth`, and a partner whose session
 *   another panel holds `occupied`.
 * - Each partner's session gets a session ID and a listening port of its own: its session URL.
 *   A browser connecting there is relayed to the panel through a data connection the PANEL opens
 *   (`GET /relay/data/<id>`), piped raw both ways. The console uses absolute paths (/admin/…),
 *   which is why a session is a port, not a path prefix.
 * - Its main port is an HTTP server too: `handlers` (the cloud part, /cloud/…) are tried first for
 *   every request; `GET /` answers the service's version, domain and sessions as JSON.
 */
import crypto from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { CONTROL_PATH, DATA_PATH_PREFIX, RELAY_UPGRADE, UPGRADE_ANSWER, line, lineReader, type PanelMessage } from '../../services/remote-access/protocol';

export const SERVICE_VERSION = '1.4.0-dev';
/** How long a browser's connection waits for the panel's data connection. */
const DATA_WAIT_MS = 10_000;
const PING_MS = 15_000;
const HELLO_WAIT_MS = 10_000;

export type RemoteServiceHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface RemoteServiceOptions {
  /** The main port (0: any free one). */
  port?: number;
  /** The address every port listens on. */
  host?: string;
  /** Partner accounts: name (any case) and password. */
  partners: ReadonlyArray<{ name: string; password: string }>;
  /** The domain the service reports (and the host of its session URLs unless `publicHost`). */
  domain?: string;
  /** The host written in session URLs (default: `host`, or 127.0.0.1 when that is a wildcard). */
  publicHost?: string;
  /** The first port of the session ports (each partner's session takes the next free one); 0: any. */
  sessionPortBase?: number;
  /** Tried first, in order, for every request to the main port; `true`: answered. */
  handlers?: RemoteServiceHandler[];
  /** A panel connected (its session URL), for the command line to print. */
  onSession?: (session: SessionInfo) => void;
  log?: (text: string) => void;
}

export interface SessionInfo {
  partner: string;
  session_id: string;
  url: string;
  port: number;
  /** A panel holds the session now. */
  connected: boolean;
}

interface Session {
  partner: string;
  sessionId: string;
  server: net.Server;
  port: number;
  url: string;
  /** The panel holding it: its control connection and hardware key. */
  panel: { socket: Duplex; key: string } | null;
  browsers: Set<Duplex>;
}

export interface RunningRemoteService {
  port: number;
  url: string;
  sessions(): SessionInfo[];
  close(): Promise<void>;
}

function sessionIdOf(): string {
  // Nine digits in groups of three, as the vendor's session IDs are read out over the phone.
  const n = crypto.randomInt(100_000_000, 1_000_000_000).toString();
  return `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
}

export async function startRemoteService(options: RemoteServiceOptions): Promise<RunningRemoteService> {
  const host = options.host ?? '127.0.0.1';
  const publicHost = options.publicHost ?? (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host);
  const domain = options.domain ?? publicHost;
  const urlHost = publicHost.includes(':') ? `[${publicHost}]` : publicHost;
  const log = options.log ?? (() => undefined);
  const partners = new Map(options.partners.map((p) => [p.name.toLowerCase(), p.password]));
  const sessions = new Map<string, Session>();
  /** Browser connections waiting for the panel's data connection, by id. */
  const waiting = new Map<string, { browser: Duplex; timer: NodeJS.Timeout }>();
  const sockets = new Set<Duplex>();
  let nextPort = options.sessionPortBase ?? 0;

  const info = (s: Session): SessionInfo => ({ partner: s.partner, session_id: s.sessionId, url: s.url, port: s.port, connected: s.panel !== null });

  const server = http.createServer((req, res) => {
    for (const handler of options.handlers ?? []) if (handler(req, res)) return;
    if (req.method === 'GET' && (req.url === '/' || req.url === '/status')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ service: 'hmi-remote-access (development)', version: SERVICE_VERSION, domain, sessions: [...sessions.values()].map(info) }));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found\n');
  });

  /** A browser connected to a session's port. */
  function browserArrived(session: Session, browser: net.Socket): void {
    sockets.add(browser);
    browser.on('close', () => sockets.delete(browser));
    browser.on('error', () => undefined);
    browser.setNoDelay(true);
    if (!session.panel) {
      browser.end('HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nThe panel of this session is not connected.\n');
      return;
    }
    browser.pause();
    const id = crypto.randomBytes(16).toString('hex');
    const timer = setTimeout(() => {
      waiting.delete(id);
      browser.end('HTTP/1.1 504 Gateway Timeout\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nThe panel did not answer.\n');
    }, DATA_WAIT_MS);
    waiting.set(id, { browser, timer });
    browser.once('close', () => {
      const w = waiting.get(id);
      if (w) {
        clearTimeout(w.timer);
        waiting.delete(id);
      }
    });
    session.browsers.add(browser);
    browser.once('close', () => session.browsers.delete(browser));
    session.panel.socket.write(line({ type: 'open', id }));
  }

  async function sessionOf(partner: string): Promise<Session> {
    const known = sessions.get(partner);
    if (known) return known;
    const session: Session = { partner, sessionId: sessionIdOf(), server: net.createServer(), port: 0, url: '', panel: null, browsers: new Set() };
    session.server.on('connection', (socket) => browserArrived(session, socket));
    // The session's port: the next free one from the base, or any.
    for (;;) {
      const want = nextPort === 0 ? 0 : nextPort++;
      try {
        await new Promise<void>((resolve, reject) => {
          session.server.once('error', reject);
          session.server.listen(want, host, () => {
            session.server.off('error', reject);
            resolve();
          });
        });
        break;
      } catch (err) {
        if (want === 0 || (err as { code?: string }).code !== 'EADDRINUSE') throw err;
      }
    }
    session.port = (session.server.address() as net.AddressInfo).port;
    session.url = `http://${urlHost}:${session.port}/`;
    sessions.set(partner, session);
    return session;
  }

  function control(socket: Duplex): void {
    let session: Session | null = null;
    let pinger: NodeJS.Timeout | null = null;
    // A connection that says no hello in time holds nothing.
    const helloTimer = setTimeout(() => {
      if (!session) socket.destroy();
    }, HELLO_WAIT_MS);
    const refuse = (reason: 'partner_not_found' | 'partner_auth' | 'occupied', message: string) => {
      socket.end(line({ type: 'refused', reason, message }));
    };
    const read = lineReader(
      (raw) => {
        const msg = raw as PanelMessage;
        if (msg.type === 'pong') return;
        if (msg.type !== 'hello' || session || typeof msg.partner !== 'string' || typeof msg.password !== 'string' || typeof msg.panel !== 'string') {
          socket.destroy();
          return;
        }
        const name = msg.partner.toLowerCase();
        const password = partners.get(name);
        if (password === undefined) return refuse('partner_not_found', `No partner account "${msg.partner}" on this service`);
        if (password !== msg.password) return refuse('partner_auth', `Wrong password for partner "${msg.partner}"`);
        void sessionOf(name).then((s) => {
          if (socket.destroyed) return;
          if (s.panel && s.panel.key !== msg.panel && !s.panel.socket.destroyed) {
            log(`partner ${name}: refused a second panel (occupied)`);
            return refuse('occupied', `Another panel holds the session of partner "${name}"`);
          }
          // The same panel coming back (its old connection not yet seen dead) takes its session over.
          if (s.panel && s.panel.socket !== socket) s.panel.socket.destroy();
          s.panel = { socket, key: msg.panel };
          session = s;
          // The browser speaks what the panel's listener speaks (TLS end to end when it is HTTPS).
          s.url = `${msg.scheme === 'https' ? 'https' : 'http'}://${urlHost}:${s.port}/`;
          socket.write(line({ type: 'welcome', session_id: s.sessionId, version: SERVICE_VERSION, domain, url: s.url }));
          pinger = setInterval(() => socket.write(line({ type: 'ping' })), PING_MS);
          log(`partner ${name}: panel connected, session ${s.sessionId}: ${s.url}`);
          options.onSession?.(info(s));
        });
      },
      () => socket.destroy(),
    );
    socket.on('data', read);
    socket.on('error', () => undefined);
    // The main port's sockets allow half-open connections (an HTTP server's do): a panel that
    // closes its side has let go of the session.
    socket.on('end', () => socket.destroy());
    socket.on('close', () => {
      clearTimeout(helloTimer);
      if (pinger) clearInterval(pinger);
      if (session && session.panel?.socket === socket) {
        session.panel = null;
        for (const b of session.browsers) b.destroy();
        log(`partner ${session.partner}: panel disconnected`);
      }
    });
  }

  function data(socket: Duplex, id: string, head: Buffer): void {
    const w = waiting.get(id);
    if (!w) {
      socket.destroy();
      return;
    }
    waiting.delete(id);
    clearTimeout(w.timer);
    socket.write(UPGRADE_ANSWER);
    if (head.length) socket.write(head);
    const end = () => {
      socket.destroy();
      w.browser.destroy();
    };
    socket.on('error', end).on('close', end);
    w.browser.on('close', end);
    w.browser.pipe(socket);
    socket.pipe(w.browser);
    w.browser.resume();
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if ((req.headers.upgrade ?? '').toLowerCase() !== RELAY_UPGRADE) {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    (socket as net.Socket).setNoDelay?.(true);
    const url = req.url ?? '';
    if (url === CONTROL_PATH) {
      socket.write(UPGRADE_ANSWER);
      control(socket);
      if (head.length) socket.emit('data', head);
    } else if (url.startsWith(DATA_PATH_PREFIX)) {
      data(socket, url.slice(DATA_PATH_PREFIX.length), head);
    } else {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    url: `http://${urlHost}:${port}/`,
    sessions: () => [...sessions.values()].map(info),
    close: async () => {
      for (const w of waiting.values()) clearTimeout(w.timer);
      for (const s of sockets) s.destroy();
      await Promise.all([
        new Promise<void>((resolve) => server.close(() => resolve())),
        ...[...sessions.values()].map((s) => new Promise<void>((resolve) => s.server.close(() => resolve()))),
      ]);
    },
  };
}

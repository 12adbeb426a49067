import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { WebSocketServer, type WebSocket } from 'ws';
import { DATETIME_SOCKET_PATH, SOCKET_AUTH_TIMEOUT_MS, SOCKET_UNAUTHORIZED_CLOSE } from '../../contract/api';
import type { Device } from '../device';
import { socketOriginAllowed } from './origin';

interface Client {
  socket: WebSocket;
  sessionId: string | null;
  authTimer: NodeJS.Timeout | null;
}

/** The time channel (docs/decisions.md#the-datetime-socket): the first message is the access token;
 * then one message a second with the device time. No valid token within 5 s, or a revoked one
 * later, closes with 4401. */
export class DatetimeSocket {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 8 * 1024 });
  private readonly clients = new Set<Client>();
  private ticker: NodeJS.Timeout | null = null;
  private readonly stopRevoked: () => void;

  constructor(private readonly device: Device) {
    this.stopRevoked = device.tokens.onRevoked((ids) => {
      const revoked = new Set(ids);
      for (const c of this.clients) if (c.sessionId && revoked.has(c.sessionId)) this.reject(c, 'token revoked');
    });
  }

  /** The clients connected now (Diagnostics' open connections). */
  get clientCount(): number {
    return this.clients.size;
  }

  /** Takes the HTTP upgrade requests of a server (plain or TLS). */
  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.handleUpgrade(req, socket, head));
  }

  /** One upgrade request (server/listen.ts hands it the requests of every path but the other
   * sockets'): any path but its own is a 404. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = (req.url ?? '').split('?')[0];
    const encrypted = (req.socket as TLSSocket).encrypted === true;
    if (url !== DATETIME_SOCKET_PATH || (!encrypted && !this.device.settings.get('http_enabled'))) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (!socketOriginAllowed(this.device, req, encrypted)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws));
  }

  private onConnection(socket: WebSocket): void {
    const client: Client = { socket, sessionId: null, authTimer: null };
    this.clients.add(client);
    client.authTimer = setTimeout(() => this.reject(client, 'no token'), SOCKET_AUTH_TIMEOUT_MS);
    socket.on('message', (data, isBinary) => {
      if (client.sessionId !== null) return;
      const token = isBinary ? '' : data.toString().trim();
      try {
        const claims = this.device.tokens.verifyAccess(token);
        client.sessionId = claims.sessionId;
        if (client.authTimer) clearTimeout(client.authTimer);
        client.authTimer = null;
        this.send(client, this.device.time.display());
        this.ensureTicker();
      } catch {
        this.reject(client, 'invalid token');
      }
    });
    socket.on('close', () => this.drop(client));
    socket.on('error', () => this.drop(client));
  }

  private send(client: Client, text: string): void {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(text);
  }

  private reject(client: Client, reason: string): void {
    client.socket.close(SOCKET_UNAUTHORIZED_CLOSE, reason);
    this.drop(client);
  }

  private drop(client: Client): void {
    if (client.authTimer) clearTimeout(client.authTimer);
    this.clients.delete(client);
    if (this.clients.size === 0 && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = null;
    }
  }

  private ensureTicker(): void {
    if (this.ticker) return;
    this.ticker = setInterval(() => {
      const text = this.device.time.display();
      for (const c of this.clients) {
        if (c.sessionId === null) continue;
        if (!this.device.tokens.isSessionActive(c.sessionId)) this.reject(c, 'token revoked');
        else this.send(c, text);
      }
    }, 1000);
  }

  /** Cuts every client off at once, as a power loss would (a simulated reboot). */
  dropClients(): void {
    for (const c of [...this.clients]) {
      c.socket.terminate();
      this.drop(c);
    }
  }

  close(): void {
    this.stopRevoked();
    for (const c of this.clients) c.socket.close(1001, 'server shutting down');
    this.clients.clear();
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    this.wss.close();
  }
}

import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, createDevice, type AppOptions, type CreatedDevice } from './app';
import { ensureCertificate } from './tls';
import { DatetimeSocket } from './ws/datetime-socket';
import { WebviewSocket, type WebviewSocketOptions } from './ws/webview-socket';
import { WEBVIEW_SOCKET_PATH } from '../contract/api/webview.routes';

/** The listeners' own limits on a connection (Node's http server). A body that stalls is cut
 * sooner, by the window of server/http/request-body.ts. */
export interface ServerTimeouts {
  /** A request's headers must be in within this (slow-header clients). */
  headersMs: number;
  /** A whole request, its body included, must be in within this: a 512 MB OS image needs
   * 150 KB/s. Answers (a long download, the time socket) are not bounded by it. */
  requestMs: number;
  /** A kept-alive connection with no request is closed after this. */
  keepAliveMs: number;
  /** How often the two first are checked. */
  checkIntervalMs: number;
}

export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 20_000,
  requestMs: 60 * 60_000,
  keepAliveMs: 10_000,
  checkIntervalMs: 10_000,
};

export interface ListenOptions extends Omit<AppOptions, 'serverFactory' | 'httpsPort'> {
  port: number;
  httpsPort: number;
  host: string;
  /** Tests shorten them. */
  timeouts?: Partial<ServerTimeouts>;
  /** The WebView socket's limits; tests shorten its idle minute. */
  webviewSocket?: Partial<WebviewSocketOptions>;
}

function serverOptions(t: ServerTimeouts): http.ServerOptions {
  return { headersTimeout: t.headersMs, requestTimeout: t.requestMs, connectionsCheckingInterval: t.checkIntervalMs };
}

export interface RunningServer extends CreatedDevice {
  app: FastifyInstance;
  /** The WebView socket (its viewers, for tests and the bench's checks). */
  webview: WebviewSocket;
  httpUrl: string;
  httpsUrl: string;
  close(): Promise<void>;
}

function urlOf(scheme: 'http' | 'https', host: string, server: http.Server): string {
  const { port } = server.address() as AddressInfo;
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `${scheme}://${shown}:${port}`;
}

/** Starts one device on two listeners sharing one app: plain HTTP and HTTPS (self-signed). */
export async function startServer(opts: ListenOptions): Promise<RunningServer> {
  const tls = await ensureCertificate(opts.dataDir);
  let httpsServer!: https.Server;
  const created = await createDevice({ ...opts, httpsPort: opts.httpsPort });
  const timeouts = { ...DEFAULT_SERVER_TIMEOUTS, ...opts.timeouts };
  const app = await buildApp(created, {
    ...opts,
    serverFactory: (handler) => {
      httpsServer = https.createServer({ key: tls.key, cert: tls.cert, ...serverOptions(timeouts) }, handler);
      const httpServer = http.createServer(serverOptions(timeouts), handler);
      for (const server of [httpServer, httpsServer]) server.keepAliveTimeout = timeouts.keepAliveMs;
      return httpServer;
    },
  });
  const { listeners } = created.device;
  try {
    await app.listen({ port: opts.port, host: opts.host });
  } catch (err) {
    listeners.failed('http', err, 'error');
    throw err;
  }
  listeners.listening('http', app.server);
  await new Promise<void>((resolve, reject) => {
    httpsServer.once('error', (err) => {
      listeners.failed('https', err, 'error');
      reject(err);
    });
    httpsServer.listen(opts.httpsPort, opts.host, () => resolve());
  });
  listeners.listening('https', httpsServer);
  // The HTTP→HTTPS redirect needs the real port when HTTPS_PORT=0 picked one.
  created.device.httpsPort = (httpsServer.address() as AddressInfo).port;

  // The sockets, on both listeners: /ws/webview to its own, every other path to the time
  // socket's (which refuses any but its own).
  const socket = new DatetimeSocket(created.device);
  const webview = new WebviewSocket(created.device, opts.webviewSocket);
  listeners.socketRunning(() => socket.clientCount);
  for (const server of [app.server, httpsServer]) {
    server.on('upgrade', (req: http.IncomingMessage, conn: import('node:stream').Duplex, head: Buffer) => {
      if ((req.url ?? '').split('?')[0] === WEBVIEW_SOCKET_PATH) webview.handleUpgrade(req, conn, head);
      else socket.handleUpgrade(req, conn, head);
    });
  }

  // A simulated reboot (OS update): while the device is down, every connection is dropped as it
  // comes and the open ones are cut, WebSockets included; the console finds the panel gone.
  const { power } = created.device;
  for (const server of [app.server, httpsServer]) {
    server.prependListener('connection', (conn: import('node:net').Socket) => {
      if (power.rebooting) conn.destroy();
    });
  }
  power.onDown(() => {
    socket.dropClients();
    webview.dropClients();
    for (const server of [app.server, httpsServer]) server.closeAllConnections();
  });

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      socket.close();
      listeners.socketStopped();
      webview.close();
      await new Promise<void>((resolve) => {
        httpsServer.close(() => resolve());
        httpsServer.closeAllConnections();
      });
      await app.close();
    })());

  return {
    ...created,
    app,
    webview,
    httpUrl: urlOf('http', opts.host, app.server),
    httpsUrl: urlOf('https', opts.host, httpsServer),
    close,
  };
}

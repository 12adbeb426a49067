/** The development cloud service (server/tools/remote-service/cloud.ts) in a plain node HTTP server
 * on loopback, as the shared remote-access service hosts it: for the server tests and the browser
 * journey. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCloudService, type CloudService, type CloudServiceOptions } from '../../server/tools/remote-service/cloud';

export interface HostedCloudService {
  service: CloudService;
  host: string;
  port: number;
  url: string;
  server: http.Server;
  close(): Promise<void>;
}

export async function startCloudService(options: CloudServiceOptions = {}, port = 0): Promise<HostedCloudService> {
  const service = createCloudService(options);
  const server = http.createServer((req, res) => {
    if (!service.handle(req, res)) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'not_found' }));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    service,
    host: '127.0.0.1',
    port: actual,
    url: `http://127.0.0.1:${actual}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let shared: Promise<HostedCloudService> | null = null;

/** One service for the call cases of every test file that runs them; it does not keep jest alive. */
export function sharedCloudService(): Promise<HostedCloudService> {
  shared ??= startCloudService().then((hosted) => {
    // The server is left to the process's end: unref'd, it does not hold jest open.
    hosted.server.unref();
    return hosted;
  });
  return shared;
}

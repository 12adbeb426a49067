/**
 * Small loopback proxies for tests: an HTTP CONNECT proxy and a SOCKS5 proxy (RFC 1928, with
 * user/password authentication, RFC 1929, when `auth` is given). Each counts the tunnels it opened
 * and the targets asked for, so a test can tell that a connection really went through it.
 */
import http from 'node:http';
import net from 'node:net';

export interface TestProxy {
  port: number;
  /** The `host:port` of each tunnel opened. */
  tunnels: string[];
  close(): Promise<void>;
}

function tracked(server: net.Server) {
  const sockets = new Set<net.Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
}

export async function startHttpConnectProxy(auth?: { user: string; password: string }): Promise<TestProxy> {
  const tunnels: string[] = [];
  const server = http.createServer((_req, res) => {
    res.writeHead(405);
    res.end();
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    if (auth) {
      const expected = `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
      if (req.headers['proxy-authorization'] !== expected) {
        client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n\r\n');
        return;
      }
    }
    const [host, port] = (req.url ?? '').split(':');
    const upstream = net.connect({ host: host!, port: Number(port) });
    upstream.once('connect', () => {
      tunnels.push(req.url ?? '');
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.once('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
    client.on('error', () => upstream.destroy());
  });
  const close = tracked(server);
  return { port: await listen(server), tunnels, close };
}

export async function startSocks5Proxy(auth?: { user: string; password: string }): Promise<TestProxy> {
  const tunnels: string[] = [];
  const server = net.createServer((client) => {
    client.on('error', () => undefined);
    let buf = Buffer.alloc(0);
    let stage: 'greeting' | 'auth' | 'request' = 'greeting';
    const onData = (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      if (stage === 'greeting') {
        if (buf.length < 2 || buf.length < 2 + buf[1]!) return;
        const methods = [...buf.subarray(2, 2 + buf[1]!)];
        buf = buf.subarray(2 + buf[1]!);
        const method = auth ? 0x02 : 0x00;
        if (!methods.includes(method)) return void client.end(Buffer.from([5, 0xff]));
        client.write(Buffer.from([5, method]));
        stage = auth ? 'auth' : 'request';
      }
      if (stage === 'auth') {
        if (buf.length < 2) return;
        const ulen = buf[1]!;
        if (buf.length < 3 + ulen) return;
        const plen = buf[2 + ulen]!;
        if (buf.length < 3 + ulen + plen) return;
        const user = buf.subarray(2, 2 + ulen).toString();
        const password = buf.subarray(3 + ulen, 3 + ulen + plen).toString();
        buf = buf.subarray(3 + ulen + plen);
        if (user !== auth!.user || password !== auth!.password) return void client.end(Buffer.from([1, 1]));
        client.write(Buffer.from([1, 0]));
        stage = 'request';
      }
      if (stage === 'request') {
        if (buf.length < 5) return;
        const atyp = buf[3]!;
        let host: string;
        let at: number;
        if (atyp === 1) {
          if (buf.length < 10) return;
          host = [...buf.subarray(4, 8)].join('.');
          at = 8;
        } else if (atyp === 3) {
          const len = buf[4]!;
          if (buf.length < 5 + len + 2) return;
          host = buf.subarray(5, 5 + len).toString();
          at = 5 + len;
        } else return void client.end(Buffer.from([5, 8, 0, 1, 0, 0, 0, 0, 0, 0]));
        const port = buf.readUInt16BE(at);
        const rest = buf.subarray(at + 2);
        client.off('data', onData);
        const upstream = net.connect({ host, port });
        upstream.once('connect', () => {
          tunnels.push(`${host}:${port}`);
          client.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
          if (rest.length) upstream.write(rest);
          upstream.pipe(client);
          client.pipe(upstream);
        });
        upstream.once('error', () => client.end(Buffer.from([5, 4, 0, 1, 0, 0, 0, 0, 0, 0])));
        client.on('close', () => upstream.destroy());
      }
    };
    client.on('data', onData);
  });
  const close = tracked(server);
  return { port: await listen(server), tunnels, close };
}

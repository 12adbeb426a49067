/**
 * The panel's outbound connections to the remote-access service: straight, or through the proxy
 * of its settings (HTTP CONNECT, or SOCKS5 with the `socks` package), then the relay's Upgrade.
 * Every failure is sorted into the code the screen shows (specification §8): a name that does not
 * resolve is 102, a proxy that cannot be reached or refuses is `proxy_failed`, a service that
 * cannot be reached `service_unreachable`.
 */
import dns from 'node:dns/promises';
import net from 'node:net';
import { SocksClient } from 'socks';
import type { ProxyProtocol, RemoteCode, RemoteField } from '../../../contract/rules/remote-access';
import { upgradeRequest } from './protocol';

export interface ProxyTarget {
  protocol: ProxyProtocol;
  host: string;
  port: number;
  user: string;
  password: string;
}

export interface DialTarget {
  host: string;
  port: number;
  proxy: ProxyTarget;
  /** The setting that names the service's host (for a 102 on it): region, or custom_host. */
  serviceField: RemoteField;
}

export class DialError extends Error {
  constructor(
    readonly code: RemoteCode,
    readonly field: RemoteField | null,
    message: string,
  ) {
    super(message);
  }
}

const CONNECT_TIMEOUT_MS = 10_000;

function isNameError(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'EAI_FAIL' || code === 'ENODATA';
}

/** Looks the name up (a real DNS look-up): a failure is code 102 on `field`. */
async function resolve(host: string, field: RemoteField): Promise<string> {
  if (net.isIP(host)) return host;
  try {
    return (await dns.lookup(host)).address;
  } catch (err) {
    if (isNameError(err)) throw new DialError('102', field, `${host}: the name could not be resolved (${(err as { code?: string }).code})`);
    throw new DialError('102', field, `${host}: ${(err as Error).message}`);
  }
}

function tcp(host: string, port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(Object.assign(new Error(`${host}:${port}: no answer within ${CONNECT_TIMEOUT_MS / 1000} s`), { code: 'ETIMEDOUT' }));
    }, CONNECT_TIMEOUT_MS);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.setNoDelay(true);
      resolve(socket);
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/** Reads an HTTP answer's head off a socket: the status and what came after the head. */
export function readHead(socket: net.Socket, timeoutMs = CONNECT_TIMEOUT_MS): Promise<{ status: number; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    let buf = Buffer.alloc(0);
    const done = (err: Error | null, value?: { status: number; rest: Buffer }) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('close', onClose);
      if (err) reject(err);
      else resolve(value!);
    };
    const onData = (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) {
        if (buf.length > 16 * 1024) done(new Error('answer head too long'));
        return;
      }
      socket.pause();
      const head = buf.subarray(0, end).toString('latin1');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      done(null, { status, rest: buf.subarray(end + 4) });
    };
    const onError = (err: Error) => done(err);
    const onClose = () => done(new Error('closed before answering'));
    const timer = setTimeout(() => done(new Error('no answer in time')), timeoutMs);
    socket.on('data', onData);
    socket.once('error', onError);
    socket.once('close', onClose);
  });
}

/** A TCP connection to the service, through the proxy when there is one. */
async function reach(target: DialTarget): Promise<net.Socket> {
  const { proxy } = target;
  if (proxy.protocol === 'none') {
    const address = await resolve(target.host, target.serviceField);
    try {
      return await tcp(address, target.port);
    } catch (err) {
      throw new DialError('service_unreachable', target.serviceField, `${target.host}:${target.port}: ${(err as Error).message}`);
    }
  }
  const proxyAddress = await resolve(proxy.host, 'proxy_host');
  if (proxy.protocol === 'socks5') {
    try {
      const { socket } = await SocksClient.createConnection({
        proxy: { host: proxyAddress, port: proxy.port, type: 5, ...(proxy.user ? { userId: proxy.user, password: proxy.password } : {}) },
        command: 'connect',
        // The proxy resolves the service's name, as a proxy in front of a panel without DNS does.
        destination: { host: target.host, port: target.port },
        timeout: CONNECT_TIMEOUT_MS,
      });
      socket.setNoDelay(true);
      return socket;
    } catch (err) {
      throw new DialError('proxy_failed', 'proxy_host', `SOCKS5 proxy ${proxy.host}:${proxy.port}: ${(err as Error).message}`);
    }
  }
  let socket: net.Socket;
  try {
    socket = await tcp(proxyAddress, proxy.port);
  } catch (err) {
    throw new DialError('proxy_failed', 'proxy_host', `HTTP proxy ${proxy.host}:${proxy.port}: ${(err as Error).message}`);
  }
  const auth = proxy.user ? `Proxy-Authorization: Basic ${Buffer.from(`${proxy.user}:${proxy.password}`).toString('base64')}\r\n` : '';
  socket.write(`CONNECT ${target.host}:${target.port} HTTP/1.1\r\nHost: ${target.host}:${target.port}\r\n${auth}\r\n`);
  let head: { status: number; rest: Buffer };
  try {
    head = await readHead(socket);
  } catch (err) {
    socket.destroy();
    throw new DialError('proxy_failed', 'proxy_host', `HTTP proxy ${proxy.host}:${proxy.port}: ${(err as Error).message}`);
  }
  if (head.status !== 200) {
    socket.destroy();
    const field: RemoteField = head.status === 407 ? 'proxy_user' : 'proxy_host';
    throw new DialError('proxy_failed', field, `HTTP proxy ${proxy.host}:${proxy.port} answered ${head.status} to CONNECT`);
  }
  if (head.rest.length) socket.unshift(head.rest);
  socket.resume();
  return socket;
}

/** An outbound relay connection: reached, upgraded to the relay protocol on `path`. Answers the
 * socket and any bytes that came after the service's answer. */
export async function dialRelay(target: DialTarget, path: string): Promise<{ socket: net.Socket; rest: Buffer }> {
  const socket = await reach(target);
  socket.write(upgradeRequest(path, `${target.host}:${target.port}`));
  let head: { status: number; rest: Buffer };
  try {
    head = await readHead(socket);
  } catch (err) {
    socket.destroy();
    throw new DialError('service_unreachable', target.serviceField, `${target.host}:${target.port}: ${(err as Error).message}`);
  }
  if (head.status !== 101) {
    socket.destroy();
    throw new DialError('service_unreachable', target.serviceField, `${target.host}:${target.port} is no remote-access service (answered ${head.status})`);
  }
  return { socket, rest: head.rest };
}

/** Real-socket helpers: HTTP(S) requests to a listening device (self-signed certificates
 * accepted) and WebSocket clients that record what they receive. */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { WebSocket, type ClientOptions } from 'ws';
import type { AccountName } from '../../contract/roles';
import { TEST_PASSWORD } from './device';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json(): any;
}

export function request(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; agent?: http.Agent | false } = {},
): Promise<HttpAnswer> {
  const u = new URL(url);
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      u,
      {
        method: opts.method ?? 'GET',
        headers: { ...(opts.body !== undefined ? { 'content-length': String(Buffer.byteLength(opts.body)) } : {}), ...opts.headers },
        rejectUnauthorized: false,
        ...(opts.agent !== undefined ? { agent: opts.agent } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`request to ${url} timed out`)));
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

export function jsonRequest(url: string, method: string, token: string | null, body?: unknown): Promise<HttpAnswer> {
  return request(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

/** Signs in over the network; `base` is the listener's URL (http://host:port). */
export async function loginOver(base: string, account: AccountName = 'admin', password = TEST_PASSWORD) {
  const adminMode = account === 'admin' || account === 'update' || account === 'history';
  const res = await request(`${base}/api/v1/auth/token/${adminMode ? account : 'app'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: account, password }).toString(),
  });
  if (res.status !== 200) throw new Error(`login as ${account} failed: ${res.status} ${res.body}`);
  return res.json() as { access_token: string; refresh_token: string };
}

export interface RecordingSocket {
  ws: WebSocket;
  /** Text messages with the time they arrived (ms, performance clock). */
  messages: { text: string; at: number }[];
  opened: Promise<void>;
  closed: Promise<{ code: number; reason: string; at: number }>;
  /** Resolves once `n` messages have arrived (rejects when the socket closes first). */
  waitForMessages(n: number): Promise<void>;
}

export function openSocket(url: string, opts: ClientOptions = {}): RecordingSocket {
  const ws = new WebSocket(url, { rejectUnauthorized: false, ...opts });
  const messages: { text: string; at: number }[] = [];
  const waiters: { n: number; resolve: () => void; reject: (e: Error) => void }[] = [];
  ws.on('message', (data, isBinary) => {
    messages.push({ text: isBinary ? '<binary>' : data.toString(), at: performance.now() });
    for (const w of [...waiters]) if (messages.length >= w.n) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    // A refused upgrade errors with "Unexpected server response: <status>", then closes.
    ws.once('error', reject);
  });
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) => {
    ws.once('close', (code, reason) => {
      const at = performance.now();
      for (const w of waiters.splice(0)) w.reject(new Error(`socket closed with ${code} after ${messages.length} messages`));
      resolve({ code, reason: reason.toString(), at });
    });
  });
  // Failed upgrades also emit 'error'; the promises above carry it.
  ws.on('error', () => undefined);
  return {
    ws,
    messages,
    opened,
    closed,
    waitForMessages: (n) =>
      messages.length >= n ? Promise.resolve() : new Promise<void>((resolve, reject) => waiters.push({ n, resolve, reject })),
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Sends `text` as it is over a plain TCP connection and answers what came back until the server
 * closed or `quietMs` passed without more bytes (request lines that `http.request` will not
 * write: an absolute-form target, a body cut short). */
export function rawExchange(port: number, text: string | Buffer, opts: { quietMs?: number; host?: string } = {}): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, opts.host ?? '127.0.0.1');
    let received = '';
    let timer: NodeJS.Timeout | null = null;
    const done = (closed: boolean) => {
      if (timer) clearTimeout(timer);
      socket.destroy();
      resolve({ text: received, closed });
    };
    const quiet = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => done(false), opts.quietMs ?? 1000);
    };
    socket.on('connect', () => {
      socket.write(text);
      quiet();
    });
    socket.on('data', (c: Buffer) => {
      received += c.toString('latin1');
      quiet();
    });
    socket.on('end', () => done(true));
    socket.on('error', (err) => (received ? done(true) : reject(err)));
  });
}

/** The status line and headers of a raw HTTP answer. */
export function parseRawAnswer(text: string): { status: number; headers: Record<string, string> } {
  const [head = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers };
}

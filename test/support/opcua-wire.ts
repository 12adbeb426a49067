/** OPC UA's TCP framing as a foreign client puts it on the wire (OPC 10000-6 §7.1.2): a HEL and an
 * unsecured OPN written by hand, the frames a server answers with read back, and a recording
 * relay between a real client and the server, so that tests check the bytes a refusal travels in,
 * not only what node-opcua's own client makes of them. */
import net from 'node:net';

/** One message of the connection protocol: its type ('HEL', 'ACK', 'ERR', 'OPN', 'MSG', 'CLO'),
 * its chunk type ('F', 'C', 'A') and the bytes after the 8-byte header. */
export interface Frame {
  type: string;
  chunk: string;
  body: Buffer;
}

function uaString(text: string | null): Buffer {
  if (text === null) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(-1);
    return b;
  }
  const bytes = Buffer.from(text, 'utf8');
  const len = Buffer.alloc(4);
  len.writeInt32LE(bytes.length);
  return Buffer.concat([len, bytes]);
}

function u32(...values: number[]): Buffer {
  const b = Buffer.alloc(4 * values.length);
  values.forEach((v, i) => b.writeUInt32LE(v, 4 * i));
  return b;
}

function frame(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(`${type}F`, 0, 'latin1');
  head.writeUInt32LE(8 + body.length, 4);
  return Buffer.concat([head, body]);
}

/** HEL (§7.1.2.3): protocol version 0, 64 KiB buffers, no message or chunk limit, the URL. */
export function helloFrame(endpointUrl: string): Buffer {
  return frame('HEL', Buffer.concat([u32(0, 65536, 65536, 0, 0), uaString(endpointUrl)]));
}

/** MessageSecurityMode as OpenSecureChannelRequest carries it. */
export const SECURITY_MODE = { None: 1, Sign: 2, SignAndEncrypt: 3 } as const;

/** An unsigned, unencrypted OPN (§6.7.2): secure channel 0, the asymmetric security header with
 * `policyUri` and no certificates, sequence 1 / request 1, then an OpenSecureChannelRequest (Issue)
 * asking for `mode`. */
export function openFrame(policyUri: string, mode: number): Buffer {
  const requestHeader = Buffer.concat([
    Buffer.from([0x00, 0x00]), // authenticationToken: null NodeId
    Buffer.alloc(8), // timestamp
    u32(1, 0), // requestHandle, returnDiagnostics
    uaString(null), // auditEntryId
    u32(10_000), // timeoutHint
    Buffer.from([0x00, 0x00, 0x00]), // additionalHeader: null ExtensionObject
  ]);
  const nonce = Buffer.alloc(4); // empty ByteString
  const request = Buffer.concat([
    Buffer.from([0x01, 0x00, 0xbe, 0x01]), // OpenSecureChannelRequest_Encoding_DefaultBinary (i=446)
    requestHeader,
    u32(0, 0, mode), // clientProtocolVersion, requestType Issue, securityMode
    nonce,
    u32(3_600_000), // requestedLifetime
  ]);
  const nullBytes = Buffer.alloc(4);
  nullBytes.writeInt32LE(-1);
  return frame('OPN', Buffer.concat([u32(0), uaString(policyUri), nullBytes, nullBytes, u32(1, 1), request]));
}

/** Splits a byte stream into frames (a trailing partial frame is left out). */
export function splitFrames(bytes: Buffer): Frame[] {
  const out: Frame[] = [];
  let at = 0;
  while (at + 8 <= bytes.length) {
    const size = bytes.readUInt32LE(at + 4);
    if (size < 8 || at + size > bytes.length) break;
    out.push({ type: bytes.toString('latin1', at, at + 3), chunk: bytes.toString('latin1', at + 3, at + 4), body: bytes.subarray(at + 8, at + size) });
    at += size;
  }
  return out;
}

/** An ERR message's fields (§7.1.2.5): Error (UInt32 StatusCode) then Reason (String). Throws
 * when the body is not laid out so (the reason's length must fit the frame exactly). */
export function parseError(f: Frame): { error: number; reason: string } {
  if (f.type !== 'ERR' || f.chunk !== 'F') throw new Error(`not an ERR final frame: ${f.type}${f.chunk}`);
  if (f.body.length < 8) throw new Error(`ERR body too short: ${f.body.length} bytes`);
  const error = f.body.readUInt32LE(0);
  const len = f.body.readInt32LE(4);
  if (len === -1 && f.body.length === 8) return { error, reason: '' };
  if (len < 0 || 8 + len !== f.body.length) throw new Error(`ERR reason length ${len} does not fit a ${f.body.length}-byte body`);
  return { error, reason: f.body.toString('utf8', 8) };
}

/** Connects, writes `messages` one after the other, and collects what the server sends until it
 * closes the connection (or `timeoutMs` passes): the frames and whether the socket was reset. */
export function exchange(port: number, host: string, messages: Buffer[], timeoutMs = 5000): Promise<{ frames: Frame[]; reset: boolean; closedBy: 'server' | 'timeout' }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host });
    const chunks: Buffer[] = [];
    let reset = false;
    let done = false;
    const finish = (closedBy: 'server' | 'timeout') => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ frames: splitFrames(Buffer.concat(chunks)), reset, closedBy });
    };
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    socket.on('connect', () => {
      // HEL first; the rest once the ACK is in.
      socket.write(messages[0]!);
    });
    let sent = 1;
    socket.on('data', (d) => {
      chunks.push(d);
      const frames = splitFrames(Buffer.concat(chunks));
      if (frames.length >= sent && sent < messages.length && frames[frames.length - 1]!.type === 'ACK') socket.write(messages[sent++]!);
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNRESET') reset = true;
      else if (!done) {
        done = true;
        clearTimeout(timer);
        reject(err);
      }
    });
    socket.on('close', () => finish('server'));
  });
}

/** A TCP relay on a free port of 127.0.0.1 to `target`: what the server sends on each connection
 * is recorded, and so is whether the server reset it. */
export interface RecordingRelay {
  port: number;
  connections: { fromServer: Buffer[]; serverReset: boolean }[];
  close(): Promise<void>;
}

export function recordingRelay(target: { host: string; port: number }): Promise<RecordingRelay> {
  const connections: RecordingRelay['connections'] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const record = { fromServer: [] as Buffer[], serverReset: false };
    connections.push(record);
    const upstream = net.connect(target);
    sockets.add(client).add(upstream);
    client.on('data', (d) => upstream.write(d));
    upstream.on('data', (d) => {
      record.fromServer.push(d);
      client.write(d);
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNRESET') record.serverReset = true;
      client.destroy();
    });
    client.on('error', () => upstream.destroy());
    upstream.on('end', () => client.end());
    client.on('end', () => upstream.end());
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: (server.address() as net.AddressInfo).port,
        connections,
        close: () =>
          new Promise<void>((done) => {
            sockets.forEach((s) => s.destroy());
            server.close(() => done());
          }),
      });
    });
  });
}

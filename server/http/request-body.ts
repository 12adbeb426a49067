/**
 * What the server does with a request's body beyond the route that reads it:
 *
 * - **A body must keep coming.** Until it has arrived whole, each window (30 s) must bring at
 *   least `minBytes` (32 KiB, about 1 KB/s) unless the server itself is the one not reading; a
 *   body that stalls or trickles has its connection cut, and the route that was reading it fails
 *   and removes what it staged. (The listeners' `requestTimeout` bounds the whole request too:
 *   server/listen.ts.)
 * - **An answer given before the body was read** (a refused image, a 401, a 409, a 413) does not
 *   leave the rest of the body in the connection: it is read and thrown away, up to what the call
 *   takes (an upload's limit), so a kept-alive client's next request on the same connection is
 *   answered; a body declared larger than that is not read: the answer says `Connection: close`
 *   and the connection ends with it.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface BodyLimits {
  /** The window over which a body must bring `minBytes`. */
  windowMs: number;
  minBytes: number;
  /** The most an early answer drains of a multipart body (the largest upload the device takes,
   * with its envelope); a route that knows its own limit says so with `allowDrain`. */
  drainMultipartBytes: number;
}

export const DEFAULT_BODY_LIMITS: Omit<BodyLimits, 'drainMultipartBytes'> = {
  windowMs: 30_000,
  minBytes: 32 * 1024,
};

/** What an early answer drains of any other body: the API's body limit (app.ts). */
const DRAIN_OTHER_BYTES = 64 * 1024;

const allowances = new WeakMap<IncomingMessage, number>();

/** The most of `req`'s body an early answer reads and throws away (an upload sets its own limit
 * and envelope once it starts reading). */
export function allowDrain(req: FastifyRequest, bytes: number): void {
  allowances.set(req.raw, bytes);
}

/** A body still coming over a connection (a request made in the process, `inject`, has none). */
function bodyComing(raw: IncomingMessage): boolean {
  const length = raw.headers['content-length'];
  const hasBody = raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  return hasBody && !raw.complete && !raw.destroyed && typeof raw.socket?.bytesRead === 'number';
}

/** Cuts the connection of a body that stalls or trickles (see above). */
function watchBody(req: FastifyRequest, limits: BodyLimits): void {
  const raw = req.raw;
  const socket = raw.socket;
  let seen = socket.bytesRead;
  const stop = () => clearInterval(timer);
  const timer = setInterval(() => {
    if (raw.complete || raw.destroyed || socket.destroyed) return stop();
    const now = socket.bytesRead;
    const brought = now - seen;
    seen = now;
    if (brought >= limits.minBytes) return;
    // Bytes waiting in the request, or a reader that paused it: the server is the slow side.
    if (raw.readableLength > 0 || raw.readableFlowing === false) return;
    req.log.warn({ url: req.url.split('?')[0], bytes: brought, windowMs: limits.windowMs }, 'request body stalled: connection cut');
    stop();
    socket.destroy();
  }, limits.windowMs);
  timer.unref();
  raw.once('end', stop);
  raw.once('close', stop);
}

/** Reads and throws away the rest of a body answered early; past `allowance` bytes (a body sent
 * without a length) the connection is cut. */
function drain(raw: IncomingMessage, allowance: number): void {
  let drained = 0;
  raw.unpipe();
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > allowance) raw.socket.destroy();
  });
  raw.resume();
}

export function registerBodyGuards(app: FastifyInstance, limits: BodyLimits): void {
  app.addHook('onRequest', (req, _reply, done) => {
    if (bodyComing(req.raw)) watchBody(req, limits);
    done();
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    const raw = req.raw;
    if (!bodyComing(raw)) return done(null, payload);
    const allowance = allowances.get(raw) ?? (req.isMultipart() ? limits.drainMultipartBytes : DRAIN_OTHER_BYTES);
    const declared = Number(raw.headers['content-length']);
    if (Number.isFinite(declared) && declared > allowance) {
      reply.header('connection', 'close');
      return done(null, payload);
    }
    reply.raw.once('finish', () => {
      if (!raw.complete && !raw.destroyed) drain(raw, allowance);
    });
    done(null, payload);
  });
}

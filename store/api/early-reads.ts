/**
 * Reads a signed-in page sends before the console's code has arrived. src/boot.ts (the first
 * script, a few kilobytes) sends the shell's reads as soon as the page starts, and
 * the base query (./base-query.ts) hands each answer to the first request for the same
 * call with the same token: one request, sent while React, MUI and the router are still arriving
 * instead of after them. An early read is taken once; one nobody takes within FRESH_MS, or one
 * that failed to arrive, is forgotten and the request goes to the device as usual.
 */

/** How long an early answer may wait for the request that takes it. */
export const EARLY_READ_FRESH_MS = 10_000;

interface EarlyRead {
  authorization: string;
  response: Promise<Response>;
  sentAt: number;
}

const reads = new Map<string, EarlyRead>();

function keyOf(url: string): string {
  const u = new URL(url, window.location.origin);
  return u.origin === window.location.origin ? u.pathname + u.search : url;
}

/** Sends a GET for `url` (a path and its query string) with the access token, for the base query to take. */
export function sendEarlyRead(url: string, accessToken: string, now: number = Date.now()): void {
  const key = keyOf(url);
  if (reads.has(key)) return;
  const authorization = `Bearer ${accessToken}`;
  const response = fetch(key, { headers: { authorization }, credentials: 'same-origin' });
  // A read nobody takes must not report an unhandled rejection.
  response.catch(() => undefined);
  reads.set(key, { authorization, response, sentAt: now });
}

/** The early answer to `request`, once: a GET for the same path and query with the same token,
 * sent less than EARLY_READ_FRESH_MS ago. A failed early read falls back to sending `request`. */
export function takeEarlyRead(request: Request, send: (r: Request) => Promise<Response>, now: number = Date.now()): Promise<Response> | null {
  if (request.method !== 'GET') return null;
  const key = keyOf(request.url);
  const read = reads.get(key);
  if (!read) return null;
  reads.delete(key);
  if (now - read.sentAt > EARLY_READ_FRESH_MS || request.headers.get('authorization') !== read.authorization) return null;
  return read.response.catch(() => send(request));
}

/** Forgets every early read (tests). */
export function forgetEarlyReads(): void {
  reads.clear();
}

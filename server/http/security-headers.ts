import type { FastifyInstance, FastifyReply } from 'fastify';

/** The console's Content-Security-Policy: scripts only from this origin (no inline script),
 * embedding only by the same origin. MUI's emotion inserts <style> elements at run time, hence
 * 'unsafe-inline' for styles alone. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** JSON answers are never rendered as documents: the strictest policy, in a few bytes. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'self'";

const API_PATH = /^\/(api|cgi)\//;

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};
// X-Frame-Options (for browsers without frame-ancestors), COOP and CORP protect documents and
// files another site could embed; API answers need a bearer token, which no embedding sends.
const CONSOLE_HEADERS = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  ...COMMON,
});
// An API answer is about one moment and often one account (tokens, settings, passwords' state):
// no cache, the browser's or a proxy's, keeps it.
const API_HEADERS = Object.freeze({ 'content-security-policy': API_CONTENT_SECURITY_POLICY, 'cache-control': 'no-store', ...COMMON });

/** Security headers on every answer, errors and redirects included; fixed sets computed once:
 * @fastify/helmet rebuilt its policy on every request and cost a third of the API's throughput,
 * and HSTS (which it adds) would make a self-signed certificate impossible to click through. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    applySecurityHeaders(req.url, reply);
    done();
  });
}

/** For answers Fastify makes before any hook runs (a malformed URL). */
export function applySecurityHeaders(url: string, reply: FastifyReply): void {
  reply.headers(API_PATH.test(url) ? API_HEADERS : CONSOLE_HEADERS);
}

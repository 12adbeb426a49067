import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEFAULT_MISC_SETTINGS, frameAncestors, xFrameOptions, type FrameEmbedding } from '../../contract/rules/misc';

/** The console's Content-Security-Policy: scripts only from this origin (no inline script),
 * embedding as the Misc setting says (`frame-ancestors`, frameAncestors in contract/rules/misc.ts:
 * the same origin on a new device). MUI's emotion inserts <style> elements at run time, hence
 * 'unsafe-inline' for styles alone. */
export function contentSecurityPolicy(frame: FrameEmbedding): string {
  return [
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
    `frame-ancestors ${frameAncestors(frame)}`,
  ].join('; ');
}

/** JSON answers are never rendered as documents: the strictest policy, in a few bytes. */
export function apiContentSecurityPolicy(frame: FrameEmbedding): string {
  return `default-src 'none'; frame-ancestors ${frameAncestors(frame)}`;
}

const API_PATH = /^\/(api|cgi)\//;

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

interface HeaderSets {
  console: Readonly<Record<string, string>>;
  api: Readonly<Record<string, string>>;
}

function headerSets(frame: FrameEmbedding): HeaderSets {
  const xfo = xFrameOptions(frame);
  return {
    // X-Frame-Options (for browsers without frame-ancestors), COOP and CORP protect documents and
    // files another site could embed; API answers need a bearer token, which no embedding sends.
    console: Object.freeze({
      'content-security-policy': contentSecurityPolicy(frame),
      ...(xfo ? { 'x-frame-options': xfo } : {}),
      'cross-origin-opener-policy': 'same-origin',
      // The console's document in another origin's frame loads its files from its own origin:
      // same-origin resources still.
      'cross-origin-resource-policy': 'same-origin',
      ...COMMON,
    }),
    // An API answer is about one moment and often one account (tokens, settings, passwords' state):
    // no cache, the browser's or a proxy's, keeps it.
    api: Object.freeze({ 'content-security-policy': apiContentSecurityPolicy(frame), 'cache-control': 'no-store', ...COMMON }),
  };
}

/** One server's security headers: fixed sets, computed once per frame-embedding setting (the Misc
 * area sets it at start and after each change), never per request. */
export class SecurityHeaders {
  private sets = headerSets(DEFAULT_MISC_SETTINGS.frame_embedding);

  setFrameEmbedding(frame: FrameEmbedding): void {
    this.sets = headerSets(frame);
  }

  apply(url: string, reply: FastifyReply): void {
    reply.headers(API_PATH.test(url) ? this.sets.api : this.sets.console);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    securityHeaders: SecurityHeaders;
  }
}

/** Security headers on every answer, errors and redirects included; fixed sets computed once:
 * @fastify/helmet rebuilt its policy on every request and cost a third of the API's throughput,
 * and HSTS (which it adds) would make a self-signed certificate impossible to click through. */
export function registerSecurityHeaders(app: FastifyInstance): SecurityHeaders {
  const headers = new SecurityHeaders();
  app.decorate('securityHeaders', headers);
  app.addHook('onRequest', (req, reply, done) => {
    headers.apply(req.url, reply);
    done();
  });
  return headers;
}

/** For answers Fastify makes before any hook runs (a malformed URL). */
export function applySecurityHeaders(url: string, reply: FastifyReply): void {
  reply.server.securityHeaders.apply(url, reply);
}

import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/** Security headers on every answer: a CSP with no inline script, embedding only by the same
 * origin, no MIME sniffing, a same-origin referrer policy. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI's emotion inserts <style> elements at run time; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'same-origin' },
    // A self-signed certificate must stay possible to click through; HSTS would forbid that.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
}

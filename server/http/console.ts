import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ApiError } from '../lib/api-error';
import { SIGNED_IN_HINT_COOKIE } from '../../contract/api/auth.routes';

const SPA_PATH = /^\/(admin|app)(\/|$)|^\/auth-redirect(\/|$)/;
const API_PATH = /^\/(api|cgi|ws)(\/|$)/;
/** The sign-in pages of both modes; every other console route is a signed-in page. */
const SIGN_IN_PATH = /^\/(admin|app)\/login\/?$/;
const AUTH_REDIRECT_PATH = /^\/auth-redirect(\/|$)/;
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|woff2?|svg|png|json)$/;

/** Serves the built console from `dir`: content-hashed files cached for a year, pre-compressed
 * `.br`/`.gz` copies to browsers that accept them, and for every console route the page built for
 * it (below). */
export async function registerConsole(app: FastifyInstance, dir: string | null): Promise<void> {
  const built = dir !== null && fs.existsSync(path.join(dir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: dir,
      prefix: '/',
      index: false,
      preCompressed: true,
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.header('Cache-Control', HASHED_ASSET.test(filePath.replace(/\.(br|gz)$/, '')) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // The build writes one page per kind of first load, each naming every script that load runs
  // (webpack.config.ts, PAGES): a signed-in route's page has the shell's chunks fetched at once, the
  // sign-in page the sign-in chunk. The session is in the browser's storage, which the device never
  // sees: a console route gets the signed-in page only from a browser with the signed-in hint
  // cookie (SIGNED_IN_HINT_COOKIE, set with the tokens), so a signed-out deep link downloads
  // nothing of the shell. A build without the pages (or a test's folder) has index.html alone.
  const pageOr = (file: string) => (built && fs.existsSync(path.join(dir, file)) ? file : 'index.html');
  const signInPage = pageOr('sign-in.html');
  const signedInPage = pageOr('signed-in.html');
  const signedInHint = new RegExp(`(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(?:;|$)`);
  const pageOf = (url: string, cookie: string): string =>
    SIGN_IN_PATH.test(url) ? signInPage : !AUTH_REDIRECT_PATH.test(url) && signedInHint.test(cookie) ? signedInPage : 'index.html';
  const sendConsole = (url: string, cookie: string, reply: FastifyReply) => {
    if (!built) throw new ApiError(404, 'not_found', 'The console is not built: run npm run build');
    reply.header('Cache-Control', 'no-cache');
    // The page depends on the cookie: a cache keeps one per cookie header.
    reply.header('Vary', 'Cookie');
    return reply.sendFile(pageOf(url, cookie));
  };

  app.get('/', (_req, reply) => reply.redirect('/app', 302));

  // A device's console is nothing for a search engine to index, whatever the console's build holds.
  app.get('/robots.txt', (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send('User-agent: *\nDisallow: /\n'),
  );

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if ((req.method === 'GET' || req.method === 'HEAD') && SPA_PATH.test(url)) return sendConsole(url, req.headers.cookie ?? '', reply);
    if (API_PATH.test(url) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send(ApiError.notFound(`No such call: ${req.method} ${url}`).toBody());
    }
    return reply.redirect('/app/404', 302);
  });
}

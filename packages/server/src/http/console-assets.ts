import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The built console, served by the same process. The build writes a brotli and a gzip copy beside each
 * file (packages/web/precompress.ts): they are sent as they are with Content-Encoding and Vary. Hashed
 * files under assets/ never change, so browsers keep them a year; index.html is revalidated each time.
 * One wildcard route: with a route per file (`wildcard: false`) the start globbed the build and
 * registered a GET and a HEAD route for each of its 1,500 files (and their compressed copies), about a
 * second of a loaded start (issue 12). A path that is no file goes on to the not-found handler (the
 * console's index.html for its routes), as before: so does a folder of the build (`/assets/`), which the
 * plugin would otherwise refuse with 403. `/` redirects to `/index` (spec 000 §2).
 */
export async function registerConsoleAssets(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    index: false,
    allowedPath: (pathname) => !pathname.endsWith('/'),
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/index', 302));
}

import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The built console, served by the same process. The build writes a brotli and a gzip copy beside each
 * file (packages/web/precompress.ts): they are sent as they are with Content-Encoding and Vary. Hashed
 * files under assets/ never change, so browsers keep them a year; index.html is revalidated each time.
 */
export async function registerConsoleAssets(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}

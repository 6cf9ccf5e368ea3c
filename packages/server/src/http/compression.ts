import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * API answers of 1 KB or more are compressed (brotli at quality 4, gzip, deflate: whichever the client
 * accepts first). Not compressed: answers already encoded (the console's precompressed files), the
 * realtime channel (a WebSocket upgrade never reaches the reply), event streams, and images.
 * Register before the routes: the plugin attaches its hooks to each route as it is declared.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
}

import { CAMERA_LIVE_MEDIA_API, type CameraLive, LIVE_KEY } from '@sc/contract/families/camera';
import { LIVE_FILE } from '@sc/contract/families/kit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastAnswer } from '../../../http/fast-paths.js';
import { AppError, notFound } from '../../../platform/errors.js';
import type { Actor, FamilyContext } from '../family-handler.js';
import type { FamilyDevice } from '../kit/devices.repository.js';
import type { LiveGateway, LiveSource } from '../kit/live-gateway.js';

/** The playlist's path: the public media call with the stream's key. */
const playlistOf = (key: string) =>
  CAMERA_LIVE_MEDIA_API.liveMedia.path.replace(':key', key).replace(':file', 'index.m3u8');

const URL_LIKE = /^(rtsp|rtmp|https?):\/\//i;

/** Live video of the cameras over the stream gateway: where a camera's stream is, and its HLS files. */
export function createCameraLive(ctx: FamilyContext, gateway: LiveGateway) {
  const answer = (id: number): CameraLive => {
    const { state } = gateway.state(id);
    const key = gateway.keyOf(id);
    return {
      id,
      available: gateway.available,
      reason: gateway.unavailableReason,
      state,
      playlist: state === 'live' && key ? playlistOf(key) : null,
      copy: state === 'live' ? (sources.get(id)?.codec ?? 'h264').toLowerCase() === 'h264' : null,
    };
  };
  const sources = new Map<number, LiveSource>();

  /**
   * Where the camera's stream is: the camera is asked (`stream`, not in the operation log: a viewer
   * opening the video is not an operation); a camera away whose primary channel is a URL is pulled from
   * it directly; otherwise offline (409) or silent (504) as any command.
   */
  async function sourceOf(actor: Actor, camera: FamilyDevice): Promise<LiveSource> {
    const fixed = typeof camera.props.primaryChannel === 'string' ? camera.props.primaryChannel : '';
    try {
      const outcome = await ctx.iot.bus.send(actor, camera, 'stream', { channel: 'primary' }, { log: false });
      const result = (outcome.ok ? outcome.result : null) as { url?: unknown; codec?: unknown } | null;
      if (typeof result?.url === 'string' && URL_LIKE.test(result.url))
        return { url: result.url, codec: typeof result.codec === 'string' ? result.codec : 'h264' };
    } catch (error) {
      if (!URL_LIKE.test(fixed)) throw error;
    }
    if (URL_LIKE.test(fixed)) return { url: fixed, codec: 'h264' };
    throw new AppError(502, 'DEVICE_FAILED', 'errors.deviceFailed', { error: 'stream' });
  }

  const run = async (actor: Actor, camera: FamilyDevice, restart: boolean) => {
    if (!gateway.available) return answer(camera.id);
    const source = await sourceOf(actor, camera);
    sources.set(camera.id, source);
    await (restart ? gateway.restart(camera.id, source) : gateway.open(camera.id, source));
    return answer(camera.id);
  };

  return {
    open: (actor: Actor, camera: FamilyDevice) => run(actor, camera, false),
    restart: (actor: Actor, camera: FamilyDevice) => run(actor, camera, true),
    stop(camera: FamilyDevice) {
      gateway.stop(camera.id);
      return answer(camera.id);
    },
    /** A playlist or segment, never cached (the playlist moves on every second). */
    file(camera: FamilyDevice, name: string, reply: FastifyReply) {
      const bytes = gateway.file(camera.id, name);
      if (!bytes) throw notFound();
      return reply
        .header('content-type', name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t')
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  };
}

/**
 * The live streams' files by their stream's key (the public media call), two requests a second per
 * viewer: the key checked in memory (no session, no database), 404 for a wrong key, a stopped stream's
 * or a name the gateway does not write. Not compressed (video), and not in the request log (the path
 * carries the key). The playlist is never cached (it moves on every second), a segment may be (it
 * never changes, and its path carries the key of one run of the stream). On the server, a file found
 * is sent by the app's fast path, before fastify's routing and hooks (http/fast-paths.ts); the route
 * answers the rest (a miss: 404) and `inject`.
 */
export function liveMediaRoute(app: FastifyInstance, gateway: LiveGateway) {
  const path = CAMERA_LIVE_MEDIA_API.liveMedia.path;
  const found = (key: unknown, file: unknown): FastAnswer | null => {
    if (typeof key !== 'string' || typeof file !== 'string' || !LIVE_KEY.test(key) || !LIVE_FILE.test(file))
      return null;
    const body = gateway.media(key, file);
    if (!body) return null;
    return { body, headers: file.endsWith('.m3u8') ? PLAYLIST_HEADERS : SEGMENT_HEADERS };
  };
  const prefix = path.slice(0, path.indexOf(':'));
  // A stream runs on the instance that started it: its files are fetched from there.
  app.fastPaths?.instanceBound(path, 'key');
  app.fastPaths?.get(prefix, (rest) => {
    const slash = rest.indexOf('/');
    return slash < 0 ? null : found(rest.slice(0, slash), rest.slice(slash + 1));
  });
  app.get(path, { schema: { hide: true }, compress: false, logLevel: 'silent' }, async (request, reply) => {
    const { key, file } = request.params as { key?: unknown; file?: unknown };
    const answer = found(key, file);
    if (!answer) throw notFound();
    return reply.headers(answer.headers).send(answer.body);
  });
}

const PLAYLIST_HEADERS = {
  'content-type': 'application/vnd.apple.mpegurl',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};
const SEGMENT_HEADERS = {
  'content-type': 'video/mp2t',
  'cache-control': 'private, max-age=60, immutable',
  'x-content-type-options': 'nosniff',
};

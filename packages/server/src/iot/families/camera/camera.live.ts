import { CAMERA_API, type CameraLive } from '@sc/contract/families/camera';
import type { FastifyReply } from 'fastify';
import { AppError, notFound } from '../../../platform/errors.js';
import type { Actor, FamilyContext } from '../family-handler.js';
import type { FamilyDevice } from '../kit/devices.repository.js';
import type { LiveGateway, LiveSource } from './live-gateway.js';

/** The playlist's path: the table's file call for this camera. */
const playlistOf = (projectId: number, id: number) =>
  CAMERA_API.liveFile.path
    .replace(':projectId', String(projectId))
    .replace(':id', String(id))
    .replace(':file', 'index.m3u8');

const URL_LIKE = /^(rtsp|rtmp|https?):\/\//i;

/** Live video of the cameras over the stream gateway: where a camera's stream is, and its HLS files. */
export function createCameraLive(ctx: FamilyContext, gateway: LiveGateway) {
  const answer = (projectId: number, id: number): CameraLive => {
    const { state } = gateway.state(id);
    return {
      id,
      available: gateway.available,
      reason: gateway.unavailableReason,
      state,
      playlist: state === 'live' ? playlistOf(projectId, id) : null,
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

  const run = async (actor: Actor, projectId: number, camera: FamilyDevice, restart: boolean) => {
    if (!gateway.available) return answer(projectId, camera.id);
    const source = await sourceOf(actor, camera);
    sources.set(camera.id, source);
    await (restart ? gateway.restart(camera.id, source) : gateway.open(camera.id, source));
    return answer(projectId, camera.id);
  };

  return {
    open: (actor: Actor, projectId: number, camera: FamilyDevice) => run(actor, projectId, camera, false),
    restart: (actor: Actor, projectId: number, camera: FamilyDevice) => run(actor, projectId, camera, true),
    stop(projectId: number, camera: FamilyDevice) {
      gateway.stop(camera.id);
      return answer(projectId, camera.id);
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

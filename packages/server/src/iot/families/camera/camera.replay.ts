import {
  CAMERA_API,
  CAMERA_RECORDS_MAX,
  type CameraRecord,
  type CameraRecords,
  type CameraRecordsQuery,
  type CameraReplay,
  type CameraReplayQuery,
  deviceCameraRecord,
  deviceCameraRecords,
  PLAYBACK_MINUTES,
  playbackPeriodError,
  RECORDS_COMMAND,
  REPLAY_COMMAND,
  replayKeyOf,
} from '@sc/contract/families/camera';
import type { FastifyReply } from 'fastify';
import { fieldError, notFound } from '../../../platform/errors.js';
import type { Actor, FamilyContext } from '../family-handler.js';
import { deviceFailed } from '../kit/device-commands.js';
import type { FamilyDevice } from '../kit/devices.repository.js';
import type { LiveGateway } from '../kit/live-gateway.js';

const URL_LIKE = /^(rtsp|rtmp|https?):\/\//i;

/** A replay's playlist path: the table's file call for this camera and period. */
const playlistOf = (projectId: number, id: number, key: string) =>
  CAMERA_API.replayFile.path
    .replace(':projectId', String(projectId))
    .replace(':id', String(id))
    .replace(':key', key)
    .replace(':file', 'index.m3u8');

/**
 * A camera's local records and their replay (spec 001 §7 "camera: local records, replay"): the camera is
 * asked (its own card; docs/device-protocol.md "Camera"), the period at most the setting
 * cameraPlaybackMinutes; a replay is the recorded period as a finite stream the camera serves, which the
 * stream gateway (in VOD mode) copies into a seekable HLS playlist shared by everybody replaying the same
 * period of the camera, kept until nobody asked for it within the idle time.
 */
export function createCameraReplay(ctx: FamilyContext, gateway: LiveGateway<string>) {
  /** The period's fault (in the setting's minutes), as a 400 on `to`. */
  async function checkPeriod(from: Date, to: Date) {
    const setting = Number(await ctx.settings.get('cameraPlaybackMinutes'));
    const minutes = Number.isInteger(setting) && setting > 0 ? setting : PLAYBACK_MINUTES.default;
    const wrong = playbackPeriodError(from, to, minutes);
    if (wrong) throw fieldError('to', wrong.key, 'VALIDATION', wrong.params);
  }

  /** Asks the camera (not in the operation log: looking at recordings is not an operation); 409/504 from the bus. */
  async function ask(actor: Actor, camera: FamilyDevice, command: string, args: Record<string, unknown>) {
    const outcome = await ctx.iot.bus.send(actor, camera, command, args, { log: false });
    if (!outcome.ok) throw deviceFailed(outcome.error ?? command);
    return outcome.result ?? null;
  }

  const streamKey = (id: number, key: string) => `${id}:${key}`;

  function answer(projectId: number, id: number, from: Date, to: Date): CameraReplay {
    const key = replayKeyOf(from, to);
    const { state } = gateway.state(streamKey(id, key));
    const duration = state === 'live' ? gateway.duration(streamKey(id, key)) : null;
    const recorded = (to.getTime() - from.getTime()) / 1000;
    return {
      id,
      available: gateway.available,
      reason: gateway.unavailableReason,
      state,
      from: from.toISOString(),
      to: to.toISOString(),
      playlist: state === 'live' ? playlistOf(projectId, id, key) : null,
      duration,
      speed: duration ? Math.max(1, Math.round((recorded / duration) * 10) / 10) : null,
    };
  }

  return {
    /** The camera's records overlapping the period, of the type asked, oldest first, at most CAMERA_RECORDS_MAX. */
    async records(actor: Actor, camera: FamilyDevice, query: CameraRecordsQuery): Promise<CameraRecords> {
      await checkPeriod(query.from, query.to);
      const result = await ask(actor, camera, RECORDS_COMMAND, {
        from: query.from.toISOString(),
        to: query.to.toISOString(),
        ...(query.type ? { type: query.type } : {}),
        limit: CAMERA_RECORDS_MAX,
      });
      const parsed = deviceCameraRecords.safeParse(result);
      const from = query.from.getTime();
      const to = query.to.getTime();
      const files: CameraRecord[] = [];
      for (const raw of parsed.success ? parsed.data.files : []) {
        const file = deviceCameraRecord.safeParse(raw);
        if (!file.success) continue;
        const start = Date.parse(file.data.start);
        const end = Date.parse(file.data.end);
        if (end < start || end <= from || start >= to || (query.type && file.data.type !== query.type)) continue;
        files.push({
          type: file.data.type,
          start: new Date(start).toISOString(),
          end: new Date(end).toISOString(),
          seconds: Math.round((end - start) / 1000),
          size: file.data.size,
        });
      }
      files.sort((a, b) => a.start.localeCompare(b.start));
      return {
        id: camera.id,
        from: query.from.toISOString(),
        to: query.to.toISOString(),
        files: files.slice(0, CAMERA_RECORDS_MAX),
        truncated: files.length > CAMERA_RECORDS_MAX || (parsed.success && parsed.data.truncated === true),
      };
    },

    /**
     * Opens the replay of a period: one already on the gateway is shared; otherwise the camera is asked
     * where the recorded period streams from, and the gateway copies it whole into HLS VOD.
     */
    async open(actor: Actor, projectId: number, camera: FamilyDevice, query: CameraReplayQuery) {
      await checkPeriod(query.from, query.to);
      const key = streamKey(camera.id, replayKeyOf(query.from, query.to));
      if (!gateway.available) return answer(projectId, camera.id, query.from, query.to);
      // One being prepared or ready is shared; a failed one (or none) is asked of the camera again.
      if (!(await gateway.join(key))) {
        const result = (await ask(actor, camera, REPLAY_COMMAND, {
          from: query.from.toISOString(),
          to: query.to.toISOString(),
        })) as { url?: unknown; codec?: unknown } | null;
        if (typeof result?.url !== 'string' || !URL_LIKE.test(result.url)) throw deviceFailed(REPLAY_COMMAND);
        await gateway.open(key, { url: result.url, codec: typeof result.codec === 'string' ? result.codec : 'h264' });
      }
      return answer(projectId, camera.id, query.from, query.to);
    },

    /** A replay's playlist or segment (it may be cached: a replay's files do not change). */
    file(camera: FamilyDevice, key: string, name: string, reply: FastifyReply) {
      const bytes = gateway.file(streamKey(camera.id, key), name);
      if (!bytes) throw notFound();
      return reply
        .header('content-type', name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t')
        .header('cache-control', 'private, max-age=300')
        .send(bytes);
    },

    close: () => gateway.close(),
  };
}

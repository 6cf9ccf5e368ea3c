import {
  CAMERA_API,
  CAMERA_RECORDS_MAX,
  type CameraRecord,
  type CameraRecords,
  type CameraRecordsQuery,
  type CameraReplay,
  type CameraReplayQuery,
  PLAYBACK_MINUTES,
  playbackPeriodError,
  RECORDS_COMMAND,
  REPLAY_COMMAND,
  replayNameOf,
} from '@sc/contract/families/camera';
import { deviceVideoRecord } from '@sc/contract/families/kit';
import { fieldError } from '../../../platform/errors.js';
import type { Actor, FamilyContext } from '../family-handler.js';
import type { FamilyDevice } from '../kit/devices.repository.js';
import type { LiveGateway } from '../kit/live-gateway.js';
import { askRecordings, createVideoReplays, recordsOfPeriod } from '../kit/video-replay.js';

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
  const replays = createVideoReplays(ctx, gateway, CAMERA_API.replayFile);

  return {
    /** The camera's records overlapping the period, of the type asked, oldest first, at most CAMERA_RECORDS_MAX. */
    async records(actor: Actor, camera: FamilyDevice, query: CameraRecordsQuery): Promise<CameraRecords> {
      await checkPeriod(query.from, query.to);
      const result = await askRecordings(ctx, actor, camera, RECORDS_COMMAND, {
        from: query.from.toISOString(),
        to: query.to.toISOString(),
        ...(query.type ? { type: query.type } : {}),
        limit: CAMERA_RECORDS_MAX,
      });
      return {
        id: camera.id,
        ...recordsOfPeriod(result, query, {
          schema: deviceVideoRecord,
          max: CAMERA_RECORDS_MAX,
          keep: (file) => !query.type || file.type === query.type,
          record: (file, times): CameraRecord => ({ type: file.type, ...times, size: file.size }),
        }),
      };
    },

    /**
     * Opens the replay of a period: one already on the gateway is shared; otherwise the camera is asked
     * where the recorded period streams from, and the gateway copies it whole into HLS VOD.
     */
    async open(actor: Actor, projectId: number, camera: FamilyDevice, query: CameraReplayQuery): Promise<CameraReplay> {
      await checkPeriod(query.from, query.to);
      return replays.open(actor, camera, {
        name: replayNameOf(query.from, query.to),
        from: query.from,
        to: query.to,
        command: REPLAY_COMMAND,
        args: { from: query.from.toISOString(), to: query.to.toISOString() },
        projectId,
      });
    },

    /** A replay's playlist or segment (it may be cached: a replay's files do not change). */
    file: replays.file,

    close: replays.close,
  };
}

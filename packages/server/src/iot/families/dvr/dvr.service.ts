import { peerOf } from '@sc/contract';
import {
  type BindBody,
  DVR_CAMERAS_MAX,
  DVR_CHANNELS,
  type DvrChannels,
  deviceRecordFile,
  dvrManifest,
  RECORD_FILES_MAX,
  RECORDS_COMMAND,
  type RecordFile,
  type RecordsArgs,
  type RecordsBody,
  recordsPeriodError,
  type UnbindBody,
} from '@sc/contract/families/dvr';
import { AppError, fieldError } from '../../../platform/errors.js';
import type { Actor, FamilyContext } from '../family-handler.js';
import { sendCommand } from '../kit/device-commands.js';
import type { ListFilter, PageWindow } from '../kit/device-list.js';
import type { FamilyDevice } from '../kit/devices.repository.js';
import type { ProjectReach } from '../kit/project-reach.js';
import { recordsOfPeriod } from '../kit/video-replay.js';
import { createDvrRepository } from './dvr.repository.js';

/** The device type of the cameras a recorder's channels record (the manifest's peer). */
const CAMERA = peerOf(dvrManifest, 'recorded');

/** The recorder's channel count from its properties (null when not set). */
export const channelCountOf = (props: Record<string, unknown> | null | undefined): number | null => {
  const n = Number(props?.channelCount);
  return Number.isInteger(n) && n >= DVR_CHANNELS.min && n <= DVR_CHANNELS.max ? n : null;
};
const textOf = (v: string | null | undefined) => (v ? v : null);

/** 409 naming the field at fault, with the message's parameters. */
const conflictOn = (field: string, key: string, params: Record<string, string | number>) =>
  new AppError(409, 'CONFLICT', key, params, [{ field, key, params }]);

/** What the recorder calls do beyond the kit: the list, the channels and their cameras, record files. */
export function createDvrService(ctx: FamilyContext) {
  const repo = ctx.repository(createDvrRepository);

  /** Channels 1 to the channel count (and any bound beyond it, so they can be freed), with their camera. */
  async function channels(dvr: FamilyDevice): Promise<DvrChannels> {
    const count = channelCountOf(dvr.props) ?? 0;
    const bound = await repo.channelsOf(dvr.id);
    const byChannel = new Map(bound.map(({ channel, ...camera }) => [channel, camera]));
    const last = Math.max(count, ...bound.map((b) => b.channel));
    return {
      id: dvr.id,
      channelCount: count,
      channels: Array.from({ length: last }, (_, i) => ({ channel: i + 1, camera: byChannel.get(i + 1) ?? null })),
    };
  }

  const audit = (actor: Actor, dvr: FamilyDevice, summary: string, changes: Record<string, unknown>) =>
    ctx.audit.manage(actor, { action: 'update', entity: 'device', entityId: dvr.id, summary, changes });

  return {
    async page(project: number | ProjectReach, filter: ListFilter, window: PageWindow) {
      const { rows, total } = await repo.page(project, filter, window);
      const list = rows.map(({ props, lastActiveAt, ip, mac, ...dvr }) => ({
        ...dvr,
        ip: textOf(ip),
        mac: textOf(mac),
        modelName: dvr.modelName ?? null,
        groupName: dvr.groupName ?? null,
        channelCount: channelCountOf(props as Record<string, unknown>),
        lastActiveAt: lastActiveAt?.toISOString() ?? null,
      }));
      return { rows: list, total };
    },

    channels,

    /** The cameras of the recorder's project a channel may take, with the channel each has here. */
    cameras: (dvr: FamilyDevice) => repo.camerasOf(dvr.projectId, CAMERA, dvr.id, DVR_CAMERAS_MAX),

    /**
     * Binds a camera of the recorder's own project to a channel within its channel count: a taken channel
     * or a camera already on another channel of it is a 409 (binding the same pair again changes nothing).
     */
    async bind(actor: Actor, dvr: FamilyDevice, body: BindBody) {
      const count = channelCountOf(dvr.props);
      if (count === null) throw fieldError('channel', 'dvr.rules.noChannels');
      if (body.channel > count) throw fieldError('channel', 'dvr.rules.channelRange', 'VALIDATION', { max: count });
      const camera = await repo.camera(dvr.projectId, CAMERA, body.cameraId);
      if (!camera) throw fieldError('cameraId', 'dvr.rules.cameraOutside');
      const bound = await repo.channelsOf(dvr.id);
      const taken = bound.find((b) => b.channel === body.channel);
      if (taken?.id === camera.id) return channels(dvr);
      if (taken) throw conflictOn('channel', 'dvr.rules.channelTaken', { channel: body.channel, camera: taken.name });
      const elsewhere = bound.find((b) => b.id === camera.id);
      if (elsewhere) throw conflictOn('cameraId', 'dvr.rules.cameraBound', { channel: elsewhere.channel });
      await repo.bind(dvr.id, body.channel, camera.id);
      await audit(actor, dvr, `${dvr.name} channel ${body.channel} bind ${camera.name}`, {
        [`channel ${body.channel}`]: { from: null, to: camera.name },
      });
      return channels(dvr);
    },

    /** Frees a channel (a free one stays free). */
    async unbind(actor: Actor, dvr: FamilyDevice, body: UnbindBody) {
      const before = (await repo.channelsOf(dvr.id)).find((b) => b.channel === body.channel);
      if (before && (await repo.unbind(dvr.id, body.channel)) !== undefined)
        await audit(actor, dvr, `${dvr.name} channel ${body.channel} unbind ${before.name}`, {
          [`channel ${body.channel}`]: { from: before.name, to: null },
        });
      return channels(dvr);
    },

    /**
     * Asks the recorder for its files of the period (offline 409, silent 504, operation log): what it
     * answers, malformed files left out, kept to the period, type and channel asked, oldest first, at
     * most RECORD_FILES_MAX, each with the camera bound to its channel.
     */
    async records(actor: Actor, dvr: FamilyDevice, query: RecordsBody) {
      const wrong = recordsPeriodError(query.from, query.to);
      if (wrong) throw fieldError('to', wrong.key, 'VALIDATION', wrong.params);
      const args: RecordsArgs = {
        from: query.from.toISOString(),
        to: query.to.toISOString(),
        ...(query.type ? { type: query.type } : {}),
        ...(query.channel ? { channel: query.channel } : {}),
        limit: RECORD_FILES_MAX,
      };
      const sent = await sendCommand(ctx, actor, dvr, RECORDS_COMMAND, args as unknown as Record<string, unknown>);
      const cameras = new Map((await repo.channelsOf(dvr.id)).map(({ channel, ...camera }) => [channel, camera]));
      return {
        id: dvr.id,
        ...recordsOfPeriod(sent.result, query, {
          schema: deviceRecordFile,
          max: RECORD_FILES_MAX,
          keep: (f) => (!query.type || f.type === query.type) && (!query.channel || f.channel === query.channel),
          record: (f, times): RecordFile => ({
            channel: f.channel,
            camera: cameras.get(f.channel) ?? null,
            type: f.type,
            ...times,
            size: f.size,
          }),
          tie: (a, b) => a.channel - b.channel,
        }),
      };
    },
  };
}

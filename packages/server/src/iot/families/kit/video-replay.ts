import { deviceVideoRecords, type VideoReplay } from '@sc/contract/families/kit';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { notFound } from '../../../platform/errors.js';
import type { Actor, FamilyContext } from '../family-handler.js';
import { deviceFailed } from './device-commands.js';
import type { FamilyDevice } from './devices.repository.js';
import { findFfmpeg } from './ffmpeg-binary.js';
import { createLiveGateway, type LiveGateway } from './live-gateway.js';

const URL_LIKE = /^(rtsp|rtmp|https?):\/\//i;

/** One recording of a device to replay: its name (unique per device), its period, and how the device is asked. */
export interface ReplayRequest {
  /** The recording's name in its files' key (the family's pattern: a period, a channel and a period…). */
  name: string;
  from: Date;
  to: Date;
  /** The device command that answers `{ url, codec }`, the recording as a finite stream, and its arguments. */
  command: string;
  args: Record<string, unknown>;
  /** The device's project (its files' path names it). */
  projectId: number;
}

/** A replay's playlist path: the family's file call (`…/:id/replay/:key/:file`) for this device and key. */
const playlistOf = (fileCall: { path: string }, projectId: number, id: number, key: string) =>
  fileCall.path
    .replace(':projectId', String(projectId))
    .replace(':id', String(id))
    .replace(':key', key)
    .replace(':file', 'index.m3u8');

/** The stream gateway in VOD mode for a family's replays, stopped a while after the last viewer (`idleMs`). */
export const createReplayGateway = (idleMs: () => Promise<number>) =>
  createLiveGateway<string>({ ffmpeg: findFfmpeg(), vod: true, idleMs });

/**
 * Asks a device about its recordings (not in the operation log: looking at recordings is not an
 * operation): its answer, or the bus's 409 (offline) and 504 (silent), or a 502 when it refused.
 */
export async function askRecordings(
  ctx: FamilyContext,
  actor: Actor,
  device: FamilyDevice,
  command: string,
  args: Record<string, unknown>,
) {
  const outcome = await ctx.iot.bus.send(actor, device, command, args, { log: false });
  if (!outcome.ok) throw deviceFailed(outcome.error ?? command);
  return outcome.result ?? null;
}

/** A found record's times: start and end (ISO) and its length in seconds. */
export interface RecordTimes {
  start: string;
  end: string;
  seconds: number;
}

/**
 * A device's answer to its records command (`answer`, the kit's deviceVideoRecords) as a record search
 * answers it: the records `schema` accepts (malformed ones left out) that overlap the period and that
 * `keep` keeps (the type, channel… asked), each made by `record` from the device's record and its times;
 * oldest first (`tie` orders records starting together), at most `max`, truncated when more were found
 * or the device holds more.
 */
export function recordsOfPeriod<F extends { start: string; end: string }, R extends { start: string }>(
  answer: unknown,
  period: { from: Date; to: Date },
  records: {
    schema: z.ZodType<F>;
    max: number;
    keep: (file: F) => boolean;
    record: (file: F, times: RecordTimes) => R;
    tie?: (a: R, b: R) => number;
  },
) {
  const parsed = deviceVideoRecords.safeParse(answer);
  const from = period.from.getTime();
  const to = period.to.getTime();
  const files: R[] = [];
  for (const raw of parsed.success ? parsed.data.files : []) {
    const file = records.schema.safeParse(raw);
    if (!file.success) continue;
    const start = Date.parse(file.data.start);
    const end = Date.parse(file.data.end);
    if (end < start || end <= from || start >= to || !records.keep(file.data)) continue;
    const times = {
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
      seconds: Math.round((end - start) / 1000),
    };
    files.push(records.record(file.data, times));
  }
  files.sort((a, b) => a.start.localeCompare(b.start) || (records.tie?.(a, b) ?? 0));
  return {
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    files: files.slice(0, records.max),
    truncated: files.length > records.max || (parsed.success && parsed.data.truncated === true),
  };
}

/**
 * Replays of a family's recordings over the stream gateway in VOD mode (a camera's own recorded period,
 * a recorder's file): the device is asked where the recording streams from, the gateway copies it whole
 * into a seekable HLS playlist shared by everybody replaying the same recording of the device on this
 * instance (one ffmpeg per device and recording), kept until nobody asked for it within the idle time.
 * Its files' key is this instance's id and the recording's name, so that behind several instances any
 * of them sends a request for them here (`fileCall`, the family's `replayFileCall`, is held by its key).
 */
export function createVideoReplays(ctx: FamilyContext, gateway: LiveGateway<string>, fileCall: { path: string }) {
  const streamKey = (id: number, key: string) => `${id}:${key}`;
  const heldKey = (request: ReplayRequest) => `${ctx.instanceId}.${request.name}`;

  function answer(id: number, request: ReplayRequest): VideoReplay {
    const key = heldKey(request);
    const { state } = gateway.state(streamKey(id, key));
    const duration = state === 'live' ? gateway.duration(streamKey(id, key)) : null;
    const recorded = (request.to.getTime() - request.from.getTime()) / 1000;
    return {
      id,
      available: gateway.available,
      reason: gateway.unavailableReason,
      state,
      from: request.from.toISOString(),
      to: request.to.toISOString(),
      playlist: state === 'live' ? playlistOf(fileCall, request.projectId, id, key) : null,
      duration,
      speed: duration ? Math.max(1, Math.round((recorded / duration) * 10) / 10) : null,
    };
  }

  return {
    /**
     * Opens the replay of a recording: one already on the gateway is shared; otherwise the device is asked
     * where the recording streams from, and the gateway copies it whole into HLS VOD.
     */
    async open(actor: Actor, device: FamilyDevice, request: ReplayRequest): Promise<VideoReplay> {
      const key = streamKey(device.id, heldKey(request));
      if (!gateway.available) return answer(device.id, request);
      // One being prepared or ready is shared; a failed one (or none) is asked of the device again.
      if (!(await gateway.join(key))) {
        const result = (await askRecordings(ctx, actor, device, request.command, request.args)) as {
          url?: unknown;
          codec?: unknown;
        } | null;
        if (typeof result?.url !== 'string' || !URL_LIKE.test(result.url)) throw deviceFailed(request.command);
        await gateway.open(key, { url: result.url, codec: typeof result.codec === 'string' ? result.codec : 'h264' });
      }
      return answer(device.id, request);
    },

    /** A replay's playlist or segment (it may be cached: a replay's files do not change). */
    file(device: FamilyDevice, key: string, name: string, reply: FastifyReply) {
      const bytes = gateway.file(streamKey(device.id, key), name);
      if (!bytes) throw notFound();
      return reply
        .header('content-type', name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t')
        .header('cache-control', 'private, max-age=300')
        .send(bytes);
    },

    close: () => gateway.close(),
  };
}

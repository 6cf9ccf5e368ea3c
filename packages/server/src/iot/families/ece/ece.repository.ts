import { peerOf } from '@sc/contract';
import {
  type AlarmFilter,
  type ConnectionBody,
  ECE_CALL,
  ECE_CHANNEL_TYPE,
  eceManifest,
} from '@sc/contract/families/ece';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { devices } from '../../../db/schema/index.js';
import { chunkedRange } from '../kit/chunked-bytes.js';
import { DEVICE_COLUMNS } from '../kit/device-columns.js';
import { type ListFilter, listedDevicesWhere, type PageWindow, pageDevices } from '../kit/device-list.js';
import { deviceProjectName, type ProjectReach } from '../kit/project-reach.js';
import { iso, type Row, rows, textOrNull } from '../kit/raw-rows.js';
import { ECE_RECORDING_CHUNK_BYTES, pcmDurationMs, recordingComment, wavHeader } from './ece.recorder.js';
import { eceAlarms, eceConnections, eceRecordingChunks, eceRecordings } from './ece.tables.js';

const TYPE = eceManifest.type;
/** The device type of the camera a post is linked with (its manifest's peer). */
const CAMERA = peerOf(eceManifest, 'linked');

/** The linked camera of `devices d` (its `linkedCameraId`, a camera of the post's project), as `c`. */
const LINKED_CAMERA = sql`LEFT JOIN devices c ON c.id = CASE WHEN (d.props->>'linkedCameraId') ~ '^[0-9]{1,9}$'
  THEN (d.props->>'linkedCameraId')::int END AND c.type = ${CAMERA} AND c.project_id = d.project_id`;

/** An alarm as the calls answer it. */
export function alarmOf(r: Row) {
  const detail = String(r.settle_detail) as 'init' | 'settled' | 'ignored';
  return {
    id: Number(r.id),
    projectId: Number(r.project_id),
    device: { id: Number(r.device_id), name: String(r.device_name), no: String(r.device_no) },
    linkedCamera:
      r.camera_id === null || r.camera_id === undefined
        ? null
        : { id: Number(r.camera_id), name: String(r.camera_name), no: String(r.camera_no) },
    startTime: iso(r.start_time)!,
    stopTime: iso(r.stop_time),
    eventId: String(r.event_id),
    deviceIndexCode: String(r.device_index_code),
    channelIndexCode: String(r.channel_index_code),
    channelType: String(r.channel_type),
    channelName: String(r.channel_name),
    eventType: String(r.event_type),
    settleStatus: detail === 'init' ? ('unsettled' as const) : ('settled' as const),
    settleDetail: detail,
    settleNote: textOrNull(r.settle_note),
    settledBy: textOrNull(r.settled_by),
    settleTime: iso(r.settle_time),
    answeredAt: iso(r.answered_at),
    answeredBy: textOrNull(r.answered_by),
  };
}
export type AlarmRow = ReturnType<typeof alarmOf>;

export { ECE_RECORDING_CHUNK_BYTES };

/**
 * Chunks go to and come from the database as base64 text, decoded on its side: PGlite's driver turns a
 * bytea to and from hex in JavaScript, ten times slower (measured for the LED media files).
 */
const fromBase64 = (bytes: Uint8Array) => sql<Buffer>`decode(${Buffer.from(bytes).toString('base64')}, 'base64')`;

/**
 * A recording not stored and not written this long was being written by an instance that died (a live
 * call writes a chunk every 4 s and its heartbeat every ECE_RECORDING_HEARTBEAT_MS): finalised as
 * interrupted (the chunks of a whole WAV of before, half-written: deleted). Short, so that a call cut by
 * a crash is listed soon after the restart; a writer alive but stalled longer (the database away) finds
 * its recording finalised and stops writing it (`writeChunk`).
 */
export const ECE_RECORDING_ABANDONED_MS = 30_000;
/** How often a live call's recording says it is being written when no chunk was (silence not yet a chunk). */
export const ECE_RECORDING_HEARTBEAT_MS = 5_000;

/** A recording as the search answers it (without its audio). */
export const recordingOf = (r: Row) => ({
  id: Number(r.id),
  projectId: Number(r.project_id),
  alarmId: Number(r.alarm_id),
  device: { id: Number(r.device_id), name: String(r.device_name), no: String(r.device_no) },
  eventId: String(r.event_id),
  eventType: String(r.event_type),
  startTime: iso(r.start_time)!,
  durationMs: Number(r.duration_ms),
  size: Number(r.size),
  cut: r.cut === true || r.cut === 't',
  interrupted: r.interrupted === true || r.interrupted === 't',
  answeredBy: String(r.answered_by),
});

const ALARM_COLUMNS = sql`a.*, d.name AS device_name, d.no AS device_no,
  c.id AS camera_id, c.name AS camera_name, c.no AS camera_no`;

const filterOf = (filter: AlarmFilter): SQL =>
  filter === 'unhandled'
    ? sql`a.settle_detail = 'init'`
    : filter === 'handled'
      ? sql`a.settle_detail <> 'init'`
      : sql`true`;

/** What the list shows of each post: the device, its address and codes, linked camera and unhandled alarms. */
const LISTED = {
  ...DEVICE_COLUMNS,
  props: devices.props,
  ip: devices.ip,
  projectName: deviceProjectName,
  unhandled: sql<number>`(select count(*)::int from ece_alarms ea where ea.device_id = "devices"."id" and ea.settle_detail = 'init')`,
};

/** The SQL of the posts: their list, their alarm log and the project's connection parameters. */
export function createEceRepository(db: Db) {
  const repo = {
    async page(project: number | ProjectReach, filter: ListFilter, window: PageWindow) {
      const where = listedDevicesWhere(TYPE, project, filter);
      return pageDevices(db, db.select(LISTED).from(devices).$dynamic(), where, window);
    },

    /** The cameras of these ids (of the posts' projects), with their state. */
    async cameras(ids: number[]) {
      if (!ids.length)
        return new Map<number, { id: number; name: string; no: string; activeState: number; projectId: number }>();
      const found = await rows(
        db,
        sql`SELECT id, name, no, active_state, project_id FROM devices WHERE type = ${CAMERA} AND id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      return new Map(
        found.map((r) => [
          Number(r.id),
          {
            id: Number(r.id),
            name: String(r.name),
            no: String(r.no),
            activeState: Number(r.active_state),
            projectId: Number(r.project_id),
          },
        ]),
      );
    },

    /**
     * A call begins: its row (the post's codes from its properties, else its equipment id), once per
     * post and event id (a message delivered twice makes one row). Answers the new row's id, null when
     * it was there already or the device is gone.
     */
    async callStarted(deviceId: number, at: Date, eventId: string): Promise<number | null> {
      const [row] = await rows(
        db,
        sql`INSERT INTO ece_alarms (project_id, device_id, start_time, event_id, device_index_code,
              channel_index_code, channel_type, channel_name, event_type)
            SELECT d.project_id, d.id, ${at.toISOString()}::timestamptz, ${eventId},
              left(coalesce(nullif(d.props->>'eceCode', ''), d.equipment_id, d.no), 64),
              left(coalesce(nullif(d.props->>'eceCameraIndexCode', ''), nullif(d.props->>'cameraIndexCode', ''), d.equipment_id, d.no), 64),
              ${ECE_CHANNEL_TYPE}, left(d.name, 64), ${ECE_CALL}
            FROM devices d WHERE d.id = ${deviceId}
            ON CONFLICT (device_id, event_id) DO NOTHING
            RETURNING id`,
      );
      return row ? Number(row.id) : null;
    },

    /** A call ends: the post's open calls begun by `at` get their stop time. Answers their ids. */
    async callStopped(deviceId: number, at: Date): Promise<number[]> {
      const ended = await db
        .update(eceAlarms)
        .set({ stopTime: at })
        .where(
          and(
            eq(eceAlarms.deviceId, deviceId),
            sql`${eceAlarms.stopTime} IS NULL`,
            sql`${eceAlarms.startTime} <= ${at.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: eceAlarms.id });
      return ended.map((r) => r.id);
    },

    /** A page of the project's (or its subtree's) alarms, newest first, and how many match. */
    async alarms(
      project: SQL,
      query: { filter: AlarmFilter; deviceId?: number; words: string[]; from?: Date; to?: Date },
      window: PageWindow,
    ) {
      const words = query.words.map(
        (w) => sql`(d.name ILIKE ${`%${w}%`} OR d.no ILIKE ${`%${w}%`} OR a.event_id ILIKE ${`%${w}%`})`,
      );
      const where = sql.join(
        [
          project,
          filterOf(query.filter),
          query.deviceId ? sql`a.device_id = ${query.deviceId}` : sql`true`,
          query.from ? sql`a.start_time >= ${query.from.toISOString()}::timestamptz` : sql`true`,
          query.to ? sql`a.start_time < ${query.to.toISOString()}::timestamptz` : sql`true`,
          ...words,
        ],
        sql` AND `,
      );
      const [list, [total]] = await Promise.all([
        rows(
          db,
          sql`SELECT ${ALARM_COLUMNS} FROM ece_alarms a JOIN devices d ON d.id = a.device_id ${LINKED_CAMERA}
              WHERE ${where} ORDER BY a.start_time DESC, a.id DESC LIMIT ${window.limit} OFFSET ${window.offset}`,
        ),
        rows(db, sql`SELECT count(*)::int AS n FROM ece_alarms a JOIN devices d ON d.id = a.device_id WHERE ${where}`),
      ]);
      return { rows: list.map(alarmOf), total: Number(total?.n ?? 0) };
    },

    /** How many alarms of the project there are, unhandled and handled. */
    async counts(project: SQL) {
      const [r] = await rows(
        db,
        sql`SELECT count(*)::int AS all, count(*) FILTER (WHERE a.settle_detail = 'init')::int AS unhandled
            FROM ece_alarms a WHERE ${project}`,
      );
      const all = Number(r?.all ?? 0);
      const unhandled = Number(r?.unhandled ?? 0);
      return { all, unhandled, handled: all - unhandled };
    },

    /** One alarm of the project, or undefined. */
    async alarm(projectId: number, id: number): Promise<AlarmRow | undefined> {
      const [r] = await rows(
        db,
        sql`SELECT ${ALARM_COLUMNS} FROM ece_alarms a JOIN devices d ON d.id = a.device_id ${LINKED_CAMERA}
            WHERE a.id = ${id} AND a.project_id = ${projectId}`,
      );
      return r ? alarmOf(r) : undefined;
    },

    /** Settles or ignores an alarm still to be processed; false when it was handled already. */
    async settle(projectId: number, id: number, detail: 'settled' | 'ignored', note: string, by: string) {
      const done = await db
        .update(eceAlarms)
        .set({ settleDetail: detail, settleNote: note || null, settledBy: by, settleTime: new Date() })
        .where(and(eq(eceAlarms.id, id), eq(eceAlarms.projectId, projectId), eq(eceAlarms.settleDetail, 'init')))
        .returning({ id: eceAlarms.id });
      return done.length > 0;
    },

    /** Marks an alarm answered by an operator (the first answer counts). */
    answered: (id: number, by: string) =>
      db
        .update(eceAlarms)
        .set({ answeredAt: new Date(), answeredBy: by })
        .where(and(eq(eceAlarms.id, id), sql`${eceAlarms.answeredAt} IS NULL`)),

    /** Alarms begun before `before` deleted (the retention of eceRetentionDays); answers how many. */
    async prune(before: Date) {
      const gone = await db
        .delete(eceAlarms)
        .where(sql`${eceAlarms.startTime} < ${before.toISOString()}::timestamptz`)
        .returning({ id: eceAlarms.id });
      return gone.map((g) => g.id);
    },

    /**
     * A whole recording at once (a WAV made elsewhere), attached to its alarm: its row, its WAV one chunk
     * per statement, then marked stored (listed and served from then on); a failure deletes what was
     * written. Answers its id. A call's recording is written as it goes instead (`openRecording`).
     */
    async saveRecording(row: {
      projectId: number;
      alarmId: number;
      startTime: Date;
      durationMs: number;
      cut: boolean;
      answeredBy: string;
      audio: Buffer;
    }) {
      const { audio, ...fields } = row;
      const [saved] = await db
        .insert(eceRecordings)
        .values({ ...fields, size: audio.length })
        .returning({ id: eceRecordings.id });
      const recordingId = saved!.id;
      try {
        for (let seq = 0; seq * ECE_RECORDING_CHUNK_BYTES < audio.length; seq++) {
          const part = audio.subarray(seq * ECE_RECORDING_CHUNK_BYTES, (seq + 1) * ECE_RECORDING_CHUNK_BYTES);
          await db.insert(eceRecordingChunks).values({ recordingId, seq, bytes: fromBase64(part) });
        }
        await db.update(eceRecordings).set({ stored: true }).where(eq(eceRecordings.id, recordingId));
        return recordingId;
      } catch (err) {
        await db
          .delete(eceRecordings)
          .where(eq(eceRecordings.id, recordingId))
          .catch(() => undefined);
        throw err;
      }
    },

    /** A call answered: its recording's row (empty, not stored), its chunks of PCM to come. Answers its id. */
    async openRecording(row: { projectId: number; alarmId: number; startTime: Date; answeredBy: string }) {
      const [opened] = await db
        .insert(eceRecordings)
        .values({ ...row, durationMs: 0, size: 0, pcm: true })
        .returning({ id: eceRecordings.id });
      return opened!.id;
    },

    /**
     * The next chunk of PCM of a recording being written (`cut`: the call went beyond the maximum
     * already), with the row's heartbeat, in one statement; a chunk there already (a retry of one that
     * was written) is left as it is. False when the recording is not open any more (finalised by
     * another instance that took it for abandoned, or gone with its alarm).
     */
    async writeChunk(id: number, seq: number, bytes: Buffer, cut: boolean) {
      const written = await rows(
        db,
        sql`WITH open AS (
              UPDATE ece_recordings SET written_at = now(), cut = cut OR ${cut}
              WHERE id = ${id} AND NOT stored RETURNING id)
            INSERT INTO ece_recording_chunks (recording_id, seq, bytes)
            SELECT id, ${seq}, ${fromBase64(bytes)} FROM open
            ON CONFLICT (recording_id, seq) DO NOTHING
            RETURNING seq`,
      );
      if (written.length) return true;
      const [open] = await rows(db, sql`SELECT 1 AS open FROM ece_recordings WHERE id = ${id} AND NOT stored`);
      return open !== undefined;
    },

    /** A recording being written says so (no chunk was due); false when it is not open any more. */
    async touchRecording(id: number) {
      const touched = await db
        .update(eceRecordings)
        .set({ writtenAt: sql`now()` })
        .where(and(eq(eceRecordings.id, id), sql`NOT ${eceRecordings.stored}`))
        .returning({ id: eceRecordings.id });
      return touched.length > 0;
    },

    /**
     * A recording being written is finalised: its length from its chunks, the WAV header made for them
     * (its comment saying why it is incomplete, if it is), stored. `interrupted`: its writer died, and
     * then only when not written since `staleBefore` (another instance may finalise it at the same time:
     * only one does). A recording without any chunk is deleted instead (nothing was heard, or nothing
     * stored before the writer died). Answers whether this call finalised it.
     */
    async finaliseRecording(
      id: number,
      how: { interrupted: false; cut: boolean; maxMinutes: number } | { interrupted: true; staleBefore: Date },
    ) {
      const open = how.interrupted
        ? sql`NOT stored AND written_at < ${how.staleBefore.toISOString()}::timestamptz`
        : sql`NOT stored`;
      const [row] = await rows(
        db,
        sql`SELECT r.cut, (SELECT coalesce(sum(length(c.bytes)), 0) FROM ece_recording_chunks c
              WHERE c.recording_id = r.id)::bigint AS bytes
            FROM ece_recordings r WHERE r.id = ${id} AND ${open}`,
      );
      if (!row) return false;
      const bytes = Number(row.bytes);
      if (bytes === 0) {
        const gone = await rows(db, sql`DELETE FROM ece_recordings WHERE id = ${id} AND ${open} RETURNING id`);
        return gone.length > 0;
      }
      const durationMs = pcmDurationMs(bytes);
      const cut = how.interrupted ? row.cut === true || row.cut === 't' : how.cut;
      const maxMinutes = how.interrupted ? Math.max(1, Math.round(durationMs / 60_000)) : how.maxMinutes;
      const header = wavHeader(bytes, recordingComment({ cut, interrupted: how.interrupted, maxMinutes }));
      const done = await rows(
        db,
        sql`UPDATE ece_recordings SET stored = true, interrupted = ${how.interrupted}, cut = ${cut},
              header = ${fromBase64(header)}, size = ${header.length + bytes}, duration_ms = ${durationMs}
            WHERE id = ${id} AND ${open} RETURNING id`,
      );
      return done.length > 0;
    },

    /**
     * The recordings left unstored by an instance that died (not written since `staleBefore`): those
     * written as the call went on are finalised as interrupted (`finaliseRecording`), whole WAVs of
     * before half-written are deleted, but never those of `writing` (this instance's live calls). Safe on
     * several instances at once. Answers the ids finalised.
     */
    async finaliseAbandoned(staleBefore: Date, writing: number[] = []) {
      const stale = sql`NOT stored AND written_at < ${staleBefore.toISOString()}::timestamptz AND id <> ALL(${sql.param(writing)}::int4[])`;
      await rows(db, sql`DELETE FROM ece_recordings WHERE ${stale} AND NOT pcm`);
      const open = await rows(db, sql`SELECT id FROM ece_recordings WHERE ${stale} ORDER BY id`);
      const finalised: number[] = [];
      for (const { id } of open)
        if (await repo.finaliseRecording(Number(id), { interrupted: true, staleBefore })) finalised.push(Number(id));
      return finalised;
    },

    /** A page of the project's recordings begun within [from, to], of one post when given, newest first. */
    async recordings(projectId: number, query: { deviceId?: number; from: Date; to: Date }, window: PageWindow) {
      const where = sql.join(
        [
          sql`r.project_id = ${projectId}`,
          sql`r.stored`,
          sql`r.start_time >= ${query.from.toISOString()}::timestamptz`,
          sql`r.start_time <= ${query.to.toISOString()}::timestamptz`,
          query.deviceId ? sql`a.device_id = ${query.deviceId}` : sql`true`,
        ],
        sql` AND `,
      );
      const from = sql`FROM ece_recordings r JOIN ece_alarms a ON a.id = r.alarm_id JOIN devices d ON d.id = a.device_id`;
      const [list, [total]] = await Promise.all([
        rows(
          db,
          sql`SELECT r.id, r.project_id, r.alarm_id, r.start_time, r.duration_ms, r.size, r.cut, r.interrupted, r.answered_by,
                a.event_id, a.event_type, d.id AS device_id, d.name AS device_name, d.no AS device_no
              ${from} WHERE ${where} ORDER BY r.start_time DESC, r.id DESC LIMIT ${window.limit} OFFSET ${window.offset}`,
        ),
        rows(db, sql`SELECT count(*)::int AS n ${from} WHERE ${where}`),
      ]);
      return { rows: list.map(recordingOf), total: Number(total?.n ?? 0) };
    },

    /**
     * One stored recording of the project: its size (bytes) and its WAV header when that is kept apart
     * from the chunks (none: the chunks hold the whole WAV); or undefined.
     */
    async recordingSize(projectId: number, id: number) {
      const [r] = await rows(
        db,
        sql`SELECT size, encode(header, 'base64') AS header FROM ece_recordings
            WHERE id = ${id} AND project_id = ${projectId} AND stored`,
      );
      if (!r) return undefined;
      const size = Number(r.size);
      return r.header ? { size, header: Buffer.from(String(r.header), 'base64') } : { size };
    },

    /**
     * A recording's bytes from `start` to `end` (exclusive), in order: the part of `header` asked (when
     * the header is kept apart), then the chunks' bytes, one chunk per statement (only the chunks of that
     * part are read). Stops early when the recording is gone meanwhile.
     */
    async *recordingPart(id: number, start: number, end: number, header?: Buffer): AsyncGenerator<Buffer> {
      const skip = header?.length ?? 0;
      if (header && start < skip) {
        yield header.subarray(start, Math.min(skip, end));
        start = skip;
      }
      if (start >= end) return;
      yield* chunkedRange(ECE_RECORDING_CHUNK_BYTES, start - skip, end - skip, async (seq) => {
        const [row] = await db
          .select({ base64: sql<string>`encode(${eceRecordingChunks.bytes}, 'base64')` })
          .from(eceRecordingChunks)
          .where(and(eq(eceRecordingChunks.recordingId, id), eq(eceRecordingChunks.seq, seq)));
        return row && Buffer.from(row.base64, 'base64');
      });
    },

    async connection(projectId: number) {
      const [row] = await db.select().from(eceConnections).where(eq(eceConnections.projectId, projectId));
      return row;
    },

    saveConnection: (projectId: number, body: ConnectionBody, by: string) =>
      db
        .insert(eceConnections)
        .values({ projectId, ...body, updatedBy: by, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: eceConnections.projectId,
          set: { ...body, updatedBy: by, updatedAt: new Date() },
        }),
  };
  return repo;
}

export type EceRepository = ReturnType<typeof createEceRepository>;

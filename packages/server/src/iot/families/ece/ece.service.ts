import { Readable } from 'node:stream';
import {
  type AlarmQuery,
  CONNECTION_DEFAULTS,
  type ConnectionAnswer,
  type ConnectionBody,
  ECE_CALL,
  ECE_RECORD_FORMAT,
  type EceRow,
  type RecordQuery,
  recordPeriodError,
  type SettleBody,
} from '@sc/contract/families/ece';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../../../platform/errors.js';
import type { DirectoryEntry } from '../../device-directory.js';
import type { Actor, FamilyContext, SessionContext } from '../family-handler.js';
import type { ListFilter, PageWindow } from '../kit/device-list.js';
import { type ProjectReach, projectIn } from '../kit/project-reach.js';
import { type LiveRecording, liveRecording } from './ece.live-recording.js';
import { createEceRepository, ECE_RECORDING_ABANDONED_MS } from './ece.repository.js';

const DAY_MS = 86_400_000;
const textOf = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** The event id of a call: the post and the time it pressed (the same message twice: the same id). */
export const eventIdOf = (equipmentId: string, at: Date) => `${equipmentId.slice(0, 40)}-${at.getTime()}`;

const alarmMissing = () => new AppError(404, 'NOT_FOUND', 'ece.rules.alarmMissing');
const recordingMissing = () => new AppError(404, 'NOT_FOUND', 'ece.rules.recordingMissing');

/**
 * The part of `size` bytes a Range header asks (one range of bytes: `a-b`, `a-`, `-n`): null to send the
 * whole (no header, or one this server does not read: several ranges, another unit), 'unsatisfiable' when
 * it starts beyond the end.
 */
export function rangeOf(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  const m = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * What the emergency call calls do beyond the kit: the posts' list, the alarm log (rows made by the
 * posts' calls), settling, counts, the connection parameters and the retention of the log.
 */
export function createEceService(ctx: FamilyContext) {
  const repo = ctx.repository(createEceRepository);
  /** The recordings of this instance's calls, never taken for abandoned by its own sweep. */
  const writing = new Set<LiveRecording>();
  const projectOf = (session: SessionContext, projectId: number) => ctx.devices.project(session, projectId);
  const ofProject = (projectId: number) => projectIn(sql`a.project_id`, projectId);

  return {
    repo,

    async page(project: number | ProjectReach, filter: ListFilter, window: PageWindow) {
      const { rows, total } = await repo.page(project, filter, window);
      const linked = new Map(
        rows.map((r) => [r.id, Number((r.props as Record<string, unknown>)?.linkedCameraId) || 0] as const),
      );
      const cameras = await repo.cameras([...new Set([...linked.values()].filter((id) => id > 0))]);
      const list: EceRow[] = rows.map(({ props, lastActiveAt, ip, unhandled, ...post }) => {
        const p = (props ?? {}) as Record<string, unknown>;
        const camera = cameras.get(linked.get(post.id) ?? 0);
        return {
          ...post,
          ip: textOf(ip),
          eceCode: textOf(p.eceCode),
          deviceSerial: textOf(p.deviceSerial),
          linkedCamera: camera
            ? { id: camera.id, name: camera.name, no: camera.no, activeState: camera.activeState }
            : null,
          unhandled: Number(unhandled),
          lastActiveAt: lastActiveAt?.toISOString() ?? null,
        };
      });
      return { rows: list, total };
    },

    /**
     * A post's CALL event, as ingest hands it on (once, on the instance that received it): "occur" opens
     * an alarm row, "restore" (hung up) closes the post's open ones.
     */
    async onCall(device: DirectoryEntry, type: string, at: Date) {
      if (type === 'occur') await repo.callStarted(device.id, at, eventIdOf(device.equipmentId, at));
      else if (type === 'restore') await repo.callStopped(device.id, at);
    },

    async logs(session: SessionContext, projectId: number, query: AlarmQuery) {
      await projectOf(session, projectId);
      const size = query.pageSize ?? (await ctx.settings.get('logPageSize'));
      const window = { limit: size, offset: (query.page - 1) * size };
      const words = (query.keyword ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
      const { rows, total } = await repo.alarms(
        ofProject(projectId),
        { filter: query.filter, deviceId: query.deviceId, words, from: query.from, to: query.to },
        window,
      );
      return { list: rows, total, page: query.page, pageSize: size };
    },

    async counts(session: SessionContext, projectId: number) {
      await projectOf(session, projectId);
      return repo.counts(ofProject(projectId));
    },

    /** Settles or ignores an alarm of the project (404 when it has none of that id, 409 when handled). */
    async settle(actor: Actor, projectId: number, alarmId: number, body: SettleBody) {
      await projectOf(actor.session, projectId);
      const before = await repo.alarm(projectId, alarmId);
      if (!before) throw alarmMissing();
      if (!(await repo.settle(projectId, alarmId, body.result, body.note, actor.session.user.name)))
        throw new AppError(409, 'CONFLICT', 'ece.rules.alreadyHandled');
      await ctx.audit.manage(actor, {
        action: 'update',
        entity: 'device',
        entityId: before.device.id,
        summary: `${before.device.name} ${ECE_CALL} ${before.eventId}: ${body.result}`,
      });
      return (await repo.alarm(projectId, alarmId))!;
    },

    async connection(session: SessionContext, projectId: number): Promise<ConnectionAnswer> {
      await projectOf(session, projectId);
      const row = await repo.connection(projectId);
      if (!row) return { projectId, ...CONNECTION_DEFAULTS, updatedBy: null, updatedAt: null };
      const { updatedAt, platform, ...rest } = row;
      return { ...rest, platform: platform === 'dh' ? 'dh' : 'isc', updatedAt: updatedAt.toISOString() };
    },

    async saveConnection(actor: Actor, projectId: number, body: ConnectionBody) {
      await projectOf(actor.session, projectId);
      const before = await repo.connection(projectId);
      await repo.saveConnection(projectId, body, actor.session.user.name);
      const changes = Object.fromEntries(
        Object.entries(body)
          .filter(([k, v]) => (before as Record<string, unknown> | undefined)?.[k] !== v)
          .map(([k, v]) => [k, { from: (before as Record<string, unknown> | undefined)?.[k] ?? null, to: v }]),
      );
      await ctx.audit.manage(actor, {
        action: 'update',
        entity: 'project',
        entityId: projectId,
        summary: 'ece connection',
        changes,
      });
      return this.connection(actor.session, projectId);
    },

    /**
     * An answered call's recording, written to the database as the call goes on (ece.live-recording.ts):
     * its row now, its chunks as they complete, stored when it ends.
     */
    startRecording(
      alarm: { id: number; projectId: number },
      answeredBy: string,
      maxMs: number,
      log: FastifyBaseLogger,
    ): LiveRecording {
      const recording = liveRecording(repo, { projectId: alarm.projectId, alarmId: alarm.id, answeredBy, maxMs }, log);
      writing.add(recording);
      return recording;
    },

    /**
     * The recordings an instance that died was writing (not written for ECE_RECORDING_ABANDONED_MS)
     * finalised as interrupted: what was stored is kept and served, marked so. Run at start-up and every
     * few seconds by each instance (only one finalises a recording), never one of its own live calls (a
     * stall of its writes is not its death). Answers their ids.
     */
    finaliseAbandoned(now = new Date()) {
      for (const recording of writing) if (!recording.writing) writing.delete(recording);
      const own = [...writing].flatMap((recording) => (recording.id === null ? [] : [recording.id]));
      return repo.finaliseAbandoned(new Date(now.getTime() - ECE_RECORDING_ABANDONED_MS), own);
    },

    /** A page of the project's recordings of a period (required, at most 30 days: 400 otherwise). */
    async recordings(session: SessionContext, projectId: number, query: RecordQuery) {
      await projectOf(session, projectId);
      const wrong = recordPeriodError(query.from, query.to);
      if (wrong) throw fieldError(query.from ? 'to' : 'from', wrong.key, 'VALIDATION', wrong.params);
      const window = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
      const { rows, total } = await repo.recordings(
        projectId,
        { deviceId: query.deviceId, from: query.from!, to: query.to! },
        window,
      );
      return { list: rows, total, page: query.page, pageSize: query.pageSize };
    },

    /**
     * A recording's audio: the whole, or the part a Range header asks (206, so a player can seek); a
     * range beyond the end is 416. Only the chunks of the part asked are read from the database (a
     * recording written during its call: its WAV header kept in its row, then its chunks of PCM).
     */
    async recordingAudio(
      session: SessionContext,
      projectId: number,
      id: number,
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      await projectOf(session, projectId);
      const meta = await repo.recordingSize(projectId, id);
      if (!meta) throw recordingMissing();
      const range = rangeOf(request.headers.range, meta.size);
      reply
        .header('accept-ranges', 'bytes')
        .header('content-type', ECE_RECORD_FORMAT.mime)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', `inline; filename="ece-recording-${id}.wav"`);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${meta.size}`);
        throw new AppError(416, 'RANGE', 'ece.rules.rangeNotSatisfiable');
      }
      const { start, end } = range ?? { start: 0, end: meta.size - 1 };
      if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${meta.size}`);
      // Streamed as the chunks are read, one statement each.
      return reply
        .header('content-length', end - start + 1)
        .send(Readable.from(repo.recordingPart(id, start, end + 1, meta.header)));
    },

    /** Deletes the alarms (and so their recordings) older than the setting eceRetentionDays; answers how many. */
    async prune(now = new Date()) {
      const days = Number(await ctx.settings.get('eceRetentionDays' as never)) || 365;
      return (await repo.prune(new Date(now.getTime() - days * DAY_MS))).length;
    },
  };
}

export type EceService = ReturnType<typeof createEceService>;

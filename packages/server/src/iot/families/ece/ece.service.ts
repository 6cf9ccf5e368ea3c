import {
  type AlarmQuery,
  CONNECTION_DEFAULTS,
  type ConnectionAnswer,
  type ConnectionBody,
  ECE_CALL,
  type EceRow,
  type SettleBody,
} from '@sc/contract/families/ece';
import { sql } from 'drizzle-orm';
import { AppError } from '../../../platform/errors.js';
import type { DirectoryEntry } from '../../device-directory.js';
import type { Actor, FamilyContext, SessionContext } from '../family-handler.js';
import type { ListFilter, PageWindow } from '../kit/device-list.js';
import { type ProjectReach, projectIn } from '../kit/project-reach.js';
import { createEceRepository } from './ece.repository.js';

const DAY_MS = 86_400_000;
const textOf = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** The event id of a call: the post and the time it pressed (the same message twice: the same id). */
export const eventIdOf = (equipmentId: string, at: Date) => `${equipmentId.slice(0, 40)}-${at.getTime()}`;

const alarmMissing = () => new AppError(404, 'NOT_FOUND', 'ece.rules.alarmMissing');

/**
 * What the emergency call calls do beyond the kit: the posts' list, the alarm log (rows made by the
 * posts' calls), settling, counts, the connection parameters and the retention of the log.
 */
export function createEceService(ctx: FamilyContext) {
  const repo = ctx.repository(createEceRepository);
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

    /** Deletes the alarms older than the setting eceRetentionDays; answers how many. */
    async prune(now = new Date()) {
      const days = Number(await ctx.settings.get('eceRetentionDays' as never)) || 365;
      return (await repo.prune(new Date(now.getTime() - days * DAY_MS))).length;
    },
  };
}

export type EceService = ReturnType<typeof createEceService>;

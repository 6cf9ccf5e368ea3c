import type { PageQuery } from '@sc/contract';
import {
  NSC_STATUSES,
  type NscGroupBody,
  type NscMediaBody,
  type NscMediaGroupBody,
  type NscStatus,
  nscManifest,
  nscMediaBody,
} from '@sc/contract/families/nsc';
import { mediaFileProblem, mediaProblemParams } from '@sc/contract/families/nsc/media';
import { fileTypeFromBuffer } from 'file-type';
import { parseBuffer } from 'music-metadata';
import { AppError, conflictField, fieldError, notFound } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import { type Actor, changedFields, type FamilyContext, type SessionContext } from '../family-handler.js';
import { sendCommand } from '../kit/device-commands.js';
import type { PageWindow } from '../kit/device-list.js';
import { familyDeviceGetter, familyReferences } from '../kit/family-service.js';
import type { ProjectReach } from '../kit/project-reach.js';
import { createNscRepository } from './nsc.repository.js';

const TYPE = nscManifest.type;
const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const statusOf = (v: unknown): NscStatus | null => (NSC_STATUSES.includes(v as NscStatus) ? (v as NscStatus) : null);
const iso = (d: Date) => d.toISOString();

/**
 * What an mp3 decoder reads of `bytes`: the container by its content (file-type) must be MPEG audio and
 * music-metadata must find Layer III frames with a duration; null when it is not an mp3.
 */
export async function readMp3(bytes: Buffer): Promise<{ duration: number; bitrate: number | null } | null> {
  const type = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (type?.mime !== 'audio/mpeg') return null;
  try {
    const { format } = await parseBuffer(bytes, { mimeType: 'audio/mpeg', size: bytes.length }, { duration: true });
    if (!/layer 3/i.test(format.codec ?? '') || !format.duration || !Number.isFinite(format.duration)) return null;
    return {
      duration: Math.round(format.duration * 100) / 100,
      bitrate: format.bitrate ? Math.round(format.bitrate) : null,
    };
  } catch {
    return null;
  }
}

/** A zod result's first issue as the service's 400 (its message keys carry their parameters). */
function invalid(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const fieldErrors = issues.map((i) => ({ field: i.path.map(String).join('.'), key: i.message }));
  return new AppError(400, 'VALIDATION', fieldErrors[0]?.key ?? 'errors.badRequest', undefined, fieldErrors);
}

/**
 * Network speakers (spec 001 §7 "nsc: groups, media with upload, media groups"): the list with each
 * speaker's latest report, play on a speaker, terminal groups, media checked by an mp3 decoder, and media
 * groups in playing order. Every project and device a request names is checked against the caller's scope.
 */
export function createNscService(ctx: FamilyContext) {
  const repo = ctx.repository(createNscRepository);
  const refs = familyReferences(ctx);
  const speaker = familyDeviceGetter(ctx, TYPE);
  const project = (session: SessionContext, projectId: number) => ctx.devices.project(session, projectId);
  const window = async (query: PageQuery) => pageWindow(query, await ctx.settings.get('pageSize'));

  async function presentGroups<G extends { id: number; createdAt: Date; updatedAt: Date }>(rows: G[]) {
    const members = await repo.speakersOf(rows.map((g) => g.id));
    return rows.map(({ updatedAt: _, ...g }) => ({
      ...g,
      createdAt: iso(g.createdAt),
      speakers: members.get(g.id) ?? [],
    }));
  }
  async function presentMediaGroups<G extends { id: number; createdAt: Date; updatedAt: Date }>(rows: G[]) {
    const items = await repo.itemsOf(rows.map((g) => g.id));
    return rows.map(({ updatedAt: _, ...g }) => {
      const media = (items.get(g.id) ?? []) as { id: number; name: string; duration: number }[];
      const duration = Math.round(media.reduce((sum, m) => sum + m.duration, 0) * 100) / 100;
      return { ...g, createdAt: iso(g.createdAt), media, duration };
    });
  }
  const presentMedia = <M extends { createdAt: Date }>(m: M) => ({ ...m, createdAt: iso(m.createdAt) });

  /** A record of the path's project (404 otherwise, as one that does not exist). */
  async function owned<R extends { projectId: number }>(
    session: SessionContext,
    projectId: number,
    rows: Promise<R[]>,
  ) {
    await project(session, projectId);
    const [row] = await rows;
    if (!row || row.projectId !== projectId) throw notFound();
    return row;
  }
  /** Records of the path's project by ids: any other id (or none) is a 404 and nothing is done. */
  async function allOwned<R extends { projectId: number }>(
    session: SessionContext,
    projectId: number,
    ids: number[],
    rows: (ids: number[]) => Promise<R[]>,
  ) {
    await project(session, projectId);
    const found = await rows(ids);
    if (found.length !== new Set(ids).size || found.some((r) => r.projectId !== projectId)) throw notFound();
    return found;
  }

  async function checkGroup(session: SessionContext, projectId: number, body: NscGroupBody, exceptId?: number) {
    await refs.project(session, projectId);
    const ref = { field: 'deviceIds', key: 'nsc.groups.deviceNotFound' };
    for (const d of await refs.devices(session, body.deviceIds, projectId, ref))
      if (d.type !== TYPE) throw new AppError(400, 'VALIDATION', ref.key, undefined, [ref]);
    if (await repo.groupNoTaken(projectId, body.no, exceptId)) throw conflictField('no', 'nsc.groups.duplicateNo');
    return { projectId, name: body.name, no: body.no, description: body.description ?? '', deviceIds: body.deviceIds };
  }

  async function checkMediaGroup(
    session: SessionContext,
    projectId: number,
    body: NscMediaGroupBody,
    exceptId?: number,
  ) {
    await project(session, projectId);
    const found = await repo.mediaOf(projectId, body.mediaIds);
    if (found.length !== body.mediaIds.length) throw fieldError('mediaIds', 'nsc.mediaGroups.mediaNotFound');
    if (await repo.mediaGroupIdTaken(projectId, body.groupId, exceptId))
      throw conflictField('groupId', 'nsc.mediaGroups.duplicateGroupId');
    return {
      projectId,
      groupId: body.groupId,
      name: body.name,
      description: body.description ?? '',
      mediaIds: body.mediaIds,
    };
  }

  const audit = (
    actor: Actor,
    action: 'create' | 'update' | 'delete',
    entity: string,
    entityId: number,
    summary: string,
    changes?: ReturnType<typeof changedFields>,
  ) => ctx.audit.manage(actor, { action, entity, entityId, summary, ...(changes ? { changes } : {}) });

  /**
   * A kind of the family's records with their links (terminal groups and their speakers, media groups
   * and their media): paged, read, saved after `check` and deleted within the path's project, every
   * change in the management log as `entity` (what changed as `summary` reads it).
   */
  function recordsOf<
    B,
    V,
    R extends { id: number; projectId: number; name: string },
    P extends { name: string },
  >(spec: {
    entity: string;
    page: (projectId: number, words: string[], w: PageWindow) => Promise<{ rows: R[]; total: number }>;
    byIds: (ids: number[]) => Promise<R[]>;
    present: (rows: R[]) => Promise<P[]>;
    check: (session: SessionContext, projectId: number, body: B, exceptId?: number) => Promise<V>;
    save: (values: V, id?: number) => Promise<number>;
    remove: (ids: number[]) => Promise<number>;
    summary: (record: P) => Record<string, unknown>;
  }) {
    const one = async (session: SessionContext, projectId: number, id: number) =>
      (await spec.present([await owned(session, projectId, spec.byIds([id]))]))[0]!;
    return {
      async page(session: SessionContext, projectId: number, query: PageQuery) {
        await project(session, projectId);
        const w = await window(query);
        const { rows, total } = await spec.page(projectId, query.keyword, w);
        return toPage(await spec.present(rows), total, w);
      },
      one,
      async save(actor: Actor, projectId: number, body: B, id?: number) {
        const before = id ? await one(actor.session, projectId, id) : null;
        const saved = await spec.save(await spec.check(actor.session, projectId, body, id), id);
        const after = await one(actor.session, projectId, saved);
        const changes = changedFields(before && spec.summary(before), spec.summary(after));
        await audit(actor, id ? 'update' : 'create', spec.entity, saved, after.name, changes);
        return after;
      },
      async remove(actor: Actor, projectId: number, ids: number[]) {
        const found = await allOwned(actor.session, projectId, ids, spec.byIds);
        const deleted = await spec.remove(ids);
        for (const r of found) await audit(actor, 'delete', spec.entity, r.id, r.name);
        return { deleted };
      },
    };
  }

  const groups = recordsOf({
    entity: 'nscGroup',
    page: repo.groupsPage,
    byIds: repo.groupsOf,
    present: (rows: Awaited<ReturnType<typeof repo.groupsOf>>) => presentGroups(rows),
    check: checkGroup,
    save: repo.saveGroup,
    remove: repo.deleteGroups,
    summary: (g) => ({ name: g.name, no: g.no, speakers: g.speakers.map((s) => s.name).join(', ') }),
  });
  const mediaGroups = recordsOf({
    entity: 'nscMediaGroup',
    page: repo.mediaGroupsPage,
    byIds: repo.mediaGroupsOf,
    present: (rows: Awaited<ReturnType<typeof repo.mediaGroupsOf>>) => presentMediaGroups(rows),
    check: checkMediaGroup,
    save: repo.saveMediaGroup,
    remove: repo.deleteMediaGroups,
    summary: (g) => ({ groupId: g.groupId, name: g.name, media: g.media.map((m) => m.name).join(', ') }),
  });

  return {
    // ── Speakers
    async page(reach: ProjectReach, filter: { words: string[]; activeState?: number }, w: PageWindow) {
      const { rows, total } = await repo.page(reach, filter, w);
      const list = rows.map(({ props, lastActiveAt, reportedAt, reportedVersion, status, ...s }) => {
        const own = (props ?? {}) as Record<string, unknown>;
        return {
          ...s,
          lastActiveAt: lastActiveAt?.toISOString() ?? null,
          terminalId: text(own.terminalId),
          version: text(reportedVersion) ?? text(own.version),
          reportedAt: reportedAt?.toISOString() ?? null,
          status: statusOf(status),
          playing: statusOf(status) === 'playing' ? text(s.playing) : null,
        };
      });
      return { rows: list, total };
    },

    /** Sends a media file of the project to a speaker with its name and duration. */
    async play(actor: Actor, projectId: number, id: number, mediaId: number) {
      const target = await speaker(actor.session, projectId, id);
      const [media] = await repo.mediaOf(target.projectId, [mediaId]);
      if (!media) throw fieldError('mediaId', 'nsc.play.mediaNotFound');
      return sendCommand(ctx, actor, target, 'play', { mediaId: media.id, name: media.name, duration: media.duration });
    },

    // ── Terminal groups
    groups: groups.page,
    groupOptions: async (session: SessionContext, projectId: number) => {
      await project(session, projectId);
      return repo.speakers(projectId);
    },
    group: groups.one,
    saveGroup: groups.save,
    deleteGroups: groups.remove,

    // ── Media
    async media(session: SessionContext, projectId: number, query: PageQuery) {
      await project(session, projectId);
      const w = await window(query);
      const { rows, total } = await repo.mediaPage(projectId, query.keyword, w);
      return toPage(rows.map(presentMedia), total, w);
    },
    mediaOptions: async (session: SessionContext, projectId: number) => {
      await project(session, projectId);
      return repo.mediaOf(projectId);
    },
    /**
     * Stores an uploaded mp3: its fields by the contract's rule, the file by size and by content (read by
     * an mp3 decoder: a file named .mp3 that is not one is refused), the name unique in the project.
     */
    async upload(
      actor: Actor,
      projectId: number,
      fields: Record<string, unknown>,
      file: { name: string; bytes: Buffer } | null,
    ) {
      await project(actor.session, projectId);
      const parsed = nscMediaBody.safeParse(fields);
      if (!parsed.success) throw invalid(parsed.error.issues);
      if (!file) throw fieldError('file', 'nsc.media.missing');
      const problem = mediaFileProblem({ name: file.name, size: file.bytes.length });
      if (problem) throw fieldError('file', `nsc.media.${problem}`, 'VALIDATION', mediaProblemParams);
      const mp3 = await readMp3(file.bytes);
      if (!mp3) throw fieldError('file', 'nsc.media.notMp3', 'VALIDATION', mediaProblemParams);
      if (await repo.mediaNameTaken(projectId, parsed.data.name))
        throw conflictField('name', 'nsc.media.duplicateName');
      const id = await repo.insertMedia({
        projectId,
        name: parsed.data.name,
        description: parsed.data.description ?? '',
        fileName: file.name.slice(0, 255),
        size: file.bytes.length,
        duration: mp3.duration,
        bitrate: mp3.bitrate,
        content: file.bytes,
      });
      await audit(actor, 'create', 'nscMedia', id, parsed.data.name);
      return presentMedia((await repo.mediaById(id))!);
    },
    async updateMedia(actor: Actor, projectId: number, id: number, body: NscMediaBody) {
      const before = await owned(
        actor.session,
        projectId,
        repo.mediaById(id).then((m) => (m ? [m] : [])),
      );
      if (await repo.mediaNameTaken(projectId, body.name, id)) throw conflictField('name', 'nsc.media.duplicateName');
      await repo.updateMedia(id, { name: body.name, description: body.description ?? '' });
      const after = (await repo.mediaById(id))!;
      await audit(
        actor,
        'update',
        'nscMedia',
        id,
        after.name,
        changedFields(
          { name: before.name, description: before.description },
          { name: after.name, description: after.description },
        ),
      );
      return presentMedia(after);
    },
    async deleteMedia(actor: Actor, projectId: number, id: number) {
      const media = await owned(
        actor.session,
        projectId,
        repo.mediaById(id).then((m) => (m ? [m] : [])),
      );
      const holders = await repo.groupsHolding(id);
      if (holders.length)
        throw new AppError(409, 'CONFLICT', 'nsc.media.inUse', { groups: holders.map((h) => h.name).join(', ') });
      const deleted = await repo.deleteMedia(id);
      await audit(actor, 'delete', 'nscMedia', id, media.name);
      return { deleted };
    },

    // ── Media groups
    mediaGroups: mediaGroups.page,
    mediaGroup: mediaGroups.one,
    saveMediaGroup: mediaGroups.save,
    deleteMediaGroups: mediaGroups.remove,
  };
}

export type NscService = ReturnType<typeof createNscService>;

import { nscManifest } from '@sc/contract/families/nsc';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { deviceModels, devices } from '../../../db/schema/index.js';
import { keywordWhere } from '../../../platform/paging.js';
import { DEVICE_COLUMNS } from '../kit/device-columns.js';
import {
  devicesWithModel,
  type ListFilter,
  listedDevicesWhere,
  type PageWindow,
  pageDevices,
} from '../kit/device-list.js';
import { deviceProjectName, type ProjectReach } from '../kit/project-reach.js';
import { pageRows, takenInProject } from '../kit/records.repository.js';
import { nscGroupDevices, nscGroups, nscMedia, nscMediaGroupItems, nscMediaGroups, nscState } from './nsc.tables.js';

const TYPE = nscManifest.type;

export interface GroupValues {
  projectId: number;
  name: string;
  no: string;
  description: string;
  deviceIds: number[];
}
export interface MediaValues {
  projectId: number;
  name: string;
  description: string;
  fileName: string;
  size: number;
  duration: number;
  bitrate: number | null;
  content: Buffer;
}
export interface MediaGroupValues {
  projectId: number;
  groupId: number;
  name: string;
  description: string;
  mediaIds: number[];
}

const MEDIA_COLUMNS = {
  id: nscMedia.id,
  projectId: nscMedia.projectId,
  name: nscMedia.name,
  description: nscMedia.description,
  fileName: nscMedia.fileName,
  size: nscMedia.size,
  duration: nscMedia.duration,
  bitrate: nscMedia.bitrate,
  createdAt: nscMedia.createdAt,
};

/** The SQL of the speakers (with their latest report), terminal groups, media and media groups. */
export function createNscRepository(db: Db) {
  /** Rows of a link table by owner, in `order`. */
  async function byOwner<R extends { owner: number }>(rows: R[]) {
    const map = new Map<number, Omit<R, 'owner'>[]>();
    for (const { owner, ...rest } of rows) map.set(owner, [...(map.get(owner) ?? []), rest]);
    return map;
  }

  /**
   * Inserts a record (or changes record `id`) and replaces its links (the rows of `links` whose `owner`
   * column names it) with `linked(its id)`, in one transaction; answers its id.
   */
  const saveLinked = <T extends typeof nscGroups | typeof nscMediaGroups>(
    table: T,
    row: Record<string, unknown>,
    id: number | undefined,
    links: PgTable,
    owner: PgColumn,
    linked: (id: number) => Record<string, unknown>[],
  ) =>
    db.transaction(async (tx) => {
      const [saved] = (
        id
          ? await tx
              .update(table as typeof nscGroups)
              .set({ ...row, updatedAt: new Date() })
              .where(eq(table.id, id))
              .returning({ id: table.id })
          : await tx
              .insert(table as typeof nscGroups)
              .values(row as never)
              .returning({ id: table.id })
      ) as { id: number }[];
      await tx.delete(links).where(eq(owner, saved!.id));
      const rows = linked(saved!.id);
      if (rows.length) await tx.insert(links).values(rows as never);
      return saved!.id;
    });

  return {
    // ── Speakers
    async page(project: number | ProjectReach, filter: ListFilter, window: PageWindow) {
      const where = listedDevicesWhere(TYPE, project, filter);
      const list = devicesWithModel(db, {
        ...DEVICE_COLUMNS,
        projectName: deviceProjectName,
        mac: devices.mac,
        ip: devices.ip,
        props: devices.props,
        modelName: deviceModels.name,
        reportedAt: nscState.at,
        volume: nscState.volume,
        status: nscState.status,
        playing: nscState.playing,
        reportedVersion: nscState.version,
      })
        .leftJoin(nscState, eq(nscState.deviceId, devices.id))
        .$dynamic();
      return pageDevices(db, list, where, window);
    },

    /** The project's speakers (options of a group, with their places for the map), by name. */
    speakers: (projectId: number) =>
      db
        .select({
          id: devices.id,
          name: devices.name,
          no: devices.no,
          activeState: devices.activeState,
          lng: devices.lng,
          lat: devices.lat,
        })
        .from(devices)
        .where(and(eq(devices.projectId, projectId), eq(devices.type, TYPE)))
        .orderBy(asc(devices.name), asc(devices.id))
        .limit(1000),

    // ── Terminal groups
    groupsPage(projectId: number, words: string[], window: PageWindow) {
      const where = and(
        eq(nscGroups.projectId, projectId),
        keywordWhere(words, [nscGroups.name, nscGroups.no, nscGroups.description]),
      );
      const list = db.select().from(nscGroups).$dynamic();
      return pageRows(db, list, nscGroups, where, [asc(nscGroups.name), asc(nscGroups.id)], window);
    },
    groupsOf: (ids: number[]) =>
      db
        .select()
        .from(nscGroups)
        .where(inArray(nscGroups.id, ids.length ? ids : [0])),
    /** The speakers of groups (gone devices left out), by group, by name. */
    async speakersOf(groupIds: number[]) {
      return byOwner(
        await db
          .select({
            owner: nscGroupDevices.ownerId,
            id: devices.id,
            name: devices.name,
            no: devices.no,
            activeState: devices.activeState,
          })
          .from(nscGroupDevices)
          .innerJoin(devices, eq(devices.id, nscGroupDevices.deviceId))
          .where(inArray(nscGroupDevices.ownerId, groupIds.length ? groupIds : [0]))
          .orderBy(asc(devices.name), asc(devices.id)),
      );
    },
    groupNoTaken: (projectId: number, no: string, exceptId?: number) =>
      takenInProject(db, nscGroups, nscGroups.no, no, projectId, exceptId),
    saveGroup: ({ deviceIds, ...row }: GroupValues, id?: number) =>
      saveLinked(nscGroups, row, id, nscGroupDevices, nscGroupDevices.ownerId, (ownerId) =>
        deviceIds.map((deviceId) => ({ ownerId, deviceId })),
      ),
    deleteGroups: async (ids: number[]) =>
      (await db.delete(nscGroups).where(inArray(nscGroups.id, ids)).returning({ id: nscGroups.id })).length,

    // ── Media
    mediaPage(projectId: number, words: string[], window: PageWindow) {
      const where = and(eq(nscMedia.projectId, projectId), keywordWhere(words, [nscMedia.name, nscMedia.description]));
      const list = db.select(MEDIA_COLUMNS).from(nscMedia).$dynamic();
      return pageRows(db, list, nscMedia, where, [desc(nscMedia.createdAt), desc(nscMedia.id)], window);
    },
    mediaById: async (id: number) => (await db.select(MEDIA_COLUMNS).from(nscMedia).where(eq(nscMedia.id, id)))[0],
    mediaOf: (projectId: number, ids?: number[]) =>
      db
        .select({ id: nscMedia.id, name: nscMedia.name, duration: nscMedia.duration })
        .from(nscMedia)
        .where(and(eq(nscMedia.projectId, projectId), ids ? inArray(nscMedia.id, ids.length ? ids : [0]) : undefined))
        .orderBy(asc(nscMedia.name))
        .limit(1000),
    mediaNameTaken: (projectId: number, name: string, exceptId?: number) =>
      takenInProject(db, nscMedia, nscMedia.name, name, projectId, exceptId),
    insertMedia: async (values: MediaValues) =>
      (await db.insert(nscMedia).values(values).returning({ id: nscMedia.id }))[0]!.id,
    updateMedia: (id: number, values: { name: string; description: string }) =>
      db
        .update(nscMedia)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(nscMedia.id, id)),
    deleteMedia: async (id: number) =>
      (await db.delete(nscMedia).where(eq(nscMedia.id, id)).returning({ id: nscMedia.id })).length,
    /** The media groups that hold a media file. */
    groupsHolding: (mediaId: number) =>
      db
        .select({ name: nscMediaGroups.name })
        .from(nscMediaGroupItems)
        .innerJoin(nscMediaGroups, eq(nscMediaGroups.id, nscMediaGroupItems.mediaGroupId))
        .where(eq(nscMediaGroupItems.mediaId, mediaId)),

    // ── Media groups
    mediaGroupsPage(projectId: number, words: string[], window: PageWindow) {
      const where = and(
        eq(nscMediaGroups.projectId, projectId),
        keywordWhere(words, [nscMediaGroups.name, nscMediaGroups.description]),
      );
      const list = db.select().from(nscMediaGroups).$dynamic();
      return pageRows(db, list, nscMediaGroups, where, [asc(nscMediaGroups.groupId)], window);
    },
    mediaGroupsOf: (ids: number[]) =>
      db
        .select()
        .from(nscMediaGroups)
        .where(inArray(nscMediaGroups.id, ids.length ? ids : [0])),
    /** The media of media groups in playing order, by group. */
    async itemsOf(groupIds: number[]) {
      return byOwner(
        await db
          .select({
            owner: nscMediaGroupItems.mediaGroupId,
            id: nscMedia.id,
            name: nscMedia.name,
            duration: nscMedia.duration,
          })
          .from(nscMediaGroupItems)
          .innerJoin(nscMedia, eq(nscMedia.id, nscMediaGroupItems.mediaId))
          .where(inArray(nscMediaGroupItems.mediaGroupId, groupIds.length ? groupIds : [0]))
          .orderBy(asc(nscMediaGroupItems.position)),
      );
    },
    mediaGroupIdTaken: (projectId: number, groupId: number, exceptId?: number) =>
      takenInProject(db, nscMediaGroups, nscMediaGroups.groupId, groupId, projectId, exceptId),
    saveMediaGroup: ({ mediaIds, ...row }: MediaGroupValues, id?: number) =>
      saveLinked(nscMediaGroups, row, id, nscMediaGroupItems, nscMediaGroupItems.mediaGroupId, (mediaGroupId) =>
        mediaIds.map((mediaId, position) => ({ mediaGroupId, mediaId, position })),
      ),
    deleteMediaGroups: async (ids: number[]) =>
      (await db.delete(nscMediaGroups).where(inArray(nscMediaGroups.id, ids)).returning({ id: nscMediaGroups.id }))
        .length,
  };
}

export type NscRepository = ReturnType<typeof createNscRepository>;

import { createHash } from 'node:crypto';
import { ledManifest } from '@sc/contract/families/led';
import { and, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { devices } from '../../../db/schema/index.js';
import { DEVICE_COLUMNS } from '../kit/device-columns.js';
import { type ListFilter, listedDevicesWhere, type PageWindow, pageDevices } from '../kit/device-list.js';
import { deviceProjectName, type ProjectReach } from '../kit/project-reach.js';
import { pageRows } from '../kit/records.repository.js';
import { createLedMediaFiles } from './led.media-files.js';
import { ledResources, ledState } from './led.tables.js';

const TYPE = ledManifest.type;

/** What a resource row shows (never its bytes). */
const RESOURCE_COLUMNS = {
  id: ledResources.id,
  projectId: ledResources.projectId,
  name: ledResources.name,
  no: ledResources.no,
  mediaType: ledResources.mediaType,
  description: ledResources.description,
  fileName: ledResources.fileName,
  mime: ledResources.mime,
  size: ledResources.size,
  creator: ledResources.creator,
  createdAt: ledResources.createdAt,
} as const;

export interface StoredFile {
  fileName: string;
  mime: string;
  bytes: Buffer;
}

/** What a resource row holds of its file (its bytes are the chunks of `fileId`). */
const fileColumns = (file: StoredFile, fileId: number) => ({
  fileName: file.fileName,
  mime: file.mime,
  size: file.bytes.length,
  sha256: createHash('sha256').update(file.bytes).digest('hex'),
  fileId,
});

export interface ResourceFields {
  name: string;
  no: string;
  mediaType: string;
  description: string;
}

/** The screens of a project with their last report, and the project's media resources. */
export function createLedRepository(db: Db) {
  const one = (projectId: number, id: number) => and(eq(ledResources.projectId, projectId), eq(ledResources.id, id));
  const files = createLedMediaFiles(db);
  const fileIdOf = async (projectId: number, id: number) =>
    (await db.select({ fileId: ledResources.fileId }).from(ledResources).where(one(projectId, id)))[0]?.fileId ?? null;
  const resource = async (projectId: number, id: number) =>
    (await db.select(RESOURCE_COLUMNS).from(ledResources).where(one(projectId, id)))[0] ?? null;
  return {
    /** A page of screens (by name) with their properties and last report (left joined). */
    page(project: number | ProjectReach, filter: ListFilter, window: PageWindow) {
      const list = db
        .select({
          ...DEVICE_COLUMNS,
          props: devices.props,
          projectName: deviceProjectName,
          reportedAt: ledState.at,
          brightness: ledState.brightness,
          volume: ledState.volume,
          power: ledState.power,
          playing: ledState.playing,
        })
        .from(devices)
        .leftJoin(ledState, eq(ledState.deviceId, devices.id))
        .$dynamic();
      return pageDevices(db, list, listedDevicesWhere(TYPE, project, filter), window);
    },

    /** A screen's last report (null before the first). */
    async state(deviceId: number) {
      const [row] = await db.select().from(ledState).where(eq(ledState.deviceId, deviceId));
      return row ?? null;
    },

    resources(projectId: number, words: string[], mediaType: string | undefined, window: PageWindow) {
      const where = and(
        eq(ledResources.projectId, projectId),
        mediaType ? eq(ledResources.mediaType, mediaType) : undefined,
        ...words.map((w): SQL | undefined => or(ilike(ledResources.name, `%${w}%`), ilike(ledResources.no, `%${w}%`))),
      );
      const list = db.select(RESOURCE_COLUMNS).from(ledResources).$dynamic();
      return pageRows(db, list, ledResources, where, [desc(ledResources.id)], window);
    },

    resource,

    /** Which resource of the project holds this number (null: none). */
    async holderOfNo(projectId: number, no: string) {
      const [row] = await db
        .select({ id: ledResources.id })
        .from(ledResources)
        .where(and(eq(ledResources.projectId, projectId), eq(ledResources.no, no)));
      return row ?? null;
    },

    /**
     * A new resource with its file: the bytes stored in chunks first, the resource row (holding them)
     * written in one statement once they all are; nothing is left of a failed one (led.media-files.ts).
     */
    async create(projectId: number, fields: ResourceFields, file: StoredFile, creator: string) {
      const id = await files.store(file.bytes, async (fileId) => {
        const [row] = await db
          .insert(ledResources)
          .values({ projectId, ...fields, ...fileColumns(file, fileId), creator })
          .returning({ id: ledResources.id });
        return row!.id;
      });
      return id as number;
    },

    update: (projectId: number, id: number, fields: ResourceFields) =>
      db
        .update(ledResources)
        .set({ ...fields, updatedAt: new Date() })
        .where(one(projectId, id)),

    /** Stores a file on a resource that has none (false: it has one, nothing written). */
    putFile: (projectId: number, id: number, file: StoredFile) =>
      files
        .store(file.bytes, async (fileId) => {
          const done = await db
            .update(ledResources)
            .set({ ...fileColumns(file, fileId), updatedAt: new Date() })
            .where(and(one(projectId, id), isNull(ledResources.size)))
            .returning({ id: ledResources.id });
          return done.length > 0;
        })
        .then((done) => done === true),

    async removeFile(projectId: number, id: number) {
      const fileId = await fileIdOf(projectId, id);
      await db
        .update(ledResources)
        .set({ fileName: null, mime: null, size: null, sha256: null, fileId: null, updatedAt: new Date() })
        .where(one(projectId, id));
      await files.release(fileId);
    },

    async remove(projectId: number, id: number) {
      const fileId = await fileIdOf(projectId, id);
      await db.delete(ledResources).where(one(projectId, id));
      await files.release(fileId);
    },

    /**
     * A resource's file (null: no such resource or no file): its bytes in order, a chunk per statement,
     * from `range.start` to `range.end` (exclusive) when given.
     */
    async file(projectId: number, id: number) {
      const [row] = await db
        .select({
          fileName: ledResources.fileName,
          mime: ledResources.mime,
          size: ledResources.size,
          fileId: ledResources.fileId,
        })
        .from(ledResources)
        .where(one(projectId, id));
      if (!row?.mime || row.size === null || row.fileId === null) return null;
      const fileId = row.fileId;
      return {
        fileName: row.fileName ?? 'file',
        mime: row.mime,
        size: row.size,
        chunks: (range?: { start: number; end: number }) => files.chunks(fileId, range?.start, range?.end),
      };
    },
  };
}
export type LedRepository = ReturnType<typeof createLedRepository>;

import { peerOf } from '@sc/contract';
import { ledManifest } from '@sc/contract/families/led';
import { and, asc, desc, eq, getTableColumns, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { devices } from '../../../db/schema/index.js';
import { inSubtreeOfD } from '../kit/project-reach.js';
import { rows } from '../kit/raw-rows.js';
import { type PageWindow, pageRows } from '../kit/records.repository.js';
import { createLedMediaFiles } from './led.media-files.js';
import { ledPrograms, ledPublishes, ledResources, ledScreenPrograms } from './led.tables.js';

const SCREEN = ledManifest.type;
/** Device groups `g` of the project's subtree (as the screens a program goes to). */
const groupInSubtree = (projectId: number) =>
  sql`g.project_id IN (SELECT c.id FROM projects c JOIN projects p ON c.path LIKE p.path || '%' WHERE p.id = ${projectId})`;

/** The device type an env layer reads (the manifest's peer). */
const ENV_MONITOR = peerOf(ledManifest, 'envMonitor');

export type ProgramFields = Omit<typeof ledPrograms.$inferInsert, 'id' | 'projectId' | 'creator' | 'state'>;

/** The programs of a project, their publishings and what each screen was given. */
export function createLedProgramRepository(db: Db) {
  const files = createLedMediaFiles(db);
  const one = (projectId: number, id: number) => and(eq(ledPrograms.projectId, projectId), eq(ledPrograms.id, id));
  const layerCount = sql<number>`jsonb_array_length(${ledPrograms.layers})`.mapWith(Number);
  const screens =
    sql<number>`(select count(*) from ${ledScreenPrograms} where ${ledScreenPrograms.programId} = ${ledPrograms.id})`.mapWith(
      Number,
    );
  const { layers: _, ...ROW } = getTableColumns(ledPrograms);
  return {
    page(projectId: number, words: string[], state: string | undefined, window: PageWindow) {
      const where = and(
        eq(ledPrograms.projectId, projectId),
        state ? eq(ledPrograms.state, state) : undefined,
        ...words.map((w): SQL | undefined => or(ilike(ledPrograms.name, `%${w}%`), ilike(ledPrograms.no, `%${w}%`))),
      );
      const list = db
        .select({ ...ROW, layerCount, screens })
        .from(ledPrograms)
        .$dynamic();
      return pageRows(db, list, ledPrograms, where, [desc(ledPrograms.id)], window);
    },

    async program(projectId: number, id: number) {
      const [row] = await db.select().from(ledPrograms).where(one(projectId, id));
      return row ?? null;
    },

    async holderOfNo(projectId: number, no: string) {
      const [row] = await db
        .select({ id: ledPrograms.id })
        .from(ledPrograms)
        .where(and(eq(ledPrograms.projectId, projectId), eq(ledPrograms.no, no)));
      return row ?? null;
    },

    async create(projectId: number, fields: ProgramFields, creator: string) {
      const [row] = await db
        .insert(ledPrograms)
        .values({ ...fields, projectId, creator })
        .returning({ id: ledPrograms.id });
      return row!.id;
    },

    /** Changes a program in the edit state (false: it is not, or not there). */
    async update(projectId: number, id: number, fields: ProgramFields) {
      const done = await db
        .update(ledPrograms)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(one(projectId, id), eq(ledPrograms.state, 'edit')))
        .returning({ id: ledPrograms.id });
      return done.length > 0;
    },

    async remove(projectId: number, id: number) {
      const done = await db
        .delete(ledPrograms)
        .where(and(one(projectId, id), eq(ledPrograms.state, 'edit')))
        .returning({ id: ledPrograms.id });
      return done.length > 0;
    },

    /** Moves a program from `from` to `to` (false: it was not in `from`). */
    async setState(projectId: number, id: number, from: string, to: string, by: string | null) {
      const done = await db
        .update(ledPrograms)
        .set({ state: to, checkedBy: by, checkedAt: by ? new Date() : null, updatedAt: new Date() })
        .where(and(one(projectId, id), eq(ledPrograms.state, from)))
        .returning({ id: ledPrograms.id });
      return done.length > 0;
    },

    /** Which of `ids` are resources of the project. */
    async resources(projectId: number, ids: number[]) {
      if (!ids.length) return [];
      return db
        .select({
          id: ledResources.id,
          mediaType: ledResources.mediaType,
          mime: ledResources.mime,
          size: ledResources.size,
        })
        .from(ledResources)
        .where(and(eq(ledResources.projectId, projectId), inArray(ledResources.id, ids)));
    },

    /** Which of `ids` are environment monitors of the project. */
    async envMonitors(projectId: number, ids: number[]) {
      if (!ids.length) return [];
      const rows = await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.projectId, projectId), eq(devices.type, ENV_MONITOR), inArray(devices.id, ids)));
      return rows.map((r) => r.id);
    },

    /** The device groups of the project's subtree holding LED screens, with how many, by name. */
    async publishGroups(projectId: number) {
      const found = await rows<{ id: number; name: string; no: string; screens: number }>(
        db,
        sql`SELECT g.id, g.name, g.no, count(d.id)::int AS screens
          FROM device_groups g JOIN devices d ON d.group_id = g.id
          WHERE ${groupInSubtree(projectId)} AND d.type = ${SCREEN} AND ${inSubtreeOfD(projectId)}
          GROUP BY g.id, g.name, g.no
          ORDER BY g.name, g.id
          LIMIT 1000`,
      );
      return found.map((r) => ({ id: Number(r.id), name: r.name, no: r.no, screens: Number(r.screens) }));
    },

    /**
     * The device groups `ids` of the project's subtree with the ids of their LED screens (of the subtree),
     * `screens` empty for a group without any; groups not found are left out.
     */
    async groupScreens(projectId: number, ids: number[]) {
      if (!ids.length) return [];
      const found = await rows<{ id: number; name: string; screens: number[] | string }>(
        db,
        sql`SELECT g.id, g.name,
            COALESCE((SELECT array_agg(d.id ORDER BY d.id) FROM devices d
              WHERE d.group_id = g.id AND d.type = ${SCREEN} AND ${inSubtreeOfD(projectId)}), '{}') AS screens
          FROM device_groups g
          WHERE ${groupInSubtree(projectId)} AND g.id = ANY(${sql.param(ids)}::int4[])
          ORDER BY g.id`,
      );
      return found.map((r) => ({ id: Number(r.id), name: r.name, screens: idArray(r.screens) }));
    },

    /**
     * Each screen's program, not delivered yet (before it is sent: an answer may come at once), with the
     * key of this publishing to it and where it fetches the files.
     */
    assign: (
      projectId: number,
      programId: number,
      screens: { deviceId: number; mediaKey: string }[],
      origin: string,
    ) =>
      screens.length
        ? db
            .insert(ledScreenPrograms)
            .values(screens.map((s) => ({ programId, projectId, ...s, mediaOrigin: origin })))
            .onConflictDoUpdate({
              target: [ledScreenPrograms.programId, ledScreenPrograms.deviceId],
              set: {
                delivered: false,
                deliveredAt: null,
                publishedAt: new Date(),
                mediaKey: sql`excluded.media_key`,
                mediaOrigin: sql`excluded.media_origin`,
              },
            })
        : Promise.resolve(),

    /** The files of resources `ids` of the project that have one: size, type and SHA-256 (hex). */
    async mediaFiles(projectId: number, ids: number[]) {
      if (!ids.length) return [];
      const found = await db
        .select({ id: ledResources.id, size: ledResources.size, mime: ledResources.mime, sha256: ledResources.sha256 })
        .from(ledResources)
        .where(
          and(
            eq(ledResources.projectId, projectId),
            inArray(ledResources.id, ids),
            isNotNull(ledResources.fileId),
            isNotNull(ledResources.sha256),
          ),
        );
      return found.map((r) => ({ resourceId: r.id, size: Number(r.size), mime: r.mime!, sha256: r.sha256! }));
    },

    /** A screen's publishing of a program: its key and the program's project and layers (null: none). */
    async mediaGrant(programId: number, deviceId: number) {
      const [row] = await db
        .select({ mediaKey: ledScreenPrograms.mediaKey, projectId: ledPrograms.projectId, layers: ledPrograms.layers })
        .from(ledScreenPrograms)
        .innerJoin(ledPrograms, eq(ledPrograms.id, ledScreenPrograms.programId))
        .where(and(eq(ledScreenPrograms.programId, programId), eq(ledScreenPrograms.deviceId, deviceId)));
      return row ?? null;
    },

    /**
     * A resource's file as stored: its id (a file never changes, another one replaces it), type and size
     * (null: no file).
     */
    async mediaVersion(projectId: number, id: number) {
      const [row] = await db
        .select({ fileId: ledResources.fileId, mime: ledResources.mime, size: ledResources.size })
        .from(ledResources)
        .where(and(eq(ledResources.projectId, projectId), eq(ledResources.id, id)));
      return row?.mime && row.size !== null && row.fileId !== null
        ? { fileId: row.fileId, mime: row.mime, size: row.size }
        : null;
    },

    /** A stored file's bytes, read a chunk per statement (null: it is gone). */
    mediaBytes: (fileId: number, size: number) => files.read(fileId, size),

    /** Counts bytes of a program's files sent to a screen. */
    sent: (programId: number, deviceId: number, bytes: number) =>
      db
        .update(ledScreenPrograms)
        .set({ bytesSent: sql`${ledScreenPrograms.bytesSent} + ${bytes}` })
        .where(and(eq(ledScreenPrograms.programId, programId), eq(ledScreenPrograms.deviceId, deviceId))),

    /** A publishing in the history. */
    published: (p: typeof ledPublishes.$inferInsert) => db.insert(ledPublishes).values(p),

    delivered: (programId: number, deviceIds: number[]) =>
      deviceIds.length
        ? db
            .update(ledScreenPrograms)
            .set({ delivered: true, deliveredAt: new Date() })
            .where(and(eq(ledScreenPrograms.programId, programId), inArray(ledScreenPrograms.deviceId, deviceIds)))
        : Promise.resolve(),

    /** The checked programs a screen was given but has not acknowledged, oldest publishing first. */
    undelivered: (deviceId: number) =>
      db
        .select({
          program: ledPrograms,
          mediaKey: ledScreenPrograms.mediaKey,
          mediaOrigin: ledScreenPrograms.mediaOrigin,
        })
        .from(ledScreenPrograms)
        .innerJoin(ledPrograms, eq(ledPrograms.id, ledScreenPrograms.programId))
        .where(
          and(
            eq(ledScreenPrograms.deviceId, deviceId),
            eq(ledScreenPrograms.delivered, false),
            eq(ledPrograms.state, 'checked'),
          ),
        )
        .orderBy(asc(ledScreenPrograms.publishedAt)),

    /** The programs published to a screen, the latest first. */
    screenPrograms: (deviceId: number) =>
      db
        .select({
          programId: ledPrograms.id,
          name: ledPrograms.name,
          no: ledPrograms.no,
          state: ledPrograms.state,
          width: ledPrograms.width,
          height: ledPrograms.height,
          durationSeconds: ledPrograms.durationSeconds,
          publishedAt: ledScreenPrograms.publishedAt,
          delivered: ledScreenPrograms.delivered,
          deliveredAt: ledScreenPrograms.deliveredAt,
          bytesSent: ledScreenPrograms.bytesSent,
        })
        .from(ledScreenPrograms)
        .innerJoin(ledPrograms, eq(ledPrograms.id, ledScreenPrograms.programId))
        .where(eq(ledScreenPrograms.deviceId, deviceId))
        .orderBy(desc(ledScreenPrograms.publishedAt))
        .limit(200),

    /**
     * Which screens show which environment monitors: for each screen that acknowledged a checked
     * program with an env layer, the monitor bound to it (each pair once).
     */
    async envBindings() {
      const found = await rows<{ device_id: number; project_id: number; env_id: number }>(
        db,
        sql`SELECT DISTINCT sp.device_id, sp.project_id, (l->>'envDeviceId')::int AS env_id
          FROM led_screen_programs sp
          JOIN led_programs p ON p.id = sp.program_id
          CROSS JOIN LATERAL jsonb_array_elements(p.layers) l
          WHERE sp.delivered AND p.state = 'checked' AND l->>'type' = 'env'
            AND jsonb_typeof(l->'envDeviceId') = 'number'`,
      );
      return found.map((r) => ({
        screenId: Number(r.device_id),
        projectId: Number(r.project_id),
        envId: Number(r.env_id),
      }));
    },

    /** The screens a program of the project was published to, by name (at most 1000). */
    programScreens: (projectId: number, programId: number) =>
      db
        .select({
          deviceId: ledScreenPrograms.deviceId,
          name: devices.name,
          publishedAt: ledScreenPrograms.publishedAt,
          delivered: ledScreenPrograms.delivered,
          deliveredAt: ledScreenPrograms.deliveredAt,
          bytesSent: ledScreenPrograms.bytesSent,
        })
        .from(ledScreenPrograms)
        .innerJoin(devices, eq(devices.id, ledScreenPrograms.deviceId))
        .where(and(eq(ledScreenPrograms.projectId, projectId), eq(ledScreenPrograms.programId, programId)))
        .orderBy(asc(devices.name), asc(ledScreenPrograms.deviceId))
        .limit(1000),

    publishes(projectId: number, programId: number | undefined, window: PageWindow) {
      const where = and(
        eq(ledPublishes.projectId, projectId),
        programId ? eq(ledPublishes.programId, programId) : undefined,
      );
      const list = db.select().from(ledPublishes).$dynamic();
      return pageRows(db, list, ledPublishes, where, [desc(ledPublishes.id)], window);
    },
  };
}
/** An int array as the driver gives it: an array, or its text form `{1,2}` (PGlite). */
const idArray = (v: number[] | string): number[] =>
  (Array.isArray(v) ? v : v.replace(/[{}]/g, '').split(',').filter(Boolean)).map(Number);

export type LedProgramRepository = ReturnType<typeof createLedProgramRepository>;

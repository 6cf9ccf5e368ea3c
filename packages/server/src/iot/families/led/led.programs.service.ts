import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  LED_MEDIA_API,
  LED_PROGRAM_COMMAND,
  type LedLayer,
  type LedProgram,
  type LedProgramBody,
  type LedProgramFile,
  ledLayer,
  ledManifest,
} from '@sc/contract/families/led';
import { conflict, conflictField, fieldError, notFound } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { Actor, FamilyContext, SessionContext } from '../family-handler.js';
import type { createFamilyBatches } from '../kit/batches/index.js';
import { resendOnReturn } from '../kit/device-commands.js';
import { reviewedRecords } from '../kit/reviewed-records.js';
import { createEnvRelay, envMonitorsOf } from './led.env.js';
import {
  createLedProgramRepository,
  type LedProgramRepository,
  type ProgramFields,
} from './led.programs.repository.js';
import type { ledPrograms } from './led.tables.js';

const TYPE = ledManifest.type;
type ProgramRow = typeof ledPrograms.$inferSelect;
type Batches = ReturnType<typeof createFamilyBatches>;

/** A stored program as the calls answer it. */
const answerOf = (r: ProgramRow): LedProgram => ({
  ...r,
  version: r.version as LedProgram['version'],
  language: r.language as LedProgram['language'],
  filter: r.filter as LedProgram['filter'],
  state: r.state as LedProgram['state'],
  layers: r.layers.map((l) => ledLayer.parse(l)),
  checkedAt: r.checkedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** What a screen is sent (the device command `program`): the program as it plays, its resources by id. */
export const programArgs = (p: LedProgram | ProgramRow) => ({
  programId: p.id,
  name: p.name,
  no: p.no,
  version: p.version,
  priority: p.priority,
  repeatTimes: p.repeatTimes,
  width: p.width,
  height: p.height,
  durationSeconds: p.durationSeconds,
  startDate: p.startDate,
  endDate: p.endDate,
  startTime: p.startTime,
  endTime: p.endTime,
  filter: p.filter,
  weekdays: p.weekdays,
  days: p.days,
  layers: p.layers as LedLayer[],
});

type FileMeta = Omit<LedProgramFile, 'url'>;

/** The address a screen fetches a file of its publishing at: the media call, its key in the query. */
export const mediaUrl = (
  origin: string,
  resourceId: number,
  screen: { deviceId: number; programId: number },
  key: string,
) =>
  `${origin}${LED_MEDIA_API.media.path.replace(':resourceId', String(resourceId))}?screen=${screen.deviceId}&program=${screen.programId}&key=${key}`;

/** A new publishing's key for one screen. */
const newKey = () => randomBytes(16).toString('hex');
const sameKey = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The files the media cache holds at most, bytes (a 20 MB video to 200 screens is read once). */
const MEDIA_CACHE_BYTES = 256 * 1024 * 1024;

/**
 * The media files screens fetch, kept in memory by resource and stored file (a file never changes:
 * another one replaces it), the oldest dropped past MEDIA_CACHE_BYTES: screens fetching the same file at
 * once read it from the database once, a chunk per statement (led.media-files.ts).
 */
function createMediaCache(repo: LedProgramRepository) {
  type File = { bytes: Buffer; mime: string };
  const held = new Map<string, Promise<File | null>>();
  const sizes = new Map<string, number>();
  let total = 0;
  const drop = (key: string) => {
    held.delete(key);
    total -= sizes.get(key) ?? 0;
    sizes.delete(key);
  };
  return {
    async get(projectId: number, id: number): Promise<File | null> {
      const version = await repo.mediaVersion(projectId, id);
      if (!version) return null;
      const key = `${id}@${version.fileId}`;
      let file = held.get(key);
      if (!file) {
        for (const k of held.keys()) if (k.startsWith(`${id}@`)) drop(k);
        file = repo
          .mediaBytes(version.fileId, version.size)
          .then((bytes) => (bytes ? { bytes, mime: version.mime } : null));
        held.set(key, file);
        const got = await file.catch(() => null);
        if (!got) drop(key);
        else if (held.get(key) === file) {
          sizes.set(key, got.bytes.length);
          total += got.bytes.length;
          for (const k of held.keys()) {
            if (total <= MEDIA_CACHE_BYTES || k === key) break;
            drop(k);
          }
          if (got.bytes.length > MEDIA_CACHE_BYTES) drop(key);
        }
      }
      return file;
    },
  };
}

/** The resources a program's layers show, each once. */
export const programResources = (layers: unknown[]) => [
  ...new Set((layers as LedLayer[]).flatMap((l) => (Array.isArray(l.resources) ? l.resources : []))),
];

/**
 * Programs (spec 001 §4, §5, §7): the contract's rules checked by the table's body, the project's
 * resources and environment monitors here; edit and checked states; publishing as a batch of the
 * family's (per-screen progress), each screen's program kept until it acknowledged it, and sent again
 * when a screen that was offline comes back.
 */
export function createLedProgramService(ctx: FamilyContext, batches: () => Batches) {
  const repo = ctx.repository(createLedProgramRepository);
  const project = (session: SessionContext, projectId: number) => ctx.devices.project(session, projectId);

  async function program(projectId: number, id: number) {
    const row = await repo.program(projectId, id);
    if (!row) throw notFound();
    return row;
  }

  /** The project's side of the rules: each layer's resources and env monitor are the project's. */
  async function checkReferences(projectId: number, body: LedProgramBody) {
    const wanted = [...new Set(body.layers.flatMap((l) => l.resources))];
    const known = new Set((await repo.resources(projectId, wanted)).map((r) => r.id));
    const monitors = new Set(
      await repo.envMonitors(
        projectId,
        body.layers.flatMap((l) => (l.envDeviceId ? [l.envDeviceId] : [])),
      ),
    );
    body.layers.forEach((l, i) => {
      if (l.resources.some((id) => !known.has(id)))
        throw fieldError(`layers.${i}.resources`, 'led.programRules.resourceMissing');
      if (l.type === 'env' && l.envDeviceId && !monitors.has(l.envDeviceId))
        throw fieldError(`layers.${i}.envDeviceId`, 'led.programRules.envDeviceMissing');
    });
  }
  async function noFree(projectId: number, no: string, exceptId?: number) {
    const holder = await repo.holderOfNo(projectId, no);
    if (holder && holder.id !== exceptId) throw conflictField('no', 'errors.duplicateNo');
  }
  const fieldsOf = (b: LedProgramBody): ProgramFields => ({
    ...b,
    width: b.width!,
    height: b.height!,
    durationSeconds: b.durationSeconds!,
    // Only the filter's own choice is kept.
    weekdays: b.filter === 'week' ? [...new Set(b.weekdays)].sort() : [],
    days: b.filter === 'month' ? [...new Set(b.days)].sort((x, y) => x - y) : [],
  });

  const env = createEnvRelay(ctx);
  /** What a screen is sent of a program: its fields and layers, the latest readings of its env layers' monitors. */
  const commandArgs = (p: ProgramRow) => ({ ...programArgs(p), env: env.latest(envMonitorsOf(p.layers)) });

  /** Marks a program delivered to the screens that acknowledged it (their env layers live from now on). */
  const delivered = async (targets: { id: number }[], args: Record<string, unknown>) => {
    await repo.delivered(
      Number(args.programId),
      targets.map((t) => t.id),
    );
    env.changed();
  };

  /** A screen that comes back is sent the checked programs it has not acknowledged, oldest first. */
  /** The files of a program, their URLs for one screen's publishing (none without its key). */
  const filesFor = (
    files: FileMeta[],
    screen: { deviceId: number; programId: number },
    key: string | null,
    origin: string | null,
  ): LedProgramFile[] =>
    key && origin ? files.map((f) => ({ ...f, url: mediaUrl(origin, f.resourceId, screen, key) })) : [];
  const filesOf = (p: ProgramRow) => repo.mediaFiles(p.projectId, programResources(p.layers));

  /** A screen that comes back is sent the checked programs it has not acknowledged, oldest first. */
  resendOnReturn(ctx, TYPE, async (change) => {
    const waiting = await repo.undelivered(change.id);
    if (!waiting.length) return null;
    const commands: [string, Record<string, unknown>][] = [];
    for (const w of waiting) {
      const files = filesFor(
        await filesOf(w.program),
        { deviceId: change.id, programId: w.program.id },
        w.mediaKey,
        w.mediaOrigin,
      );
      commands.push([LED_PROGRAM_COMMAND, { ...commandArgs(w.program), files }]);
    }
    return {
      commands,
      done: () =>
        Promise.all(waiting.map(({ program: p }) => repo.delivered(p.id, [change.id]))).then(() => env.changed()),
    };
  });

  const mediaCache = createMediaCache(repo);

  const reviewed = reviewedRecords(ctx, {
    entity: 'ledProgram',
    rules: 'led.programRules',
    store: { ...repo, stored: program },
    fieldsOf,
    check: async (projectId, body: LedProgramBody, id) => {
      await checkReferences(projectId, body);
      await noFree(projectId, body.no, id);
    },
    answer: async (projectId, id) => answerOf(await program(projectId, id)),
    list: async (projectId, query: { page: number; pageSize?: number; keyword: string[]; state?: string }, window) => {
      const { rows, total } = await repo.page(projectId, query.keyword, query.state, window);
      const list = rows.map((r) => ({
        ...answerOf({ ...r, layers: [] }),
        layerCount: r.layerCount,
        screens: r.screens,
      }));
      return { rows: list.map(({ layers: _, ...r }) => r), total };
    },
  });

  return {
    onAcks: { publish: delivered },

    ...reviewed,

    /** The project's device groups holding screens (the publish dialog's groups). */
    async publishGroups(session: SessionContext, projectId: number) {
      await project(session, projectId);
      return repo.publishGroups(projectId);
    },

    /**
     * Sends a checked program to screens and device groups of the project (each group unfolded to its
     * screens, each screen once), as a batch (per-screen progress). A screen or group not of the project:
     * 404; a group without screens: 400 with its name.
     */
    async publish(
      actor: Actor,
      projectId: number,
      id: number,
      body: { ids: number[]; groupIds: number[] },
      origin: string,
    ) {
      await project(actor.session, projectId);
      const p = await program(projectId, id);
      if (p.state !== 'checked') throw conflict('led.programRules.notChecked');
      const groupIds = [...new Set(body.groupIds)];
      const groups = await repo.groupScreens(projectId, groupIds);
      if (groups.length < groupIds.length) throw notFound();
      const empty = groups.find((g) => g.screens.length === 0);
      if (empty) throw fieldError('groupIds', 'led.programRules.groupEmpty', 'VALIDATION', { name: empty.name });
      const ids = [...new Set([...body.ids, ...groups.flatMap((g) => g.screens)])];
      const { targets, missing } = await ctx.devices.targets(projectId, ids, TYPE);
      if (missing.length) throw notFound();
      // Each screen its own key for this publishing: its files' URLs carry it.
      const keys = new Map(targets.map((t) => [t.id, newKey()]));
      await repo.assign(
        projectId,
        id,
        targets.map((t) => ({ deviceId: t.id, mediaKey: keys.get(t.id)! })),
        origin,
      );
      const files = await filesOf(p);
      // The files read into the cache before any screen is told to fetch them: the first screens' commands
      // do not wait for the database's read of a large file within their timeout.
      await Promise.all(files.map((f) => mediaCache.get(projectId, f.resourceId)));
      const args = commandArgs(p);
      const started = await batches().start({
        actor,
        projectId,
        command: 'publish',
        deviceCommand: LED_PROGRAM_COMMAND,
        targets,
        args: (t) => ({ ...args, files: filesFor(files, { deviceId: t.id, programId: id }, keys.get(t.id)!, origin) }),
      });
      await repo.published({
        projectId,
        programId: id,
        programName: p.name,
        batchId: started.batchId,
        total: started.total,
        creator: actor.session.user.name,
      });
      return started;
    },

    /**
     * A program's media file as a screen fetches it (docs/device-protocol.md "LED"): the key must be that
     * screen's for its latest publishing of that program, and the resource one of the program's; 404
     * otherwise. The bytes are counted for the screen once sent.
     */
    async media(query: { resourceId: number; screen: number; program: number; key: string }) {
      const grant = await repo.mediaGrant(query.program, query.screen);
      if (!grant?.mediaKey || !sameKey(grant.mediaKey, query.key)) throw notFound();
      if (!programResources(grant.layers).includes(query.resourceId)) throw notFound();
      const file = await mediaCache.get(grant.projectId, query.resourceId);
      if (!file) throw notFound();
      return { ...file, sent: () => repo.sent(query.program, query.screen, file.bytes.length) };
    },

    /** The programs published to a screen (of the caller's project: checked by the route). */
    async ofScreen(screenId: number) {
      const rows = await repo.screenPrograms(screenId);
      return rows.map((r) => ({
        ...r,
        state: r.state as LedProgram['state'],
        publishedAt: r.publishedAt.toISOString(),
        deliveredAt: r.deliveredAt?.toISOString() ?? null,
      }));
    },

    /** The screens a program was published to: delivery and the bytes of its files sent to each. */
    async programScreens(session: SessionContext, projectId: number, id: number) {
      await project(session, projectId);
      await program(projectId, id);
      const rows = await repo.programScreens(projectId, id);
      return rows.map((r) => ({
        ...r,
        publishedAt: r.publishedAt.toISOString(),
        deliveredAt: r.deliveredAt?.toISOString() ?? null,
      }));
    },

    async publishes(
      session: SessionContext,
      projectId: number,
      query: { page: number; pageSize?: number; programId?: number },
    ) {
      await project(session, projectId);
      const window = pageWindow(query, await ctx.settings.get('pageSize'));
      const { rows, total } = await repo.publishes(projectId, query.programId, window);
      return toPage(
        rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        total,
        window,
      );
    },
  };
}

import { addDays, localClock } from '@sc/contract/families/kit';
import {
  clockOfSeconds,
  keptSelections,
  NSC_TASK_COMMAND,
  NSC_TASK_LIMITS,
  NSC_UNTASK_COMMAND,
  type NscTask,
  type NscTaskArgs,
  type NscTaskConflict,
  type NscTaskFields,
  type NscWeek,
  nscManifest,
  taskRunsOn,
  taskSpan,
  tasksOverlap,
} from '@sc/contract/families/nsc';
import { conflict, conflictField, fieldError, notFound } from '../../../platform/errors.js';
import type { Actor, FamilyContext, SessionContext } from '../family-handler.js';
import { commandOutcome, resendOnReturn } from '../kit/device-commands.js';
import { reviewedRecords } from '../kit/reviewed-records.js';
import { nscRecords } from './nsc.records.js';
import { createNscTaskRepository, type TaskFields, type TaskRow } from './nsc.tasks.repository.js';

const TYPE = nscManifest.type;
type Named = { id: number; name: string };
type Outcome = 'sent' | 'offline' | 'silent' | 'failed';
/** A task as the lookups need it: a stored one, or the one being edited. */
type Timed = NscTaskFields & { id?: number };

const unique = (ids: number[]) => [...new Set(ids)];
const byName = (a: Named, b: Named) => a.name.localeCompare(b.name) || a.id - b.id;

/**
 * Timed tasks (spec 001 §3, §4, §5, §7 "nsc: … tasks including start, stop, check"): the contract's
 * rules checked by the table's body, the project's groups, speakers and media here; at most 10 per
 * project; edit and checked states; a checked task started is sent to its speakers (command `task`),
 * stopped is taken off them (`untask`); a speaker that was offline or silent gets the list of its started
 * tasks (`tasks`) when it comes back. Conflicts (a shared speaker, a shared date, overlapping times) and
 * the week of what plays where are computed with the contract's tasksOverlap and taskRunsOn.
 */
export function createNscTaskService(ctx: FamilyContext) {
  const { repo, nsc, project, tz, audit } = nscRecords(ctx, 'nscTask', createNscTaskRepository);

  async function stored(projectId: number, id: number) {
    const row = await repo.task(projectId, id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * What tasks name, read once for all of them: their groups' speakers, their endpoints, their media
   * groups' media in order, their media; anything no longer in the project left out.
   */
  async function lookups(projectId: number, tasks: Timed[]) {
    const groupIds = unique(tasks.flatMap((t) => (t.targetMode === 'group' ? t.groupIds : [])));
    const mediaGroupIds = unique(tasks.flatMap((t) => (t.sourceMode === 'group' ? t.mediaGroupIds : [])));
    const mediaIds = unique(tasks.flatMap((t) => (t.sourceMode === 'media' ? t.mediaIds : [])));
    const [speakers, groups, members, mediaGroups, items, media] = await Promise.all([
      nsc.speakers(projectId),
      nsc.groupsOf(groupIds),
      nsc.speakersOf(groupIds),
      nsc.mediaGroupsOf(mediaGroupIds),
      nsc.itemsOf(mediaGroupIds),
      mediaIds.length ? nsc.mediaOf(projectId, mediaIds) : Promise.resolve([]),
    ]);
    const speakerById = new Map(speakers.map((s) => [s.id, { id: s.id, name: s.name }]));
    const groupById = new Map(groups.filter((g) => g.projectId === projectId).map((g) => [g.id, g]));
    const mediaGroupById = new Map(mediaGroups.filter((g) => g.projectId === projectId).map((g) => [g.id, g]));
    const mediaById = new Map(media.map((m) => [m.id, m]));
    const pick = <V>(ids: number[], map: Map<number, V>) => ids.flatMap((id) => (map.has(id) ? [map.get(id)!] : []));
    const named = (r: Named) => ({ id: r.id, name: r.name });

    return {
      targets: (t: Timed): Named[] =>
        t.targetMode === 'group' ? pick(t.groupIds, groupById).map(named) : pick(t.deviceIds, speakerById),
      /** The speakers it plays on, by name. */
      speakers(t: Timed): Named[] {
        const ids =
          t.targetMode === 'group'
            ? pick(t.groupIds, groupById).flatMap((g) => (members.get(g.id) ?? []).map((m) => (m as Named).id))
            : t.deviceIds;
        return pick(unique(ids), speakerById).sort(byName);
      },
      sources: (t: Timed): Named[] =>
        t.sourceMode === 'group'
          ? pick(t.mediaGroupIds, mediaGroupById).map(named)
          : pick(t.mediaIds, mediaById).map(named),
      /** Its media in playing order (a media group's in its order), each once. */
      media(t: Timed) {
        const list =
          t.sourceMode === 'group'
            ? pick(t.mediaGroupIds, mediaGroupById).flatMap(
                (g) => (items.get(g.id) ?? []) as { id: number; name: string; duration: number }[],
              )
            : pick(t.mediaIds, mediaById);
        const seen = new Set<number>();
        return list
          .filter((m) => !seen.has(m.id) && seen.add(m.id))
          .map(({ id, name, duration }) => ({ id, name, duration }));
      },
    };
  }
  type Lookups = Awaited<ReturnType<typeof lookups>>;

  const answerOf = (r: TaskRow, l: Lookups): NscTask => ({
    ...r,
    endTime: clockOfSeconds(taskSpan(r).end),
    playMode: r.playMode as NscTask['playMode'],
    dateMode: r.dateMode as NscTask['dateMode'],
    targetMode: r.targetMode as NscTask['targetMode'],
    sourceMode: r.sourceMode as NscTask['sourceMode'],
    state: r.state as NscTask['state'],
    targets: l.targets(r as Timed),
    sources: l.sources(r as Timed),
    speakers: l.speakers(r as Timed),
    checkedAt: r.checkedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  });
  const answer = async (projectId: number, id: number) => {
    const row = await stored(projectId, id);
    return answerOf(row, await lookups(projectId, [row as Timed]));
  };

  /** What a speaker is sent of a task: its timing, how it plays, its media in order. */
  const argsOf = (r: TaskRow, l: Lookups, hours: number): NscTaskArgs => ({
    taskId: r.id,
    name: r.name,
    beginDate: r.beginDate,
    endDate: r.endDate,
    startTime: r.startTime,
    durationSeconds: r.durationSeconds,
    dateMode: r.dateMode as NscTaskArgs['dateMode'],
    weekdays: r.weekdays,
    dates: r.dates,
    priority: r.priority,
    volume: r.volume,
    playMode: r.playMode as NscTaskArgs['playMode'],
    tz: hours,
    media: l.media(r as Timed),
  });

  /** The project's side of the rules: the groups, speakers, media groups and media it names are the project's. */
  async function checkReferences(projectId: number, t: NscTaskFields) {
    const l = await lookups(projectId, [t]);
    const missing = (ids: number[], found: Named[]) => new Set(found.map((f) => f.id)).size !== new Set(ids).size;
    if (t.targetMode === 'group' && missing(t.groupIds, l.targets(t)))
      throw fieldError('groupIds', 'nsc.taskRules.groupNotFound');
    if (t.targetMode === 'endpoint' && missing(t.deviceIds, l.targets(t)))
      throw fieldError('deviceIds', 'nsc.taskRules.deviceNotFound');
    if (t.sourceMode === 'group' && missing(t.mediaGroupIds, l.sources(t)))
      throw fieldError('mediaGroupIds', 'nsc.taskRules.mediaGroupNotFound');
    if (t.sourceMode === 'media' && missing(t.mediaIds, l.sources(t)))
      throw fieldError('mediaIds', 'nsc.taskRules.mediaNotFound');
  }
  async function noFree(projectId: number, no: string, exceptId?: number) {
    if (await repo.noTaken(projectId, no, exceptId)) throw conflictField('no', 'nsc.taskRules.duplicateNo');
  }
  const fieldsOf = (b: NscTaskFields): TaskFields => {
    const k = keptSelections(b);
    return { ...k, description: k.description ?? '' };
  };

  /** Sends `command` to speakers, each at once; answers what happened on each, records those that answered. */
  async function deliver(
    actor: Actor,
    projectId: number,
    taskId: number,
    speakers: Named[],
    command: string,
    args: Record<string, unknown>,
  ) {
    const { targets } = await ctx.devices.targets(
      projectId,
      speakers.map((s) => s.id),
      TYPE,
    );
    const outcomes = await Promise.all(
      targets.map(
        async (target): Promise<Named & { outcome: Outcome }> => ({
          id: target.id,
          name: target.name,
          outcome: await commandOutcome(ctx, actor, target, command, args),
        }),
      ),
    );
    await repo.told(
      taskId,
      outcomes.filter((o) => o.outcome === 'sent').map((o) => o.id),
      command,
    );
    return outcomes.sort(byName);
  }

  async function stop(actor: Actor, projectId: number, row: TaskRow) {
    if (!(await repo.setRunning(projectId, row.id, false))) throw conflict('nsc.taskRules.notStarted');
    const l = await lookups(projectId, [row as Timed]);
    const speakers = l.speakers(row as Timed);
    await repo.tell(
      projectId,
      row.id,
      speakers.map((s) => s.id),
      NSC_UNTASK_COMMAND,
    );
    const outcomes = await deliver(actor, projectId, row.id, speakers, NSC_UNTASK_COMMAND, { taskId: row.id });
    await audit(actor, 'update', row.id, `${row.name}: stop`);
    return outcomes;
  }

  /** A speaker that comes back, if some task was sent to it: the list of its started tasks, in full. */
  resendOnReturn(ctx, TYPE, async (change) => {
    const rows = await repo.forSpeaker(change.id);
    if (!rows.length) return null;
    const running = rows.flatMap((r) => (r.command === NSC_TASK_COMMAND && r.task?.running ? [r.task] : []));
    const l = await lookups(change.projectId, running as Timed[]);
    const hours = await tz();
    return {
      commands: [['tasks', { tasks: running.map((t) => argsOf(t, l, hours)) }]],
      done: () => repo.synced(change.id),
    };
  });

  const reviewed = reviewedRecords(ctx, {
    entity: 'nscTask',
    rules: 'nsc.taskRules',
    store: { ...repo, stored },
    fieldsOf,
    check: async (projectId, body: NscTaskFields, id) => {
      if (id === undefined && (await repo.count(projectId)) >= NSC_TASK_LIMITS.perProject)
        throw conflict('nsc.taskRules.tooMany', { count: NSC_TASK_LIMITS.perProject });
      await checkReferences(projectId, body);
      await noFree(projectId, body.no, id);
    },
    answer,
    // A started task is stopped before it goes back to editing.
    beforeUncheck: async (actor, projectId, row) => row.running && stop(actor, projectId, row),
    list: async (projectId, _query: { page: number; pageSize?: number; state?: string }, window) => {
      const { rows, total } = await repo.page(projectId, window);
      const l = await lookups(projectId, rows as Timed[]);
      return { rows: rows.map((r) => answerOf(r, l)), total };
    },
  });

  return {
    ...reviewed,

    /** Sends a checked task to its speakers; one offline or silent gets it when it comes back. */
    async start(actor: Actor, projectId: number, id: number) {
      await project(actor.session, projectId);
      const row = await stored(projectId, id);
      if (row.state !== 'checked') throw conflict('nsc.taskRules.notChecked');
      if (!(await repo.setRunning(projectId, id, true))) throw conflict('nsc.taskRules.alreadyStarted');
      const l = await lookups(projectId, [row as Timed]);
      const speakers = l.speakers(row as Timed);
      await repo.tell(
        projectId,
        id,
        speakers.map((s) => s.id),
        NSC_TASK_COMMAND,
      );
      const args = argsOf({ ...row, running: true }, l, await tz());
      const outcomes = await deliver(actor, projectId, id, speakers, NSC_TASK_COMMAND, { ...args });
      await audit(actor, 'update', id, `${row.name}: start`);
      return { task: await answer(projectId, id), speakers: outcomes };
    },

    async stop(actor: Actor, projectId: number, id: number) {
      await project(actor.session, projectId);
      const outcomes = await stop(actor, projectId, await stored(projectId, id));
      return { task: await answer(projectId, id), speakers: outcomes };
    },

    /** The project's other tasks sharing a speaker with `body` at an overlapping time on a shared date. */
    async conflicts(session: SessionContext, projectId: number, body: Timed): Promise<NscTaskConflict[]> {
      await project(session, projectId);
      const others = (await repo.all(projectId)).filter((t) => t.id !== body.id);
      const edited = keptSelections(body);
      const l = await lookups(projectId, [edited, ...(others as Timed[])]);
      const mine = new Set(l.speakers(edited).map((s) => s.id));
      return others.flatMap((o) => {
        const shared = l.speakers(o as Timed).filter((s) => mine.has(s.id));
        const date = shared.length ? tasksOverlap(edited, o as Timed) : null;
        if (!date) return [];
        return [
          {
            taskId: o.id,
            name: o.name,
            no: o.no,
            startTime: o.startTime,
            endTime: clockOfSeconds(taskSpan(o).end),
            date,
            speakers: shared,
          },
        ];
      });
    },

    /** Seven days from `from` (default: the Monday of this week, local time): what plays when, where. */
    async week(session: SessionContext, projectId: number, from?: string): Promise<NscWeek> {
      await project(session, projectId);
      const today = localClock(new Date(), await tz()).date;
      const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
      const start = from ?? addDays(today, 1 - weekdayOf(today));
      const tasks = await repo.all(projectId);
      const l = await lookups(projectId, tasks as Timed[]);
      const speakersOf = new Map(tasks.map((t) => [t.id, l.speakers(t as Timed)]));
      const days = Array.from({ length: 7 }, (_, i) => {
        const date = addDays(start, i);
        const playing = tasks.filter((t) => taskRunsOn(t as Timed, date));
        const entries = playing.map((t) => {
          const span = taskSpan(t);
          const mine = new Set(speakersOf.get(t.id)!.map((s) => s.id));
          const clash = playing.some((o) => {
            if (o.id === t.id) return false;
            const other = taskSpan(o);
            return (
              other.start < span.end && span.start < other.end && speakersOf.get(o.id)!.some((s) => mine.has(s.id))
            );
          });
          return {
            taskId: t.id,
            name: t.name,
            state: t.state as NscTask['state'],
            running: t.running,
            priority: t.priority,
            volume: t.volume,
            startTime: t.startTime,
            endTime: clockOfSeconds(span.end),
            speakers: speakersOf.get(t.id)!,
            sources: l.sources(t as Timed),
            conflict: clash,
          };
        });
        return { date, weekday: weekdayOf(date), entries };
      });
      return { from: start, today, days };
    },
  };
}

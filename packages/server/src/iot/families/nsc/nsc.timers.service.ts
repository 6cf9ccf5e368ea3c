import {
  clockOfDaySeconds,
  keptTimer,
  NSC_TIMER_LIMITS,
  NSC_TIMERS_COMMAND,
  type NscTimer,
  type NscTimerArgs,
  type NscTimerBody,
  nscManifest,
  secondsOfClock,
} from '@sc/contract/families/nsc';
import { conflict, notFound } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { Actor, FamilyContext, SessionContext } from '../family-handler.js';
import { resendOnReturn } from '../kit/device-commands.js';
import { type Delivered, deliver } from './nsc.delivery.js';
import { checkPicks, type Named, type NscPicks, nscPicks } from './nsc.picks.js';
import { nscRecords } from './nsc.records.js';
import { createNscTimerRepository, type TimerFields, type TimerRow } from './nsc.timers.repository.js';

const TYPE = nscManifest.type;

/**
 * Timer broadcasts (docs/nsc-vod.md): the project's timers, enabled on their speakers. A speaker runs
 * its enabled timers on its own clock; whenever the list of one changes (a timer of it enabled,
 * disabled, changed while enabled, deleted while enabled) it is sent the whole list (`timers`), which
 * needs no bookkeeping of what it holds. One that did not answer is sent it when it is heard again.
 */
export function createNscTimerService(ctx: FamilyContext) {
  const { repo, nsc, project, tz, audit } = nscRecords(ctx, 'nscTimer', createNscTimerRepository);

  async function stored(projectId: number, id: number) {
    const row = await repo.timer(projectId, id);
    if (!row) throw notFound();
    return row;
  }

  const answerOf = (r: TimerRow, l: NscPicks): NscTimer => ({
    id: r.id,
    projectId: r.projectId,
    name: r.name,
    type: r.type as NscTimer['type'],
    mode: r.mode as NscTimer['mode'],
    weekdays: r.weekdays,
    date: r.date,
    startTime: r.startTime,
    endTime: clockOfDaySeconds(secondsOfClock(r.startTime) + r.durationSeconds),
    durationSeconds: r.durationSeconds,
    volume: r.volume,
    deviceIds: r.deviceIds,
    groupIds: r.groupIds,
    mediaIds: r.mediaIds,
    enabled: r.enabled,
    devices: l.devices(r),
    groups: l.groups(r),
    media: l.media(r),
    speakers: l.speakers(r),
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  });
  const answer = async (projectId: number, id: number) => {
    const row = await stored(projectId, id);
    return answerOf(row, await nscPicks(nsc, projectId, [row]));
  };

  const argsOf = (r: TimerRow, l: NscPicks, hours: number): NscTimerArgs => ({
    timerId: r.id,
    name: r.name,
    type: r.type as NscTimerArgs['type'],
    mode: r.mode as NscTimerArgs['mode'],
    weekdays: r.weekdays,
    date: r.date,
    startTime: r.startTime,
    durationSeconds: r.durationSeconds,
    volume: r.volume,
    tz: hours,
    media: l.media(r),
  });

  /** Each speaker's list of enabled timers, of the project's (read once). */
  async function listsOf(projectId: number) {
    const rows = await repo.enabled(projectId);
    // Most projects enable none: every speaker heard after a restart asks, so that answer stays cheap.
    if (!rows.length) return (_deviceId: number): NscTimerArgs[] => [];
    const l = await nscPicks(nsc, projectId, rows);
    const hours = await tz();
    const lists = new Map<number, NscTimerArgs[]>();
    for (const r of rows)
      for (const s of l.speakers(r)) lists.set(s.id, [...(lists.get(s.id) ?? []), argsOf(r, l, hours)]);
    return (deviceId: number) => lists.get(deviceId) ?? [];
  }

  /** Sends speakers their whole lists; those that did not answer get it when they come back. */
  async function sync(actor: Actor, projectId: number, speakers: Named[]): Promise<Delivered[]> {
    const listOf = await listsOf(projectId);
    const outcomes = await deliver(ctx, actor, projectId, speakers, NSC_TIMERS_COMMAND, (id) => ({
      timers: listOf(id),
    }));
    const sent = outcomes.filter((o) => o.outcome === 'sent').map((o) => o.id);
    await repo.unpend(sent);
    await repo.pend(
      projectId,
      outcomes.filter((o) => o.outcome !== 'sent').map((o) => o.id),
    );
    return outcomes;
  }
  const speakersOf = async (projectId: number, row: TimerRow) => (await nscPicks(nsc, projectId, [row])).speakers(row);
  const union = (a: Named[], b: Named[]) => [...new Map([...a, ...b].map((s) => [s.id, s])).values()];

  /** A speaker that comes back, with enabled timers or a list it missed: its whole list. */
  resendOnReturn(ctx, TYPE, async (change) => {
    const timers = (await listsOf(change.projectId))(change.id);
    if (!timers.length && !(await repo.pending(change.id))) return null;
    return { commands: [[NSC_TIMERS_COMMAND, { timers }]], done: () => repo.unpend([change.id]) };
  });

  const fieldsOf = (b: NscTimerBody): TimerFields => {
    const k = keptTimer(b);
    return {
      name: k.name,
      type: k.type,
      mode: k.mode,
      weekdays: k.weekdays,
      date: k.date ?? null,
      startTime: k.startTime,
      durationSeconds: k.durationSeconds as number,
      volume: k.volume as number,
      deviceIds: k.deviceIds,
      groupIds: k.groupIds,
      mediaIds: k.mediaIds,
    };
  };

  /** Enable or disable: the move, then the speakers' lists. */
  async function setEnabled(actor: Actor, projectId: number, id: number, enabled: boolean) {
    await project(actor.session, projectId);
    const row = await stored(projectId, id);
    if (!(await repo.setEnabled(projectId, id, enabled)))
      throw conflict(enabled ? 'nsc.timerRules.alreadyEnabled' : 'nsc.timerRules.alreadyDisabled');
    const outcomes = await sync(actor, projectId, await speakersOf(projectId, row));
    await audit(actor, 'update', id, `${row.name}: ${enabled ? 'enable' : 'disable'}`);
    return { timer: await answer(projectId, id), speakers: outcomes };
  }

  return {
    async page(
      session: SessionContext,
      projectId: number,
      query: { page: number; pageSize?: number; keyword: string[]; enabled?: 'true' | 'false' },
    ) {
      await project(session, projectId);
      const window = pageWindow(query, await ctx.settings.get('pageSize'));
      const enabled = query.enabled === undefined ? undefined : query.enabled === 'true';
      const { rows, total } = await repo.page(projectId, { words: query.keyword, enabled }, window);
      const l = await nscPicks(nsc, projectId, rows);
      return toPage(
        rows.map((r) => answerOf(r, l)),
        total,
        window,
      );
    },

    async one(session: SessionContext, projectId: number, id: number) {
      await project(session, projectId);
      return answer(projectId, id);
    },

    /** A new timer, disabled (at most 50 per project). */
    async create(actor: Actor, projectId: number, body: NscTimerBody) {
      await project(actor.session, projectId);
      if ((await repo.count(projectId)) >= NSC_TIMER_LIMITS.perProject)
        throw conflict('nsc.timerRules.tooMany', { count: NSC_TIMER_LIMITS.perProject });
      const fields = fieldsOf(body);
      await checkPicks(nsc, projectId, fields, 'nsc.timerRules');
      const id = await repo.create(projectId, fields, actor.session.user.name);
      await audit(actor, 'create', id, body.name);
      return answer(projectId, id);
    },

    /** Changes a timer; an enabled one's speakers, before and after, are sent their lists. */
    async update(actor: Actor, projectId: number, id: number, body: NscTimerBody) {
      await project(actor.session, projectId);
      const before = await stored(projectId, id);
      const fields = fieldsOf(body);
      await checkPicks(nsc, projectId, fields, 'nsc.timerRules');
      await repo.update(projectId, id, fields);
      const after = await stored(projectId, id);
      const outcomes = after.enabled
        ? await sync(actor, projectId, union(await speakersOf(projectId, before), await speakersOf(projectId, after)))
        : [];
      await audit(actor, 'update', id, body.name);
      return { timer: await answer(projectId, id), speakers: outcomes };
    },

    /** Deletes a timer; an enabled one is withdrawn from its speakers (their lists sent without it). */
    async remove(actor: Actor, projectId: number, id: number) {
      await project(actor.session, projectId);
      const row = await stored(projectId, id);
      const speakers = row.enabled ? await speakersOf(projectId, row) : [];
      await repo.remove(projectId, id);
      await sync(actor, projectId, speakers);
      await audit(actor, 'delete', id, row.name);
      return { id, deleted: true as const };
    },

    enable: (actor: Actor, projectId: number, id: number) => setEnabled(actor, projectId, id, true),
    disable: (actor: Actor, projectId: number, id: number) => setEnabled(actor, projectId, id, false),
  };
}

import { ACTIVE_STATE } from '@sc/contract';
import {
  NSC_VOD_COMMANDS,
  type NscVod,
  type NscVodArgs,
  type NscVodBody,
  type NscVodReport,
  type NscVodSpeakerState,
  type NscVodState,
  nscManifest,
  nscVodBatchId,
} from '@sc/contract/families/nsc';
import { conflict, notFound } from '../../../platform/errors.js';
import type { Actor, FamilyContext, SessionContext } from '../family-handler.js';
import { projectRecords } from '../kit/reviewed-records.js';
import { type Delivered, deliver } from './nsc.delivery.js';
import { checkPicks, type NscPicks, nscPicks } from './nsc.picks.js';
import { createNscRepository } from './nsc.repository.js';
import { createNscVodRepository, type VodRow } from './nsc.vod.repository.js';

const TYPE = nscManifest.type;
const C = NSC_VOD_COMMANDS;
type Part = { deviceId: number; state: string };

/**
 * Voice on demand (docs/nsc-vod.md): the queue of on-demand tasks, played now on their speakers (command
 * `vod`), paused, continued, stopped and turned up or down; each speaker's part follows its reports, and
 * the task is finished when no part is still going. Every change of a played task's state is pushed to
 * the project's consoles (a `batch` push named `nscVodBatchId`).
 */
export function createNscVodService(ctx: FamilyContext) {
  const repo = ctx.repository(createNscVodRepository);
  const nsc = ctx.repository(createNscRepository);
  const project = (session: SessionContext, projectId: number) => ctx.devices.project(session, projectId);
  const audit = (actor: Actor, action: 'create' | 'update' | 'delete', id: number, summary: string) =>
    ctx.audit.manage(actor, { action, entity: 'nscVod', entityId: id, summary });

  async function stored(projectId: number, id: number) {
    const row = await repo.vod(projectId, id);
    if (!row) throw notFound();
    return row;
  }

  const partsBy = (parts: Part[]) => {
    const map = new Map<number, Map<number, string>>();
    for (const p of parts as (Part & { vodId: number })[]) {
      if (!map.has(p.vodId)) map.set(p.vodId, new Map());
      map.get(p.vodId)!.set(p.deviceId, p.state);
    }
    return map;
  };

  function answerOf(r: VodRow, l: NscPicks, parts: Map<number, string> = new Map()): NscVod {
    const media = l.media(r);
    return {
      id: r.id,
      projectId: r.projectId,
      name: r.name,
      deviceIds: r.deviceIds,
      groupIds: r.groupIds,
      mediaIds: r.mediaIds,
      volume: r.volume,
      repeat: r.repeat,
      state: r.state as NscVodState,
      devices: l.devices(r),
      groups: l.groups(r),
      media,
      durationSeconds: media.reduce((sum, m) => sum + m.duration, 0) * r.repeat,
      speakers: l
        .speakers(r)
        .map((s) => ({ ...s, state: (parts.get(s.id) as NscVodSpeakerState | undefined) ?? null })),
      createdBy: r.createdBy,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      startedAt: r.startedAt?.toISOString() ?? null,
      finishedAt: r.finishedAt?.toISOString() ?? null,
    };
  }
  async function answer(projectId: number, id: number) {
    const row = await stored(projectId, id);
    const [l, parts] = await Promise.all([nscPicks(nsc, projectId, [row]), repo.parts([id])]);
    return answerOf(row, l, partsBy(parts).get(id));
  }

  /** Pushes a played task's progress to the project's consoles: its speakers done, going, missed. */
  async function pushProgress(vodId: number) {
    const row = await repo.byId(vodId);
    if (!row) return;
    const parts = await repo.parts([vodId]);
    const count = (...states: string[]) => parts.filter((p) => states.includes(p.state)).length;
    const done = row.state === 'finished';
    ctx.iot.hub.publish({
      kind: 'batch',
      batchId: nscVodBatchId(vodId),
      projectId: row.projectId,
      type: TYPE,
      command: C.play,
      total: parts.length,
      acknowledged: count('finished'),
      failed: count('missed'),
      pending: count('playing', 'paused'),
      done,
      state: done ? 'done' : 'running',
      at: new Date().toISOString(),
    });
  }

  /** Tasks whose parts changed: finished when none is going; their progress pushed either way. */
  async function settle(vodIds: number[]) {
    for (const id of vodIds) {
      await repo.finishIfDone(id);
      await pushProgress(id);
    }
  }

  /** A speaker's report of its on-demand task, or its going away: its parts follow (docs/nsc-vod.md). */
  async function heard(deviceId: number, report: NscVodReport, at: Date) {
    await settle(await repo.reported(deviceId, report.id, report.state, at));
  }
  // Every instance sees every push (the realtime channel crosses instances through the broker), so each
  // may try; the updates are conditional, so only one changes a part. A failure here is made good by the
  // speaker's next report, which repeats its task's state.
  ctx.iot.hub.observe((push) => {
    if (push.kind === 'telemetry' && push.type === TYPE && push.values.vod)
      heard(push.deviceId, push.values.vod as NscVodReport, new Date(push.at)).catch(() => {});
    else if (push.kind === 'state' && push.activeState !== ACTIVE_STATE.active)
      repo
        .gone(push.deviceId)
        .then(settle)
        .catch(() => {});
  });

  /** Sends a command to the speakers whose parts are in `states`; answers their outcomes. */
  async function toParts(actor: Actor, row: VodRow, states: string[], command: string, args: Record<string, unknown>) {
    const parts = (await repo.parts([row.id])).filter((p) => states.includes(p.state));
    const l = await nscPicks(nsc, row.projectId, [row]);
    const ids = new Set(parts.map((p) => p.deviceId));
    const speakers = l.speakers(row).filter((s) => ids.has(s.id));
    return deliver(ctx, actor, row.projectId, speakers, command, () => args);
  }
  const sentIds = (outcomes: Delivered[]) => outcomes.filter((o) => o.outcome === 'sent').map((o) => o.id);

  const fieldsOf = (b: NscVodBody) => ({
    name: b.name,
    deviceIds: b.deviceIds,
    groupIds: b.groupIds,
    mediaIds: b.mediaIds,
    volume: b.volume as number,
    repeat: b.repeat,
  });

  /** Pause and resume: a state move, the command to the parts in `from`, their parts moved on. */
  async function transition(
    actor: Actor,
    projectId: number,
    id: number,
    move: { from: NscVodState; to: NscVodState; parts: NscVodSpeakerState; command: string; refused: string },
  ) {
    await project(actor.session, projectId);
    const row = await stored(projectId, id);
    if (!(await repo.move(projectId, id, [move.from], move.to))) throw conflict(move.refused);
    const outcomes = await toParts(actor, row, [move.from], move.command, { vodId: id });
    await repo.setParts(id, sentIds(outcomes), move.parts);
    await pushProgress(id);
    return { vod: await answer(projectId, id), speakers: outcomes };
  }

  const records = projectRecords(ctx, {
    entity: 'nscVod',
    store: { ...repo, stored },
    fieldsOf,
    check: async (projectId, body: NscVodBody) => {
      await checkPicks(nsc, projectId, body, 'nsc.vodRules');
    },
    answer,
    list: async (projectId, query: { page: number; pageSize?: number; keyword: string[]; state?: string }, window) => {
      const { rows, total } = await repo.page(projectId, { words: query.keyword, state: query.state }, window);
      const [l, parts] = await Promise.all([nscPicks(nsc, projectId, rows), repo.parts(rows.map((r) => r.id))]);
      const byVod = partsBy(parts);
      return { rows: rows.map((r) => answerOf(r, l, byVod.get(r.id))), total };
    },
    // A playing or paused task is neither changed nor deleted.
    refused: 'nsc.vodRules.busy',
  });

  return {
    ...records,

    /**
     * Plays a ready or finished task now on every speaker it reaches. Playing once one speaker took it;
     * when none did, it is put back as it was (the outcomes say why). Those away are not sent it later.
     */
    async play(actor: Actor, projectId: number, id: number) {
      await project(actor.session, projectId);
      const row = await stored(projectId, id);
      const l = await nscPicks(nsc, projectId, [row]);
      const speakers = l.speakers(row);
      const media = l.media(row);
      if (!speakers.length) throw conflict('nsc.vodRules.noSpeakers');
      if (!media.length) throw conflict('nsc.vodRules.mediaNotFound');
      if (!(await repo.move(projectId, id, ['ready', 'finished'], 'playing')))
        throw conflict('nsc.vodRules.notPlayable');
      // The parts exist before the command goes, so that a speaker's first report finds its own.
      await repo.play(
        id,
        projectId,
        speakers.map((s) => ({ deviceId: s.id, state: 'playing' })),
      );
      const args: NscVodArgs = { vodId: id, name: row.name, volume: row.volume, repeat: row.repeat, media };
      const outcomes = await deliver(ctx, actor, projectId, speakers, C.play, () => ({ ...args }));
      const missed = outcomes.filter((o) => o.outcome !== 'sent').map((o) => o.id);
      const answered = new Set(outcomes.map((o) => o.id));
      await repo.setParts(id, [...missed, ...speakers.filter((s) => !answered.has(s.id)).map((s) => s.id)], 'missed');
      if (!sentIds(outcomes).length) await repo.restore(row);
      else await settle([id]);
      return { vod: await answer(projectId, id), speakers: outcomes };
    },

    pause: (actor: Actor, projectId: number, id: number) =>
      transition(actor, projectId, id, {
        from: 'playing',
        to: 'paused',
        parts: 'paused',
        command: C.pause,
        refused: 'nsc.vodRules.notPlaying',
      }),

    resume: (actor: Actor, projectId: number, id: number) =>
      transition(actor, projectId, id, {
        from: 'paused',
        to: 'playing',
        parts: 'playing',
        command: C.resume,
        refused: 'nsc.vodRules.notPaused',
      }),

    /** Stops a playing or paused task: finished at once, whatever each speaker answered. */
    async stop(actor: Actor, projectId: number, id: number) {
      await project(actor.session, projectId);
      const row = await stored(projectId, id);
      if (!(await repo.move(projectId, id, ['playing', 'paused'], 'finished')))
        throw conflict('nsc.vodRules.notRunning');
      const parts = await repo.parts([id]);
      const going = parts.filter((p) => p.state === 'playing' || p.state === 'paused').map((p) => p.deviceId);
      const outcomes = await toParts(actor, row, ['playing', 'paused'], C.stop, { vodId: id });
      await repo.setParts(id, going, 'finished');
      await pushProgress(id);
      return { vod: await answer(projectId, id), speakers: outcomes };
    },

    /** Keeps the volume; while the task plays or is paused, sends it to the speakers still on it. */
    async volume(actor: Actor, projectId: number, id: number, volume: number) {
      await project(actor.session, projectId);
      const row = await stored(projectId, id);
      await repo.setVolume(id, volume);
      const going = row.state === 'playing' || row.state === 'paused';
      const outcomes = going ? await toParts(actor, row, ['playing', 'paused'], C.volume, { vodId: id, volume }) : [];
      await audit(actor, 'update', id, `${row.name}: volume ${volume}`);
      return { vod: await answer(projectId, id), speakers: outcomes };
    },
  };
}

import {
  addDays,
  LAMP_STATES,
  type LampState,
  levelAt,
  type lightingFaultsQuery,
  localClock,
  localMidnight,
  type PageQuery,
  type ProjectTreeQuery,
  type powerQuery,
  type ScheduledPolicy,
} from '@sc/contract';
import type { z } from 'zod';
import { badRequest } from '../../../platform/errors.js';
import { pageWindow, toPage } from '../../../platform/paging.js';
import type { FamilyContext, SessionContext } from '../family-handler.js';
import { type ProjectReach, reachKey } from '../kit/project-reach.js';
import type { LightingRepository, PowerScope } from './lighting.repository.js';

type PowerQuery = z.infer<typeof powerQuery>;
type FaultsQuery = PageQuery & ProjectTreeQuery & z.infer<typeof lightingFaultsQuery>;

/** A scope other than the project names its lamp, group, LCU group or area. */
const needsId = (scope: PowerScope, id: number | undefined) => {
  if (scope !== 'project' && !id)
    throw badRequest('validation.required', [{ field: 'id', key: 'validation.required' }]);
};

const round = (n: number) => Math.round(n * 1000) / 1000;

/** The overview's counts are answered as they are for this long, then computed again behind the answer. */
const COUNTS_FRESH_MS = 1000;
/** Counts older than this are never answered: the caller waits for new ones. */
const COUNTS_STALE_MS = 30_000;
type Counts = Awaited<ReturnType<LightingRepository['overviewCounts']>>;
interface CountsEntry {
  at: number;
  value: Promise<Counts>;
  refreshing: Promise<Counts> | null;
}

/**
 * The lighting overview and power figures, from what the platform keeps rather than the readings:
 * each lamp's last state and policy-set key for the states and the lighting rate, the project's daily
 * totals (`readings_project_daily`) for its energy, the lamps' daily rollups for a part of it.
 */
export function createLightingOverview(ctx: FamilyContext, repo: LightingRepository) {
  const overviewCache = new Map<string, { at: number; value: unknown }>();
  const counts = new Map<string, CountsEntry>();

  /**
   * The overview's counts of a project (one pass over its lamps, ~1 s on 100,000 under load): computed
   * once for concurrent callers; younger than `COUNTS_FRESH_MS` they are answered as they are; older (up
   * to `COUNTS_STALE_MS`) they are answered at once while they are computed again for the next caller.
   */
  const countsOf = (reach: ProjectReach): Promise<Counts> => {
    const projectId = reachKey(reach);
    const entry = counts.get(projectId);
    const age = entry ? Date.now() - entry.at : Number.POSITIVE_INFINITY;
    if (entry && age < COUNTS_FRESH_MS) return entry.value;
    const refresh = () => {
      const at = Date.now();
      const value = repo.overviewCounts(reach);
      const next: CountsEntry = { at, value, refreshing: null };
      if (!entry || age >= COUNTS_STALE_MS) {
        counts.set(projectId, next);
        // A failed computation is not kept: the next caller tries again.
        value.catch(() => {
          if (counts.get(projectId) === next) counts.delete(projectId);
        });
      } else
        value.then(
          () => counts.set(projectId, next),
          () => {
            if (counts.get(projectId) === entry) entry.refreshing = null;
          },
        );
      return value;
    };
    if (!entry || age >= COUNTS_STALE_MS) return refresh();
    entry.refreshing ??= refresh();
    return entry.value;
  };
  const project = (session: SessionContext, projectId: number) => ctx.devices.project(session, projectId);

  return {
    async powerSummary(session: SessionContext, projectId: number, query: PowerQuery) {
      await project(session, projectId);
      const { scope, id, from, to } = query;
      needsId(scope, id);
      const tz = await ctx.settings.get('timezone');
      const today = localClock(new Date(), tz).date;
      const start = from ?? localMidnight(`${today.slice(0, 7)}-01`, tz);
      const end = to ?? localMidnight(addDays(today, 1), tz);
      const { lamps, days } = await repo.energyByDay(projectId, scope, id, start, end, tz);
      const byMonth = new Map<string, number>();
      const byDay = days.map((d) => {
        const date = localClock(d.bucket, tz).date;
        byMonth.set(date.slice(0, 7), (byMonth.get(date.slice(0, 7)) ?? 0) + d.energy);
        return { date, energy: round(d.energy) };
      });
      return {
        scope,
        id: id ?? null,
        from: start.toISOString(),
        to: end.toISOString(),
        lamps,
        energy: round(days.reduce((s, d) => s + d.energy, 0)),
        byDay,
        byMonth: [...byMonth.entries()].map(([month, energy]) => ({ month, energy: round(energy) })),
      };
    },

    /**
     * The lighting overview of the project (with `includeChildren`, of its subtree): lamps by state, the lighting rate (lit out of those the policies in use
     * say should be lit now, at each lamp's coordinates), faults today by code, energy today and this
     * month with the last 31 days and 12 months, and energy saved by dimming. The energy part is kept
     * for a minute per project (it reads the daily rollups). `faults: false` leaves the faults out (an
     * empty list; the project summary shows none of them).
     */
    async overview(session: SessionContext, projectId: number, includeChildren = false, options = { faults: true }) {
      const reach = await ctx.devices.reach(session, projectId, includeChildren);
      const tz = await ctx.settings.get('timezone');
      const now = new Date();
      const today = localClock(now, tz).date;
      const [counts, policies, faults] = await Promise.all([
        countsOf(reach),
        repo.policiesOfProject(reach),
        options.faults ? repo.faultsByCode(reach, localMidnight(today, tz)) : [],
      ]);
      const byState = Object.fromEntries(LAMP_STATES.map((s) => [s, 0])) as Record<LampState, number>;
      const byId = new Map(policies.map((p) => [p.id, p as ScheduledPolicy]));
      let shouldBeLit = 0;
      let litOfShould = 0;
      const levels = new Map<string, number>();
      for (const c of counts) {
        byState[c.state] += c.n;
        if (!c.policyIds || c.lng === null || c.lat === null) continue;
        const cacheKey = `${c.policyIds.join(',')}@${c.lng},${c.lat}`;
        let level = levels.get(cacheKey);
        if (level === undefined) {
          const list = c.policyIds.map((id) => byId.get(id)).filter((p): p is ScheduledPolicy => Boolean(p));
          level = levelAt(list, now, { lng: c.lng, lat: c.lat }, tz);
          levels.set(cacheKey, level);
        }
        if (level > 0) {
          shouldBeLit += c.n;
          if (c.lit) litOfShould += c.n;
        }
      }

      const energyKey = `${reachKey(reach)}:${today}`;
      let energy = overviewCache.get(energyKey);
      if (!energy || Date.now() - energy.at > 60_000) {
        const yearAgo = localMidnight(`${addDays(`${today.slice(0, 7)}-01`, -335).slice(0, 7)}-01`, tz);
        const days = await repo.projectEnergyByDay(reach, yearAgo, localMidnight(addDays(today, 1), tz), tz);
        const dated = days.map((d) => ({ ...d, date: localClock(d.bucket, tz).date }));
        const month = today.slice(0, 7);
        const byMonth = new Map<string, number>();
        for (const d of dated) byMonth.set(d.date.slice(0, 7), (byMonth.get(d.date.slice(0, 7)) ?? 0) + d.energy);
        const monthStart = addDays(today, -30);
        const sum = (list: typeof dated, key: 'energy' | 'saved') => round(list.reduce((s, d) => s + d[key], 0));
        const ofToday = dated.filter((d) => d.date === today);
        const ofMonth = dated.filter((d) => d.date.startsWith(month));
        energy = {
          at: Date.now(),
          value: {
            energyToday: sum(ofToday, 'energy'),
            energyMonth: sum(ofMonth, 'energy'),
            savedToday: sum(ofToday, 'saved'),
            savedMonth: sum(ofMonth, 'saved'),
            byDay: dated.filter((d) => d.date >= monthStart).map((d) => ({ date: d.date, energy: round(d.energy) })),
            byMonth: [...byMonth.entries()].map(([m, e]) => ({ month: m, energy: round(e) })),
          },
        };
        overviewCache.set(energyKey, energy);
      }
      const total = Object.values(byState).reduce((s, n) => s + n, 0);
      return {
        total,
        byState,
        shouldBeLit,
        litOfShould,
        lightingRate: shouldBeLit ? Math.round((litOfShould / shouldBeLit) * 10000) / 10000 : null,
        faultsByCode: faults,
        ...(energy.value as {
          energyToday: number;
          energyMonth: number;
          savedToday: number;
          savedMonth: number;
          byDay: { date: string; energy: number }[];
          byMonth: { month: string; energy: number }[];
        }),
        at: now.toISOString(),
      };
    },

    /**
     * A page of the lamps with an open fault (of one code, or all), newest first, each with the work
     * order that completed its raise: where the overview's faults open work.
     */
    async faults(session: SessionContext, projectId: number, query: FaultsQuery) {
      const reach = await ctx.devices.reach(session, projectId, query.includeChildren);
      const window = pageWindow(query, await ctx.settings.get('pageSize'));
      const { rows, total } = await repo.openFaults(reach, query.code, window.limit, window.offset);
      const list = await ctx.events.withHandled(rows.map((r) => ({ ...r, deviceId: r.id })));
      return toPage(
        list.map(({ deviceId: _, ...r }) => r),
        total,
        window,
      );
    },

    /** The last power and energy reading of each lamp of a scope. */
    async powerLast(session: SessionContext, projectId: number, query: PowerQuery) {
      await project(session, projectId);
      needsId(query.scope, query.id);
      return repo.lastOfScope(projectId, query.scope, query.id);
    },

    /** Forgets the cached energy and counts of the projects (after tests write readings). */
    forgetEnergy: () => {
      overviewCache.clear();
      counts.clear();
    },
  };
}

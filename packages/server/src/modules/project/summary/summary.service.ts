import {
  addDays,
  localClock,
  localMidnight,
  type ProjectSummary,
  SUMMARY_WAITING,
  type SummaryLayoutView,
  type SummaryWindow,
} from '@sc/contract';
import { reachKey } from '../../../iot/families/kit/project-reach.js';
import type { ReadingRow } from '../../../iot/families/kit/readings.repository.js';
import { createStaleCache } from '../../../platform/stale-cache.js';
import type { SessionContext } from '../../session/session-context.js';
import type { SettingsService } from '../../system/settings.service.js';
import type { SummaryRepository } from './summary.repository.js';
import type { SummarySources } from './summary.sources.js';

/**
 * One answer serves every console of a project for this long: each console reads the summary again
 * when the realtime channel tells it something changed, so a busy project asks many times a second.
 * Older, up to SUMMARY_STALE_MS, it is answered while the next is computed behind it; a console reading
 * again after the next push gets the new one. Computing one is cheap (devices and events counted from
 * their ledgers, indexes for the newest; docs/performance.md "Project summary"), the cache spares the
 * database the same work for every console.
 */
const SUMMARY_FRESH_MS = 2000;
const SUMMARY_STALE_MS = 30_000;
const RECENT_EVENTS = 6;

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

const windowOf = (
  device: { id: number; name: string; type: string; activeState: number },
  row: ReadingRow | undefined,
): SummaryWindow | null => {
  if (!row) return null;
  const { at, ...values } = row;
  return { device, at: at.toISOString(), values: values as Record<string, number | null> };
};

/**
 * GET /api/pjts/{projectId}/summary.do (spec 001 §2 pjtprojectsummary): every unit's data for the
 * project's subtree in one answer. Devices and events from the platform's tables, the lamps' figures
 * from the lighting overview, the environment from the monitors' latest readings; units whose part of
 * the product is not built yet say what they wait for (contract SUMMARY_WAITING).
 */
export function createSummaryService(deps: {
  summary: SummaryRepository;
  sources: SummarySources;
  settings: SettingsService;
  /** The project's layout in use (its default, else its first). */
  layoutInUse: (projectId: number) => Promise<SummaryLayoutView | null>;
  /** False: every call computes its answer (SUMMARY_CACHE=off, for the benchmark's computed answers). */
  cache?: boolean;
}) {
  const { summary, sources } = deps;
  const cache = createStaleCache<Omit<ProjectSummary, 'layout'>>(
    deps.cache === false ? 0 : SUMMARY_FRESH_MS,
    deps.cache === false ? 0 : SUMMARY_STALE_MS,
    200,
  );

  /**
   * The monitors' figures: how many reported and each reading averaged over their latest readings (one
   * statement), and the window of the monitor that reported last.
   */
  async function environment(reach: Parameters<typeof summary.deviceCounts>[0], monitors: number) {
    const [latest, monitor] = await Promise.all([
      sources.monitors.readings.latestAverages(reach),
      summary.newestReporter(reach, sources.monitors.source),
    ]);
    const averages: Record<string, number | null> = {};
    for (const key of sources.monitors.readings.keys) {
      const v = latest.averages[key];
      averages[key] = v === null || v === undefined ? null : round(v);
    }
    const row = monitor ? (await sources.monitors.readings.lastOf([monitor.id], 1)).get(monitor.id)?.[0] : undefined;
    return {
      env: { monitors, reporting: latest.reporting, averages, at: latest.at ? latest.at.toISOString() : null },
      envWindow: monitor ? windowOf(monitor, row) : null,
    };
  }

  /**
   * The WiFi devices' figures: how many reported, their clients and traffic added up over their latest
   * reports, and the window of the one that reported last.
   */
  async function wifi(reach: Parameters<typeof summary.deviceCounts>[0], devices: number) {
    const [latest, ap] = await Promise.all([
      sources.wifi.readings.latestAverages(reach),
      summary.newestReporter(reach, sources.wifi.source),
    ]);
    const sum = (key: string) => {
      const v = latest.sums[key];
      return v === null || v === undefined ? null : round(v);
    };
    const row = ap ? (await sources.wifi.readings.lastOf([ap.id], 1)).get(ap.id)?.[0] : undefined;
    return {
      wifi: {
        devices,
        reporting: latest.reporting,
        clients: sum('clients'),
        upload: sum('upload'),
        download: sum('download'),
        at: latest.at ? latest.at.toISOString() : null,
      },
      wifiWindow: ap ? windowOf(ap, row) : null,
    };
  }

  async function lampWindow(reach: Parameters<typeof summary.deviceCounts>[0]) {
    const lamp = await summary.newestReporter(reach, sources.lamps.source);
    if (!lamp) return null;
    const latest = await sources.lamps.readings.lastOf([lamp.id], 1);
    return windowOf(lamp, latest.get(lamp.id)?.[0]);
  }

  async function compute(session: SessionContext, reach: Awaited<ReturnType<typeof sources.devices.reach>>) {
    const tz = await deps.settings.get('timezone');
    const now = new Date();
    const today = localClock(now, tz).date;
    const weekAgo = localMidnight(addDays(today, -6), tz);
    const counts = summary.deviceCounts(reach);
    const ofType = (type: string) => counts.then((list) => list.find((t) => t.type === type)?.total ?? 0);
    const [byType, events, recent, lighting, env, wifiPart, lightWindow, maintenance] = await Promise.all([
      counts,
      summary.eventsByDay(reach, weekAgo, tz),
      summary.recentEvents(reach, weekAgo, RECENT_EVENTS),
      sources.lightingOverview.overview(session, reach.id, true, { faults: false }),
      ofType(sources.monitors.type).then((n) => environment(reach, n)),
      ofType(sources.wifi.type).then((n) => wifi(reach, n)),
      lampWindow(reach),
      reach.includeChildren ? sources.maintenance.countsOfTree(reach.path) : sources.maintenance.counts(reach.id),
    ]);
    const days = Array.from({ length: 7 }, (_, i) => addDays(today, i - 6));
    const byDay = days.map((date) => {
      const of = events.filter((e) => e.day === date);
      const n = (kind: string) => of.filter((e) => e.kind === kind).reduce((s, e) => s + e.n, 0);
      const all = of.reduce((s, e) => s + e.n, 0);
      return { date, occur: n('occur'), restore: n('restore'), other: all - n('occur') - n('restore') };
    });
    const ofToday = events.filter((e) => e.day === today);
    const totals = { total: 0, active: 0, unknown: 0, error: 0 };
    for (const t of byType) {
      totals.total += t.total;
      totals.active += t.active;
      totals.unknown += t.unknown;
      totals.error += t.error;
    }
    const answer: Omit<ProjectSummary, 'layout'> = {
      projectId: reach.id,
      at: now.toISOString(),
      devices: { ...totals, byType },
      events: {
        today: ofToday.reduce((s, e) => s + e.n, 0),
        todayAlarms: ofToday.filter((e) => e.alarm && e.kind === 'occur').reduce((s, e) => s + e.n, 0),
        byDay,
        recent,
      },
      ...env,
      ...wifiPart,
      lighting: {
        total: lighting.total,
        byState: lighting.byState,
        shouldBeLit: lighting.shouldBeLit,
        litOfShould: lighting.litOfShould,
        lightingRate: lighting.lightingRate,
      },
      lightWindow,
      power: { today: lighting.energyToday, month: lighting.energyMonth, byDay: lighting.byDay },
      maintenance,
      waiting: SUMMARY_WAITING,
    };
    return answer;
  }

  return {
    async summary(session: SessionContext, projectId: number): Promise<ProjectSummary> {
      // 404 unless the project is in the caller's subtree; the answer covers the project's whole subtree.
      const reach = await sources.devices.reach(session, projectId, true);
      const [data, layout] = await Promise.all([
        cache.get(reachKey(reach), () => compute(session, reach)),
        deps.layoutInUse(projectId),
      ]);
      return { ...data, layout };
    },
  };
}

export type SummaryService = ReturnType<typeof createSummaryService>;

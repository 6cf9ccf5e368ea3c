import { SCD_READINGS, type ScdConfigBody, type ScdReadingKey, scdFillState } from '@sc/contract/families/scd';
import type { Actor, FamilyContext } from '../family-handler.js';
import type { PageWindow } from '../kit/device-list.js';
import type { FamilyDevice } from '../kit/devices.repository.js';
import type { ProjectReach } from '../kit/project-reach.js';
import { type ReadingRow, withLatestReading } from '../kit/readings.repository.js';
import { createScdRepository, type ScdPageFilter } from './scd.repository.js';

const DAY_MS = 86_400_000;
/** The last 24 hours' events shown at once (a bin raises a handful a day). */
const RECENT_LIMIT = 500;

const whole = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const thresholdsOf = (props: Record<string, unknown>) => ({
  fullThreshold: whole(props.fullThreshold),
  overfillThreshold: whole(props.overfillThreshold),
  freeDistance: whole(props.freeDistance),
});

/** A report's values by the manifest's readings (null when missing, or before the first report). */
const valuesOf = (report: ReadingRow | undefined) =>
  Object.fromEntries(SCD_READINGS.map((r) => [r.key, report?.[r.key] ?? null])) as Record<ScdReadingKey, number | null>;

type ListedBin = { id: number; props: unknown; lastActiveAt: Date | null };

/** What the dustbin calls do beyond the kit: the list and map with latest reports, the latest report, thresholds. */
export function createScdService(ctx: FamilyContext) {
  const repo = ctx.repository(createScdRepository);

  /** Bins as the list and the map show them: their thresholds, latest report and fill state. */
  async function withReports<B extends ListedBin>(rows: B[]) {
    return (await withLatestReading(repo.readings, rows)).map(([{ props, lastActiveAt, ...bin }, report]) => {
      const config = thresholdsOf((props ?? {}) as Record<string, unknown>);
      const values = valuesOf(report);
      return {
        ...bin,
        ...config,
        ...values,
        lastActiveAt: lastActiveAt?.toISOString() ?? null,
        reportedAt: report?.at.toISOString() ?? null,
        fillState: report ? scdFillState(values, config) : null,
      };
    });
  }

  return {
    async page(project: number | ProjectReach, filter: ScdPageFilter, window: PageWindow) {
      const { rows, total } = await repo.page(project, filter, window);
      const list = await withReports(rows);
      return { rows: list, total };
    },

    /** The bins with coordinates and how full each is, for the map coloured by fill. */
    async map(project: number | ProjectReach) {
      const rows = await repo.located(project);
      return withReports(rows.map(({ lng, lat, ...bin }) => ({ ...bin, lng: lng as number, lat: lat as number })));
    },

    /** The latest stored report with the fill state against the bin's thresholds. */
    async latest(bin: FamilyDevice) {
      const report = (await repo.readings.lastOf([bin.id], 1)).get(bin.id)?.[0];
      const values = valuesOf(report);
      return {
        id: bin.id,
        at: report?.at.toISOString() ?? null,
        values,
        fillState: report ? scdFillState(values, thresholdsOf(bin.props)) : null,
      };
    },

    async recentEvents(bin: FamilyDevice) {
      const since = new Date(Date.now() - DAY_MS);
      const { rows } = await ctx.events.page(bin.id, {
        withChildren: false,
        from: since,
        limit: RECENT_LIMIT,
        offset: 0,
      });
      return rows;
    },

    config: (bin: FamilyDevice) => ({ id: bin.id, ...thresholdsOf(bin.props) }),

    /**
     * Stores the thresholds as the bin's type properties (management log), then tells a connected bin;
     * an offline or silent one is not an error: the platform's config is sent to it when asked again.
     */
    async setConfig(actor: Actor, bin: FamilyDevice, body: ScdConfigBody) {
      const before = thresholdsOf(bin.props);
      await ctx.devices.setProps(bin.id, { ...bin.props, ...body });
      ctx.iot.directory.forget(bin.id);
      await ctx.audit.manage(actor, {
        action: 'update',
        entity: 'device',
        entityId: bin.id,
        summary: `${bin.name} thresholds`,
        changes: Object.fromEntries(
          (Object.keys(body) as (keyof ScdConfigBody)[]).map((k) => [k, { from: before[k], to: body[k] }]),
        ),
      });
      const delivered = await ctx.iot.bus.send(actor, bin, 'config', body).then(
        (outcome) => outcome.ok,
        () => false,
      );
      return { id: bin.id, ...body, delivered };
    },
  };
}

import { TOTALS_PERIOD_DAYS, type TotalsUnit } from '@sc/contract';
import { badRequest } from '../../../platform/errors.js';
import type { FamilyContext } from '../family-handler.js';
import type { ReadingsRepository } from './readings.repository.js';

const DAY_MS = 86_400_000;
const invalid = (field: string) => badRequest('validation.validParam', [{ field, key: 'validation.validParam' }]);

/**
 * A project's totals of a family's energy-like readings (GET …/iot/<slug>/totals): the period checked
 * (the unit's usual period up to now when none is given, never longer than the unit allows), the points
 * from the per-project daily rollup (days, months and years begin at midnight of the system timezone)
 * and the period's total. The caller's project scope is the route's to check.
 */
export function createTotalsService(ctx: FamilyContext, readings: ReadingsRepository, keys: readonly string[]) {
  return {
    async totals(projectId: number, query: { unit: TotalsUnit; from?: Date; to?: Date }) {
      const { unit } = query;
      const days = TOTALS_PERIOD_DAYS[unit];
      const to = query.to ?? new Date();
      const from = query.from ?? new Date(to.getTime() - days.default * DAY_MS);
      if (from >= to) throw invalid('from');
      if (to.getTime() - from.getTime() > days.max * DAY_MS) throw invalid('from');
      const points = await readings.totals(projectId, from, to, unit, await ctx.settings.get('timezone'));
      const total: Record<string, number> = {};
      for (const key of keys) total[key] = points.reduce((sum, p) => sum + ((p[key] as number | null) ?? 0), 0);
      return {
        unit,
        from: from.toISOString(),
        to: to.toISOString(),
        points: points.map((p) => ({ ...p, at: p.at.toISOString() }) as { at: string } & Record<string, number | null>),
        total,
      };
    },
  };
}

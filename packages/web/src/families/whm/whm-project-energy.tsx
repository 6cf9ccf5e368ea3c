import { TOTALS_PERIOD_DAYS, type TotalsUnit } from '@sc/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Segmented, Statistic, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReadingDef, ReadingsChart } from '../../components/device';
import { withUnit } from '../../components/format';
import { whmApi } from './api';

const UNITS = ['day', 'month', 'year'] as const satisfies readonly TotalsUnit[];
const DAY_MS = 86_400_000;

/** The unit's usual period up to now (the minute, so the query stays the same while the card is open). */
function periodOf(unit: TotalsUnit, now = Date.now()) {
  const to = new Date(Math.floor(now / 60_000) * 60_000);
  return {
    from: new Date(to.getTime() - TOTALS_PERIOD_DAYS[unit].default * DAY_MS).toISOString(),
    to: to.toISOString(),
  };
}

/**
 * The project's consumption (the meters' energy increments added up per day, month or year, from the
 * per-project daily totals the server keeps): a chart whose resolution is named under it and the period's
 * total. Days, months and years are those of the system timezone.
 */
export function WhmProjectEnergy({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const whm = whmApi(projectId);
  const [unit, setUnit] = useState<TotalsUnit>('day');
  const period = useMemo(() => periodOf(unit), [unit]);
  const totals = useQuery({
    queryKey: whm.totals.key({ query: { unit, ...period } }),
    queryFn: () => whm.totals({ query: { unit, ...period } }),
  });
  const readings: ReadingDef[] = useMemo(() => [{ key: 'energy', unit: 'kWh', label: t('whm.totals.energy') }], [t]);
  const total = totals.data?.total.energy;

  return (
    <Card title={t('whm.totals.title')} size="small" data-testid="whm-project-energy">
      <Flex vertical gap={8}>
        <Flex wrap gap={24} align="center" justify="space-between">
          <Segmented<TotalsUnit>
            data-testid="totals-unit"
            value={unit}
            onChange={setUnit}
            options={UNITS.map((u) => ({ value: u, label: t(`whm.totals.units.${u}`) }))}
          />
          <Statistic
            data-testid="totals-total"
            title={t('whm.totals.total')}
            value={withUnit(total, 'kWh')}
            styles={{ content: { whiteSpace: 'nowrap' } }}
          />
        </Flex>
        {totals.isError && <Alert type="error" showIcon title={t('common.loadFailed')} />}
        <ReadingsChart
          points={totals.data?.points}
          readings={readings}
          // No axis bounds: the first day, month or year begins before `from` and is counted in the total,
          // so the axis fits the points rather than clip it.
          loading={totals.isFetching}
          height={260}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="totals-resolution">
          {t(`whm.totals.resolution.${totals.data?.unit ?? unit}`)}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

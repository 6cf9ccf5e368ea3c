import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Space, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HistoryExport,
  HistoryPeriodPicker,
  HistoryViews,
  ReadingsChart,
  ReadingsPicker,
  ReadingsTable,
  useHistoryPeriod,
} from '../../components/device';
import { withUnit } from '../../components/format';
import { useWhmReadings, type WhmReading, type WhmReadingKey, whmApi } from './api';

const WHM_VIEWS = ['table', 'chart'] as const;
type View = (typeof WHM_VIEWS)[number];
const CHART_DEFAULT: WhmReadingKey[] = ['power', 'energy'];

/**
 * A meter's readings over a chosen period (spec 001 §7 "whm: logs"): a table or a chart (raw readings up
 * to a week, hourly then daily rollups beyond), the period's consumption (the energy increments added
 * up) and the export (CSV, .xlsx) of the same period.
 */
export function WhmHistory({ projectId, id }: { projectId: number; id: number }) {
  const { t } = useTranslation();
  const whm = whmApi(projectId);
  const history = useHistoryPeriod();
  const { period } = history;
  const [view, setView] = useState<View>('table');
  const [chosen, setChosen] = useState<WhmReadingKey[]>(CHART_DEFAULT);
  const allDefs = useWhmReadings();
  const chosenDefs = useWhmReadings(chosen);

  // The series feeds the chart and the period's consumption (energy is summed per bucket).
  const series = useQuery({
    queryKey: whm.series.key({ id, query: period }),
    queryFn: () => whm.series({ id, query: period }),
  });
  const consumption = series.data?.points.reduce((sum, p) => sum + (p.energy ?? 0), 0);

  return (
    <Card title={t('whm.history.title')} size="small" data-testid="whm-history">
      <Flex vertical gap={12}>
        <Flex wrap gap={12} align="center" justify="space-between">
          <HistoryPeriodPicker history={history} texts="whm.history" />
          <Space wrap>
            <HistoryViews views={WHM_VIEWS} value={view} onChange={setView} texts="whm.views" />
            <HistoryExport href={(format) => whm.export.href({ id, query: { ...period, format } })} />
          </Space>
        </Flex>
        <Statistic
          data-testid="history-consumption"
          title={t('whm.history.consumption')}
          // The value with its unit through the shared formatter: a no-break space, never wrapped.
          value={withUnit(consumption, 'kWh')}
          styles={{ content: { whiteSpace: 'nowrap' } }}
        />
        {series.isError && <Alert type="error" showIcon message={t('common.loadFailed')} />}
        {view === 'chart' ? (
          <>
            <ReadingsPicker<WhmReadingKey>
              label={t('whm.history.readings')}
              readings={allDefs}
              value={chosen}
              onChange={setChosen}
              width={{ min: 320, max: 640 }}
            />
            <ReadingsChart series={series} readings={chosenDefs} period={period} />
          </>
        ) : (
          <ReadingsTable<WhmReading>
            history={history}
            readings={allDefs}
            load={{ key: (query) => whm.readings.key({ id, query }), fn: (query) => whm.readings({ id, query }) }}
            timeTitle={t('whm.readings.at')}
          />
        )}
      </Flex>
    </Card>
  );
}

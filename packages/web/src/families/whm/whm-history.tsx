import { LineChartOutlined, TableOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Segmented, Select, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HistoryExport,
  HistoryPeriodPicker,
  ReadingsChart,
  ReadingsTable,
  useHistoryPeriod,
} from '../../components/device';
import { titleWithUnit, withUnit } from '../../components/format';
import { useWhmReadings, WHM_READINGS, type WhmReading, type WhmReadingKey, whmApi } from './api';

type View = 'table' | 'chart';
const CHART_DEFAULT: WhmReadingKey[] = ['power', 'energy'];
const ALL_KEYS = WHM_READINGS.map((r) => r.key);

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
            <Segmented<View>
              data-testid="history-view"
              value={view}
              onChange={setView}
              options={[
                { value: 'table', label: t('whm.views.table'), icon: <TableOutlined /> },
                { value: 'chart', label: t('whm.views.chart'), icon: <LineChartOutlined /> },
              ]}
            />
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
            <Space wrap>
              <Typography.Text>{t('whm.history.readings')}</Typography.Text>
              <Select<WhmReadingKey[]>
                mode="multiple"
                aria-label={t('whm.history.readings')}
                style={{ minWidth: 320, maxWidth: 640 }}
                value={chosen}
                onChange={setChosen}
                options={ALL_KEYS.map((key) => {
                  const def = allDefs.find((r) => r.key === key)!;
                  return { value: key, label: titleWithUnit(def.label, def.unit) };
                })}
                maxTagCount="responsive"
              />
            </Space>
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

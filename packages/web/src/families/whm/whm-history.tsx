import { DownloadOutlined, LineChartOutlined, TableOutlined } from '@ant-design/icons';
import { LOG_PAGE_SIZE } from '@sc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Flex, Segmented, Select, Space, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageSizeOptions } from '../../components/crud';
import { ReadingsChart } from '../../components/device';
import { formatReading } from '../../components/format';
import { formatTime, TIME_FORMAT } from '../../components/time';
import { useWhmReadings, WHM_READINGS, type WhmReading, type WhmReadingKey, whmApi } from './api';

type Preset = 'day' | 'week' | 'month' | 'custom';
type View = 'table' | 'chart';
const PRESET_HOURS: Record<Exclude<Preset, 'custom'>, number> = { day: 24, week: 24 * 7, month: 24 * 30 };
const CHART_DEFAULT: WhmReadingKey[] = ['power', 'energy'];
const ALL_KEYS = WHM_READINGS.map((r) => r.key);

const presetRange = (preset: Exclude<Preset, 'custom'>, now: Dayjs = dayjs()): [Dayjs, Dayjs] => [
  now.subtract(PRESET_HOURS[preset], 'hour'),
  now,
];

/**
 * A meter's readings over a chosen period (spec 001 §7 "whm: logs"): a table or a chart (raw readings up
 * to a week, hourly then daily rollups beyond), the period's consumption (the energy increments added
 * up) and the CSV export of the same period.
 */
export function WhmHistory({ projectId, id }: { projectId: number; id: number }) {
  const { t } = useTranslation();
  const whm = whmApi(projectId);
  const [preset, setPreset] = useState<Preset>('day');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => presetRange('day'));
  const [view, setView] = useState<View>('table');
  const [chosen, setChosen] = useState<WhmReadingKey[]>(CHART_DEFAULT);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(LOG_PAGE_SIZE.default);
  const from = range[0].toISOString();
  const to = range[1].toISOString();
  const period = useMemo(() => ({ from, to }), [from, to]);
  const allDefs = useWhmReadings();
  const chosenDefs = useWhmReadings(chosen);

  const table = useQuery({
    queryKey: whm.readings.key({ id, query: { ...period, page, pageSize } }),
    queryFn: () => whm.readings({ id, query: { ...period, page, pageSize } }),
    enabled: view === 'table',
    placeholderData: keepPreviousData,
  });
  // The series feeds the chart and the period's consumption (energy is summed per bucket).
  const series = useQuery({
    queryKey: whm.series.key({ id, query: period }),
    queryFn: () => whm.series({ id, query: period }),
  });
  const consumption = series.data?.points.reduce((sum, p) => sum + (p.energy ?? 0), 0);

  const choosePreset = (next: Preset) => {
    setPreset(next);
    if (next !== 'custom') setRange(presetRange(next));
    setPage(1);
  };
  const columns: ColumnsType<WhmReading> = [
    { title: t('whm.readings.at'), dataIndex: 'at', width: 170, render: formatTime },
    ...allDefs.map((r) => ({
      title: `${r.label} (${r.unit})`,
      dataIndex: r.key,
      align: 'right' as const,
      width: 130,
      render: (v: number | null) => formatReading(v),
    })),
  ];

  return (
    <Card title={t('whm.history.title')} size="small" data-testid="whm-history">
      <Flex vertical gap={12}>
        <Flex wrap gap={12} align="center" justify="space-between">
          <Space wrap>
            <Typography.Text>{t('whm.history.period')}</Typography.Text>
            <Segmented<Preset>
              data-testid="history-preset"
              value={preset}
              onChange={choosePreset}
              options={(['day', 'week', 'month', 'custom'] as const).map((p) => ({
                value: p,
                label: t(`whm.history.presets.${p}`),
              }))}
            />
            {preset === 'custom' && (
              <DatePicker.RangePicker
                showTime
                format={TIME_FORMAT}
                value={range}
                allowClear={false}
                onChange={(values) => {
                  if (values?.[0] && values[1]) {
                    setRange([values[0], values[1]]);
                    setPage(1);
                  }
                }}
              />
            )}
          </Space>
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
            <Button
              icon={<DownloadOutlined />}
              href={whm.export.href({ id, query: period })}
              data-testid="history-export"
            >
              {t('whm.history.export')}
            </Button>
          </Space>
        </Flex>
        <Statistic
          data-testid="history-consumption"
          title={t('whm.history.consumption')}
          value={consumption === undefined ? '—' : formatReading(consumption)}
          suffix={consumption === undefined ? undefined : 'kWh'}
        />
        {(table.isError || series.isError) && <Alert type="error" showIcon message={t('common.loadFailed')} />}
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
                  return { value: key, label: `${def.label} (${def.unit})` };
                })}
                maxTagCount="responsive"
              />
            </Space>
            <ReadingsChart
              points={series.data?.points}
              readings={chosenDefs}
              period={period}
              bucketSeconds={series.data?.bucketSeconds}
              resolution={series.data?.resolution}
              loading={series.isFetching}
            />
          </>
        ) : (
          <Table<WhmReading>
            data-testid="history-table"
            rowKey="at"
            size="small"
            loading={table.isFetching}
            columns={columns}
            dataSource={table.data?.list ?? []}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: page,
              pageSize,
              total: table.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: pageSizeOptions('log'),
              showTotal: (total) => t('common.total', { total }),
              onChange: (p, size) => {
                setPage(size === pageSize ? p : 1);
                setPageSize(size);
              },
            }}
          />
        )}
      </Flex>
    </Card>
  );
}

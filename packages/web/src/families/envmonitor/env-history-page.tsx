import { DownloadOutlined, LineChartOutlined, PicCenterOutlined, TableOutlined } from '@ant-design/icons';
import { LOG_PAGE_SIZE } from '@sc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Empty, Flex, Segmented, Select, Space, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pageSizeOptions } from '../../components/crud';
import { ReadingsChart } from '../../components/device';
import { formatReading } from '../../components/format';
import { ProjectScoped } from '../../components/project-scoped';
import { formatTime, fromPickerValue, TIME_FORMAT, toPickerValue } from '../../components/time';
import { type EnvReading, envApi, type ReadingKey, useReadingDefs } from './api';

type Preset = 'day' | 'week' | 'month' | 'custom';
type View = 'table' | 'chart' | 'mixed';
const PRESET_HOURS: Record<Exclude<Preset, 'custom'>, number> = { day: 24, week: 24 * 7, month: 24 * 30 };
const DEFAULT_READINGS: ReadingKey[] = ['temperature', 'humidity', 'pm25'];

/** The period of a preset, ending now. */
export function presetRange(preset: Exclude<Preset, 'custom'>, now: Dayjs = toPickerValue(new Date())): [Dayjs, Dayjs] {
  return [now.subtract(PRESET_HOURS[preset], 'hour'), now];
}

/** /pjt/pjtdeviceenvdatahistory (spec 001 §2): one monitor's readings over a period in table, line or mixed view. */
export default function EnvHistoryPage() {
  return <ProjectScoped>{(projectId) => <EnvHistory projectId={projectId} />}</ProjectScoped>;
}

function EnvHistory({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const env = envApi(projectId);
  const [params, setParams] = useSearchParams();
  const monitors = useQuery({
    queryKey: env.family.key({ n: 1, query: { includeChildren: false } }),
    queryFn: () => env.latest(1),
  });
  const wanted = Number(params.get('id'));
  const deviceId =
    monitors.data?.find((m) => m.device.id === wanted)?.device.id ?? monitors.data?.[0]?.device.id ?? undefined;

  const [preset, setPreset] = useState<Preset>('day');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => presetRange('day'));
  const [readings, setReadings] = useState<ReadingKey[]>(DEFAULT_READINGS);
  const [view, setView] = useState<View>('mixed');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(LOG_PAGE_SIZE.default);
  // The picker's times are the system timezone's (components/time).
  const from = fromPickerValue(range[0]);
  const to = fromPickerValue(range[1]);
  const period = useMemo(() => ({ from, to }), [from, to]);
  const allDefs = useReadingDefs();
  const chosenDefs = useReadingDefs(readings);

  const table = useQuery({
    queryKey: ['envmonitors', projectId, 'history', deviceId, period, page, pageSize],
    queryFn: () => env.readings({ id: deviceId!, query: { ...period, page, pageSize } }),
    enabled: deviceId !== undefined && view !== 'chart',
    placeholderData: keepPreviousData,
  });
  const series = useQuery({
    queryKey: ['envmonitors', projectId, 'series', deviceId, period],
    queryFn: () => env.series({ id: deviceId!, query: period }),
    enabled: deviceId !== undefined && view !== 'table',
  });
  const choosePreset = (next: Preset) => {
    setPreset(next);
    if (next !== 'custom') setRange(presetRange(next));
    setPage(1);
  };
  const columns: ColumnsType<EnvReading> = [
    // The pick time whole (issue 13: its seconds were cut at 170 px).
    { title: t('envmonitors.readings.at'), dataIndex: 'at', width: 180, fixed: 'left', render: formatTime },
    ...allDefs.map((r) => ({
      title: `${r.label} (${r.unit})`,
      dataIndex: r.key,
      align: 'right' as const,
      width: 110,
      render: (v: number | null) => formatReading(v),
    })),
  ];

  if (monitors.isLoading) return <Spin style={{ margin: 48 }} />;
  if (!monitors.data?.length) return <Empty description={t('envmonitors.empty')} />;

  const tableCard = (
    <Table<EnvReading>
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
  );
  const chartCard = (
    <ReadingsChart
      points={series.data?.points}
      readings={chosenDefs}
      period={period}
      bucketSeconds={series.data?.bucketSeconds}
      resolution={series.data?.resolution}
      loading={series.isFetching}
    />
  );

  return (
    <Card title={t('menu.pjtdeviceenvdatahistory')}>
      <Flex vertical gap={16}>
        <Flex wrap gap={12} align="center">
          <Space>
            <Typography.Text>{t('envmonitors.history.device')}</Typography.Text>
            <Select
              aria-label={t('envmonitors.history.device')}
              data-testid="history-device"
              style={{ width: 220 }}
              placeholder={t('envmonitors.history.pickDevice')}
              value={deviceId}
              showSearch={{ optionFilterProp: 'label' }}
              options={monitors.data.map((m) => ({ value: m.device.id, label: m.device.name }))}
              onChange={(id) => {
                setParams({ id: String(id) }, { replace: true });
                setPage(1);
              }}
            />
          </Space>
          <Space wrap>
            <Typography.Text>{t('envmonitors.history.period')}</Typography.Text>
            <Segmented<Preset>
              data-testid="history-preset"
              value={preset}
              onChange={choosePreset}
              options={(['day', 'week', 'month', 'custom'] as const).map((p) => ({
                value: p,
                label: t(`envmonitors.history.presets.${p}`),
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
          <Button
            icon={<DownloadOutlined />}
            href={deviceId ? env.export.href({ id: deviceId, query: period }) : undefined}
            disabled={!deviceId}
            data-testid="history-export"
          >
            {t('envmonitors.history.export')}
          </Button>
        </Flex>
        <Flex wrap gap={12} align="center" justify="space-between">
          <Space>
            <Typography.Text>{t('envmonitors.history.readings')}</Typography.Text>
            <Select<ReadingKey[]>
              mode="multiple"
              aria-label={t('envmonitors.history.readings')}
              style={{ minWidth: 360, maxWidth: 720 }}
              value={readings}
              onChange={setReadings}
              options={allDefs.map((r) => ({ value: r.key as ReadingKey, label: `${r.label} (${r.unit})` }))}
              maxTagCount="responsive"
            />
          </Space>
          <Segmented<View>
            value={view}
            onChange={setView}
            options={[
              { value: 'table', label: t('envmonitors.views.table'), icon: <TableOutlined /> },
              { value: 'chart', label: t('envmonitors.views.chart'), icon: <LineChartOutlined /> },
              { value: 'mixed', label: t('envmonitors.views.mixed'), icon: <PicCenterOutlined /> },
            ]}
          />
        </Flex>
        {(table.isError || series.isError) && <Alert type="error" showIcon message={t('common.loadFailed')} />}
        {view !== 'table' && chartCard}
        {view !== 'chart' && tableCard}
      </Flex>
    </Card>
  );
}

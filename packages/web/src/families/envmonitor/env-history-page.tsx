import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Flex, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  HistoryExport,
  HistoryPeriodPicker,
  type HistoryView,
  HistoryViews,
  ReadingsChart,
  ReadingsPicker,
  ReadingsTable,
  useHistoryPeriod,
} from '../../components/device';
import { ProjectScoped } from '../../components/project-scoped';
import { type EnvReading, envApi, type ReadingKey, useReadingDefs } from './api';

const ENV_VIEWS: HistoryView[] = ['table', 'chart', 'mixed'];
const DEFAULT_READINGS: ReadingKey[] = ['temperature', 'humidity', 'pm25'];

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

  const history = useHistoryPeriod();
  const { period } = history;
  const [readings, setReadings] = useState<ReadingKey[]>(DEFAULT_READINGS);
  const [view, setView] = useState<HistoryView>('mixed');
  const allDefs = useReadingDefs();
  const chosenDefs = useReadingDefs(readings);

  const series = useQuery({
    queryKey: ['envmonitors', projectId, 'series', deviceId, period],
    queryFn: () => env.series({ id: deviceId!, query: period }),
    enabled: deviceId !== undefined && view !== 'table',
  });

  if (monitors.isLoading) return <Spin style={{ margin: 48 }} />;
  if (!monitors.data?.length) return <Empty description={t('envmonitors.empty')} />;

  const tableCard = (
    <ReadingsTable<EnvReading>
      history={history}
      readings={allDefs}
      load={{
        key: (query) => ['envmonitors', projectId, 'history', deviceId, query],
        fn: (query) => env.readings({ id: deviceId!, query }),
      }}
      timeTitle={t('envmonitors.readings.at')}
    />
  );
  const chartCard = <ReadingsChart series={series} readings={chosenDefs} period={period} />;

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
                history.setPage(1);
              }}
            />
          </Space>
          <HistoryPeriodPicker history={history} texts="envmonitors.history" />
          <HistoryExport
            href={deviceId ? (format) => env.export.href({ id: deviceId, query: { ...period, format } }) : undefined}
          />
        </Flex>
        <Flex wrap gap={12} align="center" justify="space-between">
          <ReadingsPicker<ReadingKey>
            label={t('envmonitors.history.readings')}
            readings={allDefs}
            value={readings}
            onChange={setReadings}
            width={{ min: 360, max: 720 }}
          />
          <HistoryViews views={ENV_VIEWS} value={view} onChange={setView} texts="envmonitors.views" />
        </Flex>
        {series.isError && <Alert type="error" showIcon message={t('common.loadFailed')} />}
        {view !== 'table' && chartCard}
        {view !== 'chart' && tableCard}
      </Flex>
    </Card>
  );
}

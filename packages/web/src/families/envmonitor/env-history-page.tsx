import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Select, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type HistoryView, ReadingsHistory, useHistoryPeriod } from '../../components/device';
import { projectScreen } from '../../components/project-scoped';
import { type EnvReading, envApi, type ReadingKey, useReadingDefs } from './api';

const ENV_VIEWS: HistoryView[] = ['table', 'chart', 'mixed'];
const DEFAULT_READINGS: ReadingKey[] = ['temperature', 'humidity', 'pm25'];

/** /pjt/pjtdeviceenvdatahistory (spec 001 §2): one monitor's readings over a period in table, line or mixed view. */
export default projectScreen(EnvHistory);

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
  const readings = useReadingDefs();

  if (monitors.isLoading) return <Spin style={{ margin: 48 }} />;
  if (!monitors.data?.length) return <Empty description={t('envmonitors.empty')} />;

  const id = deviceId ?? 0;
  return (
    <Card title={t('menu.pjtdeviceenvdatahistory')}>
      <ReadingsHistory<EnvReading, ReadingKey>
        history={history}
        texts="envmonitors"
        readings={readings}
        charted={DEFAULT_READINGS}
        views={ENV_VIEWS}
        view="mixed"
        pickerWidth={{ min: 360, max: 720 }}
        disabled={deviceId === undefined}
        calls={{
          series: {
            key: (period) => ['envmonitors', projectId, 'series', id, period],
            fn: (period) => env.series({ id, query: period }),
          },
          page: {
            key: (query) => ['envmonitors', projectId, 'history', id, query],
            fn: (query) => env.readings({ id, query }),
          },
          exportHref: (format, period) => env.export.href({ id, query: { ...period, format } }),
        }}
        before={
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
              onChange={(next) => {
                setParams({ id: String(next) }, { replace: true });
                history.setPage(1);
              }}
            />
          </Space>
        }
      />
    </Card>
  );
}

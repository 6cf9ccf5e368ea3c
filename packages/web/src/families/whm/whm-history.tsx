import { Card, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReadingsHistory, useHistoryPeriod } from '../../components/device';
import { withUnit } from '../../components/format';
import { useWhmReadings, type WhmReading, type WhmReadingKey, whmApi } from './api';

const WHM_VIEWS = ['table', 'chart'] as const;
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
  return (
    <Card title={t('whm.history.title')} size="small" data-testid="whm-history">
      <ReadingsHistory<WhmReading, WhmReadingKey>
        history={history}
        texts="whm"
        readings={useWhmReadings()}
        charted={CHART_DEFAULT}
        views={WHM_VIEWS}
        calls={{
          series: {
            key: (period) => whm.series.key({ id, query: period }),
            fn: (period) => whm.series({ id, query: period }),
          },
          page: { key: (query) => whm.readings.key({ id, query }), fn: (query) => whm.readings({ id, query }) },
          exportHref: (format, period) => whm.export.href({ id, query: { ...period, format } }),
        }}
        // The period's consumption: the energy increments of the series added up.
        summary={(series) => (
          <Statistic
            data-testid="history-consumption"
            title={t('whm.history.consumption')}
            // The value with its unit through the shared formatter: a no-break space, never wrapped.
            value={withUnit(
              series?.points.reduce((sum, p) => sum + (Number(p.energy) || 0), 0),
              'kWh',
            )}
            styles={{ content: { whiteSpace: 'nowrap' } }}
          />
        )}
      />
    </Card>
  );
}

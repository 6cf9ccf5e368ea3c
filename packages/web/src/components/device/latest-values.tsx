import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatReading, NBSP } from '../format';
import { formatTime } from '../time';
import type { ReadingDef, ReadingPoint } from './readings-chart';
import './latest-values.css';

/** The latest readings of a device, a cell per reading with its unit, and when they were taken. */
export function LatestValues({
  reading,
  readings,
  atLabel,
}: {
  reading: ReadingPoint | undefined;
  readings: ReadingDef[];
  /** The label of the time line (e.g. "collected at"). */
  atLabel: string;
}) {
  const { t } = useTranslation();
  if (!reading) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('envmonitors.noReading')} />;
  return (
    <>
      <div className="latest-values-grid">
        {readings.map((r) => (
          <div key={r.key} className="latest-values-cell" data-reading={r.key}>
            <span className="latest-values-label">{r.label}</span>
            <span className="latest-values-value">
              {formatReading(reading[r.key] as number | null | undefined, r.decimals)}
              {r.unit && (
                <small>
                  {NBSP}
                  {r.unit}
                </small>
              )}
            </span>
          </div>
        ))}
      </div>
      <Typography.Text type="secondary" className="latest-values-at">
        {atLabel}: {formatTime(reading.at)}
      </Typography.Text>
    </>
  );
}

import { LineChartOutlined, PicCenterOutlined, TableOutlined } from '@ant-design/icons';
import { Segmented, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { titleWithUnit } from '../format';
import type { ReadingDef } from './readings-chart';

export type HistoryView = 'table' | 'chart' | 'mixed';
const ICONS = { table: <TableOutlined />, chart: <LineChartOutlined />, mixed: <PicCenterOutlined /> };

/** How a readings history is shown (the family's `views` texts name each way). */
export function HistoryViews<V extends HistoryView>({
  views,
  value,
  onChange,
  texts,
}: {
  views: readonly V[];
  value: V;
  onChange: (view: V) => void;
  texts: string;
}) {
  const { t } = useTranslation();
  return (
    <Segmented<V>
      data-testid="history-view"
      value={value}
      onChange={onChange}
      options={views.map((v) => ({ value: v, label: t(`${texts}.${v}`), icon: ICONS[v] }))}
    />
  );
}

/** The readings a chart draws, picked among the family's, each titled with its unit. */
export function ReadingsPicker<K extends string>({
  label,
  readings,
  value,
  onChange,
  width,
}: {
  label: string;
  readings: readonly ReadingDef[];
  value: K[];
  onChange: (keys: K[]) => void;
  width: { min: number; max: number };
}) {
  return (
    <Space wrap>
      <Typography.Text>{label}</Typography.Text>
      <Select<K[]>
        mode="multiple"
        aria-label={label}
        style={{ minWidth: width.min, maxWidth: width.max }}
        value={value}
        onChange={onChange}
        options={readings.map((r) => ({ value: r.key as K, label: titleWithUnit(r.label, r.unit) }))}
        maxTagCount="responsive"
      />
    </Space>
  );
}

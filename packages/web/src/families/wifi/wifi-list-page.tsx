import { WIFI_LINK_TYPES } from '@sc/contract/families/wifi';
import { Select } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, type PagedList, textColumns } from '../../components/crud';
import { ActiveStateFilter, familyListPage, pagedBy } from '../../components/device';
import { formatDuration, formatReading } from '../../components/format';
import { DEVICE_PAGE, type WifiAp, type WifiFilters, type WifiPage, wifiApi } from './api';

const detailPath = (d: { id: number }) => `${DEVICE_PAGE}?id=${d.id}`;
const numberOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** A share with its unit in the cell, so that the header stays on one line. */
const percent = (v: number | null) => (v === null ? formatReading(v) : `${formatReading(v)}%`);
const READINGS = ['upload', 'download', 'cpu', 'memory', 'clients', 'uptime'] as const;

/** /pjt/pjtdevicewifilist (spec 001 §2): the project's access points and controllers, live. */
export default familyListPage<WifiAp, WifiFilters, WifiPage>({
  source: (projectId) => pagedBy(wifiApi(projectId)),
  initialFilters: { keyword: '', activeState: '', linkType: '' },
  lead: (list) => (
    <>
      <LinkTypeFilter list={list} />
      <ActiveStateFilter namespace="wifi" list={list} />
    </>
  ),
  // A report becomes the row's values.
  report: (values, _row, at) => ({
    ...Object.fromEntries(READINGS.map((k) => [k, numberOrNull(values[k])])),
    reportedAt: at,
  }),
  // Columns the family's own texts name (the device's common ones are the device list's labels).
  texts: {
    namespace: 'wifi',
    own: new Set(['traffic', 'cpu', 'memory', 'clients', 'uptime', 'linkType', 'parentName', 'ssid', 'reportedAt']),
  },
  columns: apColumns,
  hidden: ['no', 'parentName', 'ssid', 'reportedAt', 'lastActiveAt'],
  width: 1040,
});

/** The link type filter (cascade, bypass, ...). */
function LinkTypeFilter({ list }: { list: PagedList<WifiAp, WifiFilters> }) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('wifi.linkFilter')}
      data-testid="wifi-link-filter"
      placeholder={t('wifi.linkFilter')}
      allowClear
      style={{ width: 130 }}
      options={WIFI_LINK_TYPES.map((l) => ({ value: l, label: t(`wifi.linkTypes.${l}`) }))}
      value={list.filters.linkType || undefined}
      onChange={(v?: string) => list.setFilters({ linkType: v ?? '' })}
    />
  );
}

/** The access points' columns, built again only for another language: a push then redraws only its own row. */
function apColumns(t: TFunction): CrudColumn<WifiAp>[] {
  return [
    { field: 'name', kind: { kind: 'link', to: detailPath }, ellipsis: true, width: 140 },
    ...textColumns<WifiAp>({ no: 110, parentName: 120, ssid: 110 }),
    {
      field: 'traffic',
      dataIndex: 'download',
      width: 140,
      render: (_, row) =>
        row.upload === null && row.download === null ? (
          ''
        ) : (
          <span data-testid="wifi-traffic">
            ↑ {formatReading(row.upload)} / ↓ {formatReading(row.download)}
          </span>
        ),
    },
    { field: 'cpu', align: 'right', width: 75, render: (v) => percent(numberOrNull(v)) },
    { field: 'memory', align: 'right', width: 85, render: (v) => percent(numberOrNull(v)) },
    {
      field: 'clients',
      align: 'right',
      width: 75,
      render: (v) => <span data-testid="wifi-clients">{formatReading(numberOrNull(v))}</span>,
    },
    { field: 'uptime', width: 110, render: (v) => formatDuration(numberOrNull(v), t) },
    {
      field: 'linkType',
      width: 90,
      render: (v) => (v ? <span data-link-type={v as string}>{t(`wifi.linkTypes.${v as string}`)}</span> : ''),
    },
    { field: 'reportedAt', kind: { kind: 'time' }, width: 170 },
    { field: 'activeState', kind: { kind: 'active' }, width: 100 },
    { field: 'registered', kind: { kind: 'registered' }, width: 120 },
    { field: 'lastActiveAt', kind: { kind: 'time' }, width: 170 },
  ];
}

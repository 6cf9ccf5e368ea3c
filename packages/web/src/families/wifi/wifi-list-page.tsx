import { WIFI_LINK_TYPES } from '@sc/contract/families/wifi';
import { Select } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudColumn } from '../../components/crud';
import { ActiveStateFilter, FamilyListCard, FamilyListTable, pagedBy, useFamilyList } from '../../components/device';
import { formatDuration, formatReading } from '../../components/format';
import { projectScreen } from '../../components/project-scoped';
import { DEVICE_PAGE, type WifiAp, type WifiFilters, type WifiPage, wifiApi } from './api';

const detailPath = (d: { id: number }) => `${DEVICE_PAGE}?id=${d.id}`;
const numberOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** A share with its unit in the cell, so that the header stays on one line. */
const percent = (v: number | null) => (v === null ? formatReading(v) : `${formatReading(v)}%`);
/** Columns the family's own texts name (the device's common ones are the device list's labels). */
const OWN_FIELDS = new Set([
  'traffic',
  'cpu',
  'memory',
  'clients',
  'uptime',
  'linkType',
  'parentName',
  'ssid',
  'reportedAt',
]);
/** Shown on demand (column setting): the table fits 1366 px without a sideways scroll. */
const EXTRA_COLUMNS = ['no', 'parentName', 'ssid', 'reportedAt', 'lastActiveAt'] as const;
/** The sum of the shown columns' widths, actions included. */
const TABLE_WIDTH = 1040;
const READINGS = ['upload', 'download', 'cpu', 'memory', 'clients', 'uptime'] as const;

/** /pjt/pjtdevicewifilist (spec 001 §2): the project's access points and controllers, live. */
export default projectScreen(WifiList);

function WifiList({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { list, columns } = useFamilyList<WifiAp, WifiFilters, WifiPage>({
    projectId,
    ...pagedBy(wifiApi(projectId)),
    initialFilters: { keyword: '', activeState: '', linkType: '' },
    // A report becomes the row's values.
    report: (values, _row, at) => ({
      ...Object.fromEntries(READINGS.map((k) => [k, numberOrNull(values[k])])),
      reportedAt: at,
    }),
    texts: { namespace: 'wifi', own: OWN_FIELDS },
  });

  const shown = useMemo(() => columns(apColumns(t)), [columns, t]);
  const links = WIFI_LINK_TYPES.map((l) => ({ value: l, label: t(`wifi.linkTypes.${l}`) }));
  return (
    <FamilyListCard
      title={t('menu.pjtdevicewifilist')}
      lead={
        <>
          <Select
            aria-label={t('wifi.linkFilter')}
            data-testid="wifi-link-filter"
            placeholder={t('wifi.linkFilter')}
            allowClear
            style={{ width: 130 }}
            options={links}
            value={list.filters.linkType || undefined}
            onChange={(v?: string) => list.setFilters({ linkType: v ?? '' })}
          />
          <ActiveStateFilter namespace="wifi" list={list} />
        </>
      }
    >
      <FamilyListTable list={list} columns={shown} hidden={EXTRA_COLUMNS} width={TABLE_WIDTH} />
    </FamilyListCard>
  );
}

/** The access points' columns, built again only for another language: a push then redraws only its own row. */
function apColumns(t: TFunction): CrudColumn<WifiAp>[] {
  return [
    { field: 'name', kind: { kind: 'link', to: detailPath }, ellipsis: true, width: 140 },
    { field: 'no', ellipsis: true, width: 110 },
    { field: 'parentName', ellipsis: true, width: 120 },
    { field: 'ssid', ellipsis: true, width: 110 },
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

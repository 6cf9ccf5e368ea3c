import type { RealtimePush } from '@sc/contract';
import { WIFI_LINK_TYPES } from '@sc/contract/families/wifi';
import { Card, Select, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, ListScreen } from '../../components/crud';
import { ActiveStateFilter, LiveBadge, patchLiveRow, useFamilyList } from '../../components/device';
import { formatDuration, formatReading } from '../../components/format';
import { ProjectScoped } from '../../components/project-scoped';
import { DEVICE_PAGE, WIFI_TYPE, type WifiAp, type WifiFilters, type WifiPage, wifiApi } from './api';

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

/** A realtime push on a page of APs: a report becomes the row's values, a state change its tag. */
export function applyWifiPush(page: WifiPage | undefined, push: RealtimePush): WifiPage | undefined {
  if (!page || (push.kind !== 'telemetry' && push.kind !== 'state')) return page;
  if (!page.list.some((d) => d.id === push.deviceId)) return page;
  return {
    ...page,
    list: page.list.map((d) => {
      if (d.id !== push.deviceId) return d;
      if (push.kind === 'state') return patchLiveRow(d, push);
      if (push.type !== WIFI_TYPE) return d;
      const report = Object.fromEntries(READINGS.map((k) => [k, numberOrNull(push.values[k])]));
      return { ...d, ...report, reportedAt: push.at };
    }),
  };
}

/** /pjt/pjtdevicewifilist (spec 001 §2): the project's access points and controllers, live. */
export default function WifiListPage() {
  return <ProjectScoped>{(projectId) => <WifiList projectId={projectId} />}</ProjectScoped>;
}

function WifiList({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const wifi = wifiApi(projectId);
  const { list, includeChildren, columns } = useFamilyList<WifiAp, WifiFilters, WifiPage>({
    projectId,
    key: wifi.page.key(),
    initialFilters: { keyword: '', activeState: '', linkType: '' },
    load: ({ page, pageSize, filters }, includeChildren) =>
      wifi.page({
        query: {
          page,
          pageSize,
          keyword: filters.keyword || undefined,
          activeState: (filters.activeState || undefined) as '-1' | '0' | '1' | undefined,
          linkType: (filters.linkType || undefined) as (typeof WIFI_LINK_TYPES)[number] | undefined,
          includeChildren,
        },
      }),
    applyPush: applyWifiPush,
    setRegistered: wifi.setRegistered,
    texts: { namespace: 'wifi', own: OWN_FIELDS },
  });

  const shown = useMemo(() => columns(apColumns(t)), [columns, t]);
  const links = WIFI_LINK_TYPES.map((l) => ({ value: l, label: t(`wifi.linkTypes.${l}`) }));
  return (
    <Card
      title={t('menu.pjtdevicewifilist')}
      extra={
        <Space>
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
          <ActiveStateFilter
            label={t('wifi.activeFilter')}
            testId="wifi-active-filter"
            value={list.filters.activeState}
            onChange={(activeState) => list.setFilters({ activeState })}
          />
          <LiveBadge />
        </Space>
      }
    >
      <ListScreen<WifiAp, WifiFilters>
        list={list}
        columns={shown}
        filters={[{ kind: 'keyword', name: 'keyword' }]}
        hiddenByDefault={EXTRA_COLUMNS}
        table={{ scroll: { x: TABLE_WIDTH + (includeChildren ? 110 : 0) } }}
      />
    </Card>
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

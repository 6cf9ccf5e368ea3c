import type { RealtimePush } from '@sc/contract';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, ListScreen } from '../../components/crud';
import { ActiveStateFilter, FamilyListCard, patchLiveRow, useFamilyList } from '../../components/device';
import { formatReading } from '../../components/format';
import { ProjectScoped } from '../../components/project-scoped';
import { DEVICE_PAGE, LED_TYPE, type LedFilters, type LedPage, type LedScreen, ledApi, runtimeOf } from './api';

const detailPath = (d: { id: number }) => `${DEVICE_PAGE}?id=${d.id}`;
/** Columns the family's own texts name (the device's common ones are the device list's labels). */
const OWN_FIELDS = new Set(['resolution', 'brightness', 'volume', 'power', 'playing', 'reportedAt']);
/** Shown on demand (column setting): the table fits 1366 px without a sideways scroll. */
const EXTRA_COLUMNS = ['no', 'lastActiveAt'] as const;
/** The sum of the shown columns' widths, actions included. */
const TABLE_WIDTH = 1045;

/** A realtime push on a page of screens: a report becomes the row's runtime, a state change its tag. */
export function applyLedPush(page: LedPage | undefined, push: RealtimePush): LedPage | undefined {
  if (!page || (push.kind !== 'telemetry' && push.kind !== 'state')) return page;
  if (!page.list.some((d) => d.id === push.deviceId)) return page;
  return {
    ...page,
    list: page.list.map((d) => {
      if (d.id !== push.deviceId) return d;
      if (push.kind === 'state') return patchLiveRow(d, push);
      if (push.type !== LED_TYPE) return d;
      return { ...d, ...runtimeOf(push.values), reportedAt: push.at };
    }),
  };
}

/** /pjt/pjtdeviceledlist (spec 001 §2): the project's LED screens and what they show, live. */
export default function LedListPage() {
  return <ProjectScoped>{(projectId) => <LedList projectId={projectId} />}</ProjectScoped>;
}

function LedList({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const led = ledApi(projectId);
  const { list, includeChildren, columns } = useFamilyList<LedScreen, LedFilters, LedPage>({
    projectId,
    key: led.page.key(),
    initialFilters: { keyword: '', activeState: '' },
    load: ({ page, pageSize, filters }, includeChildren) =>
      led.page({
        query: {
          page,
          pageSize,
          keyword: filters.keyword || undefined,
          activeState: (filters.activeState || undefined) as '-1' | '0' | '1' | undefined,
          includeChildren,
        },
      }),
    applyPush: applyLedPush,
    setRegistered: led.setRegistered,
    texts: { namespace: 'led', own: OWN_FIELDS },
  });

  const shown = useMemo(
    () => columns(screenColumns(t), { detail: detailPath, width: { editor: 165, reader: 80 } }),
    [columns, t],
  );
  return (
    <FamilyListCard
      title={t('menu.pjtdeviceledlist')}
      tools={
        <ActiveStateFilter
          label={t('led.activeFilter')}
          testId="led-active-filter"
          value={list.filters.activeState}
          onChange={(activeState) => list.setFilters({ activeState })}
        />
      }
    >
      <ListScreen<LedScreen, LedFilters>
        list={list}
        columns={shown}
        filters={[{ kind: 'keyword', name: 'keyword' }]}
        hiddenByDefault={EXTRA_COLUMNS}
        table={{ scroll: { x: TABLE_WIDTH + (includeChildren ? 110 : 0) } }}
      />
    </FamilyListCard>
  );
}

/** The screens' columns, built again only for another language: a push then redraws only its own row. */
function screenColumns(t: TFunction): CrudColumn<LedScreen>[] {
  return [
    { field: 'name', kind: { kind: 'link', to: detailPath }, ellipsis: true, width: 100 },
    { field: 'no', ellipsis: true, width: 100 },
    {
      field: 'resolution',
      dataIndex: 'screenWidth',
      width: 100,
      render: (_, row) => (row.screenWidth && row.screenHeight ? `${row.screenWidth} × ${row.screenHeight}` : '—'),
    },
    { field: 'activeState', kind: { kind: 'active' }, width: 80 },
    {
      field: 'brightness',
      align: 'right',
      width: 110,
      render: (_, row) => <span data-testid="led-brightness">{formatReading(row.brightness)}</span>,
    },
    { field: 'volume', align: 'right', width: 80, render: (_, row) => formatReading(row.volume) },
    {
      field: 'power',
      width: 70,
      render: (_, row) =>
        row.power === null ? (
          '—'
        ) : (
          <Tag color={row.power ? 'green' : 'default'} data-power={String(row.power)}>
            {t(row.power ? 'led.power.on' : 'led.power.off')}
          </Tag>
        ),
    },
    {
      field: 'playing',
      ellipsis: true,
      width: 80,
      render: (_, row) => <span data-testid="led-playing">{row.playing ?? '—'}</span>,
    },
    { field: 'reportedAt', kind: { kind: 'time' }, width: 140 },
    { field: 'registered', kind: { kind: 'registered' }, width: 120 },
    { field: 'lastActiveAt', kind: { kind: 'time' }, width: 170 },
  ];
}

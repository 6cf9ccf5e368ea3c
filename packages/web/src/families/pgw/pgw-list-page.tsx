import type { RealtimePush } from '@sc/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CrudColumn, ListScreen } from '../../components/crud';
import { FamilyListCard, patchLiveRow, useFamilyList } from '../../components/device';
import { ProjectScoped } from '../../components/project-scoped';
import { type PgwGateway, type PgwPage, pgwApi, pgwKeys } from './api';
import './texts';
import { useMemo } from 'react';

export const PGW_PAGE = '/pjt/pjtdevicepgw';
const detailPath = (d: { id: number }) => `${PGW_PAGE}?id=${d.id}`;

/** /pjt/pjtdevicepgwlist (spec 001 §2, §3): the power-line gateways of the current project. */
export default function PjtDevicePgwListPage() {
  return <ProjectScoped>{(projectId) => <PgwList projectId={projectId} />}</ProjectScoped>;
}

/** Registered lamp controllers and how many of them the gateway reached on its last search. */
export function LampCount({ lamps, reachable }: { lamps: number; reachable: number }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type={reachable < lamps ? 'warning' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {t('pgw.lampCount', { lamps, reachable })}
    </Typography.Text>
  );
}

/** A realtime push on a page of gateways: a new carrier table says how many lamps answer, state the tag. */
export function applyPgwPush(page: PgwPage | undefined, push: RealtimePush): PgwPage | undefined {
  if (!page || (push.kind !== 'telemetry' && push.kind !== 'state')) return page;
  const { reachable } = push.kind === 'telemetry' ? push.values : {};
  if (push.kind === 'telemetry' && typeof reachable !== 'number') return page;
  if (!page.list.some((r) => r.id === push.deviceId)) return page;
  return {
    ...page,
    list: page.list.map((r) => {
      if (r.id !== push.deviceId) return r;
      return push.kind === 'state'
        ? patchLiveRow(r, push)
        : { ...r, reachable: Math.min(r.lamps, reachable as number) };
    }),
  };
}

/** Gateways with wire no, zone code, online state and their lamp controllers; states live. */
function PgwList({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const pgw = pgwApi(projectId);
  const { list, columns } = useFamilyList<PgwGateway, { keyword: string }, PgwPage>({
    projectId,
    key: pgwKeys.list(projectId),
    initialFilters: { keyword: '' },
    load: ({ page, pageSize, filters }, includeChildren) =>
      pgw.gateways(page, pageSize, filters.keyword, includeChildren),
    applyPush: applyPgwPush,
    setRegistered: pgw.register,
    texts: { namespace: 'pgw' },
  });

  const shown = useMemo(
    () => columns(GATEWAY_COLUMNS, { detail: detailPath, width: { editor: 140, reader: 80 } }),
    [columns],
  );

  return (
    <FamilyListCard title={t('menu.pjtdevicepgwlist')}>
      <ListScreen<PgwGateway, { keyword: string }>
        list={list}
        columns={shown}
        // To fit 1366 px; offered in the column setting.
        hiddenByDefault={['lastActiveAt']}
        filters={[{ kind: 'keyword', name: 'keyword' }]}
        table={{ scroll: { x: 'max-content' }, locale: { emptyText: t('pgw.empty') } }}
      />
    </FamilyListCard>
  );
}

/** The gateways' columns: kept, so that a push redraws only its own row. */
const GATEWAY_COLUMNS: CrudColumn<PgwGateway>[] = [
  { field: 'name', kind: { kind: 'link', to: detailPath } },
  { field: 'no' },
  { field: 'wireNo', width: 80 },
  { field: 'zoneCode', width: 100 },
  { field: 'activeState', kind: { kind: 'active' } },
  { field: 'registered', kind: { kind: 'registered' } },
  {
    field: 'lamps',
    align: 'right',
    width: 130,
    render: (_, d) => <LampCount lamps={d.lamps} reachable={d.reachable} />,
  },
  { field: 'lastActiveAt', kind: { kind: 'time' }, width: 160 },
];

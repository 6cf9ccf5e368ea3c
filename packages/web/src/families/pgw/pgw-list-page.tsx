import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrudColumn } from '../../components/crud';
import { FamilyListCard, FamilyListTable, useFamilyList } from '../../components/device';
import { projectScreen } from '../../components/project-scoped';
import { type PgwGateway, type PgwPage, pgwApi, pgwKeys } from './api';
import './texts';
import { useMemo } from 'react';

export const PGW_PAGE = '/pjt/pjtdevicepgw';
/** Offered in the column setting. */
const HIDDEN = ['lastActiveAt'];
const detailPath = (d: { id: number }) => `${PGW_PAGE}?id=${d.id}`;

/** /pjt/pjtdevicepgwlist (spec 001 §2, §3): the power-line gateways of the current project. */
export default projectScreen(PgwList);

/** Registered lamp controllers and how many of them the gateway reached on its last search. */
export function LampCount({ lamps, reachable }: { lamps: number; reachable: number }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type={reachable < lamps ? 'warning' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {t('pgw.lampCount', { lamps, reachable })}
    </Typography.Text>
  );
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
    // A new carrier table says how many lamps answer.
    report: ({ reachable }, r) =>
      typeof reachable === 'number' ? { reachable: Math.min(r.lamps, reachable) } : undefined,
    setRegistered: pgw.register,
    texts: { namespace: 'pgw' },
  });

  const shown = useMemo(
    () => columns(GATEWAY_COLUMNS, { detail: detailPath, width: { editor: 140, reader: 80 } }),
    [columns],
  );

  return (
    <FamilyListCard title={t('menu.pjtdevicepgwlist')}>
      {/* The last activity hidden to fit 1366 px. */}
      <FamilyListTable list={list} columns={shown} hidden={HIDDEN} table={{ locale: { emptyText: t('pgw.empty') } }} />
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

import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrudColumn } from '../../components/crud';
import { familyListPage, keywordPaged } from '../../components/device';
import { type PgwGateway, type PgwPage, pgwApi, pgwKeys } from './api';
import './texts';

export const PGW_PAGE = '/pjt/pjtdevicepgw';
const detailPath = (d: { id: number }) => `${PGW_PAGE}?id=${d.id}`;

/** /pjt/pjtdevicepgwlist (spec 001 §2, §3): the power-line gateways of the current project. */
export default familyListPage<PgwGateway, { keyword: string }, PgwPage>({
  source: (projectId) => {
    const pgw = pgwApi(projectId);
    return keywordPaged(pgwKeys.list(projectId), pgw.gateways, pgw.register);
  },
  initialFilters: { keyword: '' },
  // A new carrier table says how many lamps answer.
  report: ({ reachable }, r) =>
    typeof reachable === 'number' ? { reachable: Math.min(r.lamps, reachable) } : undefined,
  // Gateways with wire no, zone code, online state and their lamp controllers; states live.
  texts: { namespace: 'pgw' },
  columns: () => GATEWAY_COLUMNS,
  actions: { detail: detailPath, width: { editor: 140, reader: 80 } },
  // To fit 1366 px.
  hidden: ['lastActiveAt'],
  table: (t) => ({ locale: { emptyText: t('pgw.empty') } }),
});

/** Registered lamp controllers and how many of them the gateway reached on its last search. */
export function LampCount({ lamps, reachable }: { lamps: number; reachable: number }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type={reachable < lamps ? 'warning' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {t('pgw.lampCount', { lamps, reachable })}
    </Typography.Text>
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

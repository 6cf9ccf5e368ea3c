import type { TFunction } from 'i18next';
import type { CrudColumn } from '../../components/crud';
import { familyListPage } from '../../components/device';
import { stateOnlyList } from '../kit/state-only-list';
import { DEVICE_PAGE, type DvrFilters, type DvrListRow, type DvrPage, dvrApi } from './api';

const detailPath = (d: { id: number }) => `${DEVICE_PAGE}?id=${d.id}`;
const orDash = (v: string | number | null) => (v === null || v === '' ? '—' : String(v));

/**
 * /pjt/pjtdevicedvrlist (spec 001 §2, §3 "Recorder: name, model, group, IPv4, MAC, channel count,
 * registered, active, last active time"): the project's recorders, their state live.
 */
export default familyListPage<DvrListRow, DvrFilters, DvrPage>({
  ...stateOnlyList('dvr', dvrApi),
  texts: { namespace: 'dvr', own: new Set(['modelName', 'groupName', 'ip', 'mac', 'channelCount', 'boundCount']) },
  columns: dvrColumns,
  actions: { detail: detailPath, width: { editor: 165, reader: 80 } },
  // Last active is one click away in the column setting (the list fits 1366 px).
  hidden: ['no', 'boundCount', 'lastActiveAt'],
  width: 1035,
});

/** The recorders' columns, built again only for another language. */
function dvrColumns(_t: TFunction): CrudColumn<DvrListRow>[] {
  return [
    { field: 'name', kind: { kind: 'link', to: detailPath }, ellipsis: true, width: 125 },
    { field: 'no', ellipsis: true, width: 110 },
    { field: 'modelName', ellipsis: true, width: 115, render: (_, row) => orDash(row.modelName) },
    { field: 'groupName', ellipsis: true, width: 85, render: (_, row) => orDash(row.groupName) },
    { field: 'ip', width: 115, render: (_, row) => orDash(row.ip) },
    { field: 'mac', width: 140, render: (_, row) => orDash(row.mac) },
    {
      field: 'channelCount',
      align: 'right',
      // "Channels" in one line in en-US.
      width: 90,
      render: (_, row) => <span data-testid="dvr-channel-count">{orDash(row.channelCount)}</span>,
    },
    { field: 'boundCount', align: 'right', width: 100, render: (_, row) => String(row.boundCount) },
    { field: 'registered', kind: { kind: 'registered' }, width: 120 },
    { field: 'activeState', kind: { kind: 'active' }, width: 80 },
    { field: 'lastActiveAt', kind: { kind: 'time' }, width: 170 },
  ];
}

import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { CrudColumn } from '../../components/crud';
import { familyListPage } from '../../components/device';
import { useCurrentProject } from '../../session/use-current-project';
import { stateOnlyList } from '../kit/state-only-list';
import { type EceFilters, type EceListRow, type EcePage, eceApi, LOG_PAGE } from './api';
import { ConnectionButton } from './connection-dialog';

const orDash = (v: string | number | null) => (v === null || v === '' ? '—' : String(v));

/**
 * /pjt/pjtdeviceecelist (spec 001 §2, §3 "ECE"): the project's emergency call posts, their state live
 * in words, their linked camera and unhandled alarms (a link to the alarm log of the post), and the
 * intercom platform's connection parameters.
 */
export default familyListPage<EceListRow, EceFilters, EcePage>({
  ...stateOnlyList('ece', eceApi),
  tools: () => <ConnectionTool />,
  texts: { namespace: 'ece', own: new Set(['ip', 'eceCode', 'deviceSerial', 'linkedCamera', 'unhandled']) },
  columns: eceColumns,
  hidden: ['no', 'deviceSerial', 'lastActiveAt'],
  width: 1010,
});

/** The connection parameters' button of the current project (the list's tools get no project). */
function ConnectionTool() {
  const { projectId } = useCurrentProject();
  return projectId ? <ConnectionButton projectId={projectId} /> : null;
}

/** The posts' columns, built again only for another language. */
function eceColumns(t: TFunction): CrudColumn<EceListRow>[] {
  return [
    { field: 'name', ellipsis: true, width: 140 },
    { field: 'no', ellipsis: true, width: 110 },
    { field: 'eceCode', ellipsis: true, width: 120, render: (_, row) => orDash(row.eceCode) },
    { field: 'deviceSerial', ellipsis: true, width: 120, render: (_, row) => orDash(row.deviceSerial) },
    { field: 'ip', width: 120, render: (_, row) => orDash(row.ip) },
    {
      field: 'linkedCamera',
      ellipsis: true,
      width: 150,
      render: (_, row) =>
        row.linkedCamera ? (
          <span data-testid="ece-camera">{row.linkedCamera.name}</span>
        ) : (
          <Tag data-testid="ece-camera">{t('ece.noCamera')}</Tag>
        ),
    },
    {
      field: 'unhandled',
      align: 'right',
      width: 110,
      render: (_, row) =>
        row.unhandled ? (
          <Link to={`${LOG_PAGE}?deviceId=${row.id}&filter=unhandled`} data-testid="ece-unhandled">
            <Tag color="red">{row.unhandled}</Tag>
          </Link>
        ) : (
          <span data-testid="ece-unhandled">0</span>
        ),
    },
    { field: 'registered', kind: { kind: 'registered' }, width: 120 },
    { field: 'activeState', kind: { kind: 'active' }, width: 90 },
    { field: 'lastActiveAt', kind: { kind: 'time' }, width: 170 },
  ];
}

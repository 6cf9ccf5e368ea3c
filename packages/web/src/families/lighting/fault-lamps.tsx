import { Drawer, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePagedList } from '../../components/crud/use-paged-list';
import { EventLevelTag } from '../../components/device/tags';
import { useLabels } from '../../components/labels';
import { HandledWorkTag, OpenWorkOrderButton } from '../../components/maintenance';
import { formatTime } from '../../components/time';
import { type LampFault, lightingApi, lightingKeys } from './api';
import { lampPath } from './common';

/**
 * The lamps behind the overview's faults: those whose fault (of `code`, or any) has not cleared, newest
 * first, each with the work order that handled it or, for those who may write work orders, the action
 * opening one with the lamp and the fault filled in (in the lamp's project).
 */
export function FaultLampsDrawer({
  projectId,
  code,
  includeChildren,
  onClose,
}: {
  projectId: number;
  /** The event code chosen on the faults card; undefined: every open fault. */
  code: string | undefined;
  includeChildren: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const labels = useLabels();
  const list = usePagedList<LampFault, Record<string, never>>({
    key: [...lightingKeys.all(projectId), 'faults'],
    load: ({ page, pageSize }) => lightingApi(projectId).faults({ code, includeChildren, page, pageSize }),
    initialFilters: {},
    depends: { code, includeChildren },
  });
  const fault = (c: string) => labels.eventCode(c, 'lighting');
  const columns: TableColumnsType<LampFault> = [
    {
      title: t('lamps.fields.name'),
      dataIndex: 'name',
      ellipsis: { showTitle: true },
      render: (name: string, r) => <Link to={lampPath(r)}>{name}</Link>,
    },
    ...(includeChildren
      ? [{ title: t('lamps.faults.project'), dataIndex: 'projectName', ellipsis: { showTitle: true } }]
      : []),
    { title: t('lamps.faults.fault'), dataIndex: 'code', width: 130, render: fault },
    {
      title: t('lamps.faults.level'),
      dataIndex: 'level',
      width: 80,
      render: (v: string) => <EventLevelTag level={v} />,
    },
    { title: t('lamps.faults.at'), dataIndex: 'at', width: 170, render: formatTime },
    {
      title: t('maintenance.workColumn'),
      key: 'work',
      // "Handled" and the order's number on one line.
      width: 250,
      render: (_: unknown, r: LampFault) =>
        r.handled ? (
          <HandledWorkTag work={r.handled} />
        ) : (
          <OpenWorkOrderButton
            alarm={{ deviceId: r.id, deviceName: r.name, deviceType: 'lighting', code: r.code, at: r.at }}
            project={{ id: r.projectId, name: r.projectName }}
          />
        ),
    },
  ];
  return (
    <Drawer
      open
      onClose={onClose}
      size={includeChildren ? 960 : 840}
      title={code ? t('lamps.faults.titleOf', { fault: fault(code) }) : t('lamps.faults.title')}
    >
      <Typography.Paragraph type="secondary">{t('lamps.faults.hint')}</Typography.Paragraph>
      <Table<LampFault>
        data-testid="fault-lamps"
        size="small"
        rowKey="eventId"
        loading={list.query.isLoading}
        columns={columns}
        dataSource={list.rows}
        pagination={list.pagination}
        tableLayout="fixed"
        locale={{ emptyText: <Typography.Text type="secondary">{t('lamps.faults.none')}</Typography.Text> }}
      />
    </Drawer>
  );
}
